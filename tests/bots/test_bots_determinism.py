"""Bots are deterministic given their seed; budgets stop the search as documented."""

from __future__ import annotations

import pytest

from ra.bots import make_bot
from ra.bots.mcts import MctsBot
from ra.tournament.games import new_game, play_game


@pytest.mark.parametrize("game", ["ra", "write"])
@pytest.mark.parametrize("spec", ["greedy", "greedy:epsilon=0.3", "mcts:iterations=10", "random", "easy"])
def test_same_seed_same_game(game: str, spec: str) -> None:
    """Replaying the same seats with the same seeds gives the identical record."""
    seats = [spec, "greedy", "random"]
    first, _ = play_game(game, seats, 21, [1, 2, 3])
    second, _ = play_game(game, seats, 21, [1, 2, 3])
    assert first.record() == second.record()


def test_budgets() -> None:
    """An iteration budget is exact; a seconds budget stops the search near the deadline; no budget means 400."""
    state = new_game("ra", 3, seed=2)
    view = state.view(state.current_players()[0])
    bot = make_bot("mcts:iterations=37", "ra", 0)
    assert isinstance(bot, MctsBot)
    bot.choose(view)
    assert bot.last_iterations == 37
    timed = make_bot("mcts:seconds=0.05", "ra", 0)
    assert isinstance(timed, MctsBot) and timed.iterations is None
    timed.choose(view)
    assert timed.last_iterations >= 1
    plain = make_bot("mcts:c=1.5", "ra", 0)
    assert isinstance(plain, MctsBot) and (plain.iterations, plain.seconds, plain.c) == (400, None, 1.5)
