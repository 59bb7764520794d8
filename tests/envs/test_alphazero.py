"""ra.envs.alphazero: the search agent decides from its seat's view alone, by its budget, deterministically, with the
shipped networks (policy per table size, value), and its PUCT follows the value it is given."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from ra.envs.alphazero import AlphaZeroBot
from ra.envs.parts import game_parts
from ra.envs.policy import MlpValue
from ra.tournament.games import new_game

GAMES = ("ra", "write")


def agent_class(game: str) -> type[AlphaZeroBot]:
    import importlib

    found: type[AlphaZeroBot] = importlib.import_module(f"ra.envs.{game}.learned").AlphaZero
    return found


def play_to(game: str, players: int, seed: int, moves: int) -> Any:
    """A game after `moves` first-legal moves (a position with choices)."""
    state = new_game(game, players, seed)
    for _ in range(moves):
        player = state.current_players()[0]
        state.push(state.legal_actions(player)[-1], player)
    return state


def deciding_view(game: str, players: int, seed: int) -> Mapping[str, Any]:
    """The view of the first seat, from move 6 on, that has more than one legal action."""
    state = play_to(game, players, seed, 6)
    while True:
        player = state.current_players()[0]
        if len(state.legal_actions(player)) > 1:
            view: Mapping[str, Any] = state.view(player)
            return view
        state.push(state.legal_actions(player)[0], player)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_plays_a_legal_move_by_its_budget_and_its_seed(game: str, players: int) -> None:
    cls = agent_class(game)
    view = deciding_view(game, players, seed=11)
    first = cls(game=game, seed=5, seconds=None)
    action = first.decide(view, view["legal_actions"])
    assert action in [entry["id"] for entry in view["legal_actions"]]
    assert first.last_simulations == cls.simulations
    # Every simulation but the root's expansion passes through one root edge.
    assert sum(first.last_visits.values()) == cls.simulations - 1
    again = cls(game=game, seed=5, seconds=None)
    assert again.decide(view, view["legal_actions"]) == action
    assert again.last_visits == first.last_visits


@pytest.mark.parametrize("game", GAMES)
def test_its_searches_differ_only_by_what_the_view_shows(game: str) -> None:
    """Two games with the same view but another hidden order lead to the same search, visit for visit."""
    import random

    cls = agent_class(game)
    state = play_to(game, 3, 23, 8)
    other = state.reshuffled(random.Random(99))
    player = state.current_players()[0]
    view, other_view = state.view(player), other.view(player)
    assert view == other_view
    bots = [cls(game=game, seed=1, seconds=None) for _ in range(2)]
    assert bots[0].decide(view, view["legal_actions"]) == bots[1].decide(other_view, other_view["legal_actions"])
    assert bots[0].last_visits == bots[1].last_visits


def test_a_seconds_budget_stops_the_search() -> None:
    view = deciding_view("ra", 3, seed=3)
    bot = agent_class("ra")(game="ra", seed=0, seconds=1e-9)
    bot.decide(view, view["legal_actions"])
    assert 1 <= bot.last_simulations < agent_class("ra").simulations


class _TrackValue:
    """A value network that values the tiles on the auction track (or their absence), for every seat: 1 per tile
    (the entries count tiles / 8), or 1 less 1 per tile."""

    def __init__(self, track: slice, likes_tiles: bool) -> None:
        self.track, self.likes_tiles = track, likes_tiles

    def values(self, rows: Any) -> Any:
        tiles = 8 * np.asarray(rows)[:, self.track].sum(axis=1).astype(np.float32)
        return tiles if self.likes_tiles else 1.0 - tiles


def test_the_search_follows_its_value_past_its_prior() -> None:
    """Ra's first move: a value that likes tiles on the auction track makes it draw; one that likes them empty
    makes it call Ra (both legal, each against the other's value)."""
    from ra.games.ra import str_to_action

    game = "ra"
    encoder = game_parts(game).ENCODER
    state = new_game(game, 3, 7)
    view = state.view(state.current_players()[0])
    track = encoder.slices["auction_track"]
    draw, invoke = str_to_action("draw"), str_to_action("ra")
    assert {draw, invoke} <= {entry["id"] for entry in view["legal_actions"]}

    class Likes(agent_class(game)):  # type: ignore[misc]
        simulations: ClassVar[int] = 64

    for likes_tiles, expected in ((True, draw), (False, invoke)):
        bot = Likes(game=game, seed=0, seconds=None)
        bot.value_net = _TrackValue(track, likes_tiles)  # type: ignore[assignment]
        assert bot.decide(view, view["legal_actions"]) == expected


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_value_network_fits_its_game(game: str) -> None:
    cls = agent_class(game)
    value = MlpValue.load(Path(cls.value))
    assert value.meta["game"] == game
    assert value.meta["obs_size"] == game_parts(game).ENCODER.size
    assert value.meta["num_actions"] == 1
    assert Path(cls.value).stat().st_size < 1_000_000
    state = new_game(game, 3, 0)
    rows = np.stack([game_parts(game).STATE_ENCODER().observe(state, seat) for seat in range(3)])
    assert value.values(rows).shape == (3,)


def train(tmp_path: Path, *extra: str) -> tuple[Path, str]:
    """Run the value training at a tiny size; the exported file and what it printed."""
    import contextlib
    import io

    from research.train_alphazero import main

    out = tmp_path / "value.npz"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        main(["--game", "ra", "--games", "12", "--epochs", "2", "--seed", "2", "--out", str(out), *extra])
    return out, printed.getvalue()


def test_the_value_training_prints_its_curve_and_exports_what_the_agent_loads(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    out, printed = train(tmp_path, "--players", "2,3")
    assert "self_play games=12" in printed and "mse_of_the_mean=" in printed
    assert printed.count("held_mse=") == 3  # two epochs, then the one kept
    value = MlpValue.load(out)
    assert value.meta == {"game": "ra", "players": 0, "obs_size": game_parts("ra").ENCODER.size, "num_actions": 1}
    (tmp_path / "again").mkdir()
    again, _ = train(tmp_path / "again", "--players", "2,3")  # seeded: the same network again
    assert all(np.array_equal(a, b) for (a, _), (b, _) in zip(value.layers, MlpValue.load(again).layers, strict=True))


@pytest.mark.slow
def test_expert_iteration_adds_the_searchs_games(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    _, printed = train(tmp_path, "--players", "2", "--iterations", "1", "--search-games", "1")
    assert "iteration=1 search_games=1" in printed
