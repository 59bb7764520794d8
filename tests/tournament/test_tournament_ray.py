"""`ra tournament --ray`: games as Ray tasks give the same results as `--jobs`; the Ray path without Ray, then with."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ra.cli import app
from ra.core.record import load_record
from ra.games import replay
from ra.tournament import cluster
from ra.tournament.games import GameTask, play_task, run_task
from ra.tournament.runner import run_tournament


def without_times(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per-game results without the decision times (the only field that depends on the machine)."""
    return [{k: v for k, v in g.items() if k != "times"} for g in games]


def test_ray_task_plays_the_same_game_as_run_task(tmp_path: Path) -> None:
    """The task body returns run_task's result and the record, which the driver writes under the same name."""
    task = GameTask("write", ["greedy", "random", "random"], 3, 11, {}, str(tmp_path))
    result, record = cluster.ray_task(task)
    assert record is not None
    expected = run_task(task)
    assert without_times([result]) == without_times([expected])
    written = tmp_path / str(expected["record"])
    saved = written.read_text()
    written.unlink()
    assert cluster.collect(task, (result, record)) == result
    assert written.read_text() == saved
    no_out = GameTask("ra", ["random", "random"], 0, 1)
    assert cluster.ray_task(no_out)[1] is None


class FakeRef:
    """A finished object ref of the fake Ray (hashable by identity, like Ray's)."""

    def __init__(self, value: Any) -> None:
        """Hold the task's return value."""
        self.value = value


class FakeRay(types.ModuleType):
    """Just enough of `ray` to drive `run_on_ray` in-process: remote functions run when called."""

    def __init__(self) -> None:
        """A fake module that records init and shutdown."""
        super().__init__("ray")
        self.initialized = False
        self.init_kwargs: dict[str, Any] = {}
        self.shutdowns = 0

    def is_initialized(self) -> bool:
        """Whether `init` was called and not shut down."""
        return self.initialized

    def init(self, **kwargs: Any) -> None:
        """Record the init arguments."""
        self.initialized = True
        self.init_kwargs = kwargs

    def shutdown(self) -> None:
        """Record a shutdown."""
        self.initialized = False
        self.shutdowns += 1

    def cluster_resources(self) -> dict[str, float]:
        """Two CPUs."""
        return {"CPU": 2.0}

    def remote(self, **_: Any) -> Callable[[Callable[..., Any]], Any]:
        """A decorator whose `.remote(...)` runs the function at once and returns its value as the 'ref'."""

        def wrap(function: Callable[..., Any]) -> Any:
            return types.SimpleNamespace(remote=lambda *args: FakeRef(function(*args)))

        return wrap

    def wait(self, pending: list[Any], num_returns: int = 1) -> tuple[list[Any], list[Any]]:
        """Finish the refs in reverse order, to show results are sorted by the runner."""
        return pending[-num_returns:], pending[:-num_returns]

    def get(self, ref: Any) -> Any:
        """The value inside a fake ref."""
        return ref.value


@pytest.fixture
def fake_ray(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeRay]:
    """`import ray` gives the fake module."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    yield fake


def test_run_tournament_on_fake_ray_matches_jobs(fake_ray: FakeRay) -> None:
    """Through the Ray path, results (sorted by index) and the summary equal the process pool's."""
    specs = ["greedy", "random", "random"]
    seen: list[int] = []
    on_ray = run_tournament(
        "ra", specs, 4, seed=9, jobs=2, ray_address="local", on_done=lambda r: seen.append(r["index"])
    )
    assert seen == [3, 2, 1, 0]
    assert fake_ray.init_kwargs["num_cpus"] == 2 and fake_ray.shutdowns == 1
    local = run_tournament("ra", specs, 4, seed=9, jobs=1)
    assert without_times(on_ray.games) == without_times(local.games)
    assert [s.as_dict()["wins"] for s in on_ray.stats] == [s.as_dict()["wins"] for s in local.stats]


def test_run_on_ray_keeps_an_existing_session(fake_ray: FakeRay) -> None:
    """A Ray session opened by the caller is used and left open; an address is passed to ray.init."""
    fake_ray.initialized = True
    results = cluster.run_on_ray([GameTask("ra", ["random", "random"], 0, 1)], "ray://head:10001")
    assert len(results) == 1 and fake_ray.initialized and fake_ray.shutdowns == 0
    assert cluster.init_options("ray://head:10001", 4) == {"address": "ray://head:10001"}
    assert cluster.init_options("local", None) == {"include_dashboard": False}


def test_games_per_ray_task() -> None:
    """About four Ray tasks per CPU, at most eight games each, at least one."""
    assert cluster.chunk_size(4, 2) == 1
    assert cluster.chunk_size(200, 2) == 8
    assert cluster.chunk_size(40, 2) == 5
    assert cluster.chunk_size(1000, 64) == 4
    assert cluster.chunk_size(0, 0) == 1


def test_ray_chunk_plays_each_game() -> None:
    """A chunk's outcomes are its games' outcomes, in order."""
    tasks = [GameTask("ra", ["random", "greedy"], i, 4) for i in range(3)]
    outcomes = cluster.ray_chunk(tasks, play_task)
    assert [without_times([r])[0] for r, _ in outcomes] == without_times([run_task(t) for t in tasks])


def test_local_ray_follows_ray_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--ray` without an address connects to RAY_ADDRESS when it is set (no CPU count is imposed then)."""
    monkeypatch.setenv("RAY_ADDRESS", "head:6379")
    assert cluster.init_options("local", 2) == {}
    monkeypatch.delenv("RAY_ADDRESS")
    assert cluster.init_options("local", 2) == {"include_dashboard": False, "num_cpus": 2}


def test_cli_ray_flag_and_address(fake_ray: FakeRay, tmp_path: Path) -> None:
    """`--ray` alone starts a local instance, `--ray ADDRESS` connects there; an address alone is refused."""
    runner = CliRunner()
    base = ["tournament", "--game", "write", "--players", "2", "--seats", "greedy,random", "--games", "2"]
    out = tmp_path / "out"
    result = runner.invoke(app, [*base, "--ray", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "address" not in fake_ray.init_kwargs and "greedy" in result.output
    summary = json.loads((out / "summary.json").read_text())
    for entry in summary["games"]:
        assert replay(load_record(out / entry["record"])).scores() == entry["scores"]
    result = runner.invoke(app, [*base, "--ray", "auto"])
    assert result.exit_code == 0, result.output
    assert fake_ray.init_kwargs["address"] == "auto"
    assert runner.invoke(app, [*base, "auto"]).exit_code == 2


def test_tournament_on_a_local_ray_cluster_matches_jobs() -> None:
    """A real local Ray instance (2 CPUs): 4 games give the results of --jobs 2; Ray is shut down afterwards."""
    ray = pytest.importorskip("ray")
    specs = ["random", "random", "greedy"]
    pooled = run_tournament("ra", specs, 4, seed=21, jobs=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_tournament("ra", specs, 4, seed=21, ray_address="local")
        assert ray.is_initialized()
        result = CliRunner().invoke(
            app, ["tournament", "--players", "3", "--seats", "random,random,greedy", "--games", "4", "--seed", "21",
                  "--ray"],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    finally:
        ray.shutdown()
    assert not ray.is_initialized()
    assert without_times(on_ray.games) == without_times(pooled.games)
    assert "4/4" in result.output
