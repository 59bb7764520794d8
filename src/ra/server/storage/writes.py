"""The SQL storage's writes that several server processes may race on: moves and seats.

Moves: UNIQUE(table_id, seq) and the table's seq moving from `seq - 1` to `seq` decide which of two racing actions
stands (docs/PROTOCOL.md); a bot move also needs its process to hold the table's bot turn (leases.py), and every
move records in the same transaction whether bots are due after it. Seats: each process changes one seat field
(a name, a `taken` flag) on the seats it had read; the change is merged into the stored seats under a row lock, so
that changes made meanwhile by another process are kept.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ra.server.storage.leases import Effect, Leases
from ra.server.storage.rows import NewMove, SeqConflictError
from ra.server.storage.schema import moves_t, tables_t

RETRY_ALONE = {"40P01", "40001"}  # PostgreSQL's deadlock detected, serialization failure


# One statement each for a whole batch (executemany: a multi-row insert, the updates in one round trip).
_INSERT_MOVES = moves_t.insert()
_ADVANCE_TABLE = (
    tables_t.update()
    # An abandoned table takes no move (storage/abandoning.py): a process that has not heard of it loses the race.
    .where(
        tables_t.c.id == sa.bindparam("table"),
        tables_t.c.seq == sa.bindparam("before"),
        tables_t.c.status != "abandoned",
        # A clock event (a time-out, tables/clocks.py) stored meanwhile makes the move lose the race: it is checked
        # again on the table as it is now.
        tables_t.c.clock_version == sa.bindparam("clock_at"),
    )
    .values(
        seq=sa.bindparam("after"),
        status=sa.bindparam("new_status"),
        updated=sa.bindparam("stamp"),
        clock=sa.bindparam("new_clock", type_=sa.JSON(none_as_null=True)),
        due=sa.bindparam("new_due"),
    )
)


def add_moves(engine: sa.Engine, leases: Leases, batch: list[NewMove]) -> list[SeqConflictError | None]:
    """Commit several actions (of different tables) at once; per action None or its SeqConflictError.

    One transaction for the whole batch (group commit): the bot turns it plays fenced, then every move in one
    multi-row insert and every table moved on in one batch of updates, each from `seq - 1` to `seq`, its tables in
    the order of their ids (as every process does, so that two batches never wait for each other in a circle),
    then the bot turns the moves hand on or end. If any action conflicts, or the database still picked the batch
    as a deadlock's victim, each action is retried alone.
    """
    if len({item.table_id for item in batch}) != len(batch):  # never from the service (it holds the table's lock)
        return [_one(engine, leases, item) for item in batch]
    try:
        with engine.begin() as c:
            effects = _insert(c, leases, sorted(batch, key=lambda item: item.table_id))
    except SeqConflictError:
        return [_one(engine, leases, item) for item in batch]  # find which: the others commit alone
    except sa.exc.OperationalError as exc:
        if getattr(exc.orig, "sqlstate", None) not in RETRY_ALONE:
            raise
        return [_one(engine, leases, item) for item in batch]
    _run(effects)
    return [None] * len(batch)


def _one(engine: sa.Engine, leases: Leases, item: NewMove) -> SeqConflictError | None:
    try:
        with engine.begin() as c:
            effects = _insert(c, leases, [item])
    except SeqConflictError as exc:
        return exc
    _run(effects)
    return None


def _run(effects: list[Callable[[], None]]) -> None:
    for effect in effects:
        effect()


def _insert(c: sa.Connection, leases: Leases, items: list[NewMove]) -> list[Effect]:
    """Store `items` (of different tables, in the order of their ids) in the transaction of `c`."""
    for item in items:
        if item.by_bot and not leases.fence(c, item.table_id):
            raise SeqConflictError(f"table {item.table_id}: another server process plays its bots now")
    rows = [
        {
            "table_id": item.table_id,
            "seq": item.move.seq,
            "player": item.move.player,
            "action": item.move.action,
            "notation": item.move.notation,
            "draws": list(item.move.draws),
            "created": item.updated,
            "undoes": item.move.undoes,
            "stand_in": item.move.stand_in or None,
        }
        for item in items
    ]
    try:
        c.execute(_INSERT_MOVES, rows)
    except IntegrityError as exc:
        where = " or ".join(f"table {item.table_id} at seq {item.move.seq}" for item in items)
        raise SeqConflictError(f"an action is stored already: {where}") from exc
    advance = [
        {
            "table": item.table_id,
            "before": item.move.seq - 1,
            "after": item.move.seq,
            "new_status": item.status,
            "stamp": item.updated,
            "clock_at": item.clock_version,
            "new_clock": item.clock,
            "new_due": item.due,
        }
        for item in items
    ]
    done = c.execute(_ADVANCE_TABLE, advance)
    if done.rowcount != len(items):
        where = " or ".join(f"table {item.table_id} at seq {item.move.seq - 1}" for item in items)
        raise SeqConflictError(f"a table is no longer where its action was made: {where}")
    return leases.mark(c, items)


def seats_status(seats: list[dict[str, Any]], finished: bool) -> str:
    """A table's status from its seats: `finished` once the game ended, `open` while a person seat awaits its
    player, else `running` (the rule of `model.status_of`, for seats merged in the database)."""
    if finished:
        return "finished"
    waiting = any(s.get("kind") == "person" and not s.get("taken") for s in seats)
    return "open" if waiting else "running"


def merged_seats(stored: list[dict[str, Any]], base: list[dict[str, Any]], seats: list[dict[str, Any]]) -> Any:
    """`stored` with every field that differs between `base` (what the writer read) and `seats` (what it wrote)."""
    merged = copy.deepcopy(stored)
    for i, (before, after) in enumerate(zip(base, seats, strict=True)):
        for key in before.keys() | after.keys():
            if before.get(key) != after.get(key) and i < len(merged):
                merged[i][key] = after.get(key)
    return merged


def update_seats(
    engine: sa.Engine,
    table_id: str,
    seats: list[dict[str, Any]],
    status: str,
    updated: dt.datetime,
    base: list[dict[str, Any]] | None,
    clock: dict[str, Any] | None = None,
    due: dt.datetime | None = None,
) -> None:
    """Store new seats and status; with `base` (the seats the change was made on), only the fields that changed
    are written over the stored seats (under a row lock), and the status follows the merged seats; with `clock`, the
    table's clock and its timer (a clock that starts once every seat is taken)."""
    where = tables_t.c.id == table_id
    with engine.begin() as c:
        if base is not None:
            query = sa.select(tables_t.c.seats, tables_t.c.status).where(where).with_for_update()
            stored = c.execute(query).first()
            if stored is not None and len(base) == len(seats) == len(stored.seats):
                seats = merged_seats(list(stored.seats), base, seats)
                finished = "finished" in (stored.status, status)
                status = stored.status if stored.status == "abandoned" else seats_status(seats, finished)
        values: dict[str, Any] = {"seats": seats, "status": status, "updated": updated}
        if clock is not None:
            values.update(clock=clock, due=due)
        c.execute(tables_t.update().where(where).values(**values))
