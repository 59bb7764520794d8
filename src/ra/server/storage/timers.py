"""The players' clocks in the database: the timers that are due, and a clock event (a time-out, a return, a leave)
stored exactly once across processes.

A table's clock lives in its own row (`tables.clock`, `due`, `clock_version`, schema.py), so every move writes it in
the move's own transaction (writes.py) and a kill -9 loses nothing. A clock event is one UPDATE that asks for the
version it was decided on (`clock_version`) and the table's seq: of two processes acting on the same due timer,
only one changes the row (the other gets no row back, catches up and finds nothing due); a move racing the event
loses on the same version (writes.py). The event writes, in the same transaction, the seat fields it changes (merged
into the stored seats, as writes.update_seats does) and, when a bot now plays for a seat that is to act, the bot
turn's lease (leases.py), owned by the process that stored the event, so that the bot turn is never forgotten.
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

import sqlalchemy as sa

from ra.server.storage.leases import Leases
from ra.server.storage.schema import tables_t

PLAYABLE = ("open", "running")


def due_tables(engine: sa.Engine, at: dt.datetime, limit: int) -> list[str]:
    """Ids of up to `limit` playable tables whose first running clock has run out by `at`, the oldest first."""
    query = (
        sa.select(tables_t.c.id)
        .where(tables_t.c.due.is_not(None), tables_t.c.due <= at, tables_t.c.status.in_(PLAYABLE))
        .order_by(tables_t.c.due)
        .limit(limit)
    )
    with engine.connect() as c:
        return [str(row[0]) for row in c.execute(query)]


def store_event(
    engine: sa.Engine,
    leases: Leases,
    table_id: str,
    seq: int,
    version: int,
    changes: dict[int, dict[str, Any]],
    clock: dict[str, Any],
    due: dt.datetime | None,
    updated: dt.datetime,
    bots_due: bool,
) -> list[dict[str, Any]] | None:
    """Store one clock event decided on (`seq`, `version`): seat fields to change (seat -> fields, a None value
    removes the field), the new clock and timer. The stored seats after it, or None if another process or a move
    changed the table first (nothing stored)."""
    where = (tables_t.c.id == table_id, tables_t.c.seq == seq, tables_t.c.clock_version == version)
    with engine.begin() as c:
        query = sa.select(tables_t.c.seats).where(*where, tables_t.c.status.in_(PLAYABLE)).with_for_update()
        stored = c.execute(query).first()
        if stored is None:
            return None
        seats = copy.deepcopy(list(stored.seats))
        for seat, fields in changes.items():
            for key, value in fields.items():
                if value is None:
                    seats[seat].pop(key, None)
                else:
                    seats[seat][key] = value
        done = c.execute(
            tables_t.update()
            .where(*where)
            .values(seats=seats, clock=clock, due=due, updated=updated, clock_version=version + 1)
        )
        if done.rowcount != 1:
            return None
        effect = leases.hand(c, table_id, seq) if bots_due else leases.end(c, table_id)
    effect()
    return seats
