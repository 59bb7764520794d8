"""Guided tutorials for both games, as data shared by the terminal (`ra learn`) and the browser.

`tutorial(game)` gives the `Tutorial` (steps, moves, facts); `tutorial_json(game)` the same as JSON-able data.
A tutorial is a whole game on a fixed tile or card order: `Tutorial.position(step)` replays it up to a step, and
`judge` explains a wrong answer with the engine's own message or the step's hint.
"""

from __future__ import annotations

from typing import Any

from ra.tutorials import ra_epochs2_3, write_tutorial
from ra.tutorials.model import Fact, Play, Step, Tutorial, judge, play

TUTORIALS: dict[str, Tutorial] = {"ra": ra_epochs2_3.TUTORIAL, "write": write_tutorial.TUTORIAL}
GAMES: tuple[str, ...] = tuple(TUTORIALS)


def tutorial(game: str) -> Tutorial:
    """The tutorial of a game ("ra" or "write"); ValueError for any other name."""
    try:
        return TUTORIALS[game]
    except (KeyError, TypeError):
        raise ValueError(f"no tutorial for {game!r}: expected one of {', '.join(GAMES)}") from None


def tutorial_json(game: str) -> dict[str, Any]:
    """The tutorial of a game as JSON-able data (served to browsers as it is)."""
    return tutorial(game).as_json()


__all__ = ["GAMES", "TUTORIALS", "Fact", "Play", "Step", "Tutorial", "judge", "play", "tutorial", "tutorial_json"]
