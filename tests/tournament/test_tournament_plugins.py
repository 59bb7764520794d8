"""Plug-in bots in `ra tournament`: the examples beat random players; a plug-in that fails or hangs plays random
moves instead, counted per entrant; plug-ins only where the caller allows them."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ra.bots import ANY_PLUGIN
from ra.bots.plugins import plugin_class
from ra.cli import app
from ra.tournament import run_tournament

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

FAILING = """
import time


class Raises:
    def __init__(self, *, game, seed, seconds):
        pass

    def decide(self, view, legal_actions):
        raise RuntimeError("broken")


class Illegal:
    def __init__(self, *, game, seed, seconds):
        pass

    def decide(self, view, legal_actions):
        return "no such move"


class Sleeps:
    def __init__(self, *, game, seed, seconds):
        self.seconds = seconds

    def decide(self, view, legal_actions):
        time.sleep(2)
        return legal_actions[0]["id"]
"""


@pytest.fixture
def failing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The module `plugtour_failing` in the current directory (where `ra tournament` runs)."""
    (tmp_path / "plugtour_failing.py").write_text(FAILING)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the loader adds the current directory: only for this test
    yield "plugtour_failing"
    sys.modules.pop("plugtour_failing", None)
    plugin_class.cache_clear()


@pytest.mark.parametrize(
    ("game", "spec", "jobs"), [("ra", "plugin_ra:Cautious", 1), ("write", "plugin_write:Scribe", 2)]
)
def test_the_example_plugins_beat_random_players(
    game: str, spec: str, jobs: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run from examples/, as its docstring says: 12 games against two random players, won far above 1 in 3."""
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setattr(sys, "path", list(sys.path))
    out = tmp_path / "out"
    args = ["tournament", "--game", game, "--seats", f"{spec},random,random", "--games", "12", "--seed", "1"]
    result = CliRunner().invoke(app, [*args, "--jobs", str(jobs), "--out", str(out)])
    sys.modules.pop(spec.partition(":")[0], None)
    plugin_class.cache_clear()
    assert result.exit_code == 0, result.output
    plugin, *randoms = json.loads((out / "summary.json").read_text())["entrants"]
    assert plugin["label"] == spec and plugin["games"] == 12 and plugin["fallbacks"] == 0
    assert plugin["ci_low"] > 1 / 3, plugin  # a random player wins 1 in 3
    assert all(row["fallbacks"] == 0 for row in randoms)


@pytest.mark.parametrize("bot", ["Raises", "Illegal"])
def test_a_failing_plugin_plays_random_moves_counted_as_fallbacks(failing: str, bot: str) -> None:
    result = run_tournament("ra", [f"{failing}:{bot}", "random"], 2, seed=3, plugins=ANY_PLUGIN)
    plugin, other = result.stats
    assert [len(game["scores"]) for game in result.games] == [2, 2]  # both games ended
    assert plugin.fallbacks == len(plugin.decision_times) > 10
    assert other.fallbacks == 0
    assert result.summary()["entrants"][0]["fallbacks"] == plugin.fallbacks


def test_a_hanging_plugin_is_left_behind_after_its_deadline(failing: str) -> None:
    """With a budget of 0.05 s it is cut off at 1.1 s, once per game; its other moves are random at once."""
    started = time.monotonic()
    result = run_tournament("ra", [f"{failing}:Sleeps", "random"], 2, seed=3, plugins=replace(ANY_PLUGIN, seconds=0.05))
    assert time.monotonic() - started < 8
    plugin = result.stats[0]
    assert plugin.fallbacks == len(plugin.decision_times)
    assert max(plugin.decision_times) < 1.9  # its 2 s sleeps never waited for


def test_plugins_play_only_where_the_caller_allows_them(failing: str) -> None:
    with pytest.raises(ValueError, match="not allowed here"):
        run_tournament("ra", [f"{failing}:Raises", "random"], 1)
    assert "plugtour_failing" not in sys.modules


def test_the_cli_reports_fallbacks_and_takes_a_budget(failing: str) -> None:
    seats = f"{failing}:Raises,random"
    args = ["tournament", "--game", "ra", "--players", "2", "--seats", seats, "--games", "1", "--plugin-seconds", "1"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "fallbacks" in result.output
    missing = CliRunner().invoke(app, ["tournament", "--players", "2", "--seats", "nowhere_xyz:Bot,random"])
    assert missing.exit_code == 2 and "cannot be loaded" in missing.output
