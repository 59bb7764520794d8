"""push's plan of each action (mechanics.py writes the entries itself): one ready row per action and seat.

A row holds every offset the action's entry writes or reads in the common case, already added to the seat's block
offset, so that an entry reads one row and adds nothing (a lookup and an add per offset cost as much as the write).
"""

from __future__ import annotations

from ra.core.protocol import Move
from ra.games.write import sheet
from ra.games.write.actions import (
    ACT_ARG,
    ACT_KIND,
    ACT_SLOT,
    ACT_SPACE,
    K_BONUS_CIV,
    K_BONUS_GOD,
    K_BONUS_MONUMENT,
    K_BONUS_NILE,
    K_BONUS_PHARAOH,
    K_CARD_CIV,
    K_CARD_GOD,
    K_CARD_NILE,
    K_TAKE,
)
from ra.games.write.tables import (
    CARD_KIND,
    GOD_BONUS_NUMBER,
    GOD_SPACES_PER_KINGDOM,
    MAX_PLAYERS,
    MONUMENT,
    PART_OF,
    PART_SPACES,
    PHARAOH,
)

if any(part != tuple(range(part[0], part[-1] + 1)) for part in PART_SPACES):
    raise ImportError("push's Nile entry assumes each Nile part is a run of consecutive spaces")

# ENTRY_PLAN[action]: (the section its entry goes in, as the bonus kind of that section, or K_TAKE for a taken card
# or K_DECLINE; face-up slot or None, which push tests in one step; space or line; number or type, -1 for a card,
# which gives its own).
_CARD_SECTION = {K_TAKE: K_TAKE, K_CARD_GOD: K_BONUS_GOD, K_CARD_NILE: K_BONUS_NILE, K_CARD_CIV: K_BONUS_CIV}
ENTRY_PLAN: tuple[tuple[int, int | None, int, int], ...] = tuple(
    (
        _CARD_SECTION.get(kind, kind),
        ACT_SLOT[a] if ACT_SLOT[a] >= 0 else None,
        ACT_SPACE[a],
        GOD_BONUS_NUMBER if kind == K_BONUS_GOD else ACT_ARG[a],
    )
    for a, kind in enumerate(ACT_KIND)
)


def _offsets(entry: int, space: int) -> tuple[int, int, int, int]:
    """(at, symbol, lo, hi) of an entry in a seat's block, by section (0 where the section has none):
    Gods: the space, the Kingdom's bonus symbol, the Kingdom's first space, its total box;
    Civilization: the line's first space, the line's bonus symbol;
    Nile: the space, the part's bonus symbol, the part's spaces as the run lo:hi;
    Monuments, or a taken card (a Monument or a Pharaoh): the first column, then at lo the Pharaohs' marks."""
    if entry == K_BONUS_GOD:
        k = space // GOD_SPACES_PER_KINGDOM
        first = sheet.GODS_START + k * GOD_SPACES_PER_KINGDOM
        return sheet.GODS_START + space, sheet.GOD_BONUSES_START + k, first, sheet.GOD_TOTALS_START + k
    if entry == K_BONUS_CIV:
        return sheet.CIV_START + space * sheet.NUM_CIV_TYPES, sheet.CIV_BONUSES_START + space, 0, 0
    if entry == K_BONUS_NILE:
        part = PART_SPACES[PART_OF[space]]
        symbol = sheet.NILE_PART_BONUSES_START + PART_OF[space]
        return sheet.NILE_START + space, symbol, sheet.NILE_START + part[0], sheet.NILE_START + part[-1] + 1
    if entry in (K_TAKE, K_BONUS_MONUMENT, K_BONUS_PHARAOH):
        return sheet.MONUMENTS_START, 0, sheet.PHARAOHS_MARKED, 0
    return 0, 0, 0, 0


Row = tuple[int, int | None, int, Move, int, int, int, int, int, int]


def _row(action: int, seat: int) -> Row:
    """PLAN's row of an action for a seat."""
    entry, slot, space, arg = ENTRY_PLAN[action]
    b = seat * sheet.SHEET_WIDTH
    at, symbol, lo, hi = _offsets(entry, space)
    mark = b + (sheet.CHOSEN if slot is not None else sheet.PENDING_BONUS)
    return entry, slot, arg, Move(seat, action, ()), b, mark, b + at, b + symbol, b + lo, b + hi


# PLAN[action][seat]: (section, slot, number or type, as in ENTRY_PLAN; the seat's move, shared and immutable, which
# push appends instead of building a Move; the seat's block offset; the one box every entry writes first, its CHOSEN
# box for a card, else its pending bonus entry; then _offsets, each added to the block offset).
PLAN: tuple[tuple[Row, ...], ...] = tuple(tuple(_row(a, p) for p in range(MAX_PLAYERS)) for a in range(len(ENTRY_PLAN)))
# TAKE_ENTRY[card code]: where a taken card goes: a Pharaoh or Monument to its section; any other card, which is
# only taken when it has no legal space, is lost (K_TAKE).
TAKE_ENTRY: tuple[int, ...] = tuple(
    K_BONUS_PHARAOH if k == PHARAOH else K_BONUS_MONUMENT if k == MONUMENT else K_TAKE for k in CARD_KIND
)
