"""Bots are deterministic given their seed; specs, levels and budgets parse as documented."""

from __future__ import annotations

import pytest

from ra.bots import BOT_KINDS, LEVELS, make_bot, parse_spec, resolve_spec
from ra.bots.mcts import MctsBot
from ra.tournament.runner import play_game


@pytest.mark.parametrize("game", ["ra", "write"])
@pytest.mark.parametrize("spec", ["greedy", "greedy:epsilon=0.3", "mcts:iterations=10", "random", "easy"])
def test_same_seed_same_game(game: str, spec: str) -> None:
    """Replaying the same seats with the same seeds gives the identical record."""
    seats = [spec, "greedy", "random"]
    first, _ = play_game(game, seats, 21, [1, 2, 3])
    second, _ = play_game(game, seats, 21, [1, 2, 3])
    assert first.record() == second.record()


def test_kinds_and_levels_are_exported() -> None:
    """BOT_KINDS and LEVELS list what the server's form offers; every level builds for both games."""
    assert set(BOT_KINDS) == {"random", "greedy", "mcts"}
    assert list(LEVELS) == ["easy", "medium", "hard"]
    for level in LEVELS:
        for game in ("ra", "write"):
            assert make_bot(level, game, seed=1) is not None


@pytest.mark.parametrize(
    ("spec", "kind", "settings"),
    [
        ("random", "random", {}),
        ("greedy", "greedy", {}),
        ("mcts", "mcts", {}),
        ("mcts:iterations=400", "mcts", {"iterations": 400}),
        ("mcts:seconds=0.5", "mcts", {"seconds": 0.5}),
        ("MCTS: iterations=10 , seconds=2", "mcts", {"iterations": 10, "seconds": 2.0}),
        ("medium", "greedy", {}),
    ],
)
def test_parse_spec(spec: str, kind: str, settings: dict[str, float]) -> None:
    """Specs split into a kind and typed settings."""
    assert parse_spec(spec) == (kind, settings)


@pytest.mark.parametrize("spec", ["alphazero", "mcts:depth=3", "mcts:iterations=x", "mcts:iterations=0", "random:x=1"])
def test_bad_specs_raise(spec: str) -> None:
    """Unknown kinds and settings are ValueErrors naming the problem."""
    with pytest.raises(ValueError):
        make_bot(spec, "ra", 0)


def test_unknown_game_raises() -> None:
    """Only ra and write have bots."""
    with pytest.raises(ValueError):
        make_bot("random", "chess", 0)


def test_budgets() -> None:
    """An iteration budget is exact; a seconds budget stops the search near the deadline."""
    from ra.tournament.runner import new_game

    state = new_game("ra", 3, seed=2)
    view = state.view(state.current_players()[0])
    bot = make_bot("mcts:iterations=37", "ra", 0)
    assert isinstance(bot, MctsBot)
    bot.choose(view)
    assert bot.last_iterations == 37
    timed = make_bot("mcts:seconds=0.05", "ra", 0)
    assert isinstance(timed, MctsBot)
    timed.choose(view)
    assert timed.last_iterations >= 1
    assert resolve_spec("hard").startswith("mcts:")


def test_split_specs_keeps_multi_setting_specs_whole() -> None:
    """In a seat list, `key=value` items continue the spec before them."""
    from ra.bots import split_specs

    assert split_specs("mcts:iterations=1000,seconds=1.0,greedy,greedy") == [
        "mcts:iterations=1000,seconds=1.0",
        "greedy",
        "greedy",
    ]
    assert split_specs("mcts,greedy:epsilon=0.2,random") == ["mcts", "greedy:epsilon=0.2", "random"]
    assert split_specs(" hard , easy ,") == ["hard", "easy"]
    assert parse_spec("mcts:iterations=5;seconds=2") == ("mcts", {"iterations": 5, "seconds": 2.0})
