"""A ban stops its account's play (docs/MODERATION.md): every seat a banned account holds at an open or running table
is left, as if its person had sent `leave` (tables/clocks.py): a stand-in bot of the table's level plays it to its
end, and the seat's own actions are refused from then on.

Bans are made by the moderation route on any process or by `ra admin ban` with no server at all, so no one of them
can act at the moment of the ban; instead every process runs this sweep, which asks the database for the seats to
leave every `ban_sweep_seconds` (the route wakes its own process's sweep at once). Two processes leaving one seat at
once is harmless: a leave is stored on the table's version, the second one finds the seat out and does nothing.
Lifting a ban does not give a seat back.
"""

from __future__ import annotations

import asyncio
import logging

from ra.server.accounts.moderation import Moderation
from ra.server.sweeps import Sweep
from ra.server.tables.errors import ServiceError
from ra.server.tables.service import TableService

log = logging.getLogger("ra.server")
BATCH = 200  # seats one round leaves at most (the rest wait for the next round)


class BanSweep:
    """Leaves the seats that banned accounts still play, every `seconds` and when woken."""

    def __init__(self, moderation: Moderation, service: TableService, seconds: float) -> None:
        self.moderation, self.service = moderation, service
        self._sweep = Sweep("ra-bans", self.sweep, seconds, what="ban sweep", wait_first=False)

    def start(self) -> None:
        """Look from now on (a first round at once: bans made while no process ran)."""
        self._sweep.start()

    def wake(self) -> None:
        """A ban was made here: look now rather than at the next round."""
        self._sweep.wake()

    async def stop(self) -> None:
        """Stop looking."""
        await self._sweep.stop()

    async def sweep(self) -> int:
        """One round: leave each seat of a banned account still played; how many this process left."""
        found = await asyncio.to_thread(self.moderation.banned_seats, BATCH)
        left = 0
        for table_id, seat in found:
            try:
                table = await self.service.get(table_id)
                if table.row.seats[seat].get("out"):
                    continue  # left meanwhile (another process, or the person)
                await self.service.clocks.leave(table, seat)
            except ServiceError as exc:  # over meanwhile, or moved on: the next round decides again
                log.info("table %s: the banned seat %d waits (%s: %s)", table_id, seat, exc.code, exc.message)
                continue
            log.info("table %s: seat %d is banned; a bot plays it to its end", table_id, seat)
            left += 1
        return left
