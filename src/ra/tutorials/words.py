"""The games' own words for what views name by key: tiles, cards, sections, scoring categories and legal actions.

Views and notation use keys (`step_pyramid`, `invoked_nonfull`, `civ:art`); people read these phrases instead. The
terminal (`ra play`, `ra learn`) and the tutorials use them; they are plain data, so a browser may use them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# --- Ra (docs/rules/ra.md) ---------------------------------------------------------------------------------------
RA_DECISIONS: dict[str, str] = {  # what the player to act decides, by view phase
    "turn": "draw a tile, invoke Ra or spend a god",
    "auction": "bid a face-up sun disk or pass",
    "gods": "take another tile with a god, or stop",
    "disaster": "choose which tiles the disaster destroys",
}
AUCTION_KINDS: dict[str, str] = {  # docs/rules/ra.md §5, the auction types
    "ra_drawn": "a Ra tile was drawn",
    "invoked_nonfull": "Ra was invoked",
    "invoked_full": "Ra was invoked on a full auction track",
}
RA_CATEGORIES: dict[str, str] = {  # docs/rules/ra.md §9.1, §9.2
    "gods": "Gods",
    "gold": "Gold",
    "pharaohs": "Pharaohs",
    "river": "Nile and floods",
    "civilization": "Civilization",
    "monuments": "Monuments",
    "sun_disks": "Sun disks",
}
RA_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (  # how a player's tiles are grouped on the board
    ("", ("god", "gold", "pharaoh")),
    ("River", ("nile", "flood")),
    ("Civilization", ("art", "agriculture", "religion", "astronomy", "writing")),
    ("Monuments", ("fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step_pyramid", "temple")),
)


def tile_name(kind: str) -> str:
    """A Ra tile kind as people say it: 'Step Pyramid', 'Ra', 'Earthquake'."""
    return kind.replace("_", " ").title()


def tile_list(kinds: list[str]) -> str:
    """Tiles as a phrase, equal ones counted: 'Pharaoh ×2, Gold, Drought'; 'nothing' when empty."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(tile_name(k) + (f" ×{c}" if c > 1 else "") for k, c in counts.items()) or "nothing"


def ra_action_phrase(entry: Mapping[str, Any]) -> str:
    """A legal Ra action of a view as an instruction: 'Bid sun disk 13', 'Spend a god on the Pharaoh'."""
    kind = entry["kind"]
    if kind == "bid":
        return f"Bid sun disk {entry['disk']}"
    if kind == "god":
        return f"Spend a god on the {tile_name(entry['tile'])}"
    if kind == "lose":
        return f"Give up a {tile_name(entry['tile'])} to the disaster"
    return {"draw": "Draw a tile", "invoke": "Invoke Ra", "pass": "Pass", "done": "Stop spending gods"}[str(kind)]


# --- RA and Write (docs/rules/ra-and-write.md) -------------------------------------------------------------------
WRITE_DECISIONS: dict[str, str] = {  # by view phase
    "reveal": "reveal cards until three non-Ra cards lie face up",
    "active_choice": "the active player chooses a card",
    "others_choice": "the other players choose one of the two other cards",
}
SECTIONS: dict[str, str] = {
    "gods": "Gods",
    "pharaohs": "Pharaohs",
    "nile": "Nile",
    "civilization": "Civilization",
    "monuments": "Monuments",
    "any": "any section",
}
END_BONUSES: dict[str, str] = {  # docs/rules/ra-and-write.md §6
    "all_gods": "all 9 Gods spaces filled",
    "all_pharaohs": "all 12 Pharaohs spaces marked",
    "all_nile": "all 12 Nile spaces filled",
    "all_monument_columns": "all 8 Monument columns marked",
    "full_monument_columns": "full Monument columns",
}


def kingdom_name(kingdom: str) -> str:
    """'old' -> 'Old Kingdom'."""
    return f"{kingdom.title()} Kingdom"


def card_name(card: str) -> str:
    """An RA and Write card as people say it: 'God 14', 'Nile 9', 'Pharaoh', 'Step Pyramid', 'Ra'."""
    head, _, arg = card.partition(":")
    if head in ("god", "nile"):
        return f"{head.title()} {arg}"
    return tile_name(arg or head)


def god_space_name(space: int) -> str:
    """Gods space 1-9 (1-3 Old, 4-6 Middle, 7-9 New Kingdom) as 'Gods space 2 of the Old Kingdom'."""
    kingdom = ("Old", "Middle", "New")[(space - 1) // 3]
    return f"Gods space {(space - 1) % 3 + 1} of the {kingdom} Kingdom"


def write_action_phrase(entry: Mapping[str, Any], face_up: list[Mapping[str, Any]]) -> str:
    """A legal RA and Write action of a view as an instruction: 'Take card 1 (God 14) into Gods space 3 of ...'."""
    kind, section, space = entry["kind"], entry.get("section"), entry.get("space")
    if kind == "reveal":
        return "Reveal the cards"
    if kind == "decline":
        return f"Decline the bonus entry in {SECTIONS.get(str(section), str(section))}"
    if kind == "card":
        card = card_name(str(face_up[int(entry["card"]) - 1]["card"]))
        head = f"Take card {entry['card']} ({card})"
        if entry.get("lost"):
            return f"{head}: it has no space on your sheet and is lost"
        return f"{head}: {_entry_place(section, space, entry.get('type'), entry.get('number'), card=True)}"
    return f"Bonus entry: {_entry_place(section, space, entry.get('type'), entry.get('number'), card=False)}"


def _entry_place(section: Any, space: Any, type_: Any, number: Any, card: bool) -> str:
    """Where an entry goes, in words."""
    if section == "gods":
        return f"write {number} in {god_space_name(int(space))}"
    if section == "pharaohs":
        return f"mark Pharaohs space {space}"
    if section == "nile":
        return f"write {number} in Nile space {space}"
    if section == "civilization":
        line = kingdom_name(("old", "middle", "new")[int(space) - 1])
        return f"mark {tile_name(str(type_))} in the {line} line" if type_ else f"mark it in the {line} line"
    if section == "monuments":
        return f"mark space {space} of the {tile_name(str(type_))} column"
    return "make the entry" if card else "make the bonus entry"
