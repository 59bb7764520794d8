"""Stable action ids, their notation and their phrases for logs (docs/RA_ACTIONS.md, docs/rules/ra.md §3-§7).

The notation is state-independent and reversible: `str_to_action(action_to_str(i)) == i` for every id.
"""

from __future__ import annotations

from ra.core.errors import InvalidNotationError
from ra.core.text import Text, items, t, tp
from ra.games.ra.disks import interned
from ra.games.ra.tables import CIVILIZATION, KINDS, MAX_DISK, MONUMENTS, NUM_KINDS
from ra.games.ra.words import A_TILE

DRAW = 0  # draw a tile (§3)
INVOKE = 1  # invoke Ra (§3, §5)
PASS = 2  # pass in an auction (§5)
DONE = 3  # stop spending gods (§6)
BID_BASE = 3  # bid:d is BID_BASE + d, d = 1..16 (§5)
BID_MIN, BID_MAX = BID_BASE + 1, BID_BASE + MAX_DISK
GOD_BASE = BID_MAX + 1  # god:k is GOD_BASE + kind index, every kind (god:god, god:ra exist and are never legal)
LOSE_KINDS: tuple[int, ...] = CIVILIZATION + MONUMENTS  # contiguous kinds 6..18 (§7 War/Earthquake choices)
LOSE_BASE = GOD_BASE + NUM_KINDS  # lose:k is LOSE_BASE + (k - LOSE_KINDS[0])
LOSE_OFFSET = LOSE_BASE - LOSE_KINDS[0]  # lose:k is LOSE_OFFSET + k
NUM_ACTIONS = LOSE_BASE + len(LOSE_KINDS)
assert tuple(range(LOSE_KINDS[0], LOSE_KINDS[0] + len(LOSE_KINDS))) == LOSE_KINDS


def _build() -> tuple[tuple[str, ...], dict[str, int]]:
    names = ["draw", "ra", "pass", "done"]
    names += [f"bid:{d}" for d in range(1, MAX_DISK + 1)]
    names += [f"god:{k}" for k in KINDS]
    names += [f"lose:{KINDS[k]}" for k in LOSE_KINDS]
    assert len(names) == NUM_ACTIONS
    return tuple(names), {s: i for i, s in enumerate(names)}


NOTATION, _BY_NOTATION = _build()


# A seat's auction actions by its face-up disks (high to low), then by the high bid: (PASS, bid:d for each disk
# d > high, lowest first) (§5), and last (index MAX_DISK + 1) the forced bid, every bid without the pass. Built on
# first use; disks come from a few fixed groups, so few tuples ever occur. Rows are tuples: legal_actions hands
# them out as they are. Keyed by the interned disk tuples (disks.py), which the state's face-up disks are.
AUCTION_ROWS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def auction_rows(up: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Fill and return `AUCTION_ROWS[up]` (immutable rows, shared by every caller)."""
    if len(AUCTION_ROWS) > 50_000:  # a bound for pathological callers; real games stay far below it
        AUCTION_ROWS.clear()
    up = interned(up)
    ids = [BID_BASE + d for d in reversed(up)]  # lowest disk first
    rows: list[tuple[int, ...]] = []
    low = 0
    for i, disk in enumerate(reversed(up)):  # high bids low..disk-1 leave this disk and the higher ones
        rows += [(PASS, *ids[i:])] * (disk - low)  # one tuple per distinct row
        low = disk
    rows += [(PASS,)] * (MAX_DISK + 1 - low)
    rows.append(rows[0][1:])
    AUCTION_ROWS[up] = table = tuple(rows)
    return table


def action_to_str(action: int) -> str:
    """The notation of an action id (`draw`, `ra`, `pass`, `done`, `bid:13`, `god:pharaoh`, `lose:art`)."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise InvalidNotationError(
            t("no Ra action has id {action} (ids are 0..{last})", action=repr(action), last=NUM_ACTIONS - 1)
        )
    return NOTATION[action]


def str_to_action(text: str) -> int:
    """The action id of a notation; InvalidNotationError if it is not Ra notation."""
    if not isinstance(text, str):
        raise InvalidNotationError(t("Ra notation is text, not {kind}", kind=type(text).__name__))
    key = text.strip().lower().replace(" ", "")
    if key == "invoke":
        key = "ra"
    found = _BY_NOTATION.get(key)
    if found is None:
        raise InvalidNotationError(
            t(
                "{text} is not Ra notation: expected draw, ra, pass, done, bid:<disk 1-16>, god:<tile kind> or "
                "lose:<civilization or monument kind>",
                text=repr(text),
            )
        )
    return found


def move_text(action: int, draws: tuple[str, ...] = ()) -> Text:
    """A move as a phrase for logs ("drew a Pharaoh", "bid sun disk 13"); the subject is left to the caller."""
    head, _, arg = action_to_str(action).partition(":")
    if head == "draw":
        if draws:
            return tp("a move, its subject left out", "drew {tiles}", tiles=items([A_TILE[d] for d in draws]))
        return tp("a move, its subject left out", "drew a tile")
    if head == "bid":
        return tp("a move, its subject left out", "bid sun disk {disk}", disk=int(arg))
    if head == "god":
        return tp("a move, its subject left out", "spent a god on {tile}", tile=A_TILE[arg])
    if head == "lose":
        return tp("a move, its subject left out", "gave up {tile} to a disaster", tile=A_TILE[arg])
    return {
        "ra": tp("a move, its subject left out", "invoked Ra"),
        "pass": tp("a move, its subject left out", "passed"),
        "done": tp("a move, its subject left out", "stopped spending gods"),
    }[head]
