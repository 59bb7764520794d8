"""What the two rules engines share: errors, the game-state protocol, moves and records (standard library only)."""

from ra.core.errors import (
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    NotYourTurnError,
    RecordError,
    UnknownActionError,
)
from ra.core.protocol import Explanation, GameModule, GameState, HelperOption, Move

__all__ = [
    "Explanation",
    "GameModule",
    "GameOverError",
    "GameState",
    "HelperOption",
    "IllegalActionError",
    "InvalidNotationError",
    "Move",
    "NotYourTurnError",
    "RecordError",
    "UnknownActionError",
]
