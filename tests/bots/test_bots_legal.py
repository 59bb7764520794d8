"""Every bot only ever chooses legal actions: whole games of both games at every player count, tiny budgets."""

from __future__ import annotations

import pytest

from ra.bots import make_bot
from ra.bots.base import legal_ids
from ra.tournament.runner import new_game

SEATS = ["mcts:iterations=6", "greedy", "random", "greedy:epsilon=0.5", "random"]


@pytest.mark.parametrize("game", ["ra", "write"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_choose_only_legal_actions(game: str, players: int) -> None:
    """A full game where every decision is checked against the view's legal ids and the engine's own list."""
    state = new_game(game, players, seed=100 + players)
    specs = SEATS[players - 1 :] + SEATS[: players - 1]
    bots = [make_bot(specs[seat], game, seed=seat) for seat in range(players)]
    moves = 0
    while not state.is_terminal():
        player = state.current_players()[0]
        view = state.view(player)
        action = bots[player].choose(view)
        assert action in legal_ids(view)
        assert action in state.legal_actions(player)
        state.apply(action, player)
        moves += 1
        assert moves < 20_000
    assert state.winners()


@pytest.mark.parametrize("game", ["ra", "write"])
@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=20"])
def test_bots_play_every_seat_of_a_game(game: str, spec: str) -> None:
    """The same bot at every seat (mirror match) finishes the game with legal actions only."""
    state = new_game(game, 3, seed=7)
    bots = [make_bot(spec, game, seed=seat) for seat in range(3)]
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(bots[player].choose(state.view(player)), player)
    assert len(state.scores()) == 3


@pytest.mark.slow
@pytest.mark.parametrize("game", ["ra", "write"])
@pytest.mark.parametrize("seed", range(10))
def test_many_games_stay_legal(game: str, seed: int) -> None:
    """More seeds and player counts (slow)."""
    players = 2 + seed % 4
    state = new_game(game, players, seed=seed)
    specs = SEATS[:players]
    bots = [make_bot(specs[seat], game, seed=seed * 10 + seat) for seat in range(players)]
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(bots[player].choose(state.view(player)), player)
