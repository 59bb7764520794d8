"""The scoring written out per player count (scorers.py) agrees with scoring.py's plain loops after every push of many
random games, and a game's scoring reveals leave what scoring.py would leave."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from ra.games.write import State
from ra.games.write.scorers import (
    FINAL_SCORERS,
    KINGDOM_SCORERS,
    TOTALS_BY_PLAYERS,
    kingdom_scorer_source,
)
from ra.games.write.scoring import end_bonuses, score_kingdom, totals
from ra.games.write.sheet import GOD_TOTALS_START, SHEET_WIDTH
from ra.games.write.tables import KINGDOMS, RA_PER_KINGDOM


def _random_states(players: int, limited: bool, seed: int) -> list[State]:
    """Every state of one random game, first to last."""
    rng = random.Random(seed)
    st = State.new({"players": players, "kingdom_limited": limited}, seed=seed)
    states = [st.clone()]
    while not st.is_terminal():
        player = rng.choice(st.current_players())
        st.push(rng.choice(st.legal_actions(player)), player)
        states.append(st.clone())
    return states


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("limited", [False, True])
def test_written_out_scoring_equals_the_loops(players: int, limited: bool) -> None:
    """Kingdom scoring (with the Gods total boxes it fills), end bonuses and totals, over every state of 6 games."""
    checked_totals = 0
    for seed in range(6):
        for st in _random_states(players, limited, 1000 * players + seed):
            for k in range(len(KINGDOMS)):
                plain, fast = st.sheets[:], st.sheets[:]
                assert KINGDOM_SCORERS[players][k](fast, fast.tobytes()) == score_kingdom(plain, players, k)
                assert fast == plain
            final = st.sheets[:]
            assert FINAL_SCORERS[players](final, final.tobytes())[2] == end_bonuses(st.sheets, players)
            assert st.scores() == TOTALS_BY_PLAYERS[players](st.kingdom_points, st.bonuses)
            assert st.scores() == totals(players, st.kingdom_points, st.bonuses)
            checked_totals += bool(st.kingdom_points)
    assert checked_totals > 0  # the games reached scored Kingdoms


def test_a_played_game_scores_as_the_loops_would() -> None:
    """Replaying a game and scoring each Kingdom with scoring.py at its third Ra gives the state's rows and boxes."""
    for players in (2, 3, 5):
        states = _random_states(players, False, 7 + players)
        for before, after in pairwise(states):
            if after.ra // RA_PER_KINGDOM > before.ra // RA_PER_KINGDOM:
                k = after.ra // RA_PER_KINGDOM - 1
                sheets = before.sheets[:]
                counts, points = score_kingdom(sheets, players, k)
                assert after.kingdom_counts[-1] == counts and after.kingdom_points[-1] == points
                assert [sheets[p * SHEET_WIDTH + GOD_TOTALS_START + k] for p in range(players)] == [
                    after.sheets[p * SHEET_WIDTH + GOD_TOTALS_START + k] for p in range(players)
                ]
        final = states[-1]
        assert final.bonuses == end_bonuses(final.sheets, players)
        assert len(final.kingdom_points) == len(KINGDOMS)


def test_majorities_ties_and_empty_boxes() -> None:
    """Hand-made sheets: a tie for the most and the fewest, all equal, an empty Gods total box filled, two players."""
    st = State.new({"players": 3}, seed=1)
    s = st.sheets
    for p, gods in enumerate([(5, 0, 0), (5, 0, 0), (1, 2, 0)]):  # 5, 5, 3: two share the most
        s[p * SHEET_WIDTH : p * SHEET_WIDTH + 3] = type(s)("b", gods)
    counts, points = KINGDOM_SCORERS[3][0](s, s.tobytes())
    assert counts[0::5] == [5, 5, 3] and points[0::5] == [5, 5, -5]
    assert counts[1::5] == [0, 0, 0] and points[1::5] == [0, 0, 0]  # no Pharaohs anywhere: all equal, no points
    assert [s[p * SHEET_WIDTH + GOD_TOTALS_START] for p in range(3)] == [5, 5, 3]
    two = State.new({"players": 2}, seed=1).sheets
    two[0] = 9
    assert KINGDOM_SCORERS[2][0](two, two.tobytes())[1][0::5] == [5, 0]  # two players: no penalty for the fewest


def test_the_sources_name_every_seat() -> None:
    """The generated sources grow with the player count (one block per seat)."""
    assert kingdom_scorer_source(5, 2).count("EMPTY_TOTAL") == 5
    assert kingdom_scorer_source(4, 2, end=True).count("PHARAOH_SPACES") == 4
