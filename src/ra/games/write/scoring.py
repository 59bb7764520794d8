"""Scoring (docs/rules/ra-and-write.md §5 Kingdoms, §6 end bonuses, final score and the God-numbers tie-break)."""

from __future__ import annotations

from array import array

from ra.games.write import sheet
from ra.games.write.tables import (
    CIV_TABLE,
    END_BONUS_POINTS,
    END_BONUSES,
    GOD_SPACES_PER_KINGDOM,
    MAJORITY_PENALTY_MIN_PLAYERS,
    MAJORITY_POINTS,
    MONUMENT_POINTS_PER_COLUMN,
    MONUMENT_ROWS,
    NILE_POINTS_PER_SPACE,
    NILE_SPACES,
    PHARAOH_SPACES,
    SECTIONS,
)

NUM_SECTIONS = len(SECTIONS)  # gods, pharaohs, nile, civilization, monuments
NUM_END_BONUSES = len(END_BONUSES)


def majority_points(values: list[int]) -> list[int]:
    """§5 Gods/Pharaohs: highest (or equal) +5; with 3+ players lowest (or equal) -5; all equal: 0 for all."""
    hi, lo = max(values), min(values)
    if hi == lo:
        return [0] * len(values)
    penalty = len(values) >= MAJORITY_PENALTY_MIN_PLAYERS
    return [
        MAJORITY_POINTS if v == hi else (-MAJORITY_POINTS if penalty and v == lo else 0) for v in values
    ]


def _raw(s: sheet.Sheet) -> bytes:
    """The sheets as bytes (-1 reads 255), so that counts over a seat's boxes run at C speed without slices."""
    return s.tobytes() if isinstance(s, array) else array(sheet.SHEET_CODE, s).tobytes()


def score_kingdom(s: sheet.Sheet, players: int, k: int) -> tuple[list[int], list[int]]:
    """§5: score Kingdom k on every scoresheet; returns (what counts, points), each flat [player * 5 + section].

    Also writes each player's Gods total box for the Kingdom if it is still empty (empty spaces count 0).
    """
    raw = _raw(s)
    g = sheet.GODS_START + k * GOD_SPACES_PER_KINGDOM
    c = sheet.CIV_START + k * sheet.NUM_CIV_TYPES
    at = sheet.GOD_TOTALS_START + k
    counts: list[int] = []
    points: list[int] = []
    for b in range(0, players * sheet.SHEET_WIDTH, sheet.SHEET_WIDTH):
        gods = raw[b + g] + raw[b + g + 1] + raw[b + g + 2]  # Gods numbers are never negative
        if s[b + at] < 0:
            s[b + at] = gods
        nile = NILE_SPACES - raw.count(0, b + sheet.NILE_START, b + sheet.NILE_END)
        civ = raw.count(1, b + c, b + c + sheet.NUM_CIV_TYPES)  # marks are 0 or 1
        monuments = sheet.NUM_MONUMENT_TYPES - raw.count(0, b + sheet.MONUMENTS_START, b + sheet.MONUMENTS_END)
        counts += (gods, raw[b + sheet.PHARAOHS_MARKED], nile, civ, monuments)
        points += (0, 0, nile * NILE_POINTS_PER_SPACE, CIV_TABLE[civ], monuments * MONUMENT_POINTS_PER_COLUMN)
    points[0::NUM_SECTIONS] = majority_points(counts[0::NUM_SECTIONS])
    points[1::NUM_SECTIONS] = majority_points(counts[1::NUM_SECTIONS])
    return counts, points


def end_bonuses(s: sheet.Sheet, players: int) -> list[int]:
    """§6: per player the five end bonus entries (flat [player * 5 + bonus]), in END_BONUSES order."""
    out: list[int] = []
    for p in range(players):
        b = p * sheet.SHEET_WIDTH
        cols = s[b + sheet.MONUMENTS_START : b + sheet.MONUMENTS_END]
        out += [
            END_BONUS_POINTS if 0 not in s[b + sheet.GODS_START : b + sheet.GODS_END] else 0,
            END_BONUS_POINTS if s[b + sheet.PHARAOHS_MARKED] == PHARAOH_SPACES else 0,
            END_BONUS_POINTS if 0 not in s[b + sheet.NILE_START : b + sheet.NILE_END] else 0,
            END_BONUS_POINTS if 0 not in cols else 0,
            END_BONUS_POINTS * cols.count(MONUMENT_ROWS),
        ]
    return out


def totals(players: int, kingdom_points: list[list[int]], bonuses: list[int]) -> list[int]:
    """Running totals: the scored Kingdoms' section points plus end bonuses (once scored)."""
    out = [0] * players
    for pts in kingdom_points:
        for p in range(players):
            out[p] += sum(pts[p * NUM_SECTIONS : p * NUM_SECTIONS + NUM_SECTIONS])
    if bonuses:
        for p in range(players):
            out[p] += sum(bonuses[p * NUM_END_BONUSES : p * NUM_END_BONUSES + NUM_END_BONUSES])
    return out


def god_numbers(s: sheet.Sheet, p: int) -> list[int]:
    """The numbers in player p's Gods row, highest first (bonus 20s included) — the §6 tie-break key."""
    b = p * sheet.SHEET_WIDTH
    return sorted((v for v in s[b + sheet.GODS_START : b + sheet.GODS_END] if v), reverse=True)


def winners(s: sheet.Sheet, final: list[int]) -> tuple[list[int], bool]:
    """§6: the winning seats and whether the God-numbers tie-break was needed (a still-tied win is shared)."""
    best = max(final)
    tied = [p for p, v in enumerate(final) if v == best]
    if len(tied) == 1:
        return tied, False
    # Compare God numbers from highest down; a player who runs out of numbers first loses (list order does this).
    keys = {p: god_numbers(s, p) for p in tied}
    top = max(keys.values())
    return [p for p in tied if keys[p] == top], True
