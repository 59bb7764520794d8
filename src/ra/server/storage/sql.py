"""Durable storage of tables and their moves: the interface of rows.py on SQLAlchemy 2.

The schema (`migrations/`, described by schema.py) is applied with Alembic when the storage opens. `moves` has
UNIQUE(table_id, seq), so the database itself refuses a second action at the same position of a game. A move's
`seq` is its 1-based number: the seq of the table right after it was accepted. SQLite runs in WAL mode with
`synchronous=FULL`: a move clients were told of survives a power loss (docs/PROTOCOL.md). SQLite serves one server
process; PostgreSQL any number of them (docs/DEPLOY.md): the writes they may race on are in writes.py, the leases
on bot turns in leases.py.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from ra.server.storage import abandoning, writes
from ra.server.storage.leases import Leases
from ra.server.storage.rows import MoveRow, NewMove, SeqConflictError, TableRow
from ra.server.storage.schema import STORAGE_ERRORS, moves_t, require_current, tables_t, upgrade

SQLITE_FILE = "ra.sqlite3"  # the embedded database's file in the data folder


def _utc(value: dt.datetime) -> dt.datetime:
    # In UTC whatever the database session's time zone: processes compare these times as text too.
    return value.astimezone(dt.UTC) if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


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
        clock=None if m["clock"] is None else dict(m["clock"]),
        due=None if m["due"] is None else _utc(m["due"]),
        clock_version=int(m["clock_version"] or 0),
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # NORMAL in WAL mode may lose the last commits on power loss
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def storage_url(data_dir: str | Path, database_url: str | None = None) -> str:
    """The database `ra serve` and `ra admin` use: `database_url` if given, else the SQLite file in `data_dir`."""
    if database_url:
        return database_url
    return f"sqlite:///{(Path(data_dir) / SQLITE_FILE).resolve()}"


def writable_problem(data_dir: Path, migrate: bool = True) -> str | None:
    """Why the embedded storage cannot write in `data_dir` (one line), or None if it can; SchemaBehind from a
    database behind the schema when it may not `migrate`."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=data_dir, prefix=".ra-probe-"):
            pass
    except OSError as exc:
        return f"cannot write in the data folder {data_dir}: {exc.strerror or exc}"
    try:
        storage = SqlStorage.in_dir(data_dir, migrate)
        try:
            storage.probe_write()
        finally:
            storage.close()
    except STORAGE_ERRORS as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        return f"cannot write the database {data_dir / SQLITE_FILE}: {reason}"
    return None


class SqlStorage:
    """`Storage` on SQLAlchemy 2 Core: SQLite by default, any SQLAlchemy URL (e.g. PostgreSQL) otherwise."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        """Open the database at `url` and migrate it to the newest schema; with `migrate=False`, SchemaBehind
        instead if it is not at the newest (its schema left as it is)."""
        self.url = url
        if url.startswith("sqlite"):
            self.engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True)
        if migrate:
            upgrade(self.engine)
        else:
            require_current(self.engine)
        self._leases = Leases(self.engine)
        self._leases.solo = self.engine.dialect.name == "sqlite"  # one server process per SQLite file

    @property
    def leases(self) -> Leases:
        """This process's leases on bot turns."""
        return self._leases

    @classmethod
    def in_dir(cls, data_dir: str | Path, migrate: bool = True) -> SqlStorage:
        """The embedded default: SQLite file `ra.sqlite3` in `data_dir` (the folder created if missing)."""
        Path(data_dir).mkdir(parents=True, exist_ok=True)
        return cls(storage_url(data_dir), migrate)

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
                    clock=row.clock,
                    due=row.due,
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
        """Ids of every table whose game has not ended (nor been abandoned)."""
        query = sa.select(tables_t.c.id).where(tables_t.c.status.in_(abandoning.PLAYABLE))
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(query)]

    def keep_watched(self, table_ids: list[str], older_than: dt.datetime, stamp: dt.datetime) -> int:
        """Stamp the playable ones of these (watched) tables stamped before `older_than` (abandoning.py)."""
        return abandoning.keep_watched(self.engine, table_ids, older_than, stamp)

    def abandon_idle(self, idle_since: dt.datetime, limit: int = 100) -> list[str]:
        """Close up to `limit` playable tables idle since before `idle_since`: the ids this call closed, each closed
        by exactly one call of any process (abandoning.py)."""
        return abandoning.abandon_idle(self.engine, idle_since, limit)

    def close_table(self, table_id: str, stamp: dt.datetime) -> bool:
        """Close one playable table now, as the abandon sweep closes idle ones (a moderator's; abandoning.py)."""
        return abandoning.close_table(self.engine, table_id, stamp)

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
        """Store new seats and status (names, taken flags); with `base`, only what changed from it (merged); with
        `clock`, the table's clock and timer too."""
        writes.update_seats(self.engine, table_id, seats, status, updated, base, clock, due)

    def add_move(self, table_id: str, move: MoveRow, status: str, updated: dt.datetime) -> None:
        """Commit one action and the table's new status; SeqConflictError if its seq is already used."""
        error = self.add_moves([NewMove(table_id, move, status, updated)])[0]
        if error is not None:
            raise error

    def add_moves(self, batch: list[NewMove]) -> list[SeqConflictError | None]:
        """Commit several actions (of different tables) at once, in one transaction (group commit); per action None
        or its SeqConflictError."""
        return writes.add_moves(self.engine, self._leases, batch)

    def moves(self, table_id: str) -> list[MoveRow]:
        """Every action of a table, in order."""
        return self.changes(table_id, 0)[1]

    def changes(self, table_id: str, after: int) -> tuple[TableRow | None, list[MoveRow]]:
        """A table's row and its actions after seq `after`, in order (what another process stored meanwhile)."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None or (after > 0 and int(row.seq) <= after):
                return (None if row is None else _table(row)), []
            query = sa.select(moves_t).where(moves_t.c.table_id == table_id, moves_t.c.seq > after)
            found = c.execute(query.order_by(moves_t.c.seq))
            return _table(row), [
                MoveRow(r.seq, r.player, r.action, r.notation, tuple(r.draws), r.undoes, bool(r.stand_in))
                for r in found
            ]

    def versions(self, table_ids: list[str]) -> dict[str, tuple[int, dt.datetime]]:
        """(seq, updated) of each of these tables that exists."""
        query = sa.select(tables_t.c.id, tables_t.c.seq, tables_t.c.updated).where(tables_t.c.id.in_(table_ids))
        with self.engine.connect() as c:
            return {r.id: (int(r.seq), _utc(r.updated)) for r in c.execute(query)}

    def ping(self) -> None:
        """Reach the database with a trivial query; the database's error if it cannot."""
        with self.engine.connect() as c:
            c.execute(sa.text("SELECT 1"))

    def close(self) -> None:
        """Release connections."""
        self.engine.dispose()
