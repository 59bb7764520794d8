"""Group commit waits for a fuller batch only under load (issue 26): after a batch of several moves, the next batch
waits `linger` for more moves to join it; a move that finds no commit under way is committed at once."""

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
        await asyncio.wait_for(asyncio.gather(commits.store(move("c")), commits.store(move("d"))), timeout=5)
        await asyncio.wait_for(commits.store(move("e")), timeout=5)  # alone after a batch of two: at once
        return commit.batches

    assert asyncio.run(play()) == [["a"], ["b"], ["c", "d"], ["e"]]


def test_under_load_a_batch_waits_for_the_moves_that_follow() -> None:
    async def play(linger: float) -> list[list[str]]:
        commit = Recorder()
        commit.release.clear()
        commits = GroupCommit(commit, linger=linger)
        first = [asyncio.create_task(commits.store(move(t))) for t in ("a", "b")]
        while not commit.batches:  # until the batch of two is committing
            await asyncio.sleep(0)
        third = asyncio.create_task(commits.store(move("c")))
        await asyncio.sleep(0)  # c is queued while a and b commit
        commit.release.set()
        await asyncio.gather(*first)
        await asyncio.sleep(0.05)  # d comes while c's batch waits
        fourth = asyncio.create_task(commits.store(move("d")))
        await asyncio.gather(third, fourth)
        return commit.batches

    assert asyncio.run(play(linger=0.5)) == [["a", "b"], ["c", "d"]]
    assert asyncio.run(play(linger=0.0)) == [["a", "b"], ["c"], ["d"]]  # without the wait d is a batch alone
