"""`ra tournament --analyse`: every game analysed where it was played, each bot's points lost and accuracy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ra.analysis import analyse
from ra.analysis.model import spread
from ra.cli import app
from ra.core.record import load_record
from ra.tournament.games import derive_seed
from ra.tournament.runner import run_tournament

SPEC = "search:samples=2,depth=1,nodes=300"  # a cheap evaluator: a rough analysis in well under a second


def test_two_analysed_games_sum_up_each_bot(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        [
            "tournament", "--game", "ra", "--players", "2", "--seats", "greedy,random", "--games", "2",
            "--jobs", "2", "--seed", "3", "--analyse", "--analysis-spec", SPEC, "--out", str(out),
        ],
        env={"COLUMNS": "200"},  # room for every column's heading
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "lost / decision [95% CI]" in result.output and "accuracy" in result.output
    summary = json.loads((out / "summary.json").read_text())
    losses: dict[int, list[float]] = {0: [], 1: []}
    good = {0: 0, 1: 0}
    for game in summary["games"]:
        seed = derive_seed(3, game["index"], "analysis")
        expected = analyse(load_record(out / game["record"]), seed, SPEC)
        assert game["analysis"] == [s.as_json() for s in expected.seats]  # the same wherever it was computed
        for seat, entrant in enumerate(game["entrants"]):
            losses[entrant] += [round(r.loss, 3) for r in expected.decisions if r.seat == seat]
            good[entrant] += expected.seats[seat].counts["good"]
    for entrant, row in enumerate(summary["entrants"]):
        lost = spread(losses[entrant])
        assert row["analysed_decisions"] == len(losses[entrant]) > 0
        assert row["lost_per_decision"] == pytest.approx(lost.mean)
        assert (row["lost_low"], row["lost_high"]) == (pytest.approx(lost.low), pytest.approx(lost.high))
        assert row["accuracy"] == pytest.approx(100 * good[entrant] / len(losses[entrant]))
    header = (out / "summary.csv").read_text().splitlines()[0].split(",")
    assert header[-5:] == ["analysed_decisions", "lost_per_decision", "lost_low", "lost_high", "accuracy"]


def test_without_analyse_no_analysis_and_the_spec_needs_analyse() -> None:
    plain = run_tournament("write", ["greedy", "random"], 1, seed=2)
    assert "analysis" not in plain.games[0] and "accuracy" not in plain.stats[0].as_dict()
    refused = CliRunner().invoke(app, ["tournament", "--players", "2", "--seats", "greedy,random", "--games", "1",
                                       "--analysis-spec", SPEC])  # fmt: skip
    assert refused.exit_code == 2
    bad = CliRunner().invoke(app, ["tournament", "--players", "2", "--seats", "greedy,random", "--games", "1",
                                   "--analyse", "--analysis-spec", "search:nonsense=1"])  # fmt: skip
    assert bad.exit_code == 2 and "nonsense" in bad.output
