"""The `analyses` rows (ra.server.analyses.store) on SQLite and PostgreSQL: asked for once, claimed by one process
at a time, written only by the claim's owner, taken over once a claim expires or is given up."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ra.server.analyses.store import AnalysisStore
from ra.server.storage.rows import TableRow
from ra.server.storage.schema import alembic_config
from ra.server.storage.sql import SqlStorage

NOW = dt.datetime(2026, 12, 6, 12, 0, tzinfo=dt.UTC)


def later(seconds: float) -> dt.datetime:
    return NOW + dt.timedelta(seconds=seconds)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[AnalysisStore]:
    """The analyses of a fresh database holding two tables, `t1` and `t2`."""
    storage = SqlStorage.in_dir(tmp_path)
    for table_id in ("t1", "t2"):
        storage.create_table(TableRow(table_id, "ra", {"players": 2}, 1, [], "finished"))
    try:
        yield AnalysisStore(storage.engine)
    finally:
        storage.close()


def test_an_analysis_is_asked_for_once_and_a_failed_one_again(store: AnalysisStore) -> None:
    assert store.get("t1") is None
    first = store.request("t1", 0, "spec", NOW)
    assert (first.status, first.done, first.total, first.seed, first.spec) == ("queued", 0, None, 0, "spec")
    assert store.request("t1", 7, "other", later(1)) == first  # asked again: as it stands
    assert store.waiting() == 1
    claimed = store.claim("a", NOW, later(10))
    assert claimed is not None and claimed.status == "running"
    assert store.fail("t1", "a", "x" * 2000, later(2))
    failed = store.get("t1")
    assert failed is not None and failed.status == "failed" and failed.error == "x" * 500
    assert store.waiting() == 0
    again = store.request("t1", 0, "spec", later(3))
    assert again.status == "queued" and again.error is None and store.waiting() == 1


def test_one_owner_at_a_time_until_the_claim_expires_or_is_given_up(store: AnalysisStore) -> None:
    store.request("t1", 0, "spec", NOW)
    assert store.claim("a", NOW, later(10)) is not None
    assert store.claim("b", later(1), later(11)) is None  # a holds the only one
    reports = [{"index": 3}]
    assert store.progress("t1", "a", 1, 40, reports, later(15))
    assert not store.progress("t1", "b", 2, 40, None, later(15))  # not b's to write
    assert store.claim("b", later(12), later(22)) is None  # renewed: a still holds it
    taken = store.claim("b", later(16), later(26))  # a stopped renewing (it died)
    assert taken is not None and taken.done == 1 and taken.total == 40 and taken.reports == reports
    assert not store.progress("t1", "a", 2, 40, None, later(17))  # a lost it: it writes nothing more
    assert not store.finish("t1", "a", 40, "{}", later(17))
    store.release("b")  # b stops: anyone may go on at once
    resumed = store.claim("c", later(18), later(28))
    assert resumed is not None and resumed.status == "running"
    assert store.finish("t1", "c", 40, '{"done": true}', later(19))
    done = store.get("t1")
    assert done is not None and (done.status, done.done, done.total, done.result) == ("done", 40, 40, '{"done": true}')
    assert done.reports == [] and store.claim("d", later(100), later(110)) is None


def test_claims_take_the_oldest_first_and_a_lone_process_takes_its_earlier_runs_at_once(store: AnalysisStore) -> None:
    store.request("t2", 0, "spec", NOW)
    store.request("t1", 0, "spec", later(1))
    first = store.claim("a", later(2), later(12))
    assert first is not None and first.table_id == "t2"
    assert store.claim("a", later(3), later(13)) == first  # its own claim (a run of it that stopped): still its
    second = store.claim("b", later(3), later(13))
    assert second is not None and second.table_id == "t1"
    again = store.claim("restarted", later(4), later(14), solo=True)  # the same server, started again
    assert again is not None and again.table_id == "t2"


def test_the_migration_adds_the_analyses_and_takes_them_away_again(tmp_path: Path) -> None:
    storage = SqlStorage.in_dir(tmp_path)
    config = alembic_config()
    try:
        with storage.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0009")
            assert "analyses" not in sa.inspect(connection).get_table_names()
            command.upgrade(config, "head")
            assert "analyses" in sa.inspect(connection).get_table_names()
        storage.create_table(TableRow("t1", "ra", {"players": 2}, 1, [], "finished"))
        assert AnalysisStore(storage.engine).request("t1", 0, "spec", NOW).status == "queued"
    finally:
        storage.close()
