"""Each game's research parts are found by its name (`ra.envs.<game>`); a game without them has none."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from ra.envs.parts import game_parts, games
from ra.games import GAMES, game_module
from ra.tutorials import tutorial


def test_every_registered_game_has_its_parts() -> None:
    assert games() == tuple(GAMES)
    for game in games():
        parts = game_parts(game)
        assert parts.ENCODER.game == game and parts.ENCODER.num_actions == game_module(game).NUM_ACTIONS
        assert parts.CHANCE.short_name.startswith("python_") and parts.ENV_ID.startswith("ra/")
    assert len({game_parts(game).ENV_ID for game in games()}) == len(games())


def test_a_game_without_its_own_packages_has_no_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "plain", "ra.games.ra")  # an engine, and no ra.envs.plain or ra.tutorials.plain
    assert "plain" not in games()
    with pytest.raises(ValueError, match="unknown game 'plain'"):
        game_parts("plain")
    with pytest.raises(ValueError, match="no tutorial for 'plain'"):
        tutorial("plain")
    with pytest.raises(ValueError, match="unknown game"):
        game_parts("chess")
