"""Kingdom scoring (scoring.py: byte counts) agrees with §5 played out plainly."""

from __future__ import annotations

import random

from ra.games.write import State
from ra.games.write.phases import REVEAL
from ra.games.write.scoring import score_kingdom
from ra.games.write.sheet import (
    CIV_START,
    GOD_TOTALS_START,
    GODS_START,
    MONUMENTS_END,
    MONUMENTS_START,
    NILE_END,
    NILE_START,
    NUM_CIV_TYPES,
    PHARAOHS_MARKED,
    SHEET_WIDTH,
)
from ra.games.write.tables import (
    CIV_TABLE,
    MAJORITY_PENALTY_MIN_PLAYERS,
    MAJORITY_POINTS,
)


def _reveal_states(count: int) -> list[State]:
    """Every state of random games (all player counts, both variants) where a reveal comes next."""
    rng = random.Random(11)
    out: list[State] = []
    for seed in range(count):
        st = State.new({"players": 2 + seed % 4, "kingdom_limited": seed % 3 == 0}, seed=seed)
        while not st.is_terminal():
            if st.phase == REVEAL:
                out.append(st.clone())
            p = rng.choice(st.current_players())
            st.push(rng.choice(st.legal_actions(p)), p)
    return out


def _plain_majority(values: list[int]) -> list[int]:
    """§5 as written: the highest +5, with 3+ players the lowest -5, nothing if all are equal."""
    if len(set(values)) == 1:
        return [0] * len(values)
    penalty = len(values) >= MAJORITY_PENALTY_MIN_PLAYERS
    return [
        MAJORITY_POINTS if v == max(values) else -MAJORITY_POINTS if penalty and v == min(values) else 0
        for v in values
    ]


def test_kingdom_scoring_matches_the_rules_written_plainly() -> None:
    """score_kingdom (byte counts) equals §5 spelled out, on sheets of random games, twice."""
    for st in _reveal_states(8)[::3]:
        n = st.num_players
        for k in range(3):
            sheets = list(st.sheets)
            counts: list[int] = []
            for p in range(n):
                b = p * SHEET_WIDTH
                civ = sheets[b + CIV_START + k * NUM_CIV_TYPES : b + CIV_START + k * NUM_CIV_TYPES + NUM_CIV_TYPES]
                counts += [
                    sum(sheets[b + GODS_START + 3 * k : b + GODS_START + 3 * k + 3]),
                    sheets[b + PHARAOHS_MARKED],
                    sum(1 for v in sheets[b + NILE_START : b + NILE_END] if v),
                    sum(civ),
                    sum(1 for v in sheets[b + MONUMENTS_START : b + MONUMENTS_END] if v),
                ]
            gods, pharaohs = _plain_majority(counts[0::5]), _plain_majority(counts[1::5])
            points: list[int] = []
            for p in range(n):
                nile, civ_marks, monuments = counts[p * 5 + 2 : p * 5 + 5]
                points += [gods[p], pharaohs[p], nile, CIV_TABLE[civ_marks], monuments]
            for _ in range(2):  # twice: scoring again gives the same
                s = st.sheets[:]
                assert score_kingdom(s, n, k) == (counts, points)
                for p in range(n):
                    box = st.sheets[p * SHEET_WIDTH + GOD_TOTALS_START + k]
                    assert s[p * SHEET_WIDTH + GOD_TOTALS_START + k] == (box if box >= 0 else counts[p * 5])
