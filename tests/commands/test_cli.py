"""The `ra play` and `ra replay` commands, end to end through Typer's runner, for both games."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ra.cli import app
from ra.core.record import load_record
from ra.games import replay

runner = CliRunner()
GAMES = ["ra", "write"]


@pytest.mark.parametrize("game", GAMES)
def test_watch_bots_play_a_whole_game_and_write_a_record(game: str, tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", game, "-n", "3", "--seat", "-1", "--seed", "5", "--record", str(record_path)])
    assert result.exit_code == 0, result.output
    assert "Final scores:" in result.output and "Winner:" in result.output
    state = replay(load_record(record_path))
    assert state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_by_number_and_notation(game: str, tmp_path: Path) -> None:
    # Always answer "1" (the first legal action); an unknown notation and a bad number are refused and re-asked.
    answers = "zzz\n999\n" + "1\n" * 5000
    result = runner.invoke(app, ["play", game, "-n", "2", "--seed", "3"], input=answers)
    assert result.exit_code == 0, result.output
    assert "Not a choice" in result.output
    assert "Final scores:" in result.output


def test_play_stops_cleanly_when_input_ends() -> None:
    result = runner.invoke(app, ["play", "ra", "-n", "3", "--seed", "1"], input="")
    assert result.exit_code == 1
    assert "Game abandoned." in result.output


def test_play_rejects_unknown_game() -> None:
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code != 0
    assert "unknown game" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_replay_prints_scores_winner_and_steps(game: str, tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    runner.invoke(app, ["play", game, "-n", "4", "--seat", "-1", "--seed", "9", "--record", str(record_path)])
    result = runner.invoke(app, ["replay", str(record_path), "--step"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("#0 p")
    summary = json.loads(result.output[result.output.index("\n{") + 1 :])
    assert summary["over"] is True and summary["winners"]
    assert summary["scores"] == replay(load_record(record_path)).scores()


def test_replay_stops_at_an_illegal_move_with_exit_code_2(tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    runner.invoke(app, ["play", "ra", "-n", "3", "--seat", "-1", "--seed", "2", "--record", str(record_path)])
    record = json.loads(record_path.read_text())
    record["moves"][3] = {"player": record["moves"][3]["player"], "action": "bid:16"}  # disk 16 is not in a 3p game
    record_path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(record_path)])
    assert result.exit_code == 2
    assert "move 3:" in result.output


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert "cannot read record" in result.output
