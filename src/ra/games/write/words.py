"""RA and Write in its own words: what views name by key (`civ:art`, `step_pyramid`, `others_choice`) as people say it.

The text board (render.py), the narration (narrate.py) and the explanations (explain.py) use these; they read
nothing but view data, so a terminal or a browser may use them too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.games.write.tables import KINGDOMS

SECTION_TITLES: dict[str, str] = {
    "gods": "Gods",
    "pharaohs": "Pharaohs",
    "nile": "Nile",
    "civilization": "Civilization",
    "monuments": "Monuments",
    "any": "any section",
}
END_BONUS_TITLES: dict[str, str] = {  # docs/rules/ra-and-write.md §6
    "all_gods": "all 9 Gods spaces filled",
    "all_pharaohs": "all 12 Pharaohs spaces marked",
    "all_nile": "all 12 Nile spaces filled",
    "all_monument_columns": "all 8 Monument columns marked",
    "full_monument_columns": "full Monument columns",
}
DECISIONS: dict[str, str] = {  # what the players to act decide, by view phase
    "reveal": "reveal cards until three cards that are not Ra lie face up",
    "active_choice": "choose a card and write it on the sheet",
    "others_choice": "choose one of the two cards the active player left",
}
STATUS: dict[str, str] = {  # a seat's progress this turn, by view status
    "reveal": "reveals the cards",
    "choosing": "choosing a card",
    "bonus": "making a bonus entry",
    "done": "done",
    "waiting": "waiting",
}


def title(key: str) -> str:
    """A key as a name: 'step_pyramid' -> 'Step Pyramid', 'art' -> 'Art'."""
    return key.replace("_", " ").title()


def kingdom_title(kingdom: str) -> str:
    """'old' -> 'Old Kingdom'."""
    return f"{kingdom.title()} Kingdom"


def ordinal(n: int) -> str:
    """1 -> 'first' ... 9 -> 'ninth'."""
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
    return words[n - 1] if 1 <= n <= len(words) else f"{n}th"


def card_title(card: str) -> str:
    """A card as people say it: 'God 14', 'Nile 9', 'Pharaoh', 'Art', 'Step Pyramid', 'Ra'."""
    head, _, arg = card.partition(":")
    if head in ("god", "nile"):
        return f"{head.title()} {arg}"
    return title(arg or head)


def card_phrase(card: str) -> str:
    """A card in a sentence: 'God 14', 'Nile 9', 'the Pharaoh', 'the Art card', 'the Step Pyramid card', 'a Ra card'."""
    head, _, arg = card.partition(":")
    if head in ("god", "nile"):
        return card_title(card)
    if head == "pharaoh":
        return "the Pharaoh"
    if head == "ra":
        return "a Ra card"
    return f"the {title(arg)} card"


def a_card(card: str) -> str:
    """A card among others: 'God 14', 'Nile 9', 'a Pharaoh', 'an Art card', 'a Step Pyramid', 'a Ra card'."""
    head, _, arg = card.partition(":")
    if head in ("god", "nile"):
        return card_title(card)
    if head in ("pharaoh", "ra"):
        return "a Pharaoh" if head == "pharaoh" else "a Ra card"
    name = title(arg) + (" card" if head == "civ" else "")
    return ("an " if name[0] in "AEIOU" else "a ") + name


def god_space_title(space: int) -> str:
    """Gods space 1-9 (1-3 Old, 4-6 Middle, 7-9 New Kingdom) as 'Gods space 2 of the Old Kingdom'."""
    kingdom = kingdom_title(KINGDOMS[(space - 1) // 3])
    return f"Gods space {(space - 1) % 3 + 1} of the {kingdom}"


def civ_line_title(line: int) -> str:
    """Civilization line 1-3 as 'the Old Kingdom line'."""
    return f"the {kingdom_title(KINGDOMS[line - 1])} line"


def joined(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'; 'nobody' when empty."""
    items = list(words)
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def names_of(view: Mapping[str, Any], seats: Sequence[int]) -> str:
    """The names of seats, joined: 'Ana and Ben'."""
    return joined([str(view["names"][p]) for p in seats])


def counted(n: int, one: str, many: str = "") -> str:
    """'1 space', '3 spaces', 'one more', ...: a count with its noun."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def signed(points: int) -> str:
    """Points with their sign: '+5', '-5', '0'."""
    return f"{points:+d}" if points else "0"


def runs(numbers: Sequence[int]) -> str:
    """Numbers as runs: [1, 2, 3, 7, 9, 10] -> '1–3, 7 and 9–10'."""
    items = sorted(set(numbers))
    parts: list[str] = []
    i = 0
    while i < len(items):
        j = i
        while j + 1 < len(items) and items[j + 1] == items[j] + 1:
            j += 1
        parts.append(str(items[i]) if i == j else f"{items[i]}–{items[j]}")
        i = j + 1
    return joined(parts) if parts else "none"


def spaces_text(spaces: Sequence[int]) -> str:
    """1-based spaces as runs: [1, 2, 3, 7] -> 'spaces 1–3 and 7', [4] -> 'space 4'."""
    return ("space " if len(spaces) == 1 else "spaces ") + runs(spaces)


# --- legal actions as instructions ---------------------------------------------------------------------------------
def entry_place(section: str | None, space: int | None, type_: str | None, number: int | None) -> str:
    """Where an entry goes: 'write 14 in Gods space 3 of the Old Kingdom', 'mark Art in the Old Kingdom line'."""
    if section == "gods" and space is not None:
        return f"write {number} in {god_space_title(space)}"
    if section == "pharaohs":
        return f"mark Pharaohs space {space}"
    if section == "nile":
        return f"write {number} in Nile space {space}"
    if section == "civilization" and space is not None:
        what = title(type_) if type_ else "it"
        return f"mark {what} in {civ_line_title(space)}"
    if section == "monuments" and type_:
        return f"mark space {space} of the {title(type_)} column"
    return "make the entry"


def action_phrase(entry: Mapping[str, Any], face_up: Sequence[Mapping[str, Any]]) -> str:
    """A legal action of a view as an instruction: 'Take card 1 (God 14): write 14 in Gods space 3 of the ...'."""
    kind, section, space = entry["kind"], entry.get("section"), entry.get("space")
    if kind == "reveal":
        return "Reveal the cards"
    if kind == "decline":
        return f"Decline the bonus entry in {SECTION_TITLES.get(str(section), str(section))}"
    place = entry_place(section, space, entry.get("type"), entry.get("number"))
    if kind == "card":
        head = f"Take card {entry['card']} ({card_title(str(face_up[int(entry['card']) - 1]['card']))})"
        if entry.get("lost"):
            return f"{head}: it has no space on your sheet and is lost"
        return f"{head}: {place}"
    return f"Bonus entry: {place}"


def legal_phrase(view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """A legal-action entry of `view` as an instruction in the game's words (the same for every game)."""
    return action_phrase(entry, view["face_up"])


def agrees(name: str, third_person: str, other: str) -> str:
    """`name` with its verb: 'Khufu wins', but 'You win' when a table calls its player "You"."""
    return f"{name} {other if name == 'You' else third_person}"
