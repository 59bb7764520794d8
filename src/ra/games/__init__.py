"""The rules engines, one module per game, found by name."""

from __future__ import annotations

import importlib
from typing import cast

from ra.core.protocol import GameModule

# Game name (as in records and on the command line) -> module implementing ra.core.GameModule.
GAMES: dict[str, str] = {"ra": "ra.games.ra", "write": "ra.games.write"}


def game_module(name: str) -> GameModule:
    """The engine module for a game name ("ra" or "write"); ValueError for an unknown name."""
    try:
        path = GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: expected one of {', '.join(GAMES)}") from None
    return cast(GameModule, importlib.import_module(path))
