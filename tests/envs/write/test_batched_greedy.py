"""RA and Write's batched greedy opponents (`ra.envs.write.greedy`) choose what the greedy bot chooses."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from ra.bots.write.heuristic import WriteGreedyBot  # noqa: E402
from ra.bots.write.valuation import relative_value  # noqa: E402
from ra.envs.observation import state_encoder  # noqa: E402
from ra.envs.opponents import Waiting, make_opponents  # noqa: E402
from ra.envs.write.greedy import BatchedGreedy, relative_values  # noqa: E402
from ra.games.write import State  # noqa: E402


def positions(players: int, games: int, share: float) -> list[tuple[State, int]]:
    """A share of the positions of random games, each with its seat to decide (bonus chains and choices alike)."""
    rng = random.Random(players)
    out: list[tuple[State, int]] = []
    for game in range(games):
        state = State.new({"players": players}, seed=1000 * players + game)
        while not state.is_terminal():
            seat = state.current_players()[0]
            if rng.random() < share:
                out.append((state.clone(), seat))
            state.apply(rng.choice(list(state.legal_actions(seat))), seat)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_batched_choices_are_the_bots(players: int) -> None:
    """All positions in one batch: the valuation agrees with the bot's, and so does every choice."""
    found = positions(players, games=2, share=0.35)
    values = relative_values([state for state, _ in found], [seat for _, seat in found])
    for (state, seat), value in zip(found, values, strict=True):
        assert value == pytest.approx(relative_value(state, seat), abs=1e-9)
    batched = BatchedGreedy()
    encoder = state_encoder("write")
    waiting = []
    for k, (state, seat) in enumerate(found):
        batched.rngs[k, seat] = random.Random(k)
        waiting.append(Waiting(k, state, seat, encoder))
    chosen = batched.choose(waiting)
    expected = [WriteGreedyBot(k).choose(state.view(seat)) for k, (state, seat) in enumerate(found)]
    assert chosen == expected
    assert len(set(expected)) > 10, "the positions offer varied choices"


def test_make_opponents_batches_greedy_only_where_it_can() -> None:
    """`greedy` is batched for RA and Write; an epsilon, or Ra's greedy, are bots per game."""
    assert isinstance(make_opponents("greedy", "write"), BatchedGreedy)
    assert not isinstance(make_opponents("greedy:epsilon=0.3", "write"), BatchedGreedy)
    assert not isinstance(make_opponents("greedy", "ra"), BatchedGreedy)
