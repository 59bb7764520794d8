"""Leases on bot turns between two processes' storages, on SQLite and PostgreSQL: the process that hands the turn to
a bot holds it; only the holder commits a bot move; an expired or given-up lease is taken over; seats merge."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from services import Postgres

from ra.server.storage.rows import MoveRow, NewMove, SeqConflictError, TableRow, now
from ra.server.storage.sql import SqlStorage


@pytest.fixture(params=["sqlite", "postgresql"])
def two(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[SqlStorage, SqlStorage]]:
    """Two processes' storages on one fresh database, leases of 10 s, as several processes use them."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ra.sqlite3'}"
    else:
        server: Postgres = request.getfixturevalue("postgres")
        url = server.new_database()
    storages = SqlStorage(url), SqlStorage(url)
    for storage in storages:
        storage.leases.solo = False
    storages[0].create_table(TableRow("t", "ra", {"players": 2}, 1, [], "running"))
    try:
        yield storages
    finally:
        for storage in storages:
            storage.close()


def move(seq: int, player: int, *, by_bot: bool = False, bots_due: bool = False) -> NewMove:
    """The move at `seq` of table `t`."""
    return NewMove("t", MoveRow(seq, player, 0, "draw"), "running", now(), by_bot, bots_due)


def test_the_process_that_hands_the_turn_to_a_bot_plays_it_and_no_other(two: tuple[SqlStorage, SqlStorage]) -> None:
    a, b = two
    assert a.add_moves([move(1, 0, bots_due=True)]) == [None]
    assert a.leases.holds("t") and not b.leases.claim("t", 1)
    refused = b.add_moves([move(2, 1, by_bot=True)])[0]
    assert isinstance(refused, SeqConflictError)  # not its bot turn: nothing stored
    assert a.add_moves([move(2, 1, by_bot=True)]) == [None]  # the bot's move ends its turn
    assert not a.leases.holds("t") and b.leases.claim("t", 2)  # nobody held it: the next claim wins
    assert [m.seq for m in a.moves("t")] == [1, 2]


def test_an_expired_or_given_up_lease_is_taken_over(two: tuple[SqlStorage, SqlStorage]) -> None:
    a, b = two
    a.leases.seconds = 0.2
    a.add_moves([move(1, 0, bots_due=True)])
    assert b.leases.take_expired() == []
    time.sleep(0.3)  # a stopped renewing (it died)
    assert b.leases.take_expired() == [("t", 1)] and b.leases.holds("t")
    assert isinstance(a.add_moves([move(2, 1, by_bot=True)])[0], SeqConflictError)
    assert not a.leases.holds("t")
    b.leases.renew({"t"})  # b plays: it keeps the lease
    assert not a.leases.claim("t", 1)
    b.leases.renew(set())  # b no longer plays these bots: anyone may take them now
    assert a.leases.take_expired() == [("t", 1)]
    a.leases.release_all()
    assert b.leases.claim("t", 1) and b.add_moves([move(2, 1, by_bot=True)]) == [None]


def test_seat_changes_of_two_processes_are_merged(two: tuple[SqlStorage, SqlStorage]) -> None:
    a, b = two
    seats = [{"kind": "person", "name": "P1", "taken": False}, {"kind": "person", "name": "P2", "taken": False}]
    a.update_table("t", seats, "open", now())
    joined = [{**seats[0], "taken": True}, seats[1]]
    renamed = [seats[0], {**seats[1], "name": "Bob"}]
    a.update_table("t", joined, "open", now(), seats)  # both changed the seats as they had read them
    b.update_table("t", renamed, "open", now(), seats)
    row = a.get_table("t")
    assert row is not None and row.seats == [{**seats[0], "taken": True}, {**seats[1], "name": "Bob"}]
    both = [{**joined[0]}, {**renamed[1], "taken": True}]
    b.update_table("t", both, "running", now(), [joined[0], renamed[1]])
    row = a.get_table("t")
    assert row is not None and row.status == "running"
