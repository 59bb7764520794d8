"""What is stored (tables, their moves, a move to store) and what the table service asks of a database.

`ra.server.storage.sql` implements the interface on SQLAlchemy 2.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from typing import Any, Protocol

from ra.server.storage.leases import Leases


class SeqConflictError(RuntimeError):
    """Another action was already stored at this seq (the table moved on), or another process plays its bots."""


def now() -> dt.datetime:
    """The current time in UTC."""
    return dt.datetime.now(dt.UTC)


def new_bot_seed() -> int:
    """A fresh secret for a table's bots."""
    return secrets.randbits(62)


@dataclass
class TableRow:
    """One stored table. `seats` holds per seat kind, name, bot spec, token hash and whether it is taken."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    status: str
    seq: int = 0
    created: dt.datetime = field(default_factory=now)
    updated: dt.datetime = field(default_factory=now)
    bot_seed: int = field(default_factory=new_bot_seed)
    creator_hash: str | None = None
    # The players' clocks (tables/clocks.py): None for a table without one; the moment the first running clock runs
    # out; how many clock events (time-outs, returns, leaves) changed it.
    clock: dict[str, Any] | None = None
    due: dt.datetime | None = None
    clock_version: int = 0


@dataclass(frozen=True)
class MoveRow:
    """One stored step: its 1-based number, who acted, the action id and notation, and what it drew; an undo step
    (`undoes`: the seq of the move it takes back, ra.core.undo) has the action -1 and the notation `undo`;
    `stand_in`: a bot made the move for a person's seat (tables/clocks.py)."""

    seq: int
    player: int
    action: int
    notation: str
    draws: tuple[str, ...] = ()
    undoes: int | None = None
    stand_in: bool = False


@dataclass(frozen=True)
class NewMove:
    """An action to store: the table, the move, the table's status and time after it; whether a bot seat made it
    (its process must then hold the table's bot turn, leases.py), whether bots must act after it, and whether they
    had to before it (only then can the table have a bot turn to end: unknown, True, looks)."""

    table_id: str
    move: MoveRow
    status: str
    updated: dt.datetime
    by_bot: bool = False
    bots_due: bool = False
    bots_were_due: bool = True
    # The table's clock after the move and its next timer (tables/clocks.py), and the clock version the move was made
    # on: it commits only if no clock event came meanwhile.
    clock: dict[str, Any] | None = None
    due: dt.datetime | None = None
    clock_version: int = 0


class Storage(Protocol):
    """What the table service needs from a database. Calls are blocking; the service runs them off the loop."""

    def create_table(self, row: TableRow) -> None:
        """Store a new table."""
        ...

    def get_table(self, table_id: str) -> TableRow | None:
        """A table by id, or None."""
        ...

    def list_tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        """Tables (optionally of one status), most recently updated first."""
        ...

    def unfinished_ids(self) -> list[str]:
        """Ids of every table whose game has not ended (nor been abandoned)."""
        ...

    def keep_watched(self, table_ids: list[str], older_than: dt.datetime, stamp: dt.datetime) -> int:
        """Stamp `updated` on the playable ones of these watched tables stamped before `older_than`."""
        ...

    def abandon_idle(self, idle_since: dt.datetime, limit: int = 100) -> list[str]:
        """Mark playable tables idle since before `idle_since` abandoned: the ids this call changed."""
        ...

    def close_table(self, table_id: str, stamp: dt.datetime) -> bool:
        """Mark one playable table abandoned now (a moderator closed it); False if it was not playable."""
        ...

    def update_table(
        self,
        table_id: str,
        seats: list[dict[str, Any]],
        status: str,
        updated: dt.datetime,
        base: list[dict[str, Any]] | None = None,
        clock: dict[str, Any] | None = None,
        due: dt.datetime | None = None,
    ) -> None:
        """Store new seats and status (names, taken flags); with `base` (the seats the change was made on), only
        the fields that changed, merged into the stored seats; with `clock`, the table's clock and timer too."""
        ...

    def add_move(self, table_id: str, move: MoveRow, status: str, updated: dt.datetime) -> None:
        """Commit one action and the table's new status; SeqConflictError if its seq is already used."""
        ...

    def add_moves(self, batch: list[NewMove]) -> list[SeqConflictError | None]:
        """Commit several actions (of different tables) at once; per action None or its SeqConflictError."""
        ...

    def moves(self, table_id: str) -> list[MoveRow]:
        """Every action of a table, in order."""
        ...

    def changes(self, table_id: str, after: int) -> tuple[TableRow | None, list[MoveRow]]:
        """A table's row and its actions after seq `after`, in order (what another process stored meanwhile)."""
        ...

    def versions(self, table_ids: list[str]) -> dict[str, tuple[int, dt.datetime]]:
        """(seq, updated) of each of these tables that exists."""
        ...

    def ping(self) -> None:
        """Reach the database with a trivial query; the database's error if it cannot."""
        ...

    @property
    def leases(self) -> Leases:
        """This process's leases on bot turns."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...
