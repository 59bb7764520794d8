"""A game's bots are found by name: levels and kinds per game, and a game without a bots subpackage still plays."""

from __future__ import annotations

import pytest

from ra.bots import BOT_KINDS, Level, kinds_for, legal_ids, levels_for, make_bot, parse_spec
from ra.bots.mcts import MctsBot
from ra.bots.playout import all_actions, random_rollout
from ra.bots.registry import GENERIC_LEVELS, game_bots
from ra.games import GAMES
from ra.tournament.games import new_game

HARD = {
    "ra": "search:samples=10,depth=2,nodes=4000,blind=1,learned=3,seconds=1.0",
    "write": "search:samples=100,seconds=1.0",
}


@pytest.mark.parametrize("game", ["ra", "write"])
def test_levels_and_kinds_of_each_game(game: str) -> None:
    """Both games offer their kinds and the easy/medium/hard ladder; each level builds a bot of an offered kind."""
    assert BOT_KINDS == ("random", "greedy", "search", "mcts")
    assert kinds_for(game) == ("random", "greedy", "search", "mcts")
    levels = levels_for(game)
    assert [level.name for level in levels] == ["easy", "medium", "hard"]
    assert all(isinstance(level, Level) and level.description for level in levels)
    for level in levels:
        kind, _ = parse_spec(level.spec, game)
        assert kind in kinds_for(game)
        assert make_bot(level.name, game, seed=1) is not None
    hard = HARD[game]
    assert [level.spec for level in levels] == ["greedy:epsilon=0.4", "greedy", hard]


def test_unknown_game_raises() -> None:
    """Only registered games have bots."""
    for call in (lambda: make_bot("random", "chess", 0), lambda: levels_for("chess"), lambda: kinds_for("chess")):
        with pytest.raises(ValueError, match="chess"):
            call()


@pytest.fixture
def bare_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Ra's engine registered under a name that has no bots subpackage."""
    monkeypatch.setitem(GAMES, "bare", "ra.games.ra")
    return "bare"


def test_a_game_without_bots_gets_random_and_mcts(bare_game: str) -> None:
    """No subpackage: `random` and `mcts` with random playouts and every action a candidate; the generic ladder."""
    assert kinds_for(bare_game) == ("random", "mcts")
    assert levels_for(bare_game) == list(GENERIC_LEVELS)
    support = game_bots(bare_game)
    assert (support.greedy, support.rollout, support.candidates) == (None, random_rollout, all_actions)
    with pytest.raises(ValueError, match="no 'greedy' bot"):
        make_bot("greedy", bare_game, 0)
    for level in levels_for(bare_game):
        make_bot(level.name, bare_game, 0)
    state = new_game("ra", 2, seed=5)
    view = state.view(state.current_players()[0])
    bot = make_bot("mcts:iterations=3", bare_game, 0)
    assert isinstance(bot, MctsBot) and bot.rollout is random_rollout
    assert bot.choose(view) in legal_ids(view)


def test_mcts_takes_the_games_playout() -> None:
    """`mcts` uses the playout and candidate filter of the game's bots subpackage."""
    import ra.bots.ra
    import ra.bots.write

    ra_bot, write_bot = make_bot("mcts", "ra", 0), make_bot("mcts", "write", 0)
    assert isinstance(ra_bot, MctsBot) and isinstance(write_bot, MctsBot)
    assert ra_bot.rollout is ra.bots.ra.rollout and ra_bot.candidates is all_actions
    assert write_bot.rollout is ra.bots.write.rollout and write_bot.candidates is ra.bots.write.candidates
