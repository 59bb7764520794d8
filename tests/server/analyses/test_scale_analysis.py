"""Analyses with two server processes on one PostgreSQL database (two apps in this process, each with its own event
loop and storage, as two `ra serve` processes have): each decision is evaluated once whichever process is asked,
and an analysis left by a process that died is taken over once its claim expires, from its saved decisions."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from analysis_helpers import CHEAP, Counting, count_evaluations, finished_table, runner_of, wait_analysis
from fastapi.testclient import TestClient
from services import Postgres
from test_analysis_api import analysed, strip_times

from ra.analysis import evaluate, positions
from ra.server.analyses.store import AnalysisStore
from ra.server.http.app import create_app
from ra.server.settings import ServiceSettings, Settings

LEASE = 2.0  # seconds a claim lasts unrenewed
Start = Callable[..., TestClient]


@pytest.fixture
def start(postgres: Postgres, tmp_path: Path) -> Iterator[Start]:
    """`start(analysis_workers)`: a running app on one fresh database (each closed after the test)."""
    url = postgres.new_database()
    with ExitStack() as stack:

        def start(workers: int = 1) -> TestClient:
            service = ServiceSettings(bot_delay=0, bot_workers=0, analysis_specs=CHEAP, analysis_seconds=0.1,
                                      analysis_workers=workers, lease_seconds=LEASE)  # fmt: skip
            app = create_app(Settings(data=tmp_path, database_url=url, service=service))
            return stack.enter_context(TestClient(app))

        yield start
    postgres.drop(url)


def test_each_decision_is_evaluated_once_whichever_process_is_asked(start: Start) -> None:
    a, b = start(), start()
    counting = Counting(delay=0.005)
    count_evaluations(a, counting)
    count_evaluations(b, counting)
    tables = [finished_table(a) for _ in range(3)]
    for table in tables:  # both processes asked, both wake up and claim
        for client in (a, b, a):
            assert client.post(f"/api/tables/{table['id']}/analysis").status_code == 202
    total = 0
    for table in tables:
        done = wait_analysis(b, table["id"])
        assert wait_analysis(a, table["id"]) == done
        record = a.get(f"/api/tables/{table['id']}/record").json()
        assert strip_times(done["analysis"]) == strip_times(analysed(record))
        total += done["total"]
    assert set(counting.decisions.values()) == {1} and counting.total == total
    assert runner_of(a).computed + runner_of(b).computed == 3


def test_a_dead_processs_analysis_is_taken_over_once_its_claim_expires(start: Start) -> None:
    a = start(workers=0)  # computes none: the test plays the process that died
    table = finished_table(a)
    record = a.get(f"/api/tables/{table['id']}/record").json()
    store = runner_of(a).store
    todo = positions(record, 0, CHEAP["ra"])
    saved = [evaluate(position).as_json() for position in todo[:5]]
    now = dt.datetime.now(dt.UTC)
    store.request(table["id"], 0, CHEAP["ra"], now)
    until = now + dt.timedelta(seconds=LEASE)
    assert store.claim("dead", now, until) is not None
    assert store.progress(table["id"], "dead", 5, len(todo), saved, until)
    started = time.monotonic()
    b = start()
    counting = count_evaluations(b, Counting())
    time.sleep(0.3)
    if time.monotonic() - started < LEASE - 0.5:  # (a very slow start would let the claim expire meanwhile)
        assert counting.total == 0 and store.get(table["id"]).status == "running"  # type: ignore[union-attr]
    done = wait_analysis(b, table["id"])
    assert counting.total == len(todo) - 5 and not set(counting.calls) & {p.index for p in todo[:5]}
    assert strip_times(done["analysis"]) == strip_times(analysed(record))
    assert not store.progress(table["id"], "dead", 6, len(todo), saved, until)  # the dead one can write no more
    assert AnalysisStore(runner_of(b).store.engine).get(table["id"]).status == "done"  # type: ignore[union-attr]
