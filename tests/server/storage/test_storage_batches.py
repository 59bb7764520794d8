"""Group commit costs per batch, not per move (issue 26): a batch of moves is one multi-row insert and one batch of
table updates, on SQLite and PostgreSQL; a conflicting move still fails alone and the others commit; bot turns cost a
statement only where a move hands the turn to a bot or ends it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from ra.server.storage.rows import MoveRow, NewMove, SeqConflictError, TableRow, now
from ra.server.storage.schema import bot_turns_t
from ra.server.storage.sql import SqlStorage

TABLES = [f"t{i}" for i in range(8)]


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[SqlStorage]:
    """A storage (SQLite, or PostgreSQL where the test runs on it) with eight running tables."""
    opened = SqlStorage.in_dir(tmp_path / "data")
    for table_id in TABLES:
        opened.create_table(TableRow(table_id, "ra", {"players": 2}, 1, [], "running"))
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def statements(storage: SqlStorage) -> Iterator[list[str]]:
    """The SQL statements the storage's engine sends (an executemany counts once)."""
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(" ".join(statement.split()).split(" ", 1)[0].upper())

    sa.event.listen(storage.engine, "before_cursor_execute", note)
    yield sent
    sa.event.remove(storage.engine, "before_cursor_execute", note)


def move(table_id: str, seq: int, **flags: Any) -> NewMove:
    return NewMove(table_id, MoveRow(seq, 0, 0, "draw"), "running", now(), bots_were_due=False, **flags)


def writes(sent: list[str]) -> list[str]:
    return [s for s in sent if s in ("INSERT", "UPDATE", "DELETE")]


def test_a_batch_is_one_insert_and_one_batch_of_updates(storage: SqlStorage, statements: list[str]) -> None:
    assert storage.add_moves([move(t, 1) for t in TABLES]) == [None] * len(TABLES)
    assert writes(statements) == ["INSERT", "UPDATE"], "no statement per move, none for bot turns"
    assert all(storage.get_table(t).seq == 1 for t in TABLES)  # type: ignore[union-attr]
    assert [m.seq for m in storage.moves("t3")] == [1]


def test_a_conflicting_move_fails_alone_and_the_others_commit(storage: SqlStorage) -> None:
    assert storage.add_moves([move("t0", 1)]) == [None]
    results = storage.add_moves([move("t0", 1), move("t1", 1), move("t2", 2)])  # t0 has seq 1; t2 is at seq 0
    assert results[1] is None
    assert isinstance(results[0], SeqConflictError) and isinstance(results[2], SeqConflictError)
    assert [m.seq for m in storage.moves("t1")] == [1] and storage.moves("t2") == []
    assert [m.seq for m in storage.moves("t0")] == [1]


def test_bot_turns_cost_statements_only_where_they_begin_or_end(storage: SqlStorage, statements: list[str]) -> None:
    turns = sa.select(bot_turns_t.c.table_id)
    storage.add_moves([move("t0", 1, bots_due=True), move("t1", 1)])  # t0's bots are due now
    with storage.engine.connect() as c:
        assert [r[0] for r in c.execute(turns)] == ["t0"]
    statements.clear()
    storage.add_moves([move("t0", 2, by_bot=True, bots_due=True), move("t1", 2)])  # the bot plays on
    assert writes(statements) == ["INSERT", "UPDATE"]
    statements.clear()
    storage.add_moves([move("t0", 3, by_bot=True), move("t1", 3)])  # the bots' turn ends
    assert writes(statements) == ["INSERT", "UPDATE", "DELETE"]
    with storage.engine.connect() as c:
        assert list(c.execute(turns)) == []
