"""Every bot only ever chooses legal actions: whole games of both games at every player count, tiny budgets."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from ra.bots import legal_ids, make_bot
from ra.core.protocol import GameState
from ra.games import replay
from ra.tournament.games import new_game

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


# The last epoch (Ra) or Kingdom (RA and Write): short to play out, and where the end of the game is decided.
LAST_STAGE: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "ra": lambda view: view["epoch"] == 3,
    "write": lambda view: view["kingdom"] == "new",
}


def _late_position(game: str, players: int, seed: int) -> GameState:
    """A seeded game advanced by random play into its last stage."""
    state = new_game(game, players, seed=seed)
    bot = make_bot("random", game, seed=seed)
    while not LAST_STAGE[game](state.view(None)):
        player = state.current_players()[0]
        state.apply(bot.choose(state.view(player)), player)
    return state


@pytest.mark.parametrize("game", ["ra", "write"])
@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=20"])
def test_bots_play_every_seat_of_a_game(game: str, spec: str) -> None:
    """The same bot at every seat finishes a late position: every decision legal, from that seat's own view.

    Of several players choosing at once (RA and Write), the last one acts first every other move, so a bot also
    decides when others have not yet. The finished game is a valid record: it replays to the same scores.
    """
    state = _late_position(game, 3, seed=7)
    bots = [make_bot(spec, game, seed=seat) for seat in range(3)]
    decisions = 0
    while not state.is_terminal():
        pending = state.current_players()
        player = pending[-1] if decisions % 2 else pending[0]
        view = state.view(player)
        assert view["viewer"] == player
        action = bots[player].choose(view)
        assert action in legal_ids(view)
        assert action in state.legal_actions(player)
        state.apply(action, player)
        decisions += 1
        assert decisions < 2_000
    assert decisions > 3 * 2 and state.winners()
    assert replay(state.record()).scores() == state.scores()


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
