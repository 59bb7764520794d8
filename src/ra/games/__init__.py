"""The rules engines, one package per game, found by name: the one registry of games.

Adding a game = one engine package implementing ra.core.GameModule + one line in GAMES (+ its board's JS). The rest
of a game's parts live in its own optional packages, found by its name: `ra.bots.<game>` (its bots),
`ra.envs.<game>` (research environments) and `ra.tutorials.<game>` (its tutorial).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, cast

from ra.core.errors import RecordError
from ra.core.protocol import GameModule, GameState, Move
from ra.core.record import check_record
from ra.core.record import replay as replay_with

# Game name (as in records and on the command line) -> package implementing ra.core.GameModule.
GAMES: dict[str, str] = {"ra": "ra.games.ra", "write": "ra.games.write"}
DEFAULT_GAME = next(iter(GAMES))  # the first registered: where a command or environment needs a game none names


def game_module(name: str) -> GameModule:
    """The engine module for a game name ("ra" or "write"); ValueError for an unknown name."""
    try:
        path = GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}: expected one of {', '.join(GAMES)}") from None
    return cast(GameModule, importlib.import_module(path))


def replay(record: Mapping[str, Any], on_move: Callable[[int, Move, GameState], None] | None = None) -> GameState:
    """Replay a record of any registered game (docs/RECORDS.md); RecordError if it is malformed or does not replay."""
    check_record(record)
    try:
        module = game_module(record["game"])
    except ValueError as exc:
        raise RecordError(str(exc)) from exc
    return replay_with(record, module, on_move)
