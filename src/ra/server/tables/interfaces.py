"""What the table service needs of its collaborators, as small interfaces: where it publishes each new version of
a table (`PubSub`, implemented by ra.server.cluster.pubsub), the bot runner (`Bots`, ra.server.bots.runner), the
other processes serving the same tables (`Peers`, ra.server.cluster.coordinator), the players' clocks (`Clocks`,
ra.server.tables.clocks) and who hears of a new turn (`Turns`, ra.server.notices.service). The implementations
import this module, never the other way round."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from ra.core.protocol import GameState
from ra.server.tables.table import Table

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Subscription(Protocol[T_co]):
    """A subscriber's end of a topic."""

    async def get(self) -> T_co:
        """Wait for and return the newest message not yet returned (older unread ones are dropped)."""
        ...

    def close(self) -> None:
        """Stop receiving messages."""
        ...


class PubSub(Protocol[T]):
    """Publish messages to topics; subscribers of a topic receive them."""

    def subscribe(self, topic: str) -> Subscription[T]:
        """A new subscription to `topic`."""
        ...

    def publish(self, topic: str, message: T) -> None:
        """Deliver `message` to every current subscriber of `topic` (never blocks)."""
        ...

    def subscribers(self, topic: str) -> int:
        """How many subscriptions `topic` has now."""
        ...


class Bots(Protocol):
    """What the service asks of the bot runner (`ra.server.bots.runner.BotRunner`)."""

    def start(self) -> None:
        """Get ready to play (before the first table is kicked)."""
        ...

    def warm(self) -> None:
        """Start what bots need to decide now, not at the first decision (there are bot turns to resume)."""
        ...

    async def stop(self) -> None:
        """Stop playing at once."""
        ...

    def busy(self, table_id: str) -> bool:
        """True while bots play this table."""
        ...

    def kick(self, table: Table) -> None:
        """Play the table's bot seats if one must act now."""
        ...


class Peers(Protocol):
    """What the service asks of the other processes serving its tables (`ra.server.cluster.coordinator.Cluster`;
    with none, both do nothing)."""

    async def before_act(self, table: Table) -> None:
        """Catch the table up with the database before an action is checked (caller holds `table.lock`)."""
        ...

    async def refresh(self, table: Table) -> None:
        """Catch the table up with the database before a client sees it (caller holds `table.lock`)."""
        ...

    async def catch_up(self, table: Table) -> bool:
        """Apply what the database holds beyond the table in memory (caller holds `table.lock`)."""
        ...

    async def tables_to_resume(self) -> list[str]:
        """At start, the tables whose bots this process may have to play on (alone: every unfinished one)."""
        ...

    async def settled(self, table: Table) -> None:
        """A table resumed at start has no bot due: this process gives up its bot turn."""
        ...


class Turns(Protocol):
    """Who hears of the turns a committed move hands out (`ra.server.notices.service.Notices`: the turn notices)."""

    def moved(self, table: Table, before: Sequence[int]) -> None:
        """A move was committed and published; `table` holds the new state, `before` the seats that were to act
        before it. Returns at once (never raises into the move)."""


ClockWrite = tuple[dict[str, Any] | None, dt.datetime | None]


class Clocks(Protocol):
    """What the service asks of the players' clocks (`ra.server.tables.clocks.TableClocks`)."""

    def after_move(self, table: Table, new: GameState, status: str) -> ClockWrite:
        """The clock and timer to store with the move that made `new` ((None, None) for a table without a clock)."""
        ...

    def after_undo(self, table: Table, back: GameState, status: str) -> ClockWrite:
        """The clock and timer to store with an undo step that brings `back` back ((None, None) without a clock)."""
        ...

    def after_seats(self, table: Table, seats: list[dict[str, Any]], status: str) -> ClockWrite | None:
        """The clock and timer to store with a seat change (None: unchanged)."""
        ...

    async def before_act(self, table: Table, seat: int) -> None:
        """A person is about to act (caller holds `table.lock`): ServiceError if they may not; an away seat is
        theirs again first."""
        ...

    async def back(self, table: Table, seat: int) -> None:
        """The person of an away seat is back: the seat is theirs again."""
        ...

    async def leave(self, table: Table, seat: int) -> None:
        """The person leaves the game: a bot plays the seat to its end."""
        ...

    async def ensure(self, table: Table) -> None:
        """Start the clocks that should run and do not (a client connected)."""
        ...
