"""What a client asks of the tables, its shape checked by Pydantic: a new table (POST /api/tables). The HTTP API
serves these models as they are (http/models.py); the service checks the rest (the game's registry, its options
through the engine, bot specs, names) and gets the checked model itself, never a dict."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ra.games import GAMES
from ra.server.guards.closed import MAX_TEXT, Closed
from ra.server.tables.pace import BANK, INCREMENT, PER_MOVE

SeatKind = Literal["person", "bot"]


class SeatSpec(Closed):
    """One seat of a new table: a person (optional name) or a bot (its spec or level, e.g. `greedy`, `hard`)."""

    kind: SeatKind
    name: str | None = Field(None, max_length=MAX_TEXT)
    bot: str | None = Field(None, max_length=MAX_TEXT)


def _registered_games(schema: dict[str, Any]) -> None:
    """List the registered games in the schema (read when the schema is made; the service checks the name)."""
    schema["enum"] = list(GAMES)


class Pace(Closed):
    """A table's pace (docs/PROTOCOL.md's clocks): no clock (the default), live (a time bank per seat plus an
    increment per turn) or turn-based (a time per move); and what happens to a seat whose time runs out."""

    kind: Literal["none", "live", "turn"] = "none"
    bank: int | None = Field(None, ge=BANK[0], le=BANK[1], description="live: seconds each seat starts with")
    increment: int | None = Field(
        None, ge=INCREMENT[0], le=INCREMENT[1], description="live: seconds a seat gains once a turn"
    )
    per_move: int | None = Field(
        None, ge=PER_MOVE[0], le=PER_MOVE[1], description="turn-based: seconds a seat has for each move"
    )
    timeout: Literal["bot", "skip", "lose"] = Field(
        "bot",
        description="bot: a bot plays for the seat until its person returns; skip: the seat passes (games with a "
        "pass, `skips` in /api/meta); lose: the game ends for the seat (a bot plays it out, the seat placed last)",
    )
    level: str = Field("medium", max_length=40, description="the bot level that plays for an absent seat")


class NewTable(Closed):
    """POST /api/tables: the game, its options (engine options; /api/meta lists them), the seats in order, and the
    pace (no clock by default)."""

    game: str = Field(max_length=40, description="a game name from /api/meta", json_schema_extra=_registered_games)
    options: dict[str, Any] | None = None
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    pace: Pace | None = None
