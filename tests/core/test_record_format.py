"""The record format's checks (docs/RECORDS.md) and the game registry, independent of any one game."""

import json
from pathlib import Path

import pytest

from ra.core import RecordError
from ra.core.record import check_record, load_record
from ra.games import game_module


def test_unknown_game_name_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_module("chess")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a record is a JSON object"),
        ({"format": "other/9", "game": "ra", "options": {}, "moves": []}, "unknown record format"),
        ({"options": {}, "moves": []}, "'game' is missing"),
        ({"game": "ra", "options": {}, "moves": [{"player": 0}]}, "move 0: a move is an object"),
    ],
)
def test_malformed_records_are_rejected(data: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        check_record(data)


def test_unreadable_record_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(path)


def test_record_error_names_the_move_index() -> None:
    error = RecordError("you cannot draw", index=7)
    assert error.index == 7
    assert str(error) == "move 7: you cannot draw"
    assert json.dumps({"e": str(error)})
