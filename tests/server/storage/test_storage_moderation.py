"""Migration 0013 (roles, sanctions, the moderation log, blocks, hidden listings, a report's context) on a database
with a listing and a report in it: down to 0012 and up again keeps them, nothing hidden, no context, no role."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import sqlalchemy as sa
from test_storage_bot_accounts import migrate

from ra.server.storage.schema import account_roles_t, chat_reports_t, listings_t, moderation_log_t, upgrade
from ra.server.storage.sql import SqlStorage

WHEN = dt.datetime(2026, 12, 6, tzinfo=dt.UTC)


def test_migration_0013_keeps_listings_and_reports(tmp_path: Path) -> None:
    storage = SqlStorage.in_dir(tmp_path)
    engine = storage.engine
    migrate(engine, "0012")
    assert "moderation_log" not in sa.inspect(engine).get_table_names()
    with engine.begin() as c:
        table = {"id": "t1", "game": "ra", "options": "{}", "seed": 1, "seats": "[]", "status": "open", "w": WHEN}
        c.execute(
            sa.text("INSERT INTO tables (id, game, options, seed, seats, status, created, updated) "
                    "VALUES (:id, :game, :options, :seed, :seats, :status, :w, :w)"), table
        )  # fmt: skip
        c.execute(sa.text("INSERT INTO listings VALUES ('t1', true, true, false, false, true)"))
        c.execute(
            sa.text("INSERT INTO chat_reports (room, sender, sender_key, text, sent, reporter_key, reported) "
                    "VALUES ('lobby', 'Sam', 'p:x', 'rude', :w, 'p:y', :w)"), {"w": WHEN}
        )  # fmt: skip
    upgrade(engine)
    with engine.begin() as c:
        assert c.execute(sa.select(listings_t.c.hidden, listings_t.c.open_seats)).one() == (False, True)
        assert c.execute(
            sa.select(chat_reports_t.c.text, chat_reports_t.c.context, chat_reports_t.c.handled)
        ).one() == (
            "rude",
            None,
            None,
        )
        assert c.execute(sa.select(sa.func.count()).select_from(account_roles_t)).scalar_one() == 0
        assert c.execute(sa.select(sa.func.count()).select_from(moderation_log_t)).scalar_one() == 0
    storage.close()
