"""Which seats have a table page open: a person watching their table needs no mail.

`Presence` counts this process's open seat connections (exact, and all there is with one process). With Redis
(`ra serve --redis-url`, several processes), `SharedPresence` also tells the other processes: each (table, seat) is a
Redis sorted set `ra:presence:<table>:<seat>` of the processes that have it open, scored by when that claim lapses.
A process renews its claims every few seconds, so a killed process's presence lapses by itself within `TTL`. Nothing
here is on a move's path: `enter` and `leave` only mark what to write, a task writes it; only the sender asks Redis
(`anywhere`), when a mail is due. Redis away: the local answer, logged once.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import Counter
from typing import Any

from ra.server.sweeps import Sweep

log = logging.getLogger("ra.server")


class Presence:
    """Open seat connections of this process, counted per (table, seat)."""

    def __init__(self) -> None:
        self.open: Counter[tuple[str, int]] = Counter()

    def enter(self, table_id: str, seat: int) -> None:
        """A connection of the seat opened."""
        self.open[(table_id, seat)] += 1

    def leave(self, table_id: str, seat: int) -> None:
        """It closed."""
        key = (table_id, seat)
        self.open[key] -= 1
        if self.open[key] <= 0:
            del self.open[key]

    def present(self, table_id: str, seat: int) -> bool:
        """True while a connection of the seat is open here."""
        return self.open.get((table_id, seat), 0) > 0

    async def anywhere(self, table_id: str, seat: int) -> bool:
        """True while a connection of the seat is open in any process of the service (here: this one)."""
        return self.present(table_id, seat)

    async def start(self) -> None:
        """Nothing to start for one process."""

    async def stop(self) -> None:
        """Nothing to stop for one process."""


def presence_key(table_id: str, seat: int) -> str:
    """The sorted set of the processes that have this seat's table page open."""
    return f"ra:presence:{table_id}:{seat}"


class SharedPresence(Presence):
    """Presence of every process on the Redis at `url`; this process is `origin` in it."""

    TTL = 15.0  # seconds a claim lasts unless renewed: how long a killed process still counts as present
    RENEW = 5.0  # seconds between renewals

    def __init__(self, url: str, origin: str) -> None:
        super().__init__()
        from redis.asyncio import Redis

        self.origin = origin
        self.client: Any = Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self._left: set[tuple[str, int]] = set()  # closed here since the last write: to remove
        self._renewal = Sweep(
            "ra-presence",
            lambda: self._write(renew=True),
            self.RENEW,
            what="presence",
            wait_first=False,
            failed=self._warn,  # Redis away: logged once, not every round
        )
        self._warned = False

    def enter(self, table_id: str, seat: int) -> None:
        super().enter(table_id, seat)
        self._left.discard((table_id, seat))
        self._renewal.wake()  # a seat opened or closed: written at once, not at the next renewal

    def leave(self, table_id: str, seat: int) -> None:
        super().leave(table_id, seat)
        if not self.present(table_id, seat):
            self._left.add((table_id, seat))
            self._renewal.wake()

    async def anywhere(self, table_id: str, seat: int) -> bool:
        if self.present(table_id, seat):
            return True
        try:
            claims = await self.client.zcount(presence_key(table_id, seat), time.time(), "+inf")
        except Exception as exc:  # Redis away: what this process knows
            self._warn(exc)
            return False
        return int(claims) > 0

    async def start(self) -> None:
        self._renewal.start()

    async def stop(self) -> None:
        await self._renewal.stop()
        with contextlib.suppress(Exception):
            await self._write(renew=False)  # the claims of a process that stops go at once
            await self.client.aclose()

    async def _write(self, renew: bool) -> None:
        """Claim every seat open here until now + TTL (none if not `renew`), and drop the claims of those closed."""
        left, self._left = self._left, set()
        if not renew:
            left |= set(self.open)
        pipe = self.client.pipeline(transaction=False)
        until = time.time() + self.TTL
        for table_id, seat in self.open if renew else ():
            pipe.zadd(presence_key(table_id, seat), {self.origin: until})
            pipe.expire(presence_key(table_id, seat), int(self.TTL * 2))
        for table_id, seat in left:
            pipe.zrem(presence_key(table_id, seat), self.origin)
        try:
            await pipe.execute()
        except Exception:
            self._left |= {key for key in left if not self.present(*key)}  # removed on the next round
            raise
        self._warned = False

    def _warn(self, exc: Exception) -> None:
        if not self._warned:
            reason = f"{type(exc).__name__}: {exc}"
            log.warning("presence: Redis unreachable (%s); this process's own presence only", reason)
            self._warned = True
