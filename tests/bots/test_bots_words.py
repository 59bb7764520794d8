"""The shared bots' words in the reader's language: every spec error a lobby or command line user can meet, and
the levels' descriptions the lobby shows (docs/TRANSLATING.md)."""

from __future__ import annotations

import re

import pytest

from ra.bots import GENERIC_LEVELS, levels_for, parse_spec
from ra.core.errors import text_of
from ra.core.text import Text
from ra.i18n import Reader, render


def assert_translated(text: Text | str) -> None:
    assert isinstance(text, Text), text
    english = render(text, Reader("en"))
    for code in ("de", "zh-Hans"):
        line = render(text, Reader(code))
        assert line != english and not re.search(r"\{\w*\}", line), (code, line)


@pytest.mark.parametrize(
    ("spec", "game"),
    [
        ("greedy:epsilon=2", None),
        ("mcts:iterations=x", None),
        ("mcts:seconds=x", None),
        ("mcts:seconds=nan", None),
        ("mcts:depth=1", None),
        ("random:x=1", None),
        ("mcts:iterations=5,iterations=6", None),
        ("alphazero", None),
        ("x" * 101, None),
    ],
)
def test_spec_errors_read_in_the_language(spec: str, game: str | None) -> None:
    with pytest.raises(ValueError) as caught:
        parse_spec(spec, game)
    assert_translated(text_of(caught.value))


def test_a_spec_that_is_not_text_reads_in_the_language() -> None:
    with pytest.raises(ValueError) as caught:
        parse_spec(3)  # type: ignore[arg-type]
    assert_translated(text_of(caught.value))


def test_the_levels_descriptions_read_in_the_language() -> None:
    for level in (*levels_for("ra"), *GENERIC_LEVELS):  # RA and Write's ladder is its own part
        assert_translated(level.description)
