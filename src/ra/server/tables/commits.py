"""Storage calls from the event loop: run in a thread, failures answered `unavailable`; group commit of moves.

Group commit: moves of every table that arrive while a transaction runs are committed together in the next one.
With `synchronous=FULL` each transaction waits for the disk; grouping keeps that wait per batch, not per move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ra.core.text import t
from ra.server.metrics import meter
from ra.server.storage.rows import NewMove, SeqConflictError
from ra.server.storage.schema import STORAGE_ERRORS
from ra.server.tables.errors import ServiceError

log = logging.getLogger("ra.server")
T = TypeVar("T")
Commit = Callable[[list[NewMove]], Awaitable[list[SeqConflictError | None]]]
# Under load, how long a batch waits for more moves before it commits. A commit costs the server about 1 ms of CPU
# however few moves it holds; with tables split over processes each process's batches are small (about 10 moves
# with two processes), and this wait makes them about a third bigger (docs/DEPLOY.md, "Waiting for a fuller batch").
LINGER_SECONDS = 0.003
UNAVAILABLE = t("the server cannot reach its storage right now; nothing was changed, try again shortly")


class StorageCalls:
    """Runs blocking storage calls in `threads` threads; a database failure becomes ServiceError unavailable."""

    def __init__(self, threads: int = 1) -> None:
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ra-db")

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` off the event loop."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._threads, fn, *args)
        except STORAGE_ERRORS as exc:
            log.warning("storage failed in %s: %s", getattr(fn, "__name__", fn), reason(exc))
            meter().error("storage_unavailable")
            raise ServiceError("unavailable", UNAVAILABLE) from exc

    def shutdown(self) -> None:
        """Wait for the calls under way, then stop the threads."""
        self._threads.shutdown(wait=True)


def reason(exc: BaseException) -> str:
    """A storage error's message in one line (the database's own words, without SQLAlchemy's trailer)."""
    text = str(getattr(exc, "orig", None) or exc)
    return text.splitlines()[0] if text else type(exc).__name__


class GroupCommit:
    """Queues moves and commits them in batches with `commit` (one transaction per batch).

    While moves keep coming (the last batch held several), a batch that would be smaller than the last first waits
    `linger` seconds for more; a move that finds no commit under way (a person's pace) is committed at once.
    """

    def __init__(self, commit: Commit, linger: float = LINGER_SECONDS) -> None:
        self.commit = commit
        self.linger = linger
        self._queue: list[tuple[NewMove, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None
        self._last_batch = 0

    async def store(self, item: NewMove) -> None:
        """Wait until the move is committed; its SeqConflictError, or the batch's error, if it is not."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((item, future))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._run(), name="ra-group-commit")
        await future

    async def drain(self) -> None:
        """Wait for the batches under way (at shutdown)."""
        if self._committer is not None:
            with contextlib.suppress(Exception):
                await self._committer

    async def _run(self) -> None:
        """Commit whatever is queued in one transaction, until the queue is empty."""
        while self._queue:
            if self._last_batch > 1 and len(self._queue) < self._last_batch:
                await asyncio.sleep(self.linger)
            batch, self._queue = self._queue, []
            self._last_batch = len(batch)
            results: list[BaseException | None]
            try:
                results = list(await self.commit([item for item, _ in batch]))
                meter().committed(len(batch))
            except Exception as exc:
                results = [exc] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if result is None:
                    future.set_result(None)
                else:
                    future.set_exception(result)
        self._last_batch = 0  # the queue ran dry: the next move comes alone
