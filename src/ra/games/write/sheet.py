"""The scoresheet model (docs/rules/ra-and-write.md §2): five sections, placement rules and bonus symbols.

All players' scoresheets live in one flat array of signed bytes, the state's `sheets` (a clone copies it with one
memcpy, ten times faster than a list of ints); player p's sheet, its block, starts at ``p * SHEET_WIDTH``. The
``*_at`` functions name where each part of a seat's sheet lives, for tests and tools (the engine's hot paths use the
offsets directly). The sheet functions take `s`, the sheets, and `b`, the seat's block offset (seat * SHEET_WIDTH).
Entry functions write one entry and return the bonus entry it earns (or NO_BONUS); the bonus symbol is crossed out as
soon as it is achieved, whether the bonus is then made, declined or lost.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from typing import TypeAlias

from ra.core.text import Text, t
from ra.games.write.tables import (
    CIV_LINE_BONUS_AT,
    CIV_SPACES,
    CIV_TYPES,
    GOD_SPACES,
    GOD_SPACES_PER_KINGDOM,
    KINGDOMS,
    MONUMENT_ROWS,
    MONUMENT_TYPES,
    NILE_BONUS_NUMBERS,
    NILE_PARTS,
    NILE_SPACES,
    PART_OF,
    PART_SPACES,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
    SYMBOL_AT,
)

SHEET_CODE = "b"  # the array's type, signed bytes: every box holds -1..127 (a Gods total is at most 60)
Sheets: TypeAlias = "array[int]"  # the state's scoresheets
Sheet: TypeAlias = MutableSequence[int]  # what the sheet functions read and write: the state's array, or any list

# --- offsets in one player's block -------------------------------------------------------------------------------
GODS_START = 0  # Gods spaces (kingdom * 3 + i), 0 = empty, else the number written
PHARAOHS_MARKED = GODS_START + GOD_SPACES  # Pharaohs: number of marked spaces (always the leftmost ones)
NILE_START = PHARAOHS_MARKED + 1  # Nile spaces, 0 = empty
CIV_START = NILE_START + NILE_SPACES  # Civilization spaces (line * 5 + type), 0/1
MONUMENTS_START = CIV_START + CIV_SPACES  # Monument columns: number of marks (top down)
GOD_BONUSES_START = MONUMENTS_START + len(MONUMENT_TYPES)  # Gods Kingdom bonus symbol crossed out (per Kingdom)
PHARAOH_SYMBOLS_START = GOD_BONUSES_START + len(KINGDOMS)  # Pharaoh Nile symbols crossed out
NILE_PART_BONUSES_START = PHARAOH_SYMBOLS_START + len(PHARAOH_NILE_SYMBOLS)  # Nile part bonus symbols crossed out
CIV_BONUSES_START = NILE_PART_BONUSES_START + len(NILE_PARTS)  # Civilization line bonus symbols crossed out
ALL_TOPS_BONUS = CIV_BONUSES_START + len(KINGDOMS)  # Monuments all-tops bonus crossed out (once per game)
GOD_TOTALS_START = ALL_TOPS_BONUS + 1  # Gods total boxes (-1 = empty)
PENDING_BONUS = GOD_TOTALS_START + len(KINGDOMS)  # the pending bonus entry (a bonus kind), 0 = none
CHOSEN = PENDING_BONUS + 1  # face-up slot chosen this turn, -1 = none yet
SHEET_WIDTH = CHOSEN + 1  # block width
# Where the runs of spaces end (exclusive): a run is sheets[block + X_START : block + X_END].
GODS_END = GODS_START + GOD_SPACES
NILE_END = NILE_START + NILE_SPACES
CIV_END = CIV_START + CIV_SPACES
MONUMENTS_END = MONUMENTS_START + len(MONUMENT_TYPES)

NUM_CIV_TYPES = len(CIV_TYPES)
NUM_CIV_LINES = len(KINGDOMS)  # a Civilization line per Kingdom
NUM_MONUMENT_TYPES = len(MONUMENT_TYPES)
KINGDOM_INDEX: dict[str, int] = {name: k for k, name in enumerate(KINGDOMS)}
CIV_INDEX: dict[str, int] = {name: t for t, name in enumerate(CIV_TYPES)}
MONUMENT_INDEX: dict[str, int] = {name: t for t, name in enumerate(MONUMENT_TYPES)}

# --- bonus entry kinds ---------------------------------------------------------------------------------------------
NO_BONUS, B_PHARAOH, B_NILE, B_CIV, B_MONUMENT, B_ANY = range(6)
BONUS_NAMES: tuple[str, ...] = ("", "pharaohs", "nile", "civilization", "monuments", "any")


def blank_block() -> Sheets:
    """One empty scoresheet block."""
    block = array(SHEET_CODE, bytes(SHEET_WIDTH))
    for k in range(len(KINGDOMS)):
        block[GOD_TOTALS_START + k] = -1
    block[CHOSEN] = -1
    return block


# --- where each part of a seat's sheet lives in the flat list (spaces 1-based, as in the notation) ----------------
def god_at(seat: int, space: int) -> int:
    """Gods space 1-9 (1-3 Old, 4-6 Middle, 7-9 New Kingdom): the number written, 0 while empty."""
    return seat * SHEET_WIDTH + GODS_START + space - 1


def god_total_at(seat: int, kingdom: str) -> int:
    """A Kingdom's Gods total box: the total, -1 while empty."""
    return seat * SHEET_WIDTH + GOD_TOTALS_START + KINGDOM_INDEX[kingdom]


def god_bonus_at(seat: int, kingdom: str) -> int:
    """A Kingdom's Gods bonus symbol (a Pharaohs entry): 1 once crossed out."""
    return seat * SHEET_WIDTH + GOD_BONUSES_START + KINGDOM_INDEX[kingdom]


def pharaohs_at(seat: int) -> int:
    """The Pharaohs row: how many spaces are marked (always the leftmost ones)."""
    return seat * SHEET_WIDTH + PHARAOHS_MARKED


def pharaoh_symbol_at(seat: int, space: int) -> int:
    """The Nile symbol on Pharaoh space `space` (one of PHARAOH_NILE_SYMBOLS): 1 once crossed out."""
    return seat * SHEET_WIDTH + PHARAOH_SYMBOLS_START + PHARAOH_NILE_SYMBOLS.index(space)


def nile_at(seat: int, space: int) -> int:
    """Nile space 1-12: the number written, 0 while empty."""
    return seat * SHEET_WIDTH + NILE_START + space - 1


def nile_part_at(seat: int, part: int) -> int:
    """The bonus symbol of Nile part 1-4 (a Civilization entry): 1 once crossed out."""
    return seat * SHEET_WIDTH + NILE_PART_BONUSES_START + part - 1


def civ_at(seat: int, kingdom: str, civ_type: str) -> int:
    """The `civ_type` space of a Kingdom's Civilization line: 1 if marked."""
    return seat * SHEET_WIDTH + CIV_START + KINGDOM_INDEX[kingdom] * NUM_CIV_TYPES + CIV_INDEX[civ_type]


def civ_bonus_at(seat: int, kingdom: str) -> int:
    """A Civilization line's bonus symbol (a Monuments entry): 1 once crossed out."""
    return seat * SHEET_WIDTH + CIV_BONUSES_START + KINGDOM_INDEX[kingdom]


def monument_at(seat: int, monument_type: str) -> int:
    """A Monument column: how many of its spaces are marked (0-3, always from the top)."""
    return seat * SHEET_WIDTH + MONUMENTS_START + MONUMENT_INDEX[monument_type]


def all_tops_at(seat: int) -> int:
    """The Monuments all-tops bonus symbol (an entry in any section, once per game): 1 once crossed out."""
    return seat * SHEET_WIDTH + ALL_TOPS_BONUS


def pending_at(seat: int) -> int:
    """The pending bonus entry: a bonus kind (B_PHARAOH ... B_ANY), NO_BONUS if none."""
    return seat * SHEET_WIDTH + PENDING_BONUS


# --- entries (each returns the bonus entry earned) -----------------------------------------------------------------
def write_god(s: Sheet, b: int, space: int, number: int) -> int:
    """§2 Gods: write a number; filling a Kingdom's 3rd space writes its total and earns a Pharaohs bonus entry."""
    s[b + space] = number
    k = space // GOD_SPACES_PER_KINGDOM
    kb = b + k * GOD_SPACES_PER_KINGDOM
    if s[kb] and s[kb + 1] and s[kb + 2]:
        if s[b + GOD_TOTALS_START + k] < 0:
            s[b + GOD_TOTALS_START + k] = s[kb] + s[kb + 1] + s[kb + 2]
        if not s[b + GOD_BONUSES_START + k]:
            s[b + GOD_BONUSES_START + k] = 1
            return B_PHARAOH
    return NO_BONUS


def mark_pharaoh(s: Sheet, b: int) -> int:
    """§2 Pharaohs: mark the leftmost empty space; a Nile symbol earns a Nile bonus entry."""
    c = s[b + PHARAOHS_MARKED]
    s[b + PHARAOHS_MARKED] = c + 1
    sym = SYMBOL_AT[c]
    if sym >= 0 and not s[b + PHARAOH_SYMBOLS_START + sym]:
        s[b + PHARAOH_SYMBOLS_START + sym] = 1
        return B_NILE
    return NO_BONUS


def write_nile(s: Sheet, b: int, space: int, number: int) -> int:
    """§2 Nile: write a number; filling a part's 3rd space earns a Civilization bonus entry."""
    s[b + NILE_START + space] = number
    part = PART_OF[space]
    if not s[b + NILE_PART_BONUSES_START + part]:
        for x in PART_SPACES[part]:
            if not s[b + NILE_START + x]:
                return NO_BONUS
        s[b + NILE_PART_BONUSES_START + part] = 1
        return B_CIV
    return NO_BONUS


def mark_civ(s: Sheet, b: int, line: int, kind: int) -> int:
    """§2 Civilization: mark a space; a line reaching 3 marks earns a Monuments bonus entry (once per line)."""
    lb = b + CIV_START + line * NUM_CIV_TYPES
    s[lb + kind] = 1
    if not s[b + CIV_BONUSES_START + line] and sum(s[lb : lb + NUM_CIV_TYPES]) >= CIV_LINE_BONUS_AT:
        s[b + CIV_BONUSES_START + line] = 1
        return B_MONUMENT
    return NO_BONUS


def mark_monument(s: Sheet, b: int, kind: int) -> int:
    """§2 Monuments: mark the topmost empty space; all eight tops filled earns an any-section bonus (once)."""
    c = s[b + MONUMENTS_START + kind]
    s[b + MONUMENTS_START + kind] = c + 1
    if c == 0 and not s[b + ALL_TOPS_BONUS] and all(s[b + MONUMENTS_START : b + MONUMENTS_END]):
        s[b + ALL_TOPS_BONUS] = 1
        return B_ANY
    return NO_BONUS


# --- legal spaces --------------------------------------------------------------------------------------------------
def god_spaces(s: Sheet, b: int, limit: int) -> list[int]:
    """Empty Gods spaces (only the current Kingdom's when `limit` >= 0, the kingdom-limited variant)."""
    if limit >= 0:
        lo = limit * GOD_SPACES_PER_KINGDOM
        return [i for i in range(lo, lo + GOD_SPACES_PER_KINGDOM) if not s[b + i]]
    return [i for i in range(GOD_SPACES) if not s[b + i]]


def civ_lines(s: Sheet, b: int, kind: int, limit: int) -> list[int]:
    """Lines whose space of this Civilization type is empty (current line only in the variant)."""
    lines = (limit,) if limit >= 0 else range(len(KINGDOMS))
    return [x for x in lines if not s[b + CIV_START + x * NUM_CIV_TYPES + kind]]


def nile_spaces(s: Sheet, b: int, number: int) -> list[int]:
    """Empty Nile spaces where `number` keeps the row non-decreasing (blank gaps allowed)."""
    out: list[int] = []
    for j, v in enumerate(s[b + NILE_START : b + NILE_END]):  # one pass: a smaller number drops the empties before
        if not v:
            out.append(j)
        elif v < number:
            out.clear()
        elif v > number:
            break
    return out


def nile_bounds(s: Sheet, b: int) -> list[tuple[int, int, int]]:
    """(space, lowest, highest) number allowed in each empty Nile space for a bonus entry."""
    lo_all, hi_all = NILE_BONUS_NUMBERS
    row = s[b + NILE_START : b + NILE_END]
    out: list[tuple[int, int, int]] = []
    lo = lo_all
    for j, v in enumerate(row):
        if v:
            lo = v
        else:
            hi = hi_all
            for w in row[j + 1 :]:
                if w:
                    hi = w
                    break
            if lo <= hi:
                out.append((j, lo, hi))
    return out


def nile_conflict(s: Sheet, b: int, space: int, number: int) -> Text | None:
    """Why `number` may not go in Nile `space` ("the Nile must not decrease: 7 is left of 5"), or None."""
    for j in range(space):
        v = s[b + NILE_START + j]
        if v > number:
            return t("the Nile must not decrease: {left} is left of {right}", left=v, right=number)
    for j in range(space + 1, NILE_SPACES):
        v = s[b + NILE_START + j]
        if v and v < number:
            return t("the Nile must not decrease: {left} is left of {right}", left=number, right=v)
    return None


def bonus_possible(s: Sheet, b: int, kind: int, limit: int) -> bool:
    """True if a bonus entry of this kind has at least one legal space (else it is lost)."""
    if kind == B_PHARAOH:
        return s[b + PHARAOHS_MARKED] < PHARAOH_SPACES
    if kind == B_NILE:
        return 0 in s[b + NILE_START : b + NILE_END]
    if kind == B_CIV:
        if limit >= 0:
            return 0 in s[b + CIV_START + limit * NUM_CIV_TYPES : b + CIV_START + (limit + 1) * NUM_CIV_TYPES]
        return 0 in s[b + CIV_START : b + CIV_END]
    if kind == B_MONUMENT:
        return min(s[b + MONUMENTS_START : b + MONUMENTS_END]) < MONUMENT_ROWS
    return bool(god_spaces(s, b, limit)) or any(
        bonus_possible(s, b, k, limit) for k in (B_PHARAOH, B_NILE, B_CIV, B_MONUMENT)
    )
