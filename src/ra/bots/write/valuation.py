"""RA and Write valuation: every scoresheet's expected final score (docs/rules/ra-and-write.md §5, §6).

It reads a (determinized) state's scoresheets; the bots build that state with `from_view`, so it holds only
what the seat can see plus a sampled deck order, which no estimate here reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from ra.bots.evalmath import interp, sigmoid
from ra.games.write import State, sheet, tables

# The scoresheet's layout: player p's sheet starts at p * W in the flat byte array `State.sheets`.
W, PH, PEND = sheet.SHEET_WIDTH, sheet.PHARAOHS_MARKED, sheet.PENDING_BONUS
G0, N0, C0, M0 = sheet.GODS_START, sheet.NILE_START, sheet.CIV_START, sheet.MONUMENTS_START
NCIV, NMON = len(tables.CIV_TYPES), len(tables.MONUMENT_TYPES)
CIV_TABLE, NILE_SPACES, RA_CARDS = tables.CIV_TABLE, tables.NILE_SPACES, tables.RA_CARDS
PHARAOH_NILE_SYMBOLS, PHARAOH_SPACES = tables.PHARAOH_NILE_SYMBOLS, tables.PHARAOH_SPACES

BONUS_WORTH = 2.5  # a bonus entry, in points, before it is made


def majority(values: Sequence[float], me: int, spread: float, penalty: bool) -> float:
    """Expected +5 (highest or equal) / -5 (lowest or equal, 3+ players) with soft comparisons."""
    mine = values[me]
    if all(v == mine for v in values) and spread < 0.2:
        return 0.0
    p_top = p_low = 1.0
    for q, v in enumerate(values):
        if q != me:
            p_top *= sigmoid((mine - v + 0.5) / spread)
            p_low *= sigmoid((v - mine + 0.5) / spread)
    return 5.0 * p_top - (5.0 * p_low if penalty else 0.0)


class Clock:
    """Where the game stands: current Kingdom, turns expected to remain in it and in the game."""

    __slots__ = ("kingdom", "scorings", "turns_game", "turns_kingdom")

    def __init__(self, st: State) -> None:
        ra = st.ra
        self.kingdom = min(ra // 3, 2)
        self.scorings = max(0, 3 - ra // 3) if ra < RA_CARDS else 0
        ra_left = RA_CARDS - ra
        cards_left = max(0, len(st.deck) - st.pos - ra_left)
        per_gap = cards_left / (ra_left + 1) if ra_left else 0.0
        to_kingdom_end = (3 - ra % 3) if ra < RA_CARDS else 0
        self.turns_kingdom = per_gap * to_kingdom_end / 3.0
        self.turns_game = cards_left * ra_left / (ra_left + 1) / 3.0 if ra_left else 0.0


def sheet_values(st: State) -> list[float]:
    """Every seat's expected final score: Kingdoms already scored plus estimates of what is still to come."""
    n = st.num_players
    s = st.sheets
    clock = Clock(st)
    k, scorings = clock.kingdom, clock.scorings
    banked = [float(points) for points in st.scores()]  # scored Kingdoms, and end bonuses once the game is over
    if scorings == 0:
        return banked
    penalty = n >= 3
    tk = clock.turns_kingdom
    share = 1.0 / n
    pharaohs = [float(s[p * W + PH]) for p in range(n)]
    god_sums: list[list[float]] = [[0.0] * n for _ in range(3)]
    for p in range(n):
        b = p * W + G0
        for j in range(k, 3):
            vals = s[b + 3 * j : b + 3 * j + 3]
            empty = vals.count(0)
            fill = min(1.0, (tk if j == k else clock.turns_game) * 0.35 * share * 3)
            god_sums[j][p] = sum(vals) + empty * 10.5 * fill
    out: list[float] = []
    for p in range(n):
        b = p * W
        value = banked[p]
        # Pharaohs: a majority at every remaining scoring, and the all-12 bonus.
        value += majority(pharaohs, p, 0.6 + 0.4 * tk, penalty)
        if scorings > 1:
            value += (scorings - 1) * 0.7 * majority(pharaohs, p, 1.5 + 0.3 * clock.turns_game, penalty)
        c = s[b + PH]
        value += 10.0 * (c / PHARAOH_SPACES) ** 3
        value += sum(BONUS_WORTH * 0.3 for sym in PHARAOH_NILE_SYMBOLS if sym == c + 1)
        # Gods: each remaining Kingdom's sum against the others', and the all-9 bonus.
        for j in range(k, 3):
            spread = 3.0 + (tk if j == k else clock.turns_game) * 1.5
            value += majority(god_sums[j], p, spread, penalty) * (1.0 if j == k else 0.7)
            filled = sum(1 for x in s[b + G0 + 3 * j : b + G0 + 3 * j + 3] if x)
            value += (0.0, 0.2, 0.9, 0.0)[filled] * BONUS_WORTH
        god_filled = sum(1 for x in s[b + G0 : b + G0 + 9] if x)
        value += 10.0 * (god_filled / 9) ** 3
        # Nile: 1 per filled space per remaining scoring; flexibility of the empty spaces; all-12 bonus.
        row = s[b + N0 : b + N0 + NILE_SPACES]
        filled = NILE_SPACES - row.count(0)
        value += filled * scorings + 10.0 * (filled / NILE_SPACES) ** 3
        flex = sum((hi - lo + 1) / 20.0 for _, lo, hi in sheet.nile_bounds(s, b))
        value += flex * 0.35 * scorings
        for part in range(4):
            got = sum(1 for x in row[3 * part : 3 * part + 3] if x)
            value += (0.0, 0.1, 0.45, 0.0)[got] * BONUS_WORTH
        # Civilization: the current and later lines, smoothed by the marks still likely to come.
        for j in range(k, 3):
            marks = sum(s[b + C0 + j * NCIV : b + C0 + (j + 1) * NCIV])
            extra = (tk if j == k else tk + 4.0 * (j - k)) * 0.22
            value += interp(CIV_TABLE, marks + extra)
            value += (0.0, 0.15, 0.5, 0.0, 0.0, 0.0)[marks] * BONUS_WORTH
        # Monuments: 1 per column started per remaining scoring; all-8 and full-column bonuses.
        cols = s[b + M0 : b + M0 + NMON]
        started = sum(1 for x in cols if x)
        value += started * scorings + 10.0 * (started / NMON) ** 2
        left = min(1.0, clock.turns_game / 25.0)
        for x in cols:
            value += (0.0, 1.2 * left, 4.0 * left + 1.0, 10.0)[x]
        if s[b + PEND]:
            value += BONUS_WORTH
        out.append(value)
    return out


def relative_value(st: State, me: int) -> float:
    """My expected final score minus the mean of my opponents'."""
    values = sheet_values(st)
    others = [v for q, v in enumerate(values) if q != me]
    return values[me] - sum(others) / max(1, len(others))
