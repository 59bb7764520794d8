"""Observations straight from the state equal the view-based encoder's, entry for entry (docs/OBSERVATIONS.md).

The view-based encoder (`ra.envs.observation.encoder`) is the reference: it reads nothing but the seat's view. The
state encoders (`ra.envs.<game>.fromstate`) must give identical float32 vectors and masks on every state, whatever
state they saw before, and stay blind to hidden information.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from env_states import ra_disasters, ra_spending_gods, random_states, replayed_with_other_bag  # noqa: E402

from ra.core.protocol import GameState  # noqa: E402
from ra.envs.fromstate import LOOKAHEAD, StateEncoder  # noqa: E402
from ra.envs.observation import encoder, state_encoder  # noqa: E402
from ra.games import game_module  # noqa: E402

GAMES = ("ra", "write")
COUNTS = (2, 3, 4, 5)
VARIANT = {"ra": {"scores_visible": True}, "write": {"kingdom_limited": True}}  # the table option that changes views
PHASES = {
    "ra": {"turn", "auction", "gods", "disaster", "over"},
    "write": {"reveal", "active_choice", "others_choice", "over"},
}


def assert_same(enc: StateEncoder, state: GameState, seat: int | None) -> None:
    """The state encoder's vector and mask for `seat` equal the reference's for the seat's view."""
    reference = encoder(state.GAME)
    view = state.view(seat)
    expected, got = reference.encode(view), enc.observe(state, seat)
    assert got.dtype == np.float32 and got.shape == expected.shape
    differ = np.flatnonzero(got != expected)
    assert not differ.size, f"{state!r} seat {seat}: entries {differ[:10].tolist()} differ"
    mask = enc.mask(state, seat)
    assert mask.dtype == np.int8 and np.array_equal(mask, reference.mask(view))


def game_states(game: str, seed: int) -> list[GameState]:
    """Every position of random games at each player count, with and without the table variant; in Ra also games
    steered into disaster choices and positions of spending gods (rare in random play)."""
    out: list[GameState] = []
    for players in COUNTS:
        for options in ({}, VARIANT[game]):
            out += random_states(game, players, seed=seed + players, options=options)
            if game == "ra":
                out += random_states(game, players, seed=seed + 10 * players, options=options, weights=ra_disasters)
    if game == "ra":
        out += ra_spending_gods(seed) + ra_spending_gods(seed + 1, players=5)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_equal_to_the_view_encoder_along_whole_games(game: str) -> None:
    """In play order (the encoder refreshing from each position to the next), every seat and the spectator."""
    enc = state_encoder(game)
    states = game_states(game, seed=1)
    seen = set()
    for state in states:
        seen.add(state.view(None)["phase"])
        for seat in [None, *range(state.num_players)]:
            assert_same(enc, state, seat)
    assert seen == PHASES[game], "the random games did not reach every phase"
    assert sum(s.is_terminal() for s in states) >= 2 * len(COUNTS)


@pytest.mark.parametrize("game", GAMES)
def test_equal_in_any_order_of_states(game: str) -> None:
    """States shuffled across games and table sizes: what the encoder remembers never leaks into the next one."""
    enc = state_encoder(game)
    states = game_states(game, seed=2)
    random.Random(3).shuffle(states)
    rng = random.Random(4)
    for state in states[:1500]:
        assert_same(enc, state, rng.choice([None, *range(state.num_players)]))


@pytest.mark.parametrize("game", GAMES)
def test_hidden_order_never_reaches_an_observation(game: str) -> None:
    """Twin states (another undrawn order, a reshuffle, a state rebuilt from a view) give identical vectors."""
    enc, twin = state_encoder(game), state_encoder(game)
    for index, state in enumerate(random_states(game, 3, seed=11, every=9)):
        seat = len(state.history) % 3
        rebuilt = game_module(game).from_view(state.view(seat), random.Random(index))  # only this seat's view agrees
        twins = [(replayed_with_other_bag(state), range(3)), (state.reshuffled(random.Random(index)), range(3))]
        for other, viewers in [*twins, (rebuilt, (seat,))]:
            for viewer in viewers:
                assert np.array_equal(enc.observe(state, viewer), twin.observe(other, viewer))
                assert np.array_equal(enc.mask(state, viewer), twin.mask(other, viewer))
            assert_same(twin, other, seat)


@pytest.mark.parametrize("game", GAMES)
def test_full_state_shows_every_score_and_the_next_draws(game: str) -> None:
    """state(): seat 0's vector with every score shown, then the next draws one-hot; it leaks what is hidden."""
    enc = state_encoder(game)
    state = random_states(game, 4, seed=6)[50]
    full = enc.full_state(state)
    assert full.shape == (enc.state_size,) == (enc.size + LOOKAHEAD * enc.outcomes,)
    shown = encoder(game).encode(state.view(0))
    size = enc.size
    if game == "ra":  # R3 hides the other seats' scores from seat 0; the full state has them
        scores = enc.layout.slices["scores"]
        assert full[scores][1::2][:4].tolist() == pytest.approx([s / 100 for s in state.scores()])
        assert full[scores][0::2][:4].tolist() == [1.0] * 4
        hidden = np.ones(size, dtype=bool)
        hidden[scores] = False
        assert np.array_equal(full[:size][hidden], shown[hidden])
    else:
        assert np.array_equal(full[:size], shown)
    draws = full[size:].reshape(LOOKAHEAD, enc.outcomes)
    assert (draws.sum(axis=1) == 1).all()
    twin = state.reshuffled(random.Random(1))
    assert not np.array_equal(state_encoder(game).full_state(twin), full)  # the hidden order is in it


def next_draws(state: Any) -> list[int]:
    """The outcome indexes of the next draws, from the engine (the bag is drawn from its end)."""
    if state.GAME == "ra":
        return list(reversed(state.bag))[:LOOKAHEAD]
    return list(state.deck[state.pos : state.pos + LOOKAHEAD])


@pytest.mark.parametrize("game", GAMES)
def test_full_state_draws_are_the_engines(game: str) -> None:
    """The lookahead part is the engine's own next draws, in order."""
    enc = state_encoder(game)
    for state in random_states(game, 3, seed=9, every=25):
        full = enc.full_state(state)
        draws = full[enc.size :].reshape(LOOKAHEAD, enc.outcomes)
        expected = next_draws(state)
        assert [int(np.flatnonzero(row)[0]) for row in draws[: len(expected)]] == expected
        assert not draws[len(expected) :].any()


@pytest.mark.parametrize("game", GAMES)
def test_copies_and_pickles_start_afresh(game: str) -> None:
    """A copied or unpickled encoder is a fresh one: same vectors, its own board."""
    enc = state_encoder(game)
    states = random_states(game, 3, seed=5, every=13)
    enc.observe(states[3], 0)
    for other in (copy.deepcopy(enc), pickle.loads(pickle.dumps(enc))):
        assert type(other) is type(enc) and other.board is not enc.board
        for state in states:
            assert np.array_equal(other.observe(state, 1), enc.observe(state, 1))
