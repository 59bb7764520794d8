"""Leases on bot turns: each bot move is made by exactly one server process, and a dead process's turns go on.

A table whose bots must act has a `bot_turns` row (schema.py). The move that hands the turn to a bot writes it in
its own transaction, owned by the process that committed that move (so that process plays on at once); the move
that ends the bots' turn deletes it. A bot move commits only while its process still owns the row (`fence`, in the
move's transaction): a process whose lease was taken over can no longer commit a bot move, so none is made twice.
Owners renew their leases while they play (`renew`); a process that dies stops renewing, and once `expires` has
passed another process takes the turn over (`take_expired`, `FOR UPDATE SKIP LOCKED` on PostgreSQL).

Times are the processes' clocks (UTC): processes on several machines need synchronized clocks (NTP), which is also
what keeps a lease of a few seconds meaningful.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import socket
import time
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from ra.server.storage.schema import bot_turns_t as turns
from ra.server.storage.schema import tables_t


class Numbered(Protocol):
    """A stored step, as far as a lease needs it."""

    @property
    def seq(self) -> int: ...


class TurnChange(Protocol):
    """A move being stored, as far as bot turns are concerned (rows.NewMove: the storage's rows know the leases,
    not the other way round)."""

    @property
    def table_id(self) -> str: ...
    @property
    def move(self) -> Numbered: ...
    @property
    def by_bot(self) -> bool: ...
    @property
    def bots_due(self) -> bool: ...
    @property
    def bots_were_due(self) -> bool: ...


Effect = Callable[[], None]


def process_name() -> str:
    """This process's name as a lease owner: host, pid and a random part (a restarted pid is another owner)."""
    return f"{socket.gethostname()[:50]}:{os.getpid()}:{secrets.token_hex(4)}"


def _utc(seconds: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(seconds, dt.UTC)


def _upsert(c: sa.Connection, values: dict[str, Any], change: dict[str, Any], where: Any = None) -> Any:
    """INSERT ... ON CONFLICT (table_id) DO UPDATE, RETURNING the owner (SQLite and PostgreSQL say it alike)."""
    insert = postgresql.insert if c.dialect.name == "postgresql" else sqlite.insert
    statement = (
        insert(turns)
        .values(**values)
        .on_conflict_do_update(index_elements=[turns.c.table_id], set_=change, where=where)
    )
    return c.execute(statement.returning(turns.c.owner)).first()


class Leases:
    """This process's leases on bot turns, in the database at `engine`; `seconds` is how long one lasts unrenewed.

    With `solo` (one process serves the database) a claim always succeeds: leases left by an earlier run of the
    same server must not wait for their expiry.
    """

    def __init__(self, engine: sa.Engine, seconds: float = 10.0, owner: str | None = None) -> None:
        self.engine, self.seconds = engine, seconds
        self.owner = owner or process_name()
        self.solo = False
        # table id -> when (time.time()) this process's lease on it expires; written after each commit.
        self.held: dict[str, float] = {}

    def holds(self, table_id: str) -> bool:
        """True if this process holds the table's lease with a third of its time or more left (no database call)."""
        return self.held.get(table_id, 0.0) - time.time() > self.seconds / 3

    # -- inside a move's transaction ------------------------------------------------------------------------------

    def fence(self, c: sa.Connection, table_id: str) -> bool:
        """True if this process owns the table's bot turn (the row stays locked until the move commits); always
        True for a process alone on its database (no query: nobody else can have taken the turn)."""
        if self.solo:
            return True
        query = sa.select(turns.c.owner).where(turns.c.table_id == table_id).with_for_update()
        if c.execute(query).scalar() == self.owner:
            return True
        self.held.pop(table_id, None)  # taken over meanwhile: ask the database before playing again
        return False

    def mark(self, c: sa.Connection, items: Sequence[TurnChange]) -> list[Effect]:
        """Record after each move whether bots are due (this process then owns the turn); what to do once the
        transaction has committed. Only moves that change a bot turn cost a statement: one that hands the turn to
        a bot (upserted), and one that ends it (deleted); a bot move whose turn goes on, by a process that holds its
        lease for a while yet, leaves the row as it is (the lease is renewed apart, `renew`)."""
        until = time.time() + self.seconds
        due = [item for item in items if item.bots_due and not (item.by_bot and self.holds(item.table_id))]
        ended = [item.table_id for item in items if not item.bots_due and (item.by_bot or item.bots_were_due)]
        if due:
            expires = _utc(until)
            for item in due:
                values = {"table_id": item.table_id, "seq": item.move.seq, "owner": self.owner, "expires": expires}
                _upsert(c, values, {"seq": item.move.seq, "owner": self.owner, "expires": expires})
        if ended:
            c.execute(turns.delete().where(turns.c.table_id.in_(ended)))

        def committed() -> None:
            for item in due:
                self.held[item.table_id] = until
            for table_id in ended:
                self.held.pop(table_id, None)

        return [committed]

    def hand(self, c: sa.Connection, table_id: str, seq: int) -> Effect:
        """In a clock event's transaction (timers.py): bots are due now without a move (a bot plays for an absent
        seat), and this process owns the turn; what to do once the transaction has committed."""
        until = time.time() + self.seconds
        values = {"table_id": table_id, "seq": seq, "owner": self.owner, "expires": _utc(until)}
        _upsert(c, values, {"seq": seq, "owner": self.owner, "expires": values["expires"]})

        def committed() -> None:
            self.held[table_id] = until

        return committed

    def end(self, c: sa.Connection, table_id: str) -> Effect:
        """In a clock event's transaction: no bot is due any more (a person took their seat back)."""
        c.execute(turns.delete().where(turns.c.table_id == table_id))

        def committed() -> None:
            self.held.pop(table_id, None)

        return committed

    # -- transactions of their own ------------------------------------------------------------------------------

    def claim(self, table_id: str, seq: int) -> bool:
        """Take the table's bot turn if nobody holds it (or its lease expired, or it is ours already): True if ours."""
        now = time.time()
        until = now + self.seconds
        values = {"table_id": table_id, "seq": seq, "owner": self.owner, "expires": _utc(until)}
        free = sa.or_(turns.c.owner.is_(None), turns.c.owner == self.owner, turns.c.expires < _utc(now))
        with self.engine.begin() as c:
            row = _upsert(c, values, {"owner": self.owner, "expires": values["expires"]}, None if self.solo else free)
        if row is None or row.owner != self.owner:
            self.held.pop(table_id, None)
            return False
        self.held[table_id] = until
        return True

    def renew(self, playing: Collection[str]) -> None:
        """Extend the leases of the tables this process is playing; give up the others it holds (another process
        may take them at once)."""
        held = list(self.held)
        if not held:
            return
        now = time.time()
        until = now + self.seconds
        keep = [t for t in held if t in playing]
        mine = turns.c.owner == self.owner
        with self.engine.begin() as c:
            # Rows locked in the order of their table ids, as moves lock them: no waiting in a circle.
            c.execute(sa.select(turns.c.table_id).where(mine).order_by(turns.c.table_id).with_for_update()).all()
            renewed = set()
            if keep:
                done = c.execute(
                    turns.update()
                    .where(mine, turns.c.table_id.in_(keep))
                    .values(expires=_utc(until))
                    .returning(turns.c.table_id)
                )
                renewed = {row[0] for row in done}
            drop = [t for t in held if t not in renewed]
            if drop:
                c.execute(turns.update().where(mine, turns.c.table_id.in_(drop)).values(owner=None, expires=_utc(now)))
        for table_id in drop:
            self.held.pop(table_id, None)
        for table_id in renewed:
            self.held[table_id] = until

    def take_expired(self, limit: int = 20) -> list[tuple[str, int]]:
        """Claim up to `limit` bot turns whose lease expired (a dead or stopped process's): (table id, seq) each."""
        now = time.time()
        until = now + self.seconds
        query = (
            sa.select(turns.c.table_id, turns.c.seq)
            .where(turns.c.expires < _utc(now))
            .order_by(turns.c.expires)
            .limit(limit)
            .with_for_update(skip_locked=True)  # processes sweeping together claim different turns
        )
        with self.engine.begin() as c:
            rows = [(str(r[0]), int(r[1])) for r in c.execute(query)]
            if rows:
                ids = [table_id for table_id, _ in rows]
                c.execute(turns.update().where(turns.c.table_id.in_(ids)).values(owner=self.owner, expires=_utc(until)))
        for table_id, _ in rows:
            self.held[table_id] = until
        return rows

    def unclaimed(self, limit: int) -> list[str]:
        """Unfinished tables with a bot seat and no bot turn row: their bots may be due although nobody holds the
        turn (a table stored before leases existed, or one whose process died before its bots first claimed it)."""
        orphan = ~sa.exists().where(turns.c.table_id == tables_t.c.id)
        playable = tables_t.c.status.in_(("open", "running"))
        query = sa.select(tables_t.c.id, tables_t.c.seats).where(playable, orphan).limit(limit)
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [str(r.id) for r in rows if any(seat.get("kind") == "bot" for seat in r.seats)]

    def drop(self, table_id: str, seq: int) -> None:
        """Delete this process's row of a table whose bots, at `seq` or later, turned out not to be due."""
        with self.engine.begin() as c:
            c.execute(
                turns.delete().where(turns.c.table_id == table_id, turns.c.owner == self.owner, turns.c.seq <= seq)
            )
        self.held.pop(table_id, None)

    def release_all(self) -> None:
        """Give up every lease of this process (at shutdown: another process takes the turns over at once)."""
        mine = turns.c.owner == self.owner
        with self.engine.begin() as c:
            c.execute(sa.select(turns.c.table_id).where(mine).order_by(turns.c.table_id).with_for_update()).all()
            c.execute(turns.update().where(mine).values(owner=None, expires=_utc(time.time())))
        self.held.clear()
