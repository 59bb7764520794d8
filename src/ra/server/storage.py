"""Durable storage of tables and their moves: a small interface and its SQLAlchemy 2 implementation.

The schema (src/ra/server/migrations, described by `ra.server.schema`) is applied with Alembic when the storage
opens. `moves` has UNIQUE(table_id, seq), so the database
itself refuses a second action at the same position of a game. A move's `seq` is its 1-based number: the seq of
the table right after it was accepted. SQLite runs in WAL mode with `synchronous=FULL`: a move clients were told
of survives a power loss (docs/PROTOCOL.md).
"""

from __future__ import annotations

import datetime as dt
import secrets
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ra.server.schema import STORAGE_ERRORS, metadata, moves_t, tables_t, upgrade

__all__ = [
    "STORAGE_ERRORS",
    "MoveRow",
    "NewMove",
    "SeqConflictError",
    "SqlStorage",
    "Storage",
    "TableRow",
    "metadata",
    "moves_t",
    "new_bot_seed",
    "now",
    "tables_t",
    "writable_problem",
]


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


@dataclass(frozen=True)
class MoveRow:
    """One stored action: its 1-based number, who acted, the action id and notation, and what it drew."""

    seq: int
    player: int
    action: int
    notation: str
    draws: tuple[str, ...] = ()


@dataclass(frozen=True)
class NewMove:
    """An action to store: the table, the move, and the table's status and time after it."""

    table_id: str
    move: MoveRow
    status: str
    updated: dt.datetime


class SeqConflictError(RuntimeError):
    """Another action was already stored at this seq (the table moved on)."""


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
        """Ids of every table whose game has not ended."""
        ...

    def update_table(self, table_id: str, seats: list[dict[str, Any]], status: str, updated: dt.datetime) -> None:
        """Store new seats and status (names, taken flags)."""
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

    def close(self) -> None:
        """Release connections."""
        ...


def _utc(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def _table(row: sa.Row[Any]) -> TableRow:
    m = row._mapping
    return TableRow(
        id=m["id"],
        game=m["game"],
        options=dict(m["options"]),
        seed=int(m["seed"]),
        seats=list(m["seats"]),
        status=m["status"],
        seq=int(m["seq"]),
        created=_utc(m["created"]),
        updated=_utc(m["updated"]),
        bot_seed=int(m["bot_seed"]),
        creator_hash=m["creator_hash"],
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # NORMAL in WAL mode may lose the last commits on power loss
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def writable_problem(data_dir: Path) -> str | None:
    """Why the embedded storage cannot write in `data_dir` (one line), or None if it can."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=data_dir, prefix=".ra-probe-"):
            pass
    except OSError as exc:
        return f"cannot write in the data folder {data_dir}: {exc.strerror or exc}"
    try:
        storage = SqlStorage.in_dir(data_dir)
        try:
            storage.probe_write()
        finally:
            storage.close()
    except STORAGE_ERRORS as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        return f"cannot write the database {data_dir / 'ra.sqlite3'}: {reason}"
    return None


class SqlStorage:
    """`Storage` on SQLAlchemy 2 Core: SQLite by default, any SQLAlchemy URL (e.g. PostgreSQL) otherwise."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            self.engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True)
        upgrade(self.engine)

    @classmethod
    def in_dir(cls, data_dir: str | Path) -> SqlStorage:
        """The embedded default: SQLite file `ra.sqlite3` in `data_dir` (created if missing)."""
        path = Path(data_dir)
        path.mkdir(parents=True, exist_ok=True)
        return cls(f"sqlite:///{(path / 'ra.sqlite3').resolve()}")

    def create_table(self, row: TableRow) -> None:
        """Store a new table."""
        with self.engine.begin() as c:
            c.execute(
                tables_t.insert().values(
                    id=row.id,
                    game=row.game,
                    options=row.options,
                    seed=row.seed,
                    seats=row.seats,
                    status=row.status,
                    seq=row.seq,
                    created=row.created,
                    updated=row.updated,
                    bot_seed=row.bot_seed,
                    creator_hash=row.creator_hash,
                )
            )

    def probe_write(self) -> None:
        """Write to the database without changing it; the database's error if it cannot be written."""
        with self.engine.begin() as c:
            c.execute(sa.text("UPDATE alembic_version SET version_num = version_num"))

    def get_table(self, table_id: str) -> TableRow | None:
        """A table by id, or None."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
        return None if row is None else _table(row)

    def list_tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        """Tables (optionally of one status), most recently updated first."""
        query = sa.select(tables_t).order_by(tables_t.c.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as c:
            return [_table(r) for r in c.execute(query)]

    def unfinished_ids(self) -> list[str]:
        """Ids of every table whose game has not ended."""
        query = sa.select(tables_t.c.id).where(tables_t.c.status != "finished")
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(query)]

    def update_table(self, table_id: str, seats: list[dict[str, Any]], status: str, updated: dt.datetime) -> None:
        """Store new seats and status (names, taken flags)."""
        with self.engine.begin() as c:
            c.execute(
                tables_t.update().where(tables_t.c.id == table_id).values(seats=seats, status=status, updated=updated)
            )

    def add_move(self, table_id: str, move: MoveRow, status: str, updated: dt.datetime) -> None:
        """Commit one action and the table's new status; SeqConflictError if its seq is already used."""
        error = self.add_moves([NewMove(table_id, move, status, updated)])[0]
        if error is not None:
            raise error

    def add_moves(self, batch: list[NewMove]) -> list[SeqConflictError | None]:
        """Commit several actions (of different tables) at once; per action None or its SeqConflictError.

        One transaction for the whole batch (group commit); if any action conflicts, each is retried alone.
        """
        try:
            with self.engine.begin() as c:
                for item in batch:
                    self._insert(c, item)
            return [None] * len(batch)
        except SeqConflictError:
            pass  # find which: the others commit alone
        return [self._one(item) for item in batch]

    def _one(self, item: NewMove) -> SeqConflictError | None:
        try:
            with self.engine.begin() as c:
                self._insert(c, item)
        except SeqConflictError as exc:
            return exc
        return None

    @staticmethod
    def _insert(c: sa.Connection, item: NewMove) -> None:
        move, stamp = item.move, item.updated
        try:
            c.execute(
                moves_t.insert().values(
                    table_id=item.table_id,
                    seq=move.seq,
                    player=move.player,
                    action=move.action,
                    notation=move.notation,
                    draws=list(move.draws),
                    created=stamp,
                )
            )
        except IntegrityError as exc:
            raise SeqConflictError(f"table {item.table_id} already has an action at seq {move.seq}") from exc
        done = c.execute(
            tables_t.update()
            .where(tables_t.c.id == item.table_id, tables_t.c.seq == move.seq - 1)
            .values(seq=move.seq, status=item.status, updated=stamp)
        )
        if done.rowcount != 1:
            raise SeqConflictError(f"table {item.table_id} is not at seq {move.seq - 1}")

    def moves(self, table_id: str) -> list[MoveRow]:
        """Every action of a table, in order."""
        query = sa.select(moves_t).where(moves_t.c.table_id == table_id).order_by(moves_t.c.seq)
        with self.engine.connect() as c:
            return [MoveRow(r.seq, r.player, r.action, r.notation, tuple(r.draws)) for r in c.execute(query)]

    def close(self) -> None:
        """Release connections."""
        self.engine.dispose()
