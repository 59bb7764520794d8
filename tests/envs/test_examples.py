"""The scripts in examples/ run: one per interface, random agents, a couple of short games each."""

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


@pytest.mark.slow
def test_ray_tournament_example(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A 4-game tournament on a local Ray instance (slow: starts Ray; tests/tournament covers Ray by default)."""
    ray = pytest.importorskip("ray")
    out = run_example("ray_tournament", ["--games", "4"], monkeypatch, capsys)
    assert out.count("bot=") == 3
    assert not ray.is_initialized()
