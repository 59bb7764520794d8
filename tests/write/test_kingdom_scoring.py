"""Kingdom scoring (scoring.py: byte counts) agrees with §5 played out plainly."""

from __future__ import annotations

import random

from ra.games.write import State
from ra.games.write.phases import REVEAL
from ra.games.write.scoring import score_kingdom
from ra.games.write.sheet import C0, G0, GT, M0, N0, NCIV, NMON, PH, W
from ra.games.write.tables import (
    CIV_TABLE,
    MAJORITY_PENALTY_MIN_PLAYERS,
    MAJORITY_POINTS,
    NILE_SPACES,
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
            sheets = list(st.s)
            counts: list[int] = []
            for p in range(n):
                b = p * W
                civ = sheets[b + C0 + k * NCIV : b + C0 + k * NCIV + NCIV]
                counts += [
                    sum(sheets[b + G0 + 3 * k : b + G0 + 3 * k + 3]),
                    sheets[b + PH],
                    sum(1 for v in sheets[b + N0 : b + N0 + NILE_SPACES] if v),
                    sum(civ),
                    sum(1 for v in sheets[b + M0 : b + M0 + NMON] if v),
                ]
            gods, pharaohs = _plain_majority(counts[0::5]), _plain_majority(counts[1::5])
            points: list[int] = []
            for p in range(n):
                nile, civ_marks, monuments = counts[p * 5 + 2 : p * 5 + 5]
                points += [gods[p], pharaohs[p], nile, CIV_TABLE[civ_marks], monuments]
            for _ in range(2):  # twice: scoring again gives the same
                s = st.s[:]
                assert score_kingdom(s, n, k) == (counts, points)
                for p in range(n):
                    box = st.s[p * W + GT + k]
                    assert s[p * W + GT + k] == (box if box >= 0 else counts[p * 5])
