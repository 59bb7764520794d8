"""Bounded memory: the loaded tables (idle ones evicted, least recently used first) and the serialized replays."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator

from ra.server.tables.table import Table


class LoadedTables:
    """Tables in memory. A table is pinned while `pinned(id)` says so (clients, a bot turn); beyond `idle` unpinned
    tables, the least recently used leave memory (they are rebuilt from storage when asked for again).

    Eviction runs when a table is added, when the service says a table lost its last pin, and at most once a
    second on reads while there are more tables than `idle` (a sweep looks at every loaded table).
    """

    SWEEP = 1.0  # seconds between sweeps on reads

    def __init__(self, idle: int, pinned: Callable[[str], bool]) -> None:
        self.idle, self.pinned = idle, pinned
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._swept = time.monotonic()

    def get(self, table_id: str) -> Table | None:
        """The table if loaded (now the most recently used), else None."""
        table = self._tables.get(table_id)
        if table is not None:
            self._tables.move_to_end(table_id)
            if len(self._tables) > self.idle and time.monotonic() - self._swept > self.SWEEP:
                self.evict(keep=table_id)
        return table

    def peek(self, table_id: str) -> Table | None:
        """The table if loaded, without counting it as used."""
        return self._tables.get(table_id)

    def put(self, table_id: str, table: Table) -> None:
        """Add a table (the most recently used) and evict idle ones beyond the limit, never this one."""
        self._tables[table_id] = table
        self._tables.move_to_end(table_id)
        self.evict(keep=table_id)

    def evict(self, keep: str | None = None) -> None:
        """Drop the least recently used unpinned tables while there are more than `idle` of them (never `keep`)."""
        self._swept = time.monotonic()
        if len(self._tables) <= self.idle:
            return  # fewer tables than the limit: nothing to look at
        idle = [tid for tid in self._tables if not self.pinned(tid)]
        excess = len(idle) - self.idle
        for table_id in idle:
            if excess <= 0:
                break
            if table_id != keep:
                del self._tables[table_id]
                excess -= 1

    def pop(self, table_id: str) -> Table | None:
        """Forget a table (it is rebuilt from storage when asked for again)."""
        return self._tables.pop(table_id, None)

    def __getitem__(self, table_id: str) -> Table:
        return self._tables[table_id]

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def __len__(self) -> int:
        return len(self._tables)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._tables))

    def values(self) -> list[Table]:
        """The loaded tables."""
        return list(self._tables.values())


class ReplayCache:
    """Serialized replays of finished tables, at most `limit` bytes in all (least recently used dropped first).

    A replay is built once, in a thread, however many requests ask for it meanwhile.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._replays: OrderedDict[str, bytes] = OrderedDict()
        self._builds: dict[str, asyncio.Future[bytes]] = {}

    async def get_or_build(self, table_id: str, build: Callable[[], bytes]) -> bytes:
        """The cached replay, or the one being built, or `build()` run in a thread now (and then cached)."""
        cached = self.get(table_id)
        if cached is not None:
            return cached
        future = self._builds.get(table_id)
        if future is None:
            future = asyncio.ensure_future(asyncio.to_thread(build))
            self._builds[table_id] = future
            future.add_done_callback(lambda done: self._built(table_id, done))
        return await asyncio.shield(future)

    def _built(self, table_id: str, future: asyncio.Future[bytes]) -> None:
        if self._builds.get(table_id) is not future:
            return  # forgotten meanwhile (names changed): the next request builds it again
        del self._builds[table_id]
        if not future.cancelled() and future.exception() is None:
            self.put(table_id, future.result())

    def forget(self, table_id: str) -> None:
        """Drop a replay and any build under way (the table's names changed)."""
        self.pop(table_id)
        self._builds.pop(table_id, None)

    def cancel_builds(self) -> None:
        """Stop waiting for builds under way (at shutdown)."""
        for future in list(self._builds.values()):
            future.cancel()

    def get(self, table_id: str) -> bytes | None:
        """A cached replay, or None."""
        data = self._replays.get(table_id)
        if data is not None:
            self._replays.move_to_end(table_id)
        return data

    def put(self, table_id: str, data: bytes) -> None:
        """Keep a replay if it fits, dropping older ones as needed."""
        self.pop(table_id)
        if len(data) > self.limit:
            return
        self._replays[table_id] = data
        self.size += len(data)
        while self.size > self.limit:
            _, old = self._replays.popitem(last=False)
            self.size -= len(old)

    def pop(self, table_id: str) -> None:
        """Forget a replay (its names changed)."""
        old = self._replays.pop(table_id, None)
        if old is not None:
            self.size -= len(old)

    def __len__(self) -> int:
        return len(self._replays)
