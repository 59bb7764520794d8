"""`ra evaluate` (ra.tournament.evaluate): paired deals, rounds until separated, verdicts, ratings, the command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ra.cli import app
from ra.tournament.evaluate import Cell, EvalTask, evaluate, process_runner


def test_a_stronger_agent_is_separated_after_one_round() -> None:
    planned: list[int] = []
    evaluation = evaluate("write", "medium", ladder=("random",), player_counts=(2,), deals=4, max_deals=12,
                          on_planned=planned.append)  # fmt: skip
    (cell,) = evaluation.cells
    assert cell.verdict() == "stronger" and cell.win_share()[1] > 0.5
    assert planned == [8] and cell.games == 8 and cell.deals == 4  # 4 deals, each from both seats; no second round
    assert cell.margin()[1] > 0
    assert evaluation.placement(2) == ("random", None, [])
    names = [r.name for r in evaluation.ratings[2]]
    assert names == ["medium", "random"]


def test_an_even_match_plays_every_round_and_says_it_could_not_separate() -> None:
    # greedy is the medium level's spec: the same player at every seat, so the match stays even.
    planned: list[int] = []
    evaluation = evaluate("write", "greedy", ladder=("medium",), player_counts=(3,), deals=2, max_deals=6,
                          on_planned=planned.append)  # fmt: skip
    (cell,) = evaluation.cells
    assert planned == [6, 6, 6] and cell.games == 18 and cell.deals == 6
    assert cell.verdict() == "undecided"
    low, high = cell.win_share()[1:]
    assert low < 1 / 3 < high
    assert evaluation.placement(3) == (None, None, ["medium"])


def test_deals_are_paired_across_seats_and_levels() -> None:
    tasks = [EvalTask("ra", "hard", level, 3, 5, seat, 7) for level in ("random", "easy") for seat in range(3)]
    assert len({task.engine_seed() for task in tasks}) == 1
    assert [task.specs().index("hard") for task in tasks] == [0, 1, 2, 0, 1, 2]
    assert EvalTask("ra", "hard", "random", 3, 6, 0, 7).engine_seed() != tasks[0].engine_seed()
    assert EvalTask("ra", "hard", "random", 4, 5, 0, 7).engine_seed() != tasks[0].engine_seed()


def test_the_results_do_not_depend_on_the_processes() -> None:
    def rows(jobs: int) -> Any:
        evaluation = evaluate("ra", "easy", ladder=("random",), player_counts=(2,), deals=3, max_deals=3,
                              runner=process_runner(jobs))  # fmt: skip
        return evaluation.as_json()

    assert rows(1) == rows(2)


def test_a_cell_counts_split_wins_and_margins() -> None:
    cell = Cell(3, "random")
    cell.add({"scores": [10, 10, 4], "winners": [0, 1], "agent_seat": 1})
    cell.add({"scores": [2, 8, 5], "winners": [1], "agent_seat": 0})
    assert cell.shares == [0.5, 0.0]
    assert cell.margins == [10 - 7, 2 - 6.5]


def test_the_agent_is_not_measured_against_itself() -> None:
    evaluation = evaluate("write", "random", ladder=("random", "easy"), player_counts=(2,), deals=2, max_deals=2)
    assert [cell.level for cell in evaluation.cells] == ["easy"]


def test_unknown_agents_and_bad_rounds_are_refused() -> None:
    with pytest.raises(ValueError):
        evaluate("ra", "no-such-bot", ladder=("random",), player_counts=(2,), deals=1, max_deals=1)
    with pytest.raises(ValueError):
        evaluate("ra", "random", ladder=("easy",), player_counts=(2,), deals=5, max_deals=2)


def test_the_command_prints_the_table_the_verdicts_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "evaluation.json"
    arguments = ["--game", "write", "--players", "2", "--ladder", "random", "--deals", "4", "--max-deals", "8"]
    result = CliRunner().invoke(app, ["evaluate", "medium", *arguments, "--json", str(out)], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "stronger" in result.output and "2 players: stronger than random" in result.output
    assert "ratings μ−3σ: medium" in result.output
    data = json.loads(out.read_text())
    assert data["agent"] == "medium" and data["cells"][0]["games"] == 8 and data["cells"][0]["verdict"] == "stronger"


def test_the_command_speaks_german() -> None:
    arguments = ["--game", "write", "--players", "2", "--ladder", "random", "--deals", "2", "--max-deals", "2"]
    result = CliRunner().invoke(app, ["evaluate", "medium", *arguments, "--lang", "de"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "2 Spieler" in result.output and "stärker als random" in result.output


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--players", "2,x"], "--players"),
        (["--players", "6"], "2 to 5"),
        (["--deals", "5", "--max-deals", "2"], "--max-deals"),
        (["somewhere"], "a Ray address follows --ray"),
    ],
)
def test_the_command_refuses_bad_options(arguments: list[str], words: str) -> None:
    result = CliRunner().invoke(app, ["evaluate", "random", *arguments], env={"COLUMNS": "160"})
    assert result.exit_code == 2
    assert words in result.output


def test_an_unknown_agent_is_a_clear_error() -> None:
    result = CliRunner().invoke(app, ["evaluate", "nobody", "--players", "2"], env={"COLUMNS": "160"})
    assert result.exit_code == 2 and "nobody" in result.output
