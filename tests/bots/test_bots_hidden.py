"""Bots decide from their seat's view alone: it holds no bag/deck order or seed, and the order cannot matter."""

from __future__ import annotations

import inspect
import json
import random

import pytest

from ra.bots import make_bot
from ra.core.protocol import GameState
from ra.tournament.games import new_game

FORBIDDEN = ("seed", "order", "draw_order", "bag_order", "deck_order")


def _keys(data: object) -> set[str]:
    if isinstance(data, dict):
        out = set(data)
        for value in data.values():
            out |= _keys(value)
        return out
    if isinstance(data, list):
        out = set()
        for value in data:
            out |= _keys(value)
        return out
    return set()


def _advance(game: str, players: int, seed: int, moves: int) -> GameState:
    state = new_game(game, players, seed=seed)
    bot = make_bot("random", game, seed=seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        state.apply(bot.choose(state.view(player)), player)
    return state


@pytest.mark.parametrize("game", ["ra", "write"])
def test_views_carry_no_order_or_seed(game: str) -> None:
    """No key of a seat's view names the seed or the hidden order."""
    state = _advance(game, 3, 5, 30)
    for seat in range(3):
        keys = _keys(state.view(seat))
        assert not keys & set(FORBIDDEN), keys & set(FORBIDDEN)
    view = state.view(0)
    if game == "ra":
        assert all(isinstance(c, int) for c in view["bag"].values())  # public counts only
    else:
        deck = view["deck"]
        assert set(deck) == {"remaining", "composition"}  # public counts only, never a sequence
        assert all(isinstance(c, int) for c in deck["composition"].values())


@pytest.mark.parametrize(
    ("game", "spec"),
    [(g, s) for g in ("ra", "write") for s in ("greedy", "mcts:iterations=40", "random")]
    + [("write", "search:samples=3")],
)
@pytest.mark.parametrize("moves", [0, 25, 60])
def test_decisions_ignore_the_undrawn_order(game: str, spec: str, moves: int) -> None:
    """Two states differing only in the undrawn order give equal views, hence equal decisions."""
    state = _advance(game, 3, 11 + moves, moves)
    if state.is_terminal():
        pytest.skip("game over")
    other = state.reshuffled(random.Random(moves))
    assert other.to_json() != state.to_json()  # the undrawn order differs, nothing else may
    player = state.current_players()[0]
    view_a, view_b = state.view(player), other.view(player)
    assert json.dumps(view_a, sort_keys=True) == json.dumps(view_b, sort_keys=True)
    choice_a = make_bot(spec, game, seed=3).choose(view_a)
    choice_b = make_bot(spec, game, seed=3).choose(view_b)
    assert choice_a == choice_b


@pytest.mark.parametrize(
    ("game", "spec"),
    [(g, s) for g in ("ra", "write") for s in ("random", "greedy", "mcts:iterations=5", "search:samples=1")],
)
def test_bots_receive_only_a_view(game: str, spec: str) -> None:
    """Structural: the only decision entry point takes one argument, the view mapping."""
    bot = make_bot(spec, game, seed=0)
    params = list(inspect.signature(bot.choose).parameters)
    assert params == ["view"]
    assert not any(type(v).__name__ == "State" for v in vars(bot).values())
