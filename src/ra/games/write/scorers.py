"""Kingdom scoring (docs/rules/ra-and-write.md §5), the end bonuses (§6) and the totals written out per player count.

A Kingdom is scored three times a game, and in a rollout that is a tenth of all the time `push` takes. A loop over
the seats spends more on its own offsets, slices and majority passes than on the counts, so each player count and
Kingdom gets its own function, generated once at import as `state.clone` is: every seat's boxes at fixed offsets,
the counts at C speed over the sheets' bytes, the majorities as plain comparisons. scoring.py keeps the meaning
(`score_kingdom`, `end_bonuses`, `totals`) and tests/games/write/test_scorers.py holds the two equal over many games.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, TypeAlias

from ra.games.write import sheet
from ra.games.write.scoring import NUM_END_BONUSES, NUM_SECTIONS
from ra.games.write.tables import (
    CIV_TABLE,
    END_BONUS_POINTS,
    GOD_SPACES_PER_KINGDOM,
    KINGDOMS,
    MAJORITY_PENALTY_MIN_PLAYERS,
    MAJORITY_POINTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONUMENT_POINTS_PER_COLUMN,
    MONUMENT_ROWS,
    NILE_POINTS_PER_SPACE,
    NILE_SPACES,
    PHARAOH_SPACES,
)

# (sheets, their bytes) -> (what counts, points), each flat [seat * 5 + section]; writes the empty Gods total boxes.
KingdomScorer: TypeAlias = Callable[[sheet.Sheet, bytes], tuple[list[int], list[int]]]
# The last Kingdom's scoring and the end bonuses at once (the 9th Ra): (counts, points, end bonuses).
FinalScorer: TypeAlias = Callable[[sheet.Sheet, bytes], tuple[list[int], list[int], list[int]]]
Totals: TypeAlias = Callable[[list[list[int]], list[int]], list[int]]  # (Kingdom points, end bonuses) -> totals

EMPTY_TOTAL = array(sheet.SHEET_CODE, [-1]).tobytes()[0]  # an empty Gods total box (-1) read as a byte
NILE_POINTS: tuple[int, ...] = tuple(n * NILE_POINTS_PER_SPACE for n in range(NILE_SPACES + 1))  # by spaces filled
# by Monument columns marked
MONUMENT_POINTS: tuple[int, ...] = tuple(n * MONUMENT_POINTS_PER_COLUMN for n in range(sheet.NUM_MONUMENT_TYPES + 1))
# The names the generated functions read.
_NAMESPACE: dict[str, Any] = {
    "CIV_TABLE": CIV_TABLE,
    "NILE_POINTS": NILE_POINTS,
    "MONUMENT_POINTS": MONUMENT_POINTS,
    "MAJORITY": MAJORITY_POINTS,
    "EMPTY_TOTAL": EMPTY_TOTAL,
    "NILE_SPACES": NILE_SPACES,
    "NUM_MONUMENT_TYPES": sheet.NUM_MONUMENT_TYPES,
    "BONUS": END_BONUS_POINTS,
    "PHARAOH_SPACES": PHARAOH_SPACES,
    "MONUMENT_ROWS": MONUMENT_ROWS,
}


def _majority(name: str, seat: int, penalty: bool) -> str:
    """§5 Gods/Pharaohs as an expression: highest (or equal) +5, lowest (or equal) -5 with a penalty; all equal 0."""
    low = f"-MAJORITY if {name}{seat} == {name}_lo else 0" if penalty else "0"
    return f"(MAJORITY if {name}{seat} == {name}_hi else {low}) if {name}_hi != {name}_lo else 0"


def kingdom_scorer_source(players: int, k: int, end: bool = False) -> str:
    """The source of Kingdom k's scoring for `players` seats (seat p's boxes at p * SHEET_WIDTH); with `end`, the §6
    end bonuses too, as a third list: the last Kingdom's counts already tell three of them (FinalScorer)."""
    g, at = sheet.GODS_START + k * GOD_SPACES_PER_KINGDOM, sheet.GOD_TOTALS_START + k
    c = sheet.CIV_START + k * sheet.NUM_CIV_TYPES
    penalty = players >= MAJORITY_PENALTY_MIN_PLAYERS
    lines = ["def score(s, raw):"]
    counts: list[str] = []
    points: list[str] = []
    for p in range(players):
        b = p * sheet.SHEET_WIDTH
        gods = " + ".join(f"raw[{b + g + i}]" for i in range(GOD_SPACES_PER_KINGDOM))  # never negative
        lines += [
            f"    gods{p} = {gods}",
            f"    if raw[{b + at}] == EMPTY_TOTAL:",
            f"        s[{b + at}] = gods{p}",
            f"    pharaohs{p} = raw[{b + sheet.PHARAOHS_MARKED}]",
            f"    nile{p} = NILE_SPACES - raw.count(0, {b + sheet.NILE_START}, {b + sheet.NILE_END})",
            f"    civ{p} = raw.count(1, {b + c}, {b + c + sheet.NUM_CIV_TYPES})",  # marks are 0 or 1
            f"    monuments{p} = NUM_MONUMENT_TYPES"
            f" - raw.count(0, {b + sheet.MONUMENTS_START}, {b + sheet.MONUMENTS_END})",
        ]
        counts += [f"gods{p}", f"pharaohs{p}", f"nile{p}", f"civ{p}", f"monuments{p}"]
        points += [
            _majority("gods", p, penalty),
            _majority("pharaohs", p, penalty),
            f"NILE_POINTS[nile{p}]",
            f"CIV_TABLE[civ{p}]",
            f"MONUMENT_POINTS[monuments{p}]",
        ]
    for name in ("gods", "pharaohs"):
        seats = ", ".join(f"{name}{p}" for p in range(players))
        lines.append(f"    {name}_hi, {name}_lo = max({seats}), min({seats})")
    rows = f"[{', '.join(counts)}], [{', '.join(points)}]"
    if end:
        bonuses = [x for p in range(players) for x in _end_bonuses(p, f"pharaohs{p}", f"nile{p}", f"monuments{p}")]
        rows += f", [{', '.join(bonuses)}]"
    lines.append(f"    return {rows}")
    return "\n".join(lines) + "\n"


def _end_bonuses(p: int, pharaohs: str, nile: str, monuments: str) -> list[str]:
    """Seat p's §6 end bonuses as expressions, in END_BONUSES order, given its Pharaohs marked, Nile spaces filled and
    Monument columns marked (as expressions)."""
    b = p * sheet.SHEET_WIDTH
    return [
        f"0 if raw.find(0, {b + sheet.GODS_START}, {b + sheet.GODS_END}) >= 0 else BONUS",
        f"BONUS if {pharaohs} == PHARAOH_SPACES else 0",
        f"BONUS if {nile} == NILE_SPACES else 0",
        f"BONUS if {monuments} == NUM_MONUMENT_TYPES else 0",
        f"BONUS * raw.count(MONUMENT_ROWS, {b + sheet.MONUMENTS_START}, {b + sheet.MONUMENTS_END})",
    ]


def totals_source(players: int) -> str:
    """The source of scoring.totals for `players` seats: each Kingdom's points, then the end bonuses, added up."""
    if NUM_SECTIONS != NUM_END_BONUSES:
        raise ImportError("the generated totals read Kingdom points and end bonuses with one stride")
    add = ", ".join(
        f"out[{p}] + " + " + ".join(f"row[{p * NUM_SECTIONS + i}]" for i in range(NUM_SECTIONS)) for p in range(players)
    )
    return (
        f"def totals(kingdom_points, bonuses):\n    out = [0] * {players}\n"
        f"    for row in kingdom_points:\n        out = [{add}]\n"
        f"    if bonuses:\n        row = bonuses\n        out = [{add}]\n    return out\n"
    )


def _compile(source: str, name: str) -> Any:
    """The function `name` defined by `source`, over _NAMESPACE."""
    namespace = dict(_NAMESPACE)
    exec(source, namespace)
    return namespace[name]


PLAYER_COUNTS = range(MIN_PLAYERS, MAX_PLAYERS + 1)
# KINGDOM_SCORERS[players][k], FINAL_SCORERS[players], TOTALS_BY_PLAYERS[players]
KINGDOM_SCORERS: dict[int, tuple[KingdomScorer, ...]] = {
    n: tuple(_compile(kingdom_scorer_source(n, k), "score") for k in range(len(KINGDOMS))) for n in PLAYER_COUNTS
}
FINAL_SCORERS: dict[int, FinalScorer] = {
    n: _compile(kingdom_scorer_source(n, len(KINGDOMS) - 1, end=True), "score") for n in PLAYER_COUNTS
}
TOTALS_BY_PLAYERS: dict[int, Totals] = {n: _compile(totals_source(n), "totals") for n in PLAYER_COUNTS}
