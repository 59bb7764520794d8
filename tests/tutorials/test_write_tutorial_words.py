"""The RA and Write tutorial in the reader's language: every step's title, text, hint, say and note, the quotes of its
facts (found in the step's text in every language, with their numbers), and the game it plays, told to the learner
in the second person."""

from __future__ import annotations

import functools
import re

import pytest

from ra.core.text import Text
from ra.i18n import Reader, render
from ra.tutorials import judge, play, tutorial

LANGUAGES = ("de", "zh-Hans")
LESSON = tutorial("write")


def _numbers(text: str) -> list[int]:
    """The whole numbers a text states, with their sign ('-5' and '+5' as -5 and 5)."""
    return [int(n) for n in re.findall(r"(?<![\w:])[+-]?\d+(?![\w:])", text)]


def _every_text() -> list[Text | str]:
    """Every word the tutorial says, besides the engine's."""
    texts: list[Text | str] = [LESSON.title, LESSON.intro, LESSON.ending, *LESSON.names]
    for step in LESSON.steps:
        texts += [step.title, step.text, *(fact.says for fact in step.facts), *(note.text for note in step.notes)]
        for index in step.learner_moves(LESSON.learner):
            move = step.moves[index]
            if step.hint is not None:
                texts.append(step.hint)
            if move.say is not None:
                texts.append(move.say)
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_is_translated(language: str) -> None:
    reader = Reader(language, LESSON.learner)
    for text in _every_text():
        if isinstance(text, str):  # a name ("Hatshepsut"): the same in every language
            assert text in LESSON.options["names"]
            continue
        said = render(text, reader)
        assert said != render(text, Reader("en", LESSON.learner)), said
        assert "{" not in said and "}" not in said, said
        if language == "zh-Hans":
            bare = re.sub(r"RA and Write|(?<![A-Za-z])Ra(?![A-Za-z])|Hatshepsut|Khufu", "", said)
            bare = re.sub(r"\b(?:card|bonus)\d*(?:>[\w:=]+)?", "", bare)  # the notation a hint quotes
            assert not re.search(r"[A-Za-z]{2,}", bare), said


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_each_facts_quote_is_in_its_steps_text_with_its_number(language: str) -> None:
    reader = Reader(language, LESSON.learner)
    quotes = 0
    for step in LESSON.steps:
        text = render(step.text, reader)
        for fact in step.facts:
            quote = render(fact.says, reader)
            assert quote in text, (step.key, quote, text)
            assert fact.value in _numbers(quote), (step.key, quote)
            quotes += 1
    assert quotes >= 15


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_the_learner_reads_the_game_in_the_second_person(language: str) -> None:
    names = LESSON.seat_names(functools.partial(render, reader=Reader(language, LESSON.learner)))
    reader = Reader(language, LESSON.learner, names)
    assert names[0] == {"en": "You", "de": "Du", "zh-Hans": "你"}[language]
    state = LESSON.start()
    told = []
    for step in LESSON.steps:
        for move in step.moves:
            before = state.view(LESSON.learner)
            play(LESSON.module, state, move)
            told += [
                render(line, reader)
                for line in LESSON.module.narrate(before, state.view(LESSON.learner), state.history[-1])
            ]
    assert all("{" not in line for line in told)
    yours = {"en": "You took ", "de": "Du hast ", "zh-Hans": "你拿了"}[language]
    assert sum(1 for line in told if line.startswith(yours)) >= 10
    if language == "en":
        assert not any(re.search(r"\bYou \w+s\b", line) for line in told)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrong_move_is_explained_in_the_readers_language(language: str) -> None:
    reader = Reader(language, LESSON.learner)
    index = next(i for i, step in enumerate(LESSON.steps) if step.key == "nile")
    step = LESSON.steps[index]
    move_index = step.learner_moves(LESSON.learner)[0]
    move = step.moves[move_index]
    state = LESSON.position(index, move_index)
    another = judge(LESSON.module, state, move, "card2>nile5", step.hint)  # allowed, but not the step's
    illegal = judge(LESSON.module, state, move, "card1", step.hint)  # Khufu's card, reserved for him
    for said in (another, illegal):
        assert said is not None
        assert render(said, reader) != render(said, Reader("en", LESSON.learner))


def test_the_new_kingdoms_numbers_are_read_from_the_game_as_the_board_shows_them() -> None:
    """Khufu's New Kingdom and the score it leaves him, told in the step's words as the view has them (the log
    shows his score going from -5 to -9), in every language."""
    index = next(i for i, step in enumerate(LESSON.steps) if step.key == "later-scores")
    view = LESSON.position(index).view(LESSON.learner)
    khufu = view["kingdom_scores"][2]["players"][2]["total"], view["scores"][2]
    for language in ("en", *LANGUAGES):
        text = render(LESSON.steps[index].text, Reader(language, LESSON.learner))
        assert all(str(number) in _numbers_text(text) for number in khufu), (language, khufu, text)


def _numbers_text(text: str) -> list[str]:
    return [str(n) for n in _numbers(text)]
