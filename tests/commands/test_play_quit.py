"""Leaving `ra play`: `quit` or `exit` ends the game in both games, and the prompt says so."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ra.cli import app


@pytest.mark.parametrize("game", ["ra", "write"])
@pytest.mark.parametrize("typed", ["quit", "exit", "QUIT"])
def test_quit_or_exit_leaves_the_game_and_the_prompt_says_how(game: str, typed: str) -> None:
    result = CliRunner().invoke(app, ["play", game, "-n", "2", "--seed", "3"], input=f"{typed}\n" + "1\n" * 5000)
    assert result.exit_code == 0, result.output
    assert "quit leaves the game" in result.output
    assert "Not a choice" not in result.output
    assert "Game abandoned." in result.output
    assert "Final scores" not in result.output  # it ended there, not played to the end
