"""Action ids and notation (docs/WRITE_ACTIONS.md). Ids are stable; notation is state-independent and round-trips.

A card action combines "choose face-up card i" with "enter it in space s" (Gods, Nile) or "in line l"
(Civilization); Pharaoh and Monument cards have one legal space each, so `cardI` is just the choice (it is also the
action for a card that has no legal space and is lost). Bonus actions name the section, space and number or type.
"""

from __future__ import annotations

from itertools import product

from ra.core.errors import InvalidNotationError
from ra.core.text import Text, t, tp
from ra.games.write.sheet import (
    B_ANY,
    B_CIV,
    B_MONUMENT,
    B_NILE,
    B_PHARAOH,
    CIV_START,
    MONUMENTS_END,
    MONUMENTS_START,
    NILE_END,
    NILE_START,
    NUM_CIV_LINES,
    NUM_CIV_TYPES,
    PHARAOHS_MARKED,
    Sheet,
    god_spaces,
)
from ra.games.write.tables import (
    CIV_TYPES,
    FACE_UP,
    GOD_BONUS_NUMBER,
    GOD_SPACES,
    KINGDOMS,
    MONUMENT_ROWS,
    MONUMENT_TYPES,
    NILE_BONUS_NUMBERS,
    NILE_SPACES,
    PHARAOH_SPACES,
)
from ra.games.write.words import CIV_TITLES, MONUMENT_TITLES, OF_KINGDOM, a_card, card_title, listed

# action kinds
K_REVEAL, K_TAKE, K_CARD_GOD, K_CARD_NILE, K_CARD_CIV = range(5)
K_BONUS_GOD, K_BONUS_PHARAOH, K_BONUS_NILE, K_BONUS_CIV, K_BONUS_MONUMENT, K_DECLINE = range(5, 11)
KIND_WORDS: tuple[str, ...] = (
    "reveal",
    "card",
    "card",
    "card",
    "card",
    "bonus",
    "bonus",
    "bonus",
    "bonus",
    "bonus",
    "decline",
)

NILE_LO, NILE_HI = NILE_BONUS_NUMBERS
NILE_RANGE = NILE_HI - NILE_LO + 1

REVEAL = 0
TAKE0 = REVEAL + 1
CARD_GOD0 = TAKE0 + FACE_UP
CARD_NILE0 = CARD_GOD0 + FACE_UP * GOD_SPACES
CARD_CIV0 = CARD_NILE0 + FACE_UP * NILE_SPACES
BONUS_GOD0 = CARD_CIV0 + FACE_UP * NUM_CIV_LINES
BONUS_PHARAOH = BONUS_GOD0 + GOD_SPACES
BONUS_NILE0 = BONUS_PHARAOH + 1
BONUS_CIV0 = BONUS_NILE0 + NILE_SPACES * NILE_RANGE
BONUS_MONUMENT0 = BONUS_CIV0 + NUM_CIV_LINES * NUM_CIV_TYPES
DECLINE = BONUS_MONUMENT0 + len(MONUMENT_TYPES)
NUM_ACTIONS = DECLINE + 1

# Decoding tables: kind, face-up slot (-1), space / line (-1), number or type (-1)
ACT_KIND: list[int] = []
ACT_SLOT: list[int] = []
ACT_SPACE: list[int] = []
ACT_ARG: list[int] = []
NOTATION: list[str] = []


def _add(kind: int, slot: int, space: int, arg: int, text: str) -> None:
    ACT_KIND.append(kind)
    ACT_SLOT.append(slot)
    ACT_SPACE.append(space)
    ACT_ARG.append(arg)
    NOTATION.append(text)


_add(K_REVEAL, -1, -1, -1, "reveal")
for _i in range(FACE_UP):
    _add(K_TAKE, _i, -1, -1, f"card{_i + 1}")
for _i in range(FACE_UP):
    for _s in range(GOD_SPACES):
        _add(K_CARD_GOD, _i, _s, -1, f"card{_i + 1}>god{_s + 1}")
for _i in range(FACE_UP):
    for _s in range(NILE_SPACES):
        _add(K_CARD_NILE, _i, _s, -1, f"card{_i + 1}>nile{_s + 1}")
for _i in range(FACE_UP):
    for _s in range(NUM_CIV_LINES):
        _add(K_CARD_CIV, _i, _s, -1, f"card{_i + 1}>civ:{KINGDOMS[_s]}")
for _s in range(GOD_SPACES):
    _add(K_BONUS_GOD, -1, _s, -1, f"bonus>god{_s + 1}")
_add(K_BONUS_PHARAOH, -1, -1, -1, "bonus>pharaoh")
for _s in range(NILE_SPACES):
    for _n in range(NILE_LO, NILE_HI + 1):
        _add(K_BONUS_NILE, -1, _s, _n, f"bonus>nile{_s + 1}={_n}")
for _s in range(NUM_CIV_LINES):
    for _t in range(NUM_CIV_TYPES):
        _add(K_BONUS_CIV, -1, _s, _t, f"bonus>civ:{KINGDOMS[_s]}:{CIV_TYPES[_t]}")
for _t in range(len(MONUMENT_TYPES)):
    _add(K_BONUS_MONUMENT, -1, -1, _t, f"bonus>monument:{MONUMENT_TYPES[_t]}")
_add(K_DECLINE, -1, -1, -1, "decline")
assert len(NOTATION) == NUM_ACTIONS

# NILE_BONUS[j]: the Nile bonus entries into space j, NILE_LO first (ready ints: the hot path copies, never adds).
NILE_BONUS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(BONUS_NILE0 + j * NILE_RANGE, BONUS_NILE0 + (j + 1) * NILE_RANGE)) for j in range(NILE_SPACES)
)
# NILE_TAIL[first][lo]: the Nile bonus entries into spaces first.. to the end, numbers from NILE_LO + lo up: the run
# after the last written number, often most of the row (one ready tuple instead of a slice per space).
NILE_TAIL: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(a for x in range(first, NILE_SPACES) for a in NILE_BONUS[x][lo:]) for lo in range(NILE_RANGE))
    for first in range(NILE_SPACES + 1)
)
LINES = tuple(range(NUM_CIV_LINES))
# CIV_BONUS[line][marks of the line's types]: the Civilization bonus entries into its unmarked types.
CIV_BONUS: tuple[dict[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    {
        marks: tuple(BONUS_CIV0 + x * NUM_CIV_TYPES + t for t in range(NUM_CIV_TYPES) if not marks[t])
        for marks in product((0, 1), repeat=NUM_CIV_TYPES)
    }
    for x in LINES
)
# A Monument column's marks as a byte: 1 once all its rows are marked, else 0; MONUMENT_BONUS[those bytes]: the
# Monuments bonus entries into the columns with a row left.
MONUMENT_FULL = bytes(int(v >= MONUMENT_ROWS) for v in range(256))
MONUMENT_BONUS: dict[bytes, tuple[int, ...]] = {
    bytes(full): tuple(BONUS_MONUMENT0 + t for t in range(len(MONUMENT_TYPES)) if not full[t])
    for full in product((0, 1), repeat=len(MONUMENT_TYPES))
}
ACTION_BY_TEXT: dict[str, int] = {text: i for i, text in enumerate(NOTATION)}
EXAMPLES = (  # notation is code: the same in every language
    "reveal, card2, card1>god4, card3>nile7, card1>civ:old, bonus>nile5=12, bonus>civ:new:art, bonus>monument:sphinx, "
    "decline"
)


def action_to_str(action: int) -> str:
    """The notation of an action id (InvalidNotationError for an id outside 0..NUM_ACTIONS-1)."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise InvalidNotationError(t("no RA and Write action has id {action}", action=repr(action)))
    return NOTATION[action]


def str_to_action(text: str) -> int:
    """The action id of a notation (case and surrounding spaces ignored); InvalidNotationError otherwise."""
    if not isinstance(text, str):
        raise InvalidNotationError(t("an action notation is a string, not {value}", value=repr(text)))
    key = text.strip().lower().replace(" ", "")
    try:
        return ACTION_BY_TEXT[key]
    except KeyError:
        raise InvalidNotationError(
            t("{notation} is not RA and Write notation (e.g. {examples})", notation=repr(text), examples=EXAMPLES)
        ) from None


def bonus_actions(s: Sheet, b: int, kind: int, limit: int) -> list[int]:
    """The legal bonus entries (plus decline) of a pending bonus entry of this kind."""
    out: list[int] = []
    if kind == B_NILE:  # one branch per kind: most pending entries are of one section, not "any"
        _nile_bonus_actions(s, b, out)
    elif kind == B_MONUMENT:
        out += MONUMENT_BONUS[bytes(s[b + MONUMENTS_START : b + MONUMENTS_END]).translate(MONUMENT_FULL)]
    elif kind == B_PHARAOH:
        if s[b + PHARAOHS_MARKED] < PHARAOH_SPACES:
            out.append(BONUS_PHARAOH)
    elif kind == B_CIV:
        _civ_bonus_actions(s, b, limit, out)
    elif kind == B_ANY:  # every section, in the order of the action ids
        out = [BONUS_GOD0 + x for x in god_spaces(s, b, limit)]
        if s[b + PHARAOHS_MARKED] < PHARAOH_SPACES:
            out.append(BONUS_PHARAOH)
        _nile_bonus_actions(s, b, out)
        _civ_bonus_actions(s, b, limit, out)
        out += MONUMENT_BONUS[bytes(s[b + MONUMENTS_START : b + MONUMENTS_END]).translate(MONUMENT_FULL)]
    out.append(DECLINE)
    return out


def _civ_bonus_actions(s: Sheet, b: int, limit: int, out: list[int]) -> None:
    """Add the Civilization bonus entries: the unmarked types of every line (of the current one in the variant)."""
    for x in (limit,) if limit >= 0 else LINES:
        lb = b + CIV_START + x * NUM_CIV_TYPES
        out += CIV_BONUS[x][tuple(s[lb : lb + NUM_CIV_TYPES])]


def _nile_bonus_actions(s: Sheet, b: int, out: list[int]) -> None:
    """Add the Nile bonus entries: each run of empty spaces takes any number from the one before to the one after."""
    lo = 0  # the smallest number allowed, counted from NILE_LO
    first = 0  # first space of the current run of empty spaces
    for j, v in enumerate(s[b + NILE_START : b + NILE_END]):
        if v:
            hi = v - NILE_LO + 1
            if first < j and lo < hi:
                for x in range(first, j):
                    out += NILE_BONUS[x][lo:hi]
            lo = hi - 1
            first = j + 1
    out += NILE_TAIL[first][lo]


def _card_words(card: str) -> Text:
    """'God 17', 'Nile 4', 'a Pharaoh', 'Art', 'Step Pyramid', 'a Ra card': a card name in a sentence."""
    if card.partition(":")[0] in ("god", "nile", "pharaoh", "ra"):
        return a_card(card)
    return card_title(card)


def move_text(action: int, draws: tuple[str, ...] = ()) -> Text:
    """A move as a phrase for logs ("revealed God 9, Nile 4", "took card 2 into Nile space 7")."""
    kind, slot, space, arg = ACT_KIND[action], ACT_SLOT[action], ACT_SPACE[action], ACT_ARG[action]
    if kind == K_REVEAL:
        if draws:
            return t("revealed {cards}", cards=listed([_card_words(c) for c in draws]))
        return t("revealed the cards")
    if kind == K_DECLINE:
        return t("declined the bonus entry")
    if kind == K_TAKE:
        return t("took card {slot}", slot=slot + 1)
    if kind == K_CARD_GOD:
        return t("took card {slot} into Gods space {space}", slot=slot + 1, space=space + 1)
    if kind == K_CARD_NILE:
        return t("took card {slot} into Nile space {space}", slot=slot + 1, space=space + 1)
    if kind == K_CARD_CIV:
        return t("took card {slot} into the {kingdom} line", slot=slot + 1, kingdom=OF_KINGDOM[KINGDOMS[space]])
    entry: Text
    if kind == K_BONUS_GOD:
        entry = t("{number} in Gods space {space}", number=GOD_BONUS_NUMBER, space=space + 1)
    elif kind == K_BONUS_PHARAOH:
        entry = tp("a bonus entry", "a Pharaoh")
    elif kind == K_BONUS_NILE:
        entry = t("{number} in Nile space {space}", number=arg, space=space + 1)
    elif kind == K_BONUS_CIV:
        entry = t("{type} in the {kingdom} line", type=CIV_TITLES[CIV_TYPES[arg]], kingdom=OF_KINGDOM[KINGDOMS[space]])
    else:
        entry = MONUMENT_TITLES[MONUMENT_TYPES[arg]]
    return t("made a bonus entry: {entry}", entry=entry)
