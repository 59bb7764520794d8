"""What the two rules engines share: errors, the game-state protocol, moves and records (standard library only)."""

from ra.core.errors import (
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    NotYourTurnError,
    RecordError,
    UnknownActionError,
)
from ra.core.protocol import GameModule, GameState, Move

__all__ = [
    "GameModule",
    "GameOverError",
    "GameState",
    "IllegalActionError",
    "InvalidNotationError",
    "Move",
    "NotYourTurnError",
    "RecordError",
    "UnknownActionError",
]
