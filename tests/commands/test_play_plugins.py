"""Plug-in bots in `ra play`: the examples play whole games; one that fails plays random moves, logged."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ra.bots.plugins import plugin_class
from ra.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(("game", "spec"), [("ra", "plugin_ra:Cautious"), ("write", "plugin_write:Scribe")])
def test_plugin_bots_play_a_whole_game(game: str, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Watched (`--seat -1`): every seat a plug-in, run from examples/ as its docstring says."""
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the loader adds the current directory: only for this test
    try:
        result = CliRunner().invoke(app, ["play", game, "-n", "3", "--seat", "-1", "--bots", spec, "--seed", "4"])
    finally:
        sys.modules.pop(spec.partition(":")[0], None)
        plugin_class.cache_clear()
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output and f"({spec})" in result.output


def test_a_failing_plugin_plays_random_moves_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "plugplay_bots.py").write_text(
        "class Raises:\n"
        "    def __init__(self, *, game, seed, seconds):\n"
        "        pass\n\n"
        "    def decide(self, view, legal_actions):\n"
        "        raise RuntimeError('out of ideas')\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    caplog.set_level(logging.WARNING, "ra.bots")
    try:
        args = ["play", "ra", "-n", "2", "--seat", "-1", "--bots", "plugplay_bots:Raises", "--seed", "4"]
        result = CliRunner().invoke(app, args)
        monkeypatch.chdir(EXAMPLES)
        refused = CliRunner().invoke(app, ["play", "write", "--seat", "-1", "--bots", "plugin_ra:Cautious"])
    finally:
        sys.modules.pop("plugplay_bots", None)
        sys.modules.pop("plugin_ra", None)
        plugin_class.cache_clear()
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "out of ideas; it plays a random move" in caplog.text
    assert refused.exit_code == 2 and "does not play 'write'" in refused.output
