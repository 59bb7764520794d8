"""Property tests over random Ra games, 2-5 players: Ra's own invariants after every action (hypothesis).

The engine contract every game keeps (apply/push, clones, JSON, records, views, from_view) is checked in
tests/games/test_conformance.py; this file keeps what is specific to Ra's rules.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from ra_helpers import check_invariants

from ra.games.ra import State, str_to_action
from ra.games.ra import tables as T

DRAW = str_to_action("draw")


def play_checked(players: int, seed: int, draw_bias: float, floor: str) -> State:
    """A random game checked after every action; `draw_bias` favours drawing, for long epochs and full tracks."""
    rng = random.Random(seed)
    state = State.new({"players": players, "final_floor": floor}, seed=seed)
    check_invariants(state)
    while not state.is_terminal():
        acts = state.legal_actions()
        action = DRAW if DRAW in acts and rng.random() < draw_bias else rng.choice(acts)
        state.apply(action, state.current_players()[0])
        check_invariants(state)
    return state


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    draw_bias=st.sampled_from([0.0, 0.5, 0.8, 0.95]),
    floor=st.sampled_from(["once", "twice"]),
)
def test_random_games_keep_ras_invariants(players: int, seed: int, draw_bias: float, floor: str) -> None:
    state = play_checked(players, seed, draw_bias, floor)
    assert state.is_terminal() and len(state.winners()) == 1, "§9.4: exactly one winner"
    assert [e["epoch"] for e in state.epoch_scores] == [1, 2, 3]
    for e in state.epoch_scores:
        for row in e["players"]:
            assert row["net"] == sum(row["categories"].values())
            assert row["after"] >= 0 and (floor == "twice" or row["after"] == max(0, row["before"] + row["net"]))
    assert [r["after"] for r in state.epoch_scores[-1]["players"]] == state.scores()
    kept = [k for k in range(T.NUM_KINDS) if any(state.held[p * T.NUM_KINDS + k] for p in range(players))]
    assert set(kept) <= T.SCARAB, "§8.2.4: only scarab tiles are held after the last epoch"
