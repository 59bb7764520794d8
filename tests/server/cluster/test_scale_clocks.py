"""The players' timers in real `ra serve` processes, on a clock the tests move (`--test-time-file`): a kill -9
while a timer is due loses nothing and the timer fires exactly once after the restart (SQLite); two processes on
PostgreSQL + Redis sweeping together fire a due timer once; the storage's arbiter of a time-out, two processes' storages
on SQLite and on PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from processes import Serve, serve_processes
from services import Postgres, RedisServer, free_port
from websockets.sync.client import connect

from ra.server.storage import timers as stored_timers
from ra.server.storage.rows import MoveRow, NewMove, TableRow, now
from ra.server.storage.sql import SqlStorage
from ra.server.tables.pace import charged, due_of, new_clock
from ra.server.time_source import write_offset

PACE = {"kind": "live", "bank": 60, "increment": 0, "timeout": "bot", "level": "easy"}
QUICK = ("--bot-delay", "0.01", "--bot-workers", "0", "--lease-seconds", "2", "--resync-seconds", "0.5")


def create(server: Serve) -> dict[str, Any]:
    body = {"game": "ra", "seats": [{"kind": "person"}, {"kind": "person"}], "pace": PACE}
    r = httpx.post(f"{server.base}/api/tables", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return dict(r.json())


def sit_down(server: Serve, table: dict[str, Any], other: Serve | None = None) -> None:
    """Both persons connect once, the second one to `other` if given (the table runs, the first seat's clock
    starts)."""
    for seat, where in ((0, server), (1, other or server)):
        token = table["seats"][seat]["token"]
        with connect(f"{where.ws}/ws/{table['id']}?seat={seat}&token={token}", open_timeout=10) as ws:
            ws.recv(timeout=10)


def stored(url: str, table_id: str) -> TableRow:
    storage = SqlStorage(url)
    try:
        row = storage.get_table(table_id)
    finally:
        storage.close()
    assert row is not None
    return row


def wait_stored(url: str, table_id: str, check: Any, what: str, seconds: float = 40) -> TableRow:
    deadline = time.monotonic() + seconds
    while True:
        row = stored(url, table_id)
        if check(row):
            return row
        assert time.monotonic() < deadline, f"timed out waiting for {what}: {row}"
        time.sleep(0.1)


@pytest.mark.slow
def test_kill_9_while_a_timer_is_due_it_fires_once_after_the_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ra.sqlite3'}"
    clock = tmp_path / "clock"
    write_offset(clock, 0)
    extra = ("--test-time-file", str(clock), *QUICK)
    # The doomed process never looks for due timers (once an hour): its timer is due when it dies.
    doomed = Serve(free_port(), url, None, tmp_path / "doomed.log", (*extra, "--clock-sweep", "3600"))
    doomed.start()
    try:
        doomed.wait_ready()
        table = create(doomed)
        sit_down(doomed, table)
        row = wait_stored(url, table["id"], lambda r: r.due is not None, "the clock to start")
        write_offset(clock, 61)  # the first seat's minute is over: its timer is due
        time.sleep(0.5)
        assert stored(url, table["id"]).clock_version == 0  # not fired: this process does not sweep
        doomed.kill()
    finally:
        doomed.stop()
    for round_ in range(2):  # restarted, then killed again after it fired: still once
        log = tmp_path / f"restarted-{round_}.log"
        server = Serve(free_port(), url, None, log, (*extra, "--clock-sweep", "0.1"))
        server.start()
        try:
            server.wait_ready()
            row = wait_stored(url, table["id"], lambda r: r.clock_version >= 1, "the timer after the restart")
            mover = next(i for i, seat in enumerate(row.seats) if seat.get("stand_in"))
            row = wait_stored(url, table["id"], lambda r: r.seq >= 1, "the stand-in's move")
            time.sleep(0.5)  # several sweeps: none fires again
            row = stored(url, table["id"])
            assert row.clock_version == 1 and row.clock is not None and row.clock["fired"] == 1, row
            assert row.clock["seats"][mover]["since"] is None  # a bot plays the seat: its clock stands
            server.kill()
        finally:
            server.stop()


def test_two_processes_on_postgresql_and_redis_fire_a_due_timer_once(
    postgres: Postgres, redis_server: RedisServer, tmp_path: Path
) -> None:
    url = postgres.new_database()
    clock = tmp_path / "clock"
    write_offset(clock, 0)
    extra = ("--test-time-file", str(clock), "--clock-sweep", "0.05", *QUICK)
    servers = serve_processes(2, url, redis_server.url, tmp_path, *extra)
    try:
        a, b = servers
        tables = [create(a), create(b), create(a)]
        for i, table in enumerate(tables):
            sit_down(servers[i % 2], table, servers[(i + 1) % 2] if i == 2 else None)  # the last: one on each
            wait_stored(url, table["id"], lambda r: r.due is not None, "the clock to start")
        write_offset(clock, 61)  # every table's first timer is due on both processes at once
        for table in tables:
            row = wait_stored(url, table["id"], lambda r: r.seq >= 1, "the stand-in's move")
        time.sleep(0.5)
        for table in tables:
            row = stored(url, table["id"])
            assert row.clock_version == 1 and row.clock is not None and row.clock["fired"] == 1, row
    finally:
        for server in servers:
            server.stop()


# -- the storage's arbiter, two processes on one database -------------------------------------------------------


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


def test_a_time_out_is_stored_once_and_a_move_on_the_old_clock_loses(two: tuple[SqlStorage, SqlStorage]) -> None:
    a, b = two
    pace = {"kind": "live", "bank": 60, "increment": 0, "timeout": "bot", "level": "easy"}
    start = now()
    clock = charged(pace, new_clock(pace, 2) or {}, None, {0}, start.timestamp() - 120)
    seats = [{"kind": "person", "name": "A", "taken": True}, {"kind": "person", "name": "B", "taken": True}]
    row = TableRow("t1", "ra", {"players": 2, "pace": pace}, 1, seats, "running", clock=clock, due=due_of(clock))
    a.create_table(row)
    assert stored_timers.due_tables(b.engine, start, 10) == ["t1"]
    out = {0: {"stand_in": "easy"}}
    first = stored_timers.store_event(a.engine, a.leases, "t1", 0, 0, out, clock, None, start, True)
    second = stored_timers.store_event(b.engine, b.leases, "t1", 0, 0, out, clock, None, start, True)
    assert first is not None and first[0]["stand_in"] == "easy" and second is None  # exactly once
    assert stored_timers.due_tables(b.engine, start, 10) == []
    late = NewMove("t1", MoveRow(1, 0, 0, "draw"), "running", start, clock_version=0)
    assert b.add_moves([late])[0] is not None  # made on the clock before the time-out: refused
    fresh = NewMove("t1", MoveRow(1, 0, 0, "draw"), "running", start, by_bot=True, clock_version=1)
    assert a.add_moves([fresh]) == [None]  # the stand-in's move, by the process that holds the bot turn
    stored = b.get_table("t1")
    assert stored is not None and stored.clock_version == 1 and stored.seats[0]["stand_in"] == "easy"
