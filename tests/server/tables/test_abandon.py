"""Abandoned tables: closed by a periodic sweep once nobody played or watched them for `abandon_seconds` (a clock
the test controls), exactly once with several processes, on SQLite and PostgreSQL; their record kept, no move
taken after."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from services import Postgres

from ra.server.assembly import assemble
from ra.server.settings import ServiceSettings, Settings
from ra.server.storage.rows import MoveRow, NewMove, SeqConflictError, TableRow, now
from ra.server.storage.sql import SqlStorage
from ra.server.tables.errors import ServiceError
from ra.server.tables.requests import NewTable

DAY = dt.timedelta(days=1)


@pytest.fixture(params=["sqlite", "postgresql"])
def two(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[SqlStorage, SqlStorage]]:
    """Two processes' storages on one fresh database."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ra.sqlite3'}"
    else:
        server: Postgres = request.getfixturevalue("postgres")
        url = server.new_database()
    storages = SqlStorage(url), SqlStorage(url)
    try:
        yield storages
    finally:
        for storage in storages:
            storage.close()


def table(table_id: str, status: str, updated: dt.datetime) -> TableRow:
    return TableRow(table_id, "ra", {"players": 2}, 1, [], status, created=updated, updated=updated)


def test_idle_tables_are_closed_once_each_by_processes_sweeping_together(two: tuple[SqlStorage, SqlStorage]) -> None:
    a, b = two
    start = now()
    for i in range(30):
        a.create_table(table(f"idle{i}", "running" if i % 2 else "open", start - 3 * DAY))
    a.create_table(table("fresh", "running", start))
    a.create_table(table("done", "finished", start - 9 * DAY))
    with ThreadPoolExecutor(4) as pool:
        rounds = list(pool.map(lambda s: s.abandon_idle(start - 2 * DAY, 7), [a, b] * 6))
    closed = [table_id for found in rounds for table_id in found]
    assert sorted(closed) == sorted(f"idle{i}" for i in range(30))  # each exactly once
    assert a.abandon_idle(start - 2 * DAY) == []
    statuses = {row.id: row.status for row in b.list_tables()}
    assert statuses["fresh"] == "running" and statuses["done"] == "finished"
    assert {statuses[f"idle{i}"] for i in range(30)} == {"abandoned"}
    assert "idle1" not in a.unfinished_ids() and "fresh" in a.unfinished_ids()


def test_a_watched_table_is_kept_and_an_abandoned_one_takes_no_move(two: tuple[SqlStorage, SqlStorage]) -> None:
    a, b = two
    start = now()
    a.create_table(table("watched", "running", start - 3 * DAY))
    a.create_table(table("left", "running", start - 3 * DAY))
    assert b.keep_watched(["watched", "left-not-here"], start - DAY, start) == 1
    assert a.abandon_idle(start - 2 * DAY) == ["left"]
    refused = b.add_moves([NewMove("left", MoveRow(1, 0, 0, "draw"), "running", start)])[0]
    assert isinstance(refused, SeqConflictError)  # a process that has not heard of it loses the race
    assert b.moves("left") == [] and b.get_table("left").status == "abandoned"  # type: ignore[union-attr]
    assert b.add_moves([NewMove("watched", MoveRow(1, 0, 0, "draw"), "running", start)]) == [None]


def test_the_sweep_closes_an_idle_table_at_the_time_set_and_keeps_its_record(tmp_path: Path) -> None:
    settings = Settings(data=tmp_path, service=ServiceSettings(bot_workers=0, bot_delay=0, abandon_seconds=3600))

    async def scenario() -> None:
        server = assemble(settings)
        await server.start()
        try:
            seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
            created = await server.service.create(
                NewTable.model_validate({"game": "ra", "seats": seats, "options": {}})
            )
            table_id = created["id"]
            clock = now()
            server.abandon.now = lambda: clock + dt.timedelta(seconds=3599)
            assert await server.abandon.sweep() == []
            server.abandon.now = lambda: clock + dt.timedelta(seconds=3601)
            assert await server.abandon.sweep() == [table_id]
            assert await server.abandon.sweep() == []  # once
            listed = await server.service.list_tables("abandoned")
            assert [t["id"] for t in listed] == [table_id] and await server.service.list_tables("open") == []
            live = await server.service.get(table_id)
            assert live.row.status == "abandoned"
            with pytest.raises(ServiceError, match="abandoned"):
                await server.service.act(live, 0, live.seq, live.state.legal_actions()[0])
            await server.service.join(live, 0)  # a seat taken later keeps the table closed
            assert (await server.service.get(table_id)).row.status == "abandoned"
        finally:
            await server.stop()

    asyncio.run(scenario())


def test_abandoning_can_be_switched_off_and_is_validated() -> None:
    assert ServiceSettings(abandon_seconds=0).abandon_seconds == 0
    with pytest.raises(ValueError, match="abandon"):
        ServiceSettings(abandon_seconds=-1)
    with pytest.raises(ValueError, match="abandon"):
        ServiceSettings(abandon_sweep_seconds=0)
