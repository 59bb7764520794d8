"""`ra tournament` end to end through the CLI: games in two processes, records that replay, summary, plot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ra.cli import app
from ra.core.record import load_record
from ra.games import replay


@pytest.mark.parametrize("game", ["ra", "write"])
def test_tournament_cli_end_to_end(tmp_path: Path, game: str) -> None:
    """4 games with --jobs 2 write records that replay to the summarized scores."""
    out = tmp_path / "out"
    plot = tmp_path / "plot.png"
    result = CliRunner().invoke(
        app,
        [
            "tournament", "--game", game, "--players", "3", "--seats", "greedy,random,mcts:iterations=4,c=0.5",
            "--games", "4", "--jobs", "2", "--seed", "5", "--out", str(out), "--plot", str(plot),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "greedy" in result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["num_games"] == 4
    assert [e["games"] for e in summary["entrants"]] == [4, 4, 4]
    assert sum(e["wins"] for e in summary["entrants"]) == pytest.approx(4)
    assert (out / "summary.csv").read_text().startswith("label,spec,games,wins,win_share")
    assert plot.stat().st_size > 1000
    for entry in summary["games"]:
        state = replay(load_record(out / entry["record"]))
        assert state.is_terminal()
        assert state.scores() == entry["scores"]
        assert state.winners() == entry["winners"]


def test_tournament_cli_rejects_mismatched_seats() -> None:
    """--seats must list exactly --players specs; unknown bots are reported."""
    runner = CliRunner()
    bad = runner.invoke(app, ["tournament", "--players", "3", "--seats", "greedy,random", "--games", "1"])
    assert bad.exit_code != 0
    unknown = runner.invoke(app, ["tournament", "--players", "2", "--seats", "greedy,nobot", "--games", "1"])
    assert unknown.exit_code == 2
