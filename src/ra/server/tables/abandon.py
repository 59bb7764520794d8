"""The abandon sweep: every `abandon_sweep_seconds`, close the tables nobody has played or watched for
`abandon_seconds` (ServiceSettings; 0 switches it off), as the lease sweep runs beside the moves, never in them.

Each round stamps the tables this process's clients watch (so that no other process closes them), then closes the
idle ones (storage/abandoning.py: each by exactly one process). A closed table keeps its record and moves; its
loaded copy here takes the new status and tells anyone watching it; other processes learn it from the database when
they next read the table (a move there loses its race and is refused).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import replace

from ra.server.settings import ServiceSettings
from ra.server.storage.rows import Storage, now
from ra.server.sweeps import Sweep
from ra.server.tables.commits import StorageCalls
from ra.server.tables.loaded import TableLoader
from ra.server.tables.table import Change

log = logging.getLogger("ra.server")


class AbandonSweep:
    """Closes idle tables; `now` gives the time (tests control it), `watched(id)` says whether clients watch a
    table here, `publish(table)` tells its watchers of a changed table."""

    def __init__(
        self,
        storage: Storage,
        db: StorageCalls,
        tables: TableLoader,
        settings: ServiceSettings,
        watched: Callable[[str], bool],
        publish: Callable[..., None],
        now: Callable[[], dt.datetime] = now,
    ) -> None:
        self.storage, self.db, self.tables = storage, db, tables
        self.seconds, self.every = settings.abandon_seconds, settings.abandon_sweep_seconds
        self.watched, self.publish, self.now = watched, publish, now
        self._sweep = Sweep("ra-abandon", self.sweep, self.every, what="abandon sweep")

    def start(self) -> None:
        """Sweep every `abandon_sweep_seconds` from now on (nothing if abandoning is off)."""
        if self.seconds > 0:
            self._sweep.start()

    async def stop(self) -> None:
        """Stop sweeping."""
        await self._sweep.stop()

    async def sweep(self) -> list[str]:
        """One round: the ids of the tables this process closed."""
        if self.seconds <= 0:
            return []
        stamp = self.now()
        limit = dt.timedelta(seconds=self.seconds)
        watched = [table_id for table_id in list(self.tables) if self.watched(table_id)]
        await self.db(self.storage.keep_watched, watched, stamp - limit / 2, stamp)
        for table_id in watched:
            table = self.tables.peek(table_id)
            if table is not None and table.row.updated < stamp - limit / 2 and table.row.status in ("open", "running"):
                table.swap(Change(row=replace(table.row, updated=stamp)))  # as stored: the resync finds nothing new
        closed: list[str] = await self.db(self.storage.abandon_idle, stamp - limit)
        for table_id in closed:
            log.info("table %s: abandoned (no move and nobody watching for %d s)", table_id, self.seconds)
            table = self.tables.peek(table_id)
            if table is None:
                continue
            async with table.lock:
                table.swap(Change(row=replace(table.row, status="abandoned")))
            self.publish(table)
        return closed
