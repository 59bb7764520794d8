"""The Bot API's answers (docs/BOT_API.md) as small frozen dataclasses, each read from JSON and checked: a field
missing or of the wrong type is a ClientError, never a KeyError deep in a bot's loop."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ra.client.errors import ClientError
from ra.core.text import t

TABLE_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
MAX_LIST = 10_000  # entries of one listing kept at most: a bot holds far fewer seats
MAX_TEXT = 200  # characters of a name, a game or a date the client takes


def valid_table_id(value: object) -> str:
    """A table id as the server makes them (1–40 characters of `A-Z a-z 0-9 _ -`); ClientError otherwise."""
    if not isinstance(value, str) or not 1 <= len(value) <= 40 or not set(value) <= TABLE_ID_CHARS:
        raise ClientError(t("not a table id: {value}", value=repr(value)[:60]))
    return value


def valid_seat(value: object) -> int:
    """A seat number (0–63); ClientError otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 64:
        raise ClientError(t("not a seat number: {value}", value=repr(value)[:60]))
    return value


def _field(data: Any, name: str, kind: type | tuple[type, ...], what: str) -> Any:
    """`data[name]` if `data` is an object holding it with the type `kind`; ClientError naming `what` otherwise."""
    if not isinstance(data, dict):
        raise ClientError(t("the server's answer to {what} is not a JSON object", what=what))
    value = data.get(name)
    wrong = isinstance(value, bool) and bool not in _kinds(kind)
    if not isinstance(value, kind) or wrong or (isinstance(value, str) and len(value) > MAX_TEXT):
        raise ClientError(t("the server's answer to {what} lacks {field}", what=what, field=name))
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _strings(values: Any, what: str, name: str) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) and len(v) <= MAX_TEXT for v in values):
        raise ClientError(t("the server's answer to {what} lacks {field}", what=what, field=name))
    return tuple(values[:MAX_LIST])


def _entries(data: Any, name: str, what: str) -> list[Any]:
    """The list `data[name]`, at most MAX_LIST entries of it."""
    entries: list[Any] = _field(data, name, list, what)
    return entries[:MAX_LIST]


@dataclass(frozen=True)
class Account:
    """`GET /api/bot/account`: the bot account the token belongs to, and what the token may do."""

    name: str
    player: str
    scopes: tuple[str, ...]

    @classmethod
    def read(cls, data: Any) -> Account:
        what = "account"
        player = _field(data, "player", (str, int), what)
        return cls(_field(data, "name", str, what), str(player), _strings(data.get("scopes"), what, "scopes"))


@dataclass(frozen=True)
class Invitation:
    """One entry of `GET /api/bot/invitations`: a person seat of `table` the bot is invited to take."""

    table: str
    seat: int
    game: str
    players: int
    by: str | None
    created: str | None

    @classmethod
    def read(cls, data: Any) -> Invitation:
        what = "invitations"
        table, seat = valid_table_id(_field(data, "table", str, what)), valid_seat(_field(data, "seat", int, what))
        by, created = data.get("by"), data.get("created")  # optional: who invited, and when
        return cls(
            table,
            seat,
            _field(data, "game", str, what),
            _field(data, "players", int, what),
            by[:MAX_TEXT] if isinstance(by, str) else None,
            created[:MAX_TEXT] if isinstance(created, str) else None,
        )


@dataclass(frozen=True)
class Seat:
    """A seat the bot holds: the answer to `accept`, and (with its status) an entry of `GET /api/bot/games`."""

    table: str
    seat: int
    game: str
    status: str = "running"
    your_turn: bool = False

    @classmethod
    def read(cls, data: Any, what: str = "games") -> Seat:
        table, seat = valid_table_id(_field(data, "table", str, what)), valid_seat(_field(data, "seat", int, what))
        status, your_turn = data.get("status"), data.get("your_turn")  # only in the games' listing
        return cls(
            table,
            seat,
            _field(data, "game", str, what),
            status[:MAX_TEXT] if isinstance(status, str) else "running",
            your_turn is True,
        )


def invitations(data: Any) -> list[Invitation]:
    """The invitations of `GET /api/bot/invitations`."""
    return [Invitation.read(entry) for entry in _entries(data, "invitations", "invitations")]


def games(data: Any) -> list[Seat]:
    """The held seats of `GET /api/bot/games`."""
    return [Seat.read(entry) for entry in _entries(data, "games", "games")]


@dataclass(frozen=True)
class Outcome:
    """How `play` ended: the table's status (`finished`, `abandoned`) or the seat's `out` (`left`, `lost`: a bot of
    the server plays it on), the last seq and view the client saw, and how many actions it sent and had refused."""

    table: str
    seat: int
    game: str
    status: str
    seq: int
    view: dict[str, Any]
    sent: int
    refused: int
    reconnects: int

    @property
    def result(self) -> Any:
        """The view's `result` (the game's final standing) where the view has one, else None."""
        return self.view.get("result")
