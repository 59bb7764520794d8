"""The core's words in the reader's language: option errors and record errors (docs/TRANSLATING.md), and
`text_of`, which gives an error's text, its plain message wrapped."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ra.core import RecordError
from ra.core.errors import text_of
from ra.core.options import checked_setting
from ra.core.protocol import OptionSpec
from ra.core.record import check_record, load_record, replay
from ra.core.text import Text, t
from ra.games import game_module
from ra.i18n import Reader, render

FLAG = OptionSpec("flag", "bool", False, t("A flag"), t("On or off."))
RULE = OptionSpec("rule", "choice", "once", t("A rule"), t("Once or twice."), choices=("once", "twice"))
COUNT = OptionSpec("count", "int", 3, t("A count"), t("From 1 to 9."), minimum=1, maximum=9)
AT_LEAST = OptionSpec("at_least", "int", 3, t("A count"), t("1 or more."), minimum=1)
AT_MOST = OptionSpec("at_most", "int", 3, t("A count"), t("9 or less."), maximum=9)
ANY = OptionSpec("any", "int", 3, t("A count"), t("Any."))


def assert_translated(error: BaseException) -> None:
    text = text_of(error)
    english = render(text, Reader("en"))
    assert english == str(error)
    for code in ("de", "zh-Hans"):
        line = render(text, Reader(code))
        assert line != english and not re.search(r"\{\w*\}", line), (code, line)


@pytest.mark.parametrize(
    ("spec", "value"), [(FLAG, 1), (RULE, "never"), (COUNT, 0), (AT_LEAST, 0), (AT_MOST, 10), (ANY, "x")]
)
def test_option_errors_read_in_the_language(spec: OptionSpec, value: Any) -> None:
    with pytest.raises(ValueError) as caught:
        checked_setting(spec, value)
    assert_translated(caught.value)
    assert "option 'flag'" in str(caught.value) or spec is not FLAG


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"format": "other/9", "game": "ra", "options": {}, "moves": []},
        {"options": {}, "moves": []},
        {"game": "ra", "options": {}, "moves": [{"player": 0}]},
    ],
)
def test_record_errors_read_in_the_language(data: object) -> None:
    with pytest.raises(RecordError) as caught:
        check_record(data)
    assert_translated(caught.value)


def test_a_record_that_does_not_replay_says_why_in_the_language(tmp_path: Path) -> None:
    ra = game_module("ra")
    record = {"format": "ra-record/1", "game": "ra", "options": {"players": 3}, "seed": 1, "moves": []}
    for moves in ([{"player": 0, "action": "fly"}], [{"player": 0, "action": "pass"}]):
        with pytest.raises(RecordError) as caught:
            replay({**record, "moves": moves}, ra)
        assert_translated(caught.value)
        assert str(caught.value).startswith("move 0: ")
    with pytest.raises(RecordError) as caught:
        replay({**record, "options": {"players": 9}}, ra)
    assert_translated(caught.value)
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert isinstance(text_of(caught.value), Text) and "bad.json" in str(caught.value)


def test_text_of_wraps_a_plain_message_as_words_to_show_as_they_are() -> None:
    text = text_of(ValueError("a {brace} that is no parameter"))
    assert render(text, Reader("de")) == "a {brace} that is no parameter" == str(text)
    assert text_of(RecordError("plain", 3)).params["message"] == "plain"
