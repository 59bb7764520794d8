"""Group commit waits for a fuller batch only under load (issue 26): after a batch of several moves, the next batch
waits `linger` for more moves to join it; a lone move is committed at once; each move is answered after its commit."""

from __future__ import annotations

import asyncio

from ra.server.storage.rows import MoveRow, NewMove, SeqConflictError, now
from ra.server.tables.commits import GroupCommit


def move(table_id: str) -> NewMove:
    return NewMove(table_id, MoveRow(1, 0, 0, "draw"), "running", now(), bots_were_due=False)


class Recorder:
    """A commit that records its batches; each waits until `release` is set."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.release = asyncio.Event()
        self.release.set()

    async def __call__(self, batch: list[NewMove]) -> list[SeqConflictError | None]:
        self.batches.append([item.table_id for item in batch])
        await self.release.wait()
        return [None] * len(batch)


def test_a_lone_move_does_not_wait() -> None:
    async def play() -> list[list[str]]:
        commit = Recorder()
        commits = GroupCommit(commit, linger=60.0)
        await asyncio.wait_for(commits.store(move("a")), timeout=5)
        await asyncio.wait_for(commits.store(move("b")), timeout=5)  # after a batch of one: at once as well
        return commit.batches

    assert asyncio.run(play()) == [["a"], ["b"]]


def test_under_load_a_batch_waits_for_the_moves_that_follow() -> None:
    async def play(linger: float) -> list[list[str]]:
        commit = Recorder()
        commit.release.clear()
        commits = GroupCommit(commit, linger=linger)
        first = [asyncio.create_task(commits.store(move(t))) for t in ("a", "b")]
        await asyncio.sleep(0)  # the batch of two is committing
        third = asyncio.create_task(commits.store(move("c")))
        commit.release.set()
        await asyncio.gather(*first)
        assert not third.done(), "c waits for its own commit"
        await asyncio.sleep(0.05)  # d comes while c's batch waits
        fourth = asyncio.create_task(commits.store(move("d")))
        await asyncio.gather(third, fourth)
        return commit.batches

    assert asyncio.run(play(linger=0.5)) == [["a", "b"], ["c", "d"]]
    assert asyncio.run(play(linger=0.0)) == [["a", "b"], ["c"], ["d"]]  # without the wait d is a batch alone
