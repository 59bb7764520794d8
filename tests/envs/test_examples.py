"""The scripts in examples/ run: one per interface, random agents, a couple of short games each; self-play."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run_example(name: str, args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """Run examples/<name>.py as a script with `args`; its standard output."""
    monkeypatch.setattr(sys, "argv", [name, *args])
    runpy.run_path(str(EXAMPLES / f"{name}.py"), run_name="__main__")
    return capsys.readouterr().out


@pytest.mark.parametrize("game", ["ra", "write"])
def test_pettingzoo_example(game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Two whole games of random agents."""
    pytest.importorskip("pettingzoo")
    out = run_example("pettingzoo_random", ["--game", game, "--games", "2"], monkeypatch, capsys)
    assert out.count("rewards=") == 2


@pytest.mark.parametrize("game", ["ra", "write"])
def test_gymnasium_example(game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Two episodes of a random agent against greedy bots."""
    pytest.importorskip("gymnasium")
    out = run_example("gymnasium_random", ["--game", game, "--episodes", "2"], monkeypatch, capsys)
    assert out.count("return=") == 2


@pytest.mark.parametrize("game", ["ra", "write"])
def test_openspiel_example(game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Two games of random players with chance sampled by OpenSpiel."""
    pytest.importorskip("pyspiel")
    from ra.games import game_module

    if not hasattr(game_module(game).State, "stack_draws"):
        pytest.skip("the engines do not provide State.stack_draws yet")
    out = run_example("openspiel_random", ["--game", game, "--games", "2"], monkeypatch, capsys)
    assert out.count("returns=") == 2


@pytest.mark.parametrize("game", ["ra", "write"])
def test_vector_example(game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Masked random play on the batched environment: shapes, finished games, a rate."""
    pytest.importorskip("gymnasium")
    out = run_example("vector_random", ["--game", game, "--envs", "4", "--steps", "300"], monkeypatch, capsys)
    size = 425 if game == "ra" else 621
    assert f"observations=(4, {size})" in out and "steps=1200 " in out and "games=" in out


def selfplay(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> dict[str, float]:
    """Run the self-play example; its before/after margins and wins."""
    pytest.importorskip("gymnasium")
    out = run_example("selfplay_numpy", args, monkeypatch, capsys)
    figures = {}
    for line in out.splitlines():
        label, _, rest = line.partition(": ")
        if label in ("random", "before", "after"):
            values = dict(part.split("=") for part in rest.split())
            figures[f"{label}_margin"], figures[f"{label}_wins"] = float(values["margin"]), float(values["wins"])
    return figures


def test_selfplay_example_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The self-play loop on a tiny budget: it trains and prints a curve with standard errors over the seeds."""
    pytest.importorskip("gymnasium")
    args = ["--envs", "8", "--updates", "4", "--games", "8", "--eval-games", "16", "--eval-seeds", "4"]
    out = run_example("selfplay_numpy", [*args, "--eval-every", "2"], monkeypatch, capsys)
    points = [dict(part.split("=") for part in line.partition(": ")[2].split()) for line in out.splitlines()]
    labels = [line.partition(": ")[0] for line in out.splitlines()]
    assert labels == ["random", "before", "curve", "after"]
    assert [p.get("update") for p in points] == [None, None, "2", "4"]
    for point in points:
        assert 0 <= float(point["wins"]) <= 1 and float(point["margin_se"]) >= 0 and float(point["wins_se"]) >= 0
    assert float(points[0]["margin_se"]) > 0  # random play differs from seed to seed


@pytest.mark.slow
def test_selfplay_improves_against_random(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """With a modest budget the self-taught policy beats random seats more often than a random player does."""
    figures = selfplay(["--updates", "25", "--eval-games", "300"], monkeypatch, capsys)
    assert figures["after_margin"] > figures["before_margin"] + 5
    assert figures["after_wins"] > figures["random_wins"] + 0.1


@pytest.mark.slow
def test_ray_tournament_example(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A 4-game tournament on a local Ray instance (slow: starts Ray; tests/tournament covers Ray by default)."""
    ray = pytest.importorskip("ray")
    out = run_example("ray_tournament", ["--games", "4"], monkeypatch, capsys)
    assert out.count("bot=") == 3
    assert not ray.is_initialized()
