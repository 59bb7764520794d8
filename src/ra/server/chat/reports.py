"""Reported chat messages, stored for the operator (docs/ACCOUNTS.md says how to read them).

A reporter reports a message once (a repeated report stores nothing new: the unique (reporter_key, message_id)
holds it even between processes) and makes at most so many reports a day, counted in the database so that every
process and a restart count the same.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import sqlalchemy as sa

from ra.server.storage.rows import now
from ra.server.storage.schema import chat_reports_t

DAY = dt.timedelta(days=1)
CONTEXT = 10  # messages of the room before a reported one kept with the report


class TooManyReports(Exception):
    """The reporter made the day's reports already."""


class Reports:
    """The report queue on `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def add(
        self,
        message: dict[str, Any],
        reporter: str,
        per_day: int = 0,
        room: str | None = None,
        context: list[dict[str, Any]] | None = None,
    ) -> bool:
        """Store a reported message as the server kept it, with who said it and who reported it: True, or False if
        this reporter had reported this message already (nothing stored). TooManyReports if the reporter made
        `per_day` reports (0: no limit) in the last 24 hours: in `room` only if given (a seat's key names a seat of
        any table, so a seat is counted in its own room), else in every room (an account's)."""
        reporter, message_id, stamp = reporter[:80], str(message["id"])[:40], now()
        mine = chat_reports_t.c.reporter_key == reporter
        try:
            with self.engine.begin() as c:
                again = sa.select(chat_reports_t.c.id).where(mine, chat_reports_t.c.message_id == message_id)
                if c.execute(again).first() is not None:
                    return False
                if per_day > 0:
                    count = sa.select(sa.func.count()).where(mine, chat_reports_t.c.reported > stamp - DAY)
                    if room is not None:
                        count = count.where(chat_reports_t.c.room == room[:40])
                    if int(c.execute(count).scalar_one()) >= per_day:
                        raise TooManyReports
                c.execute(
                    chat_reports_t.insert().values(
                        room=str(message["room"])[:40],
                        sender=str(message["sender"]["name"])[:40],
                        sender_key=str(message["sender"]["key"])[:80],
                        text=str(message["text"] or message["canned"] or "")[:1000],
                        sent=dt.datetime.fromisoformat(str(message["at"])),
                        reporter_key=reporter,
                        reported=stamp,
                        message_id=message_id,
                        context=json.dumps(_context(context or []), ensure_ascii=False),
                    )
                )
        except sa.exc.IntegrityError:
            return False  # the same report, stored meanwhile by another connection or process
        return True

    def queue(self, limit: int = 100) -> list[dict[str, Any]]:
        """The latest reports, newest first (for the operator)."""
        query = sa.select(chat_reports_t).order_by(chat_reports_t.c.id.desc()).limit(limit)
        with self.engine.connect() as c:
            return [dict(row._mapping) for row in c.execute(query)]


def _context(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages kept with a report: who (name and key), what and when, bounded."""
    return [
        {
            "sender": str(m["sender"]["name"])[:40],
            "sender_key": str(m["sender"]["key"])[:80],
            "text": str(m.get("text") or m.get("canned") or "")[:300],
            "at": str(m["at"])[:40],
        }
        for m in messages[-CONTEXT:]
    ]
