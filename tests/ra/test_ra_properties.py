"""Property tests over random legal games, 2-5 players: invariants after every action (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from ra_helpers import check_invariants

from ra.core.record import replay
from ra.games.ra import State
from ra.games.ra.actions import DRAW


def play_checked(players: int, seed: int, draw_bias: float, visible: bool) -> State:
    rng = random.Random(seed)
    state = State.new({"players": players, "scores_visible": visible}, seed=seed)
    check_invariants(state)
    while not state.is_terminal():
        acts = state.legal_actions()
        action = DRAW if DRAW in acts and rng.random() < draw_bias else rng.choice(acts)
        state.apply(action, state.current_players()[0])
        check_invariants(state)
        if rng.random() < 0.05:  # the undrawn bag order never shows in a view
            other = state.clone()
            random.Random(seed).shuffle(other.bag)
            for viewer in (None, *range(players)):
                assert other.view(viewer) == state.view(viewer)
    return state


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    draw_bias=st.sampled_from([0.0, 0.5, 0.8, 0.95]),
    visible=st.booleans(),
)
def test_random_games_keep_every_invariant_and_replay(players: int, seed: int, draw_bias: float, visible: bool) -> None:
    state = play_checked(players, seed, draw_bias, visible)
    assert state.is_terminal() and len(state.winners()) == 1
    rec = json.loads(json.dumps(state.record()))
    assert replay(rec) == state
    draws_only = dict(rec, seed=None, order=None)
    assert replay(draws_only).view(None) == state.view(None)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_clone_and_json_copies_are_independent(players: int, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = State.new({"players": players}, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.push(rng.choice(state.legal_actions()))
    snapshot = state.to_json()
    twin = state.clone()
    while not twin.is_terminal():
        twin.push(rng.choice(twin.legal_actions()))
    assert state.to_json() == snapshot, "playing on a clone leaves the original unchanged"
    assert State.from_json(snapshot).to_json() == snapshot
