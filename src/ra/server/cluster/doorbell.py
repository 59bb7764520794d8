"""The doorbell between server processes, over Redis pub/sub (`ra serve --redis-url`, extra `ra[redis]`).

One channel per table, `ra:table:<id>`: a process subscribes to the channels of the tables its clients watch
(`watch`, `unwatch`), so a ring reaches only the processes that serve that table, and a process hears nothing of
the others. After a process changes a table it rings that table's channel: one short message, `ORIGIN SEQ UPDATED`.
A process that hears it reads what changed from the database (coordinator.py) and tells its own clients. Redis only
rings: a message it loses costs a delay, never a move, because every process also reads the database again after
(re)subscribing (`on_subscribed`; `on_watching` for one table, once its channel is subscribed), when one of its
clients connects, and every few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("ra.server")
PREFIX = "ra:table:"  # + table id: the channel of one table
Ring = Callable[[str, int, str], None]  # (table id, seq, updated) of a change made by another process


def channel(table_id: str) -> str:
    """The doorbell channel of one table."""
    return PREFIX + table_id


class RedisDoorbell:
    """Rings other processes at `url` about changed tables, and hears them ring (`on_ring`) about the tables it
    watches; `on_subscribed` runs each time the subscription is (re)made, since messages may have been missed while
    it was down, and `on_watching(table id)` once a table's channel is subscribed."""

    RETRY_MAX = 2.0  # seconds between attempts to reach Redis again, at most

    def __init__(
        self,
        url: str,
        origin: str,
        on_ring: Ring,
        on_subscribed: Callable[[], None],
        on_watching: Callable[[str], None] = lambda _table_id: None,
    ) -> None:
        from redis.asyncio import Redis

        self.url, self.origin = url, origin
        self.on_ring, self.on_subscribed, self.on_watching = on_ring, on_subscribed, on_watching
        # Health checks (a PING now and then) notice a connection that died without closing.
        self.client: Any = Redis.from_url(url, socket_connect_timeout=2, health_check_interval=5)
        self._pending: dict[str, tuple[int, str]] = {}  # table id -> newest (seq, updated) not yet sent
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.subscribed = False
        self.watched: set[str] = set()  # the tables whose channels this process wants
        self._listening: set[str] = set()  # ... and those subscribed on the current connection
        self._changed = asyncio.Event()
        self._pubsub: Any = None
        self._own = f"ra:process:{origin}"  # subscribed first: its confirmation says the subscription is made

    def ring(self, table_id: str, seq: int, updated: str) -> None:
        """Tell the other processes serving a table that it changed (never blocks; rings are conflated)."""
        self._pending[table_id] = (seq, updated)
        self._wake.set()

    def watch(self, table_id: str) -> None:
        """Hear the rings of this table from now on (its channel is subscribed soon after)."""
        if table_id not in self.watched:
            self.watched.add(table_id)
            self._changed.set()

    def unwatch(self, table_id: str) -> None:
        """No longer hear this table's rings (nobody here watches it)."""
        if table_id in self.watched:
            self.watched.discard(table_id)
            self._changed.set()

    async def start(self) -> None:
        """Start sending and listening (each reconnects by itself while Redis is away)."""
        self._tasks = [
            asyncio.create_task(self._send(), name="ra-doorbell-send"),
            asyncio.create_task(self._listen(), name="ra-doorbell-listen"),
            asyncio.create_task(self._follow(), name="ra-doorbell-channels"),
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
                        pipe.publish(channel(table_id), f"{self.origin} {seq} {updated}")
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
                watched = sorted(self.watched)
                await pubsub.subscribe(self._own, *(channel(t) for t in watched))
                self._pubsub, self._listening = pubsub, set(watched)
                self._changed.set()  # tables watched meanwhile
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
                self._pubsub = None
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def _follow(self) -> None:
        """Subscribe the channels of newly watched tables, unsubscribe the others (while a subscription is up)."""
        while True:
            await self._changed.wait()
            self._changed.clear()
            pubsub = self._pubsub
            if pubsub is None:
                continue  # _listen subscribes every watched table when it is back
            new, gone = self.watched - self._listening, self._listening - self.watched
            try:
                if new:
                    await pubsub.subscribe(*(channel(t) for t in sorted(new)))
                if gone:
                    await pubsub.unsubscribe(*(channel(t) for t in sorted(gone)))
                self._listening = (self._listening | new) - gone
            except Exception as exc:  # the listener notices the broken connection and subscribes again
                log.info("redis: cannot change the subscribed tables now (%s)", exc)

    def _heard(self, message: dict[str, Any]) -> None:
        """One message of the subscription: a (re)subscription, or another process's ring."""
        name = message.get("channel")
        name = name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)
        if message.get("type") == "subscribe":
            if name == self._own:
                # Made again after a loss (by us or by redis-py's own reconnection): rings may have been missed.
                self.subscribed = True
                self.on_subscribed()
            elif name.startswith(PREFIX):
                self.on_watching(name[len(PREFIX) :])  # rings from before the subscription were not heard
            return
        if message.get("type") != "message" or not name.startswith(PREFIX):
            return
        data = message.get("data")
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
        parts = text.split(" ")
        if len(parts) != 3 or parts[0] == self.origin:
            return  # our own ring, or not one
        with contextlib.suppress(ValueError):
            self.on_ring(name[len(PREFIX) :], int(parts[1]), parts[2])
