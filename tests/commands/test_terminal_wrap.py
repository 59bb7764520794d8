"""Lines fitted to the terminal's width: English breaks between words, Chinese between characters but never before
a closing mark or after an opening one, and a Chinese character takes two columns. Also the tutorial walked on a
40-column terminal, in English and in Chinese, and both tutorials walked to their end at 40 and 60 columns in
every language, every word whole."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from ra.commands.learn import walk
from ra.commands.terminal import Terminal, console
from ra.commands.wrap import NO_LINE_END, NO_LINE_START, wrap, wrap_text
from ra.i18n import Reader
from ra.tutorials import GAMES, tutorial

ENGLISH = (
    "Ra is played over three epochs. You collect tiles, and you win them in auctions. You hold the highest sun "
    "disk, 13, so you start. On your turn you draw a tile, invoke Ra or spend a god."
)
CHINESE = (
    "Ra 的游戏共分三个纪元。你收集板块，并在拍卖中赢得它们。你持有最大的太阳盘 13，所以由你先开始。轮到你时，"
    "你可以抽取一块板块、召唤 Ra 或使用神明（每位玩家都一样）。“拍卖轨”最多放 8 块板块。"
)


def test_english_breaks_only_between_words_and_keeps_the_indentation() -> None:
    lines = wrap("  " + ENGLISH, 40)
    assert len(lines) > 3
    assert all(cell_len(line) <= 40 for line in lines)
    assert all(line.startswith("  ") and not line.startswith("   ") for line in lines)
    assert " ".join(lines).split() == ENGLISH.split()  # no word was cut: the words are the same, in order


def test_a_hanging_indent_aligns_continuation_lines() -> None:
    lines = wrap("  12. " + ENGLISH, 40, hanging=" " * 6)
    assert lines[0].startswith("  12. Ra is")
    assert all(line.startswith(" " * 6) and line[6] != " " for line in lines[1:])


def test_chinese_lines_fit_in_columns_two_a_character_and_respect_the_marks() -> None:
    lines = wrap(CHINESE, 40)
    assert all(cell_len(line) <= 40 for line in lines)
    assert max(cell_len(line) for line in lines) >= 38  # filled, not broken early at the spaces
    assert all(line[0] not in NO_LINE_START and line[-1] not in NO_LINE_END for line in lines)
    # Breaks drop nothing but the spaces they fall on.
    assert "".join(lines).replace(" ", "") == CHINESE.replace(" ", "")


def test_a_word_wider_than_the_line_is_cut_and_short_lines_stay_as_they_are() -> None:
    path = "records/" + "x" * 70 + ".json"
    lines = wrap(f"Record written to {path}", 30)
    assert all(cell_len(line) <= 30 for line in lines) and "".join(lines[1:]) == path
    assert wrap("short line", 40) == ["short line"]
    assert wrap_text("a\nb", None) == ["a", "b"]  # no width: lines as they are (a pipe, a file)


def _walk_tutorial(language: str, answers: list[str]) -> list[str]:
    lesson = tutorial("ra")
    out = console()
    term = Terminal(out, Reader(language, lesson.learner), width=40)
    script = iter(answers)

    def read(prompt: str) -> str:
        out.print(prompt)  # as `input` shows it
        return next(script)

    with out.capture() as captured:
        walk(term, lesson, 0, lambda _step: None, read)
    return captured.get().splitlines()


def test_the_tutorial_on_a_40_column_terminal_keeps_every_word_whole() -> None:
    lines = _walk_tutorial("en", ["draw", "draw", "quit"])
    assert all(cell_len(line) <= 40 for line in lines), max(lines, key=cell_len)
    words = " ".join(" ".join(lines).split())
    step = tutorial("ra").steps[0]
    assert " ".join(str(step.text).split()) in words  # the step's text, its words whole and in order
    assert "y ou" not in words and f"Step 1 of {len(tutorial('ra').steps)}" in words


def test_the_tutorial_in_chinese_fits_a_40_column_terminal() -> None:
    lines = _walk_tutorial("zh-Hans", ["draw", "draw", "quit"])
    assert all(cell_len(line) <= 40 for line in lines), max(lines, key=cell_len)
    assert any(line.startswith(f"第 1 步，共 {len(tutorial('ra').steps)} 步") for line in lines)


def _whole_walk(game: str, language: str, width: int | None) -> list[str]:
    """The lines `ra learn <game>` prints for a learner who follows every step (each move asked, Enter after a step
    that only explains), on a terminal `width` columns wide (None: a pipe, whole lines)."""
    lesson = tutorial(game)
    answers: list[str] = []
    for step in lesson.steps:
        mine = step.learner_moves(lesson.learner)
        answers += [step.moves[j].action for j in mine] if mine else [""]
    script = iter(answers)
    out = console()
    term = Terminal(out, Reader(language, lesson.learner), width=width)

    def read(prompt: str) -> str:
        out.print(prompt)  # as `input` shows it
        return next(script)

    with out.capture() as captured:
        assert walk(term, lesson, 0, lambda _step: None, read)
    return captured.get().splitlines()


@pytest.mark.parametrize("width", [40, 60])
@pytest.mark.parametrize("language", ["en", "de", "zh-Hans"])
@pytest.mark.parametrize("game", GAMES)
def test_each_tutorial_fits_a_narrow_terminal_and_breaks_no_word(game: str, language: str, width: int) -> None:
    whole = _whole_walk(game, language, None)
    lines = _whole_walk(game, language, width)
    assert all(cell_len(line) <= width for line in lines), max(lines, key=cell_len)
    if language == "zh-Hans":  # breaks between characters are allowed; nothing else changes
        assert "".join("".join(lines).split()) == "".join("".join(whole).split())
        assert all(line[:1] not in NO_LINE_START and line[-1:] not in NO_LINE_END for line in lines)
        return
    words = {word for line in whole for word in line.split()}
    wider = [word for word in words if cell_len(word) > width - 4]  # wider than an indented line (a path): cut
    for word in (w for line in lines for w in line.split()):
        assert word in words or any(word in long for long in wider), word
    assert len(lines) > len(whole)  # the narrow lines did wrap
