"""The lobby's first screen in players' words (issue 31, item 3): every game option and bot level a newcomer reads
says what it changes without rule ids or engine jargon, in every language."""

from __future__ import annotations

import re

import pytest

from ra.bots import levels_for
from ra.games import GAMES, game_module
from ra.i18n import LANGUAGES
from ra.i18n.render import Reader, render

RULE_ID = re.compile(r"\((?:R|A|E)\d+\)|\b(?:R|A)\d\b")
JARGON = re.compile(r"max-n|heuristic|epsilon|clamp|playout|sampled|iterations|greedy", re.IGNORECASE)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("language", [lang.code for lang in LANGUAGES])
def test_options_and_levels_speak_to_players(game: str, language: str) -> None:
    reader = Reader(language)
    words = [render(spec.label, reader) for spec in game_module(game).OPTIONS]
    words += [render(spec.help, reader) for spec in game_module(game).OPTIONS]
    words += [render(level.description, reader) for level in levels_for(game)]
    assert words
    for text in words:
        assert not RULE_ID.search(text), text
        assert not JARGON.search(text), text
