"""The Ra tutorial in the reader's language (docs/TRANSLATING.md): every title, text, hint, say and note translated,
every quoted number found in the translated text, the learner's name and the judge's words translated too."""

from __future__ import annotations

import re

import pytest

from ra.core.text import Text
from ra.i18n import Reader, render
from ra.tutorials import judge, tutorial
from ra.tutorials.model import asks_for

LANGUAGES = ("de", "zh-Hans")
LESSON = tutorial("ra")


def _numbers(text: str) -> list[int]:
    """The whole numbers a text states, with their sign ('-5' and '+5' as -5 and 5)."""
    return [int(n) for n in re.findall(r"(?<![\w:])[+-]?\d+(?![\w:])", text, flags=re.ASCII)]


def translated(text: Text | str, code: str) -> str:
    """`text` as the learner reads it in `code`: never the English, every parameter filled."""
    assert isinstance(text, Text), text
    line = render(text, Reader(code, LESSON.learner))
    english = render(text, Reader("en", LESSON.learner))
    assert not re.search(r"\{\w*\}", line), line
    if re.search(r"[A-Za-z]{2,}", english):
        assert line != english, (code, english)
    return line


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_step_reads_in_the_language(code: str) -> None:
    for text in (LESSON.title, LESSON.intro, LESSON.ending):
        translated(text, code)
    says = 0
    for index, step in enumerate(LESSON.steps):
        translated(step.title, code)
        translated(step.text, code)
        for note in step.notes:
            translated(note.text, code)
        if step.hint is not None:
            translated(step.hint, code)
        for i, move in enumerate(step.moves):
            if move.say is not None:
                translated(move.say, code)
                says += 1
            if move.seat == LESSON.learner and step.hint is None:
                translated(asks_for(LESSON.module, LESSON.position(index, i), move), code)
    assert says >= 15


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_quoted_number_is_in_the_translated_text(code: str) -> None:
    checked = 0
    for step in LESSON.steps:
        text = translated(step.text, code)
        for fact in step.facts:
            quote = render(fact.says, Reader(code, LESSON.learner))
            assert quote in text, (step.key, quote, text)
            assert fact.value in _numbers(quote), (step.key, quote)
            checked += 1
    assert checked >= 15


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_learner_is_named_in_the_language_and_wrong_moves_are_explained_in_it(code: str) -> None:
    names = LESSON.seat_names(lambda text: render(text, Reader(code)))
    assert names[0] == {"de": "Du", "zh-Hans": "你"}[code] and names[1:] == ["Hatshepsut", "Khufu"]
    index = next(i for i, step in enumerate(LESSON.steps) if step.key == "auction")
    step = LESSON.steps[index]
    state, move = LESSON.position(index), step.moves[0]
    for answer in ("draw", "bid:13", "no such move"):
        said = judge(LESSON.module, state, move, answer, step.hint)
        assert said is not None
        translated(said, code)


def test_the_json_of_the_tutorial_can_carry_texts_for_the_browser() -> None:
    data = LESSON.as_json(lambda text: text.as_json() if isinstance(text, Text) else text)
    assert data["title"] == {"m": "Learn Ra"}
    assert data["steps"][0]["text"]["m"].startswith("Ra is played over three epochs.")
    english = LESSON.as_json()
    assert english["steps"][0]["title"] == "Drawing tiles"
