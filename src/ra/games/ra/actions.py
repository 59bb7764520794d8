"""Stable action ids and their notation (docs/RA_ACTIONS.md). The notation is state-independent and reversible."""

from __future__ import annotations

from ra.core.errors import InvalidNotationError
from ra.games.ra.tables import CIVILIZATION, KIND_INDEX, KINDS, MAX_DISK, MONUMENTS, NK

DRAW = 0  # draw a tile (§3)
INVOKE = 1  # invoke Ra (§3, §5)
PASS = 2  # pass in an auction (§5)
DONE = 3  # stop spending gods (§6)
BID_BASE = 3  # bid:d is BID_BASE + d, d = 1..16 (§5)
BID_MIN, BID_MAX = BID_BASE + 1, BID_BASE + MAX_DISK
GOD_BASE = BID_MAX + 1  # god:k is GOD_BASE + kind index, every kind (god:god, god:ra exist and are never legal)
LOSE_KINDS: tuple[int, ...] = CIVILIZATION + MONUMENTS  # contiguous kinds 6..18 (§7 War/Earthquake choices)
LOSE_BASE = GOD_BASE + NK  # lose:k is LOSE_BASE + (k - LOSE_KINDS[0])
LOSE_OFFSET = LOSE_BASE - LOSE_KINDS[0]  # lose:k is LOSE_OFFSET + k
NUM_ACTIONS = LOSE_BASE + len(LOSE_KINDS)
assert tuple(range(LOSE_KINDS[0], LOSE_KINDS[0] + len(LOSE_KINDS))) == LOSE_KINDS


def bid_action(disk: int) -> int:
    """The id of bidding sun disk `disk`."""
    return BID_BASE + disk


def god_action(kind: int) -> int:
    """The id of spending a god on one tile of `kind`."""
    return GOD_BASE + kind


def lose_action(kind: int) -> int:
    """The id of losing one tile of `kind` to War or Earthquake."""
    return LOSE_OFFSET + kind


def _build() -> tuple[tuple[str, ...], dict[str, int]]:
    names = ["draw", "ra", "pass", "done"]
    names += [f"bid:{d}" for d in range(1, MAX_DISK + 1)]
    names += [f"god:{k}" for k in KINDS]
    names += [f"lose:{KINDS[k]}" for k in LOSE_KINDS]
    assert len(names) == NUM_ACTIONS
    return tuple(names), {s: i for i, s in enumerate(names)}


NOTATION, _BY_NOTATION = _build()


def action_to_str(action: int) -> str:
    """The notation of an action id (`draw`, `ra`, `pass`, `done`, `bid:13`, `god:pharaoh`, `lose:art`)."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise InvalidNotationError(f"no Ra action has id {action!r} (ids are 0..{NUM_ACTIONS - 1})")
    return NOTATION[action]


def str_to_action(text: str) -> int:
    """The action id of a notation; InvalidNotationError if it is not Ra notation."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"Ra notation is text, not {type(text).__name__}")
    key = text.strip().lower().replace(" ", "")
    if key == "invoke":
        key = "ra"
    found = _BY_NOTATION.get(key)
    if found is None:
        raise InvalidNotationError(
            f"{text!r} is not Ra notation: expected draw, ra, pass, done, bid:<disk 1-16>, "
            f"god:<tile kind> or lose:<civilization or monument kind>"
        )
    return found


def action_kind(action: int) -> str:
    """The kind of an action as used in views: draw, invoke, pass, done, bid, god or lose."""
    if action == DRAW:
        return "draw"
    if action == INVOKE:
        return "invoke"
    if action == PASS:
        return "pass"
    if action == DONE:
        return "done"
    if action < GOD_BASE:
        return "bid"
    return "god" if action < LOSE_BASE else "lose"


def describe(action: int) -> dict[str, object]:
    """A view entry `{"id", "notation", "kind", ...}` for an action (docs/VIEWS.md)."""
    entry: dict[str, object] = {"id": action, "notation": NOTATION[action], "kind": action_kind(action)}
    if BID_MIN <= action <= BID_MAX:
        entry["disk"] = action - BID_BASE
    elif GOD_BASE <= action < LOSE_BASE:
        entry["tile"] = KINDS[action - GOD_BASE]
    elif action >= LOSE_BASE:
        entry["tile"] = KINDS[action - LOSE_OFFSET]
    return entry


__all__ = ["KIND_INDEX", "NUM_ACTIONS", "action_to_str", "str_to_action"]


def _tile_words(kind: str) -> str:
    """'a Pharaoh', 'an Art tile', 'a Ra tile': a tile kind in a sentence."""
    word = "Ra tile" if kind == "ra" else kind.replace("_", " ").title()
    if kind in ("art", "agriculture", "religion", "astronomy", "writing"):
        word += " tile"
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


def move_text(action: int, draws: tuple[str, ...] = ()) -> str:
    """A move as a phrase for logs ("drew a Pharaoh", "bid sun disk 13"); the subject is left to the caller."""
    notation = action_to_str(action)
    head, _, arg = notation.partition(":")
    if head == "draw":
        return f"drew {', '.join(_tile_words(d) for d in draws)}" if draws else "drew a tile"
    if head in ("bid", "god", "lose"):
        return {
            "bid": f"bid sun disk {arg}",
            "god": f"spent a god on {_tile_words(arg)}" if arg else notation,
            "lose": f"gave up {_tile_words(arg)} to a disaster" if arg else notation,
        }[head]
    return {"ra": "invoked Ra", "pass": "passed", "done": "stopped spending gods"}.get(head, notation)
