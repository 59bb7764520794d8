"""The doorbell between server processes, over Redis pub/sub (`ra serve --redis-url`, extra `ra[redis]`).

After a process changes a table it rings: one short message on one channel, `ORIGIN TABLE SEQ UPDATED`. The other
processes that have the table in memory read what changed from the database (coordinator.py) and tell their own
clients. Redis only rings: a message it loses costs a delay, never a move, because every process also reads the
database again after (re)subscribing, when one of its clients connects, and every few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("ra.server")
CHANNEL = "ra:tables"
Ring = Callable[[str, int, str], None]  # (table id, seq, updated) of a change made by another process


class RedisDoorbell:
    """Rings other processes at `url` about changed tables, and hears them ring (`on_ring`); `on_subscribed`
    runs each time the subscription is (re)made, since messages may have been missed while it was down."""

    RETRY_MAX = 2.0  # seconds between attempts to reach Redis again, at most

    def __init__(self, url: str, origin: str, on_ring: Ring, on_subscribed: Callable[[], None]) -> None:
        from redis.asyncio import Redis

        self.url, self.origin = url, origin
        self.on_ring, self.on_subscribed = on_ring, on_subscribed
        # Health checks (a PING now and then) notice a connection that died without closing.
        self.client: Any = Redis.from_url(url, socket_connect_timeout=2, health_check_interval=5)
        self._pending: dict[str, tuple[int, str]] = {}  # table id -> newest (seq, updated) not yet sent
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.subscribed = False

    def ring(self, table_id: str, seq: int, updated: str) -> None:
        """Tell the other processes that a table changed (never blocks; rings for one table are conflated)."""
        self._pending[table_id] = (seq, updated)
        self._wake.set()

    async def start(self) -> None:
        """Start sending and listening (each reconnects by itself while Redis is away)."""
        self._tasks = [
            asyncio.create_task(self._send(), name="ra-doorbell-send"),
            asyncio.create_task(self._listen(), name="ra-doorbell-listen"),
        ]

    async def stop(self) -> None:
        """Stop sending and listening; close the connections."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.client.aclose()

    async def ping(self) -> None:
        """Reach Redis (PING); its error if it cannot be reached."""
        await asyncio.wait_for(self.client.ping(), 2)

    async def _send(self) -> None:
        """Publish the pending rings in one round trip at a time (a pipeline)."""
        failing = False
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, {}
            try:
                async with self.client.pipeline(transaction=False) as pipe:
                    for table_id, (seq, updated) in batch.items():
                        pipe.publish(CHANNEL, f"{self.origin} {table_id} {seq} {updated}")
                    await pipe.execute()
                if failing:
                    log.warning("redis is reachable again: doorbells go out")
                failing = False
            except Exception as exc:  # the others catch up from the database when their subscription is back
                if not failing:
                    log.warning("redis unreachable, doorbells are lost meanwhile: %s", exc)
                failing = True
                await asyncio.sleep(0.2)

    async def _listen(self) -> None:
        """Subscribe and hear rings; after any failure subscribe again (with growing waits)."""
        wait = 0.1
        while True:
            pubsub = self.client.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                while True:
                    message = await pubsub.get_message(timeout=5.0)
                    if message is None:
                        continue
                    wait = 0.1
                    self._heard(message)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.subscribed:
                    log.warning("redis subscription lost (%s); subscribing again", exc)
                self.subscribed = False
                await asyncio.sleep(wait)
                wait = min(2 * wait, self.RETRY_MAX)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _heard(self, message: dict[str, Any]) -> None:
        """One message of the subscription: a (re)subscription, or another process's ring."""
        if message.get("type") == "subscribe":
            # Made again after a loss (by us or by redis-py's own reconnection): rings may have been missed.
            self.subscribed = True
            self.on_subscribed()
            return
        if message.get("type") != "message":
            return
        data = message.get("data")
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
        parts = text.split(" ")
        if len(parts) != 4 or parts[0] == self.origin:
            return  # our own ring, or not one
        with contextlib.suppress(ValueError):
            self.on_ring(parts[1], int(parts[2]), parts[3])
