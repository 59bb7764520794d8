"""Precise errors shared by the engines. Messages speak the game's words; the state is unchanged after any of them.

An error a person may meet is raised with a `Text` as its message (docs/TRANSLATING.md): `str(error)` reads in
English, and `text_of(error)` gives the text to put into the reader's language.
"""

from __future__ import annotations

from ra.core.text import Text, t


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

    def __init__(self, message: Text | str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message if index is None else t("move {index}: {message}", index=index, message=message))


def text_of(error: BaseException) -> Text:
    """An error's message as a `Text`: the text it was raised with, or its plain message, shown as it is."""
    if error.args and isinstance(error.args[0], Text):
        return error.args[0]
    # TRANSLATORS: an error message that has no translation (a name or a system's message): leave it as it is.
    return t("{message}", message=str(error))
