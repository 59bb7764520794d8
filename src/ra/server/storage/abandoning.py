"""Abandoned tables: unfinished ones that nobody has played or watched for a while are closed, their record kept.

A periodic sweep (`ra.server.tables.abandon`), never work per move: each process first stamps `updated` on the
tables its clients watch (only those whose stamp is half the limit old, so a watched table costs a write once per
half limit), then closes every unfinished table whose stamp is older than the limit in one UPDATE. That statement
is the one arbiter between processes sweeping together: it changes a table's status from `open` or `running` to
`abandoned` once, and only the process whose statement changed it gets its id back (exactly once). A table whose
players' clock runs (`due` set, tables/clocks.py) is never idle: its own timer acts for the absent player.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection

import sqlalchemy as sa

from ra.server.storage.schema import tables_t

ABANDONED = "abandoned"
PLAYABLE = ("open", "running")  # the statuses a table is abandoned from (finished and abandoned ones stay)


def keep_watched(engine: sa.Engine, table_ids: Collection[str], older_than: dt.datetime, stamp: dt.datetime) -> int:
    """Stamp `updated` = `stamp` on the playable ones of `table_ids` stamped before `older_than`; how many."""
    if not table_ids:
        return 0
    statement = (
        tables_t.update()
        .where(tables_t.c.id.in_(list(table_ids)), tables_t.c.status.in_(PLAYABLE), tables_t.c.updated < older_than)
        .values(updated=stamp)
    )
    with engine.begin() as c:
        return int(c.execute(statement).rowcount or 0)


def abandon_idle(engine: sa.Engine, idle_since: dt.datetime, limit: int) -> list[str]:
    """Mark up to `limit` playable tables stamped before `idle_since` abandoned; the ids this call changed."""
    idle = (
        sa.select(tables_t.c.id)
        .where(tables_t.c.status.in_(PLAYABLE), tables_t.c.updated < idle_since, tables_t.c.due.is_(None))
        .order_by(tables_t.c.updated)
        .limit(limit)
        .scalar_subquery()
    )
    statement = (
        tables_t.update()
        # The status is checked again by the UPDATE itself: a table closed meanwhile by another process is not
        # returned twice, and one moved on meanwhile (a newer stamp) stays open.
        .where(tables_t.c.id.in_(idle), tables_t.c.status.in_(PLAYABLE), tables_t.c.updated < idle_since)
        .values(status=ABANDONED)
        .returning(tables_t.c.id)
    )
    with engine.begin() as c:
        return sorted(str(row[0]) for row in c.execute(statement))


def close_table(engine: sa.Engine, table_id: str, stamp: dt.datetime) -> bool:
    """Mark one playable table abandoned now (a moderator closed it); False if it was not playable."""
    statement = (
        tables_t.update()
        .where(tables_t.c.id == table_id, tables_t.c.status.in_(PLAYABLE))
        .values(status=ABANDONED, updated=stamp)
    )
    with engine.begin() as c:
        return bool(c.execute(statement).rowcount)
