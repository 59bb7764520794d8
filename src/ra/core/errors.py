"""Precise errors shared by the engines. Messages speak the game's words; the state is unchanged after any of them."""


class IllegalActionError(ValueError):
    """The action exists but the rules do not allow it now (the message says why)."""


class UnknownActionError(IllegalActionError):
    """The action id is not an action of this game at all."""


class NotYourTurnError(IllegalActionError):
    """The player may not act now (another player's turn, or this player has already acted)."""


class GameOverError(IllegalActionError):
    """The game has ended; no action is legal."""


class InvalidNotationError(ValueError):
    """The text is not a valid action notation of this game."""


class RecordError(ValueError):
    """A game record is malformed or does not replay; `index` is the failing move's index, if any."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message if index is None else f"move {index}: {message}")
