"""Reported chat messages, stored for the operator (docs/ACCOUNTS.md says how to read them)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa

from ra.server.storage.rows import now
from ra.server.storage.schema import chat_reports_t


class Reports:
    """The report queue on `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def add(self, message: dict[str, Any], reporter: str) -> None:
        """Store a reported message as the server kept it, with who said it and who reported it."""
        with self.engine.begin() as c:
            c.execute(
                chat_reports_t.insert().values(
                    room=str(message["room"])[:40],
                    sender=str(message["sender"]["name"])[:40],
                    sender_key=str(message["sender"]["key"])[:80],
                    text=str(message["text"] or message["canned"] or "")[:1000],
                    sent=dt.datetime.fromisoformat(str(message["at"])),
                    reporter_key=reporter[:80],
                    reported=now(),
                )
            )

    def queue(self, limit: int = 100) -> list[dict[str, Any]]:
        """The latest reports, newest first (for the operator)."""
        query = sa.select(chat_reports_t).order_by(chat_reports_t.c.id.desc()).limit(limit)
        with self.engine.connect() as c:
            return [dict(row._mapping) for row in c.execute(query)]
