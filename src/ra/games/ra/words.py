"""Ra in its own words: what views name by key (`step_pyramid`, `invoked_nonfull`, `sun_disks`) as people say it.

The text board (render.py), the narration (narrate.py) and the explanations (explain.py) use these; they read
nothing but view data, so a terminal or a browser may use them too (§ = docs/rules/ra.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.games.ra.tables import CIVILIZATION, KINDS

CIVILIZATION_KINDS: frozenset[str] = frozenset(KINDS[k] for k in CIVILIZATION)

CATEGORY_TITLES: dict[str, str] = {  # the scoring categories of epoch_scores rows (§9.1, §9.2)
    "gods": "Gods",
    "gold": "Gold",
    "pharaohs": "Pharaohs",
    "river": "Nile and floods",
    "civilization": "Civilization",
    "monuments": "Monuments",
    "sun_disks": "Sun disks",
}
GROUP_TITLES: dict[str, str] = {  # tables.KIND_GROUPS, as a player's area shows them
    "god": "Gods",
    "gold": "Gold",
    "pharaoh": "Pharaohs",
    "river": "River",
    "civilization": "Civilization",
    "monument": "Monuments",
    "disaster": "Disasters",
}
AUCTION_TITLES: dict[str, str] = {  # §5, the auction types
    "ra_drawn": "a Ra tile was drawn",
    "invoked_nonfull": "Ra was invoked",
    "invoked_full": "Ra was invoked on a full auction track",
}
DECISIONS: dict[str, str] = {  # what the player to act decides, by view phase
    "turn": "draw a tile, invoke Ra or spend a god",
    "auction": "bid a face-up sun disk or pass",
    "gods": "take another tile with a god, or stop",
    "disaster": "choose which tiles the disaster destroys",
}


def title(kind: str) -> str:
    """A tile kind as people say it: 'step_pyramid' -> 'Step Pyramid', 'ra' -> 'Ra'."""
    return kind.replace("_", " ").title()


def a_tile(kind: str) -> str:
    """A tile kind in a sentence: 'a Pharaoh', 'an Art tile', 'a Ra tile', 'an Earthquake'."""
    word = title(kind) + (" tile" if kind == "ra" or kind in CIVILIZATION_KINDS else "")
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


def tile_items(kinds: Sequence[str]) -> list[str]:
    """Tiles with equal ones counted, in first-seen order: ['Pharaoh ×2', 'Gold']."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return [title(k) + (f" ×{c}" if c > 1 else "") for k, c in counts.items()]


def tile_list(kinds: Sequence[str]) -> str:
    """Tiles for the board: 'Pharaoh ×2, Gold, Drought'; 'empty' when there are none."""
    return ", ".join(tile_items(kinds)) or "empty"


def tiles_phrase(kinds: Sequence[str]) -> str:
    """Tiles in a sentence: 'Pharaoh ×2, Gold and Drought'; 'nothing' when there are none."""
    items = tile_items(kinds)
    return joined(items) if items else "nothing"


def joined(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'; 'nobody' when empty."""
    items = list(words)
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def names_of(view: Mapping[str, Any], seats: Sequence[int]) -> str:
    """The names of seats, joined: 'Ana and Ben'."""
    return joined([str(view["names"][p]) for p in seats])


def signed(points: int) -> str:
    """Points with their sign: '+5', '-5', '0'."""
    return f"{points:+d}" if points else "0"


def counted(n: int, one: str, many: str = "") -> str:
    """'1 type', '3 types': a count with its noun."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def disks_text(disks: Sequence[int]) -> str:
    """Sun disks as a phrase: 'sun disk 13', 'sun disks 13, 5 and 2', 'no sun disk'."""
    if not disks:
        return "no sun disk"
    return f"sun disk {disks[0]}" if len(disks) == 1 else f"sun disks {joined([str(d) for d in disks])}"


def disaster_of(kind: str) -> str:
    """The chosen disaster that destroys tiles of `kind` (§7): 'War' for civilization, else 'Earthquake'."""
    return "War" if kind in CIVILIZATION_KINDS else "Earthquake"


def action_phrase(entry: Mapping[str, Any]) -> str:
    """A legal action of a view as an instruction: 'Bid sun disk 13', 'Spend a god on the Pharaoh'."""
    kind = entry["kind"]
    if kind == "bid":
        return f"Bid sun disk {entry['disk']}"
    if kind == "god":
        return f"Spend a god on the {title(str(entry['tile']))}"
    if kind == "lose":
        tile = str(entry["tile"])
        return f"Give up {a_tile(tile)} to {disaster_of(tile)}"
    return {"draw": "Draw a tile", "invoke": "Invoke Ra", "pass": "Pass", "done": "Stop spending gods"}[str(kind)]


def decision(view: Mapping[str, Any]) -> str:
    """What the player to act decides now, in the game's words (the forced bid of §5 named as such)."""
    auction = view.get("auction")
    if (
        auction
        and auction["kind"] == "invoked_nonfull"
        and auction["high_bid"] is None
        and view.get("current_player") == auction["ra_player"]
    ):
        return "must bid: Ra was invoked and everyone else passed"
    disaster = view.get("disaster")
    if disaster:
        which = "War (civilization tiles)" if disaster["war"] else "Earthquake (monument tiles)"
        left = int(disaster["war"] or disaster["earthquake"])
        return f"choose {counted(left, 'more tile')} to lose to {which}"
    return DECISIONS.get(str(view["phase"]), "wait")


def legal_phrase(view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """A legal-action entry of `view` as an instruction in the game's words (the same for every game)."""
    return action_phrase(entry)


def agrees(name: str, third_person: str, other: str) -> str:
    """`name` with its verb: 'Khufu wins', but 'You win' when a table calls its player "You"."""
    return f"{name} {other if name == 'You' else third_person}"
