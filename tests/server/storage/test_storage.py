"""Storage (Alembic schema in step with the code, UNIQUE(table_id, seq), durable commits), the in-process
pub/sub, and token redaction in logs."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.exc import IntegrityError

from ra.server.cluster.pubsub import LocalPubSub
from ra.server.http.logs import RedactTokens
from ra.server.storage.rows import MoveRow, SeqConflictError, TableRow, now
from ra.server.storage.schema import alembic_config, metadata, moves_t
from ra.server.storage.sql import SqlStorage


def a_table(table_id: str = "t1") -> TableRow:
    """A stored-table row."""
    return TableRow(id=table_id, game="ra", options={"players": 2}, seed=123, seats=[], status="running")


def test_schema_is_migrated_once_and_reopens(tmp_path: Path) -> None:
    storage = SqlStorage.in_dir(tmp_path)
    storage.create_table(a_table())
    storage.close()
    again = SqlStorage.in_dir(tmp_path)  # upgrade on an up-to-date database is a no-op
    with again.engine.connect() as c:
        head = ScriptDirectory.from_config(alembic_config()).get_current_head()
        assert c.execute(sa.text("select version_num from alembic_version")).scalar() == head
    row = again.get_table("t1")
    assert row is not None and row.seed == 123 and row.options == {"players": 2}
    assert row.created.tzinfo is not None
    assert again.get_table("nope") is None
    again.close()


def test_the_migrations_build_exactly_the_schema_the_code_uses(tmp_path: Path) -> None:
    storage = SqlStorage.in_dir(tmp_path)
    with storage.engine.connect() as c:
        assert compare_metadata(MigrationContext.configure(c), metadata) == []
        extra = sa.MetaData()
        for table in metadata.tables.values():
            table.to_metadata(extra)
        sa.Table("tables", extra, sa.Column("more", sa.Integer), extend_existing=True)
        assert compare_metadata(MigrationContext.configure(c), extra) != []  # the comparison does see drift
    storage.close()


def test_moves_are_committed_durably(tmp_path: Path) -> None:
    storage = SqlStorage.in_dir(tmp_path)
    with storage.engine.connect() as c:
        assert c.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
        assert c.execute(sa.text("PRAGMA synchronous")).scalar() == 2  # FULL: survives a power loss
        assert c.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
    storage.close()


def test_migrating_an_old_database_keeps_its_moves_and_gives_each_table_a_bot_secret(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ra.sqlite3'}"
    engine = sa.create_engine(url)
    config = alembic_config()
    with engine.begin() as c:
        config.attributes["connection"] = c
        command.upgrade(config, "0001")
        for table_id in ("a", "b"):
            c.execute(
                sa.text(
                    "INSERT INTO tables (id, game, options, seed, seats, status, seq, created, updated) VALUES "
                    "(:id, 'ra', '{}', 7, '[]', 'running', 1, '2024-01-01', '2024-01-01')"
                ),
                {"id": table_id},
            )
            c.execute(
                sa.text(
                    "INSERT INTO moves (table_id, seq, player, action, notation, draws, created) VALUES "
                    "(:id, 1, 0, 0, 'draw', '[]', '2024-01-01')"
                ),
                {"id": table_id},
            )
    engine.dispose()
    storage = SqlStorage(url)
    rows = [storage.get_table(table_id) for table_id in ("a", "b")]
    assert all(r is not None and r.bot_seed != 0 and r.creator_hash is None for r in rows)
    assert rows[0] is not None and rows[1] is not None and rows[0].bot_seed != rows[1].bot_seed
    assert [len(storage.moves(table_id)) for table_id in ("a", "b")] == [1, 1]
    storage.close()


def test_the_database_enforces_one_action_per_seq(tmp_path: Path) -> None:
    storage = SqlStorage.in_dir(tmp_path)
    storage.create_table(a_table())
    storage.add_move("t1", MoveRow(1, 0, 0, "draw", ("gold",)), "running", now())
    with pytest.raises(SeqConflictError):
        storage.add_move("t1", MoveRow(1, 1, 0, "draw", ("ra",)), "running", now())
    with pytest.raises(SeqConflictError):
        storage.add_move("t1", MoveRow(3, 1, 0, "draw", ()), "running", now())  # skips seq 2
    with pytest.raises(IntegrityError), storage.engine.begin() as c:  # even behind the service's back
        c.execute(
            moves_t.insert().values(table_id="t1", seq=1, player=0, action=1, notation="ra", draws=[], created=now())
        )
    storage.add_move("t1", MoveRow(2, 1, 1, "ra"), "finished", now())
    assert storage.moves("t1") == [MoveRow(1, 0, 0, "draw", ("gold",)), MoveRow(2, 1, 1, "ra")]
    row = storage.get_table("t1")
    assert row is not None and row.seq == 2 and row.status == "finished"
    assert storage.unfinished_ids() == []
    assert [r.id for r in storage.list_tables("finished")] == ["t1"]
    storage.close()


def test_pubsub_delivers_the_newest_message_to_each_subscriber() -> None:
    async def scenario() -> None:
        hub: LocalPubSub[int] = LocalPubSub()
        a, b = hub.subscribe("t"), hub.subscribe("t")
        assert hub.subscribers("t") == 2
        hub.publish("t", 1)
        assert await a.get() == 1
        hub.publish("t", 2)
        hub.publish("t", 3)  # a has not read 2: it only gets the newest
        hub.publish("other", 99)
        assert await a.get() == 3
        assert await b.get() == 3
        waiting = asyncio.create_task(a.get())
        await asyncio.sleep(0)
        hub.publish("t", 4)
        assert await asyncio.wait_for(waiting, 1) == 4
        a.close()
        b.close()
        assert hub.subscribers("t") == 0
        hub.publish("t", 5)  # nobody listens: nothing happens

    asyncio.run(scenario())


def test_log_lines_never_show_tokens() -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s"',
        ("1.2.3.4", "GET", "/ws/x?seat=0&token=s3cret"),
        None,
    )
    RedactTokens().filter(record)
    assert "s3cret" not in record.getMessage() and "token=***" in record.getMessage()
