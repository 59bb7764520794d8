"""`ra analyse` end to end through Typer's runner: tables, JSON, seats, worker processes, Ray, errors."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ra.analysis import GameAnalysis, analyse, evaluate, positions
from ra.analysis.parallel import chunk_size, process_mapper, ray_init_options
from ra.cli import app
from ra.core.record import save_record
from ra.tournament.games import play_game

runner = CliRunner()
# Cheap evaluators: a rough analysis in about a second.
SPECS = {"ra": "search:samples=2,depth=1,nodes=300", "write": "search:samples=4"}


def record_file(tmp_path: Path, game: str = "ra", players: int = 2, seed: int = 4) -> Path:
    """A finished game of greedy bots, saved as a record."""
    state, _ = play_game(game, ["greedy"] * players, seed, [seed + i for i in range(players)])
    path = tmp_path / f"{game}.json"
    save_record(state.record(), path)
    return path


def without_costs(data: dict[str, Any]) -> dict[str, Any]:
    """An analysis's JSON without what it cost (CPU seconds: the only part that depends on the machine)."""
    return {
        **{k: v for k, v in data.items() if k != "cpu_seconds"},
        "decisions": [{k: v for k, v in d.items() if k != "cpu_seconds"} for d in data["decisions"]],
    }


def analyse_json(path: Path, game: str, *extra: str) -> dict[str, Any]:
    result = runner.invoke(app, ["analyse", str(path), "--spec", SPECS[game], "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_tables_name_each_seat_and_its_costliest_decisions(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), "--spec", SPECS["ra"], "--seed", "3"])
    assert result.exit_code == 0, result.output
    expected = analyse(json.loads(path.read_text()), 3, SPECS["ra"])
    for summary in expected.seats:
        row = next(line for line in result.stdout.splitlines() if f"Seat {summary.seat} " in line and "│" in line)
        cells = [cell.strip() for cell in row.strip("│ ").split("│")]
        assert cells[1:5] == [
            str(summary.decisions),
            f"{summary.lost:.1f}",
            f"{summary.lost_per_decision:.2f}",
            f"{summary.accuracy:.0f}%",
        ]
        costliest = expected.decision(summary.costliest[0]) if summary.costliest else None
        if costliest is not None:
            assert f"Seat {summary.seat}: the costliest decisions" in result.stdout
            assert f"#{costliest.index} " in result.stdout
            assert f"{costliest.loss:.1f} [{costliest.low:.1f}, {costliest.high:.1f}]" in result.stdout


@pytest.mark.parametrize("game", ["ra", "write"])
def test_json_is_the_analysis_and_round_trips(tmp_path: Path, game: str) -> None:
    path = record_file(tmp_path, game)
    out = tmp_path / "analysis.json"
    data = analyse_json(path, game, "--seed", "7", "--out", str(out))
    assert json.loads(out.read_text()) == data
    assert data["format"] == "ra-analysis/1" and data["game"] == game and data["seed"] == 7
    again = GameAnalysis.from_json(data).as_json()
    assert {k: v for k, v in again.items() if k != "seats"} == {k: v for k, v in data.items() if k != "seats"}
    for seat, read in zip(data["seats"], again["seats"], strict=True):  # summed again from the rounded losses
        assert read == seat | {"lost": pytest.approx(seat["lost"], abs=0.001 * seat["decisions"])}
    direct = analyse(json.loads(path.read_text()), 7, SPECS[game])
    assert without_costs(data) == without_costs(direct.as_json())


@pytest.mark.parametrize(("game", "players"), [("ra", 3), ("write", 2)])
def test_two_worker_processes_give_the_same_analysis(tmp_path: Path, game: str, players: int) -> None:
    path = record_file(tmp_path, game, players)
    one = analyse_json(path, game, "--jobs", "1")
    two = analyse_json(path, game, "--jobs", "2")
    assert one["decisions"] and without_costs(one) == without_costs(two)


def test_seat_keeps_only_that_seats_decisions(tmp_path: Path) -> None:
    path = record_file(tmp_path, players=3)
    everyone = analyse_json(path, "ra")
    seat = analyse_json(path, "ra", "--seat", "1")
    assert {d["seat"] for d in seat["decisions"]} == {1}
    mine = [d for d in everyone["decisions"] if d["seat"] == 1]
    assert without_costs(seat)["decisions"] == without_costs({"decisions": mine})["decisions"]
    assert seat["seats"][1] == everyone["seats"][1] and seat["seats"][0]["decisions"] == 0
    table = runner.invoke(app, ["analyse", str(path), "--spec", SPECS["ra"], "--seat", "1"])
    assert table.exit_code == 0, table.output
    assert "Seat 1" in table.stdout and "Seat 0" not in table.stdout and "Seat 2" not in table.stdout


def test_a_missing_or_broken_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["analyse", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "cannot read record" in missing.output
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["analyse", str(broken)])
    assert result.exit_code == 2 and "cannot read record" in result.output
    assert isinstance(result.exception, SystemExit)  # an exit, not an exception's traceback


def test_an_unfinished_game_a_missing_seat_and_a_bad_spec_are_refused(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    record = json.loads(path.read_text())
    record["moves"] = record["moves"][:20]
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(record))
    result = runner.invoke(app, ["analyse", str(unfinished)])
    assert result.exit_code == 2 and "only a finished game can be analysed" in result.output
    result = runner.invoke(app, ["analyse", str(path), "--seat", "2"])
    assert result.exit_code == 2 and "there is no seat 2: the game has 2 players" in result.output
    result = runner.invoke(app, ["analyse", str(path), "--spec", "search:nonsense=1"])
    assert result.exit_code == 2 and "nonsense" in result.output
    assert runner.invoke(app, ["analyse", str(path), "--address", "auto"]).exit_code == 2


def test_german_reader(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), "--spec", SPECS["ra"], "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Platz 0" in result.stdout and "Seat 0" not in result.stdout


def test_process_mapper_keeps_the_positions_order(tmp_path: Path) -> None:
    items = positions(json.loads(record_file(tmp_path).read_text()), 1, SPECS["ra"])[:30]
    pooled = list(process_mapper(2)(evaluate, items))
    assert [r.index for r in pooled] == [p.index for p in items]
    assert pooled == [evaluate(p) for p in items]
    assert chunk_size(50, 2) == 4 and chunk_size(0, 2) == 1 and chunk_size(3, 8) == 1


class FakeRay(types.ModuleType):
    """Just enough of `ray` for `ray_mapper`, in this process: a remote call runs at once, its value is the ref."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.initialized = False
        self.init_kwargs: dict[str, Any] = {}
        self.shutdowns = 0

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **kwargs: Any) -> None:
        self.initialized, self.init_kwargs = True, kwargs

    def shutdown(self) -> None:
        self.initialized = False
        self.shutdowns += 1

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def remote(self, **_: Any) -> Callable[[Callable[..., Any]], Any]:
        return lambda function: types.SimpleNamespace(remote=lambda *args: function(*args))

    def get(self, ref: Any) -> Any:
        return ref


def test_ray_gives_the_same_analysis_and_shuts_down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = record_file(tmp_path)
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    on_ray = analyse_json(path, "ra", "--ray", "--jobs", "2")
    assert fake.init_kwargs["num_cpus"] == 2 and fake.shutdowns == 1 and not fake.initialized
    assert without_costs(on_ray) == without_costs(analyse_json(path, "ra"))
    analyse_json(path, "ra", "--ray", "--address", "auto")
    assert fake.init_kwargs["address"] == "auto"
    assert ray_init_options("local", None) == {"include_dashboard": False}


def test_ray_missing_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    result = runner.invoke(app, ["analyse", str(record_file(tmp_path)), "--ray"])
    assert result.exit_code == 2 and "Ray is not installed" in result.output


@pytest.mark.slow
def test_a_local_ray_instance_gives_the_same_analysis(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    path = record_file(tmp_path, players=3)
    assert without_costs(analyse_json(path, "ra", "--ray", "--jobs", "2")) == without_costs(analyse_json(path, "ra"))


@pytest.mark.parametrize(
    ("option", "problem"),
    [
        ("chess=search", "GAME one of ra, write"),
        ("ra", "GAME one of ra, write"),
        ("ra=mcts", "search bot"),
        ("write=search:depth=2", "takes only samples and seconds"),
    ],
)
def test_serve_refuses_an_analysis_spec_it_cannot_use(option: str, problem: str) -> None:
    """`ra serve --analysis-spec` names a game and a search spec its bots take, or the server does not start."""
    result = CliRunner().invoke(app, ["serve", "--analysis-spec", option])
    assert result.exit_code == 2
    assert problem in result.output


def test_serve_takes_analysis_specs_per_game() -> None:
    from ra.commands.serve import analysis_specs_of

    assert analysis_specs_of(["ra=search:samples=2,depth=1", "write=search:samples=4"]) == {
        "ra": "search:samples=2,depth=1",
        "write": "search:samples=4",
    }
