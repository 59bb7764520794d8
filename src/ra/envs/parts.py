"""Each game's research parts, found by name: the package `ra.envs.<game>`, if there is one.

A game's package defines, at module level:

- `ENCODER`: its observation vector and action mask from a seat's view (`ra.envs.encoding.Encoder`,
  docs/OBSERVATIONS.md), the reference;
- `STATE_ENCODER`: the class that gives the same vectors straight from the engine state
  (`ra.envs.fromstate.StateEncoder`), what the environments use;
- `CHANCE`: its names, parameters and chance nodes for OpenSpiel (`ra.envs.chance.ChanceRules`);
- `ENV_ID`: its Gymnasium environment id.

A registered game without a package has no research environments.
"""

from __future__ import annotations

import importlib
from typing import Protocol, cast

from ra.envs.chance import ChanceRules
from ra.envs.encoding import Encoder
from ra.envs.fromstate import StateEncoder
from ra.games import GAMES


class GameParts(Protocol):
    """What a game's `ra.envs.<game>` package provides."""

    ENCODER: Encoder
    STATE_ENCODER: type[StateEncoder]
    CHANCE: ChanceRules
    ENV_ID: str


def games() -> tuple[str, ...]:
    """The registered games that have research environments, in registry order."""
    return tuple(game for game in GAMES if _package(game) is not None)


def game_parts(game: str) -> GameParts:
    """The research parts of a game; ValueError for an unknown game or one without them."""
    if isinstance(game, str) and game in GAMES:
        found = _package(game)
        if found is not None:
            return found
    raise ValueError(f"unknown game {game!r}: expected one of {', '.join(games())}")


def _package(game: str) -> GameParts | None:
    name = f"{__package__}.{game}"
    try:
        return cast(GameParts, importlib.import_module(name))
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the package exists but something it imports is missing: a real error
            raise
        return None


__all__ = ["GameParts", "game_parts", "games"]
