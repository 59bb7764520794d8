"""Guided tutorials, as data shared by the terminal (`ra learn`) and the browser.

`tutorial(game)` gives the `Tutorial` (steps, moves, facts); `tutorial_json(game)` the same as JSON-able data.
A tutorial is a whole game on a fixed tile or card order: `Tutorial.position(step)` replays it up to a step, and
`judge` explains a wrong answer with the engine's own message or the step's hint.

Each game's tutorial is its own: the `TUTORIAL` of the module or package `ra.tutorials.<game>` (`ra.tutorials.ra`,
`ra.tutorials.write`), found by the game's name. A registered game without one has no tutorial.
"""

from __future__ import annotations

import importlib
from typing import Any

from ra.core.text import t
from ra.games import GAMES as REGISTERED
from ra.tutorials.model import Fact, Note, Play, Step, Tutorial, judge, phrase, play


def _load(game: str) -> Tutorial | None:
    """The tutorial of a registered game, None if it has none."""
    name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the tutorial exists but something it imports is missing: a real error
            raise
        return None
    found: Tutorial = module.TUTORIAL
    return found


TUTORIALS: dict[str, Tutorial] = {
    game: found for game in REGISTERED if (found := _load(game)) is not None
}  # game -> its tutorial, in registry order
GAMES: tuple[str, ...] = tuple(TUTORIALS)  # the games that have a tutorial


def tutorial(game: str) -> Tutorial:
    """The tutorial of a game (by name, e.g. "write"); ValueError for a game without one."""
    try:
        return TUTORIALS[game]
    except (KeyError, TypeError):
        raise ValueError(
            t("no tutorial for {game}: expected one of {games}", game=repr(game), games=", ".join(GAMES))
        ) from None


def tutorial_json(game: str) -> dict[str, Any]:
    """The tutorial of a game as JSON-able data (served to browsers as it is)."""
    return tutorial(game).as_json()


__all__ = [
    "GAMES",
    "TUTORIALS",
    "Fact",
    "Note",
    "Play",
    "Step",
    "Tutorial",
    "judge",
    "phrase",
    "play",
    "tutorial",
    "tutorial_json",
]
