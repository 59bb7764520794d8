"""RA and Write in its own words: what views name by key (`civ:art`, `step_pyramid`, `others_choice`) as people say it.

Every word is a `Text` (ra.core.text), put into the reader's language later (docs/TRANSLATING.md). The text board
(render.py), the narration (narrate.py), the explanations (explain*.py) and the errors (checks.py) use these; they
read nothing but view data, so a terminal or a browser may use them too.

A Kingdom's name takes a different form in German after "the", "in the" and "of the" ("das Alte Reich", "im Alten
Reich", "des Alten Reichs"), so each slot has its own table, all reading "Old Kingdom" in English: the context tells
the translator which form the sentence needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.core.text import Items, Param, Seat, Text, about, items, t, tn, tp
from ra.games.write.tables import KINGDOMS

SECTION_TITLES: dict[str, Text] = {
    "gods": tp("section", "Gods"),
    "pharaohs": tp("section", "Pharaohs"),
    "nile": tp("section", "Nile"),
    "civilization": tp("section", "Civilization"),
    "monuments": tp("section", "Monuments"),
}
BONUS_IN: dict[str, Text] = {  # where a pending bonus entry goes (view and sheet names of bonus kinds)
    "pharaohs": tp("where a bonus entry goes: “the bonus entry in Pharaohs”", "in Pharaohs"),
    "nile": tp("where a bonus entry goes: “the bonus entry in Nile”", "in Nile"),
    "civilization": tp("where a bonus entry goes: “the bonus entry in Civilization”", "in Civilization"),
    "monuments": tp("where a bonus entry goes: “the bonus entry in Monuments”", "in Monuments"),
    "any": tp("where a bonus entry goes: “the bonus entry in any section”", "in any section"),
}
END_BONUS_TITLES: dict[str, Text] = {  # docs/rules/ra-and-write.md §6
    "all_gods": tp("end bonus", "all 9 Gods spaces filled"),
    "all_pharaohs": tp("end bonus", "all 12 Pharaohs spaces marked"),
    "all_nile": tp("end bonus", "all 12 Nile spaces filled"),
    "all_monument_columns": tp("end bonus", "all 8 Monument columns marked"),
    "full_monument_columns": tp("end bonus", "full Monument columns"),
}
DECISIONS: dict[str, Text] = {  # what the players to act decide, by view phase
    "reveal": t("reveal cards until three cards that are not Ra lie face up"),
    "active_choice": t("choose a card and write it on the sheet"),
    "others_choice": t("choose one of the two cards the active player left"),
}
STATUS: dict[str, Text] = {  # a seat's progress this turn, by view status ("reveal": see `status_text`)
    "choosing": tp("a seat's progress this turn", "choosing a card"),
    "bonus": tp("a seat's progress this turn", "making a bonus entry"),
    "done": tp("a seat's progress this turn", "done"),
    "waiting": tp("a seat's progress this turn", "waiting"),
}

KINGDOM_NAMES: dict[str, Text] = {  # a Kingdom on its own: a heading, a row of the sheet
    "old": tp("Kingdom", "Old Kingdom"),
    "middle": tp("Kingdom", "Middle Kingdom"),
    "new": tp("Kingdom", "New Kingdom"),
}
KINGDOM_SHORT: dict[str, Text] = {  # a Kingdom in a narrow column of the board
    "old": tp("Kingdom, short", "Old"),
    "middle": tp("Kingdom, short", "Middle"),
    "new": tp("Kingdom, short", "New"),
}
THE_KINGDOM: dict[str, Text] = {  # after "the", as a subject or an object: "The Old Kingdom ends"
    "old": tp("Kingdom, after “the” (subject or object)", "Old Kingdom"),
    "middle": tp("Kingdom, after “the” (subject or object)", "Middle Kingdom"),
    "new": tp("Kingdom, after “the” (subject or object)", "New Kingdom"),
}
IN_KINGDOM: dict[str, Text] = {  # after "in the": "in the Old Kingdom"
    "old": tp("Kingdom, after “in the”", "Old Kingdom"),
    "middle": tp("Kingdom, after “in the”", "Middle Kingdom"),
    "new": tp("Kingdom, after “in the”", "New Kingdom"),
}
OF_KINGDOM: dict[str, Text] = {  # after "of the", before "'s" and before "line": "the Old Kingdom line"
    "old": tp("Kingdom, after “of the”, before “’s” or “line”", "Old Kingdom"),
    "middle": tp("Kingdom, after “of the”, before “’s” or “line”", "Middle Kingdom"),
    "new": tp("Kingdom, after “of the”, before “’s” or “line”", "New Kingdom"),
}

CIV_TITLES: dict[str, Text] = {
    "agriculture": tp("Civilization type", "Agriculture"),
    "art": tp("Civilization type", "Art"),
    "astronomy": tp("Civilization type", "Astronomy"),
    "religion": tp("Civilization type", "Religion"),
    "writing": tp("Civilization type", "Writing"),
}
CIV_SHORT: dict[str, Text] = {  # the heads of the board's Civilization columns, at most 4 columns wide
    "agriculture": tp("Civilization type, at most 4 letters (2 Chinese characters)", "Agr"),
    "art": tp("Civilization type, at most 4 letters (2 Chinese characters)", "Art"),
    "astronomy": tp("Civilization type, at most 4 letters (2 Chinese characters)", "Ast"),
    "religion": tp("Civilization type, at most 4 letters (2 Chinese characters)", "Rel"),
    "writing": tp("Civilization type, at most 4 letters (2 Chinese characters)", "Wri"),
}
MONUMENT_TITLES: dict[str, Text] = {
    "fortress": tp("Monument type", "Fortress"),
    "obelisk": tp("Monument type", "Obelisk"),
    "palace": tp("Monument type", "Palace"),
    "pyramid": tp("Monument type", "Pyramid"),
    "sphinx": tp("Monument type", "Sphinx"),
    "statue": tp("Monument type", "Statue"),
    "step_pyramid": tp("Monument type", "Step Pyramid"),
    "temple": tp("Monument type", "Temple"),
}
# A card among others, as a revealed one is named: "a Pharaoh", "an Art card", "a Step Pyramid".
A_PHARAOH = tp("a card revealed", "a Pharaoh")
A_RA_CARD = tp("a card revealed", "a Ra card")
A_CIV_CARD: dict[str, Text] = {
    "agriculture": tp("a card revealed", "an Agriculture card"),
    "art": tp("a card revealed", "an Art card"),
    "astronomy": tp("a card revealed", "an Astronomy card"),
    "religion": tp("a card revealed", "a Religion card"),
    "writing": tp("a card revealed", "a Writing card"),
}
A_MONUMENT: dict[str, Text] = {
    "fortress": tp("a card revealed", "a Fortress"),
    "obelisk": tp("a card revealed", "an Obelisk"),
    "palace": tp("a card revealed", "a Palace"),
    "pyramid": tp("a card revealed", "a Pyramid"),
    "sphinx": tp("a card revealed", "a Sphinx"),
    "statue": tp("a card revealed", "a Statue"),
    "step_pyramid": tp("a card revealed", "a Step Pyramid"),
    "temple": tp("a card revealed", "a Temple"),
}
ORDINALS: tuple[Text, ...] = (  # the n-th Ra card: "the first of the Old Kingdom", "the ninth ends the game"
    tp("the n-th Ra card", "first"),
    tp("the n-th Ra card", "second"),
    tp("the n-th Ra card", "third"),
    tp("the n-th Ra card", "fourth"),
    tp("the n-th Ra card", "fifth"),
    tp("the n-th Ra card", "sixth"),
    tp("the n-th Ra card", "seventh"),
    tp("the n-th Ra card", "eighth"),
    tp("the n-th Ra card", "ninth"),
)


def ordinal(n: int) -> Text:
    """1 -> 'first' ... 9 -> 'ninth'."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else tp("the n-th Ra card", "{n}th", n=n)


def card_title(card: str) -> Text:
    """A card as people say it: 'God 14', 'Nile 9', 'Pharaoh', 'Art', 'Step Pyramid', 'Ra'."""
    head, _, arg = card.partition(":")
    if head == "god":
        return tp("card", "God {number}", number=int(arg))
    if head == "nile":
        return tp("card", "Nile {number}", number=int(arg))
    if head == "civ":
        return CIV_TITLES[arg]
    if head == "monument":
        return MONUMENT_TITLES[arg]
    return tp("card", "Pharaoh") if head == "pharaoh" else tp("card", "Ra")


def card_phrase(card: str) -> Text:
    """A card taken: 'God 14', 'Nile 9', 'the Pharaoh', 'the Art card', 'the Step Pyramid card', 'a Ra card'."""
    head = card.partition(":")[0]
    if head in ("god", "nile"):
        return card_title(card)
    if head == "pharaoh":
        return tp("a card taken", "the Pharaoh")
    if head == "ra":
        return A_RA_CARD
    return tp("a card taken", "the {name} card", name=card_title(card))


def a_card(card: str) -> Text:
    """A card among others: 'God 14', 'Nile 9', 'a Pharaoh', 'an Art card', 'a Step Pyramid', 'a Ra card'."""
    head, _, arg = card.partition(":")
    if head == "civ":
        return A_CIV_CARD[arg]
    if head == "monument":
        return A_MONUMENT[arg]
    if head in ("pharaoh", "ra"):
        return A_PHARAOH if head == "pharaoh" else A_RA_CARD
    return card_title(card)


def god_space_title(space: int) -> Text:
    """Gods space 1-9 (1-3 Old, 4-6 Middle, 7-9 New Kingdom) as 'Gods space 2 of the Old Kingdom'."""
    kingdom = OF_KINGDOM[KINGDOMS[(space - 1) // 3]]
    return t("Gods space {number} of the {kingdom}", number=(space - 1) % 3 + 1, kingdom=kingdom)


def civ_line_title(line: int) -> Text:
    """Civilization line 1-3 as 'the Old Kingdom line' (where a card can go)."""
    return tp("where a card can go", "the {kingdom} line", kingdom=OF_KINGDOM[KINGDOMS[line - 1]])


def seat(view: Mapping[str, Any], index: int) -> Seat:
    """A seat of a view, with its name there."""
    return Seat(index, str(view["names"][index]))


def names_of(view: Mapping[str, Any], seats: Sequence[int]) -> Items:
    """Seats of a view as a list: 'Ana and Ben'."""
    return items([seat(view, p) for p in seats])


def listed(values: Sequence[Param]) -> Param:
    """Values joined by commas without a last "and", as a tally reads: 'Gods +5, Nile +2'."""
    if not values:
        return ""
    out = values[0]
    for value in values[1:]:
        out = tp("a tally, joined without “and”", "{earlier}, {later}", earlier=out, later=value)
    return out


def signed(points: int) -> str:
    """Points with their sign: '+5', '-5', '0'."""
    return f"{points:+d}" if points else "0"


def runs(numbers: Sequence[int]) -> Items:
    """Numbers as runs: [1, 2, 3, 7, 9, 10] -> '1–3, 7 and 9–10' ('none' when there are none)."""
    values = sorted(set(numbers))
    parts: list[Param] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(str(values[i]) if i == j else f"{values[i]}–{values[j]}")
        i = j + 1
    return items(parts, empty=tp("numbers", "none"))


def spaces_text(spaces: Sequence[int]) -> Text:
    """1-based spaces as runs: [1, 2, 3, 7] -> 'spaces 1–3 and 7', [4] -> 'space 4'."""
    return tn("space {spaces}", "spaces {spaces}", len(spaces), spaces=runs(spaces))


def status_text(view: Mapping[str, Any], index: int) -> Text:
    """A seat's progress this turn in words, by the view's status (the seat itself reads its own turn)."""
    status = str(view["players"][index]["status"])
    if status == "reveal":
        return about(index, tp("a seat's progress this turn", "reveals the cards"),
                     tp("a seat's progress this turn", "your turn to reveal the cards"))
    return STATUS.get(status, STATUS["waiting"])


# --- legal actions as instructions ---------------------------------------------------------------------------------
def entry_place(section: str | None, space: int | None, type_: str | None, number: int | None) -> Text:
    """Where an entry goes: 'write 14 in Gods space 3 of the Old Kingdom', 'mark Art in the Old Kingdom line'."""
    if section == "gods" and space is not None:
        return t("write {number} in {space}", number=_number(number), space=god_space_title(space))
    if section == "pharaohs":
        return t("mark Pharaohs space {space}", space=_number(space))
    if section == "nile":
        return t("write {number} in Nile space {space}", number=_number(number), space=_number(space))
    if section == "civilization" and space is not None:
        kingdom = OF_KINGDOM[KINGDOMS[space - 1]]
        if type_:
            return t("mark {type} in the {kingdom} line", type=CIV_TITLES[type_], kingdom=kingdom)
        return t("mark it in the {kingdom} line", kingdom=kingdom)
    if section == "monuments" and type_:
        return t("mark space {row} of the {monument} column", row=_number(space), monument=MONUMENT_TITLES[type_])
    return t("make the entry")


def _number(value: int | None) -> Param:
    return "" if value is None else value


def action_phrase(entry: Mapping[str, Any], face_up: Sequence[Mapping[str, Any]]) -> Text:
    """A legal action of a view as an instruction: 'Take card 1 (God 14): write 14 in Gods space 3 of the ...'."""
    kind, section, space = entry["kind"], entry.get("section"), entry.get("space")
    if kind == "reveal":
        return t("Reveal the cards")
    if kind == "decline":
        return t("Decline the bonus entry {section}", section=BONUS_IN.get(str(section), BONUS_IN["any"]))
    place = entry_place(section, space, entry.get("type"), entry.get("number"))
    if kind == "card":
        slot = int(entry["card"])
        card = card_title(str(face_up[slot - 1]["card"]))
        if entry.get("lost"):
            return t("Take card {slot} ({card}): it has no space on your sheet and is lost", slot=slot, card=card)
        return t("Take card {slot} ({card}): {place}", slot=slot, card=card, place=place)
    return t("Bonus entry: {place}", place=place)


def legal_phrase(view: Mapping[str, Any], entry: Mapping[str, Any]) -> Text:
    """A legal-action entry of `view` as an instruction in the game's words (the same for every game)."""
    return action_phrase(entry, view["face_up"])
