"""What `ra admin stats` and `ra admin check-backup` count in a database: tables by status, games finished, moves,
accounts and the players seen lately (read-only queries, one connection)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa

from ra.server.storage.schema import account_seats_t, accounts_t, moves_t, sessions_t, tables_t

STATUSES = ("open", "running", "finished", "abandoned")
WEEK = dt.timedelta(days=7)


def totals(connection: sa.Connection) -> dict[str, Any]:
    """Tables by status (each of `STATUSES`, and any other found), moves and accounts in all."""
    by_status = dict.fromkeys(STATUSES, 0)
    query = sa.select(tables_t.c.status, sa.func.count()).group_by(tables_t.c.status)
    by_status.update({str(status): int(n) for status, n in connection.execute(query)})
    return {
        "tables": by_status,
        "moves": _count(connection, sa.select(sa.func.count()).select_from(moves_t)),
        "accounts": _count(connection, sa.select(sa.func.count()).select_from(accounts_t)),
    }


def activity(connection: sa.Connection, now: dt.datetime) -> dict[str, Any]:
    """The stats of `ra admin stats` at `now` (UTC): tables open and running, games finished today (since midnight
    UTC) and in the last 7 days, accounts, players active in the last 7 days (seated at a table that changed, or
    signed in), moves today."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    week = now - WEEK
    found = totals(connection)

    def finished_since(moment: dt.datetime) -> int:
        where = sa.and_(tables_t.c.status == "finished", tables_t.c.updated >= moment)
        return _count(connection, sa.select(sa.func.count()).select_from(tables_t).where(where))

    seated = (
        sa.select(account_seats_t.c.account_id)
        .join(tables_t, tables_t.c.id == account_seats_t.c.table_id)
        .where(tables_t.c.updated >= week)
    )
    signed_in = sa.select(sessions_t.c.account_id).where(sessions_t.c.seen >= week)
    active = sa.select(sa.func.count()).select_from(sa.union(seated, signed_in).subquery())
    moves_today = sa.select(sa.func.count()).select_from(moves_t).where(moves_t.c.created >= midnight)
    return {
        "tables_open": found["tables"]["open"],
        "tables_running": found["tables"]["running"],
        "finished_today": finished_since(midnight),
        "finished_7_days": finished_since(week),
        "accounts": found["accounts"],
        "players_7_days": _count(connection, active),
        "moves_today": _count(connection, moves_today),
    }


def finished_ids(connection: sa.Connection) -> list[str]:
    """Every finished table's id, oldest change first."""
    query = sa.select(tables_t.c.id).where(tables_t.c.status == "finished").order_by(tables_t.c.updated)
    return [str(row[0]) for row in connection.execute(query)]


def _count(connection: sa.Connection, query: sa.Select[Any]) -> int:
    return int(connection.execute(query).scalar_one())
