"""A tiny in-process publish/subscribe: one topic per table, each subscriber keeps only the newest message (the
`PubSub` the table service publishes through, ra.server.tables.interfaces).

Every message the table service publishes is a complete picture of a table, so a slow subscriber may skip
intermediate ones ("conflation") instead of queueing without bound. With several server processes
(docs/DEPLOY.md) each has its own `SharedPubSub`: it delivers to the process's own subscribers and rings the
other processes (doorbell.py), which read the change from the database (coordinator.py).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class LocalSubscription(Generic[T]):
    """A single-slot mailbox: holds at most the newest undelivered message."""

    def __init__(self, hub: LocalPubSub[T], topic: str) -> None:
        self._hub, self._topic = hub, topic
        self._event = asyncio.Event()
        self._pending: list[T] = []

    def deliver(self, message: T) -> None:
        """Hold `message` as the newest, dropping an older unread one."""
        self._pending[:] = [message]
        self._event.set()

    async def get(self) -> T:
        """Wait for and return the newest message not yet returned (older unread ones are dropped)."""
        while not self._pending:
            self._event.clear()
            await self._event.wait()
        message = self._pending.pop()
        self._event.clear()
        return message

    def close(self) -> None:
        """Stop receiving messages."""
        self._hub.unsubscribe(self._topic, self)


class LocalPubSub(Generic[T]):
    """`PubSub` within one process and one event loop; `on_empty(topic)` runs when a topic's last subscriber leaves."""

    def __init__(self, on_empty: Callable[[str], None] | None = None) -> None:
        self._topics: defaultdict[str, set[LocalSubscription[T]]] = defaultdict(set)
        self._on_empty: list[Callable[[str], None]] = [] if on_empty is None else [on_empty]

    def when_empty(self, handler: Callable[[str], None]) -> None:
        """Also run `handler(topic)` when a topic's last subscriber leaves."""
        self._on_empty.append(handler)

    def subscribe(self, topic: str) -> LocalSubscription[T]:
        """A new subscription to `topic`."""
        sub = LocalSubscription(self, topic)
        self._topics[topic].add(sub)
        return sub

    def publish(self, topic: str, message: T) -> None:
        """Deliver `message` to every current subscriber of `topic` (never blocks)."""
        for sub in list(self._topics.get(topic, ())):
            sub.deliver(message)

    def subscribers(self, topic: str) -> int:
        """How many subscriptions `topic` has now."""
        return len(self._topics.get(topic, ()))

    def unsubscribe(self, topic: str, sub: LocalSubscription[T]) -> None:
        """Remove a subscription (`LocalSubscription.close`)."""
        subs = self._topics.get(topic)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._topics[topic]
                for handler in self._on_empty:
                    handler(topic)


class SharedPubSub(Generic[T]):
    """`PubSub` of a process among several serving the same tables: delivers to this process's subscribers
    (`local`, which alone gets the changes other processes made), and tells `on_publish` (the doorbell to the other
    processes, coordinator.py) and `on_subscribe` (a client arrived: the table is read again from the database)."""

    def __init__(
        self,
        local: LocalPubSub[T],
        on_publish: Callable[[str, T], None] | None = None,
        on_subscribe: Callable[[str], None] | None = None,
    ) -> None:
        self.local, self.on_publish, self.on_subscribe = local, on_publish, on_subscribe

    def subscribe(self, topic: str) -> LocalSubscription[T]:
        """A new subscription to `topic` (in this process)."""
        sub = self.local.subscribe(topic)
        if self.on_subscribe is not None:
            self.on_subscribe(topic)
        return sub

    def publish(self, topic: str, message: T) -> None:
        """Deliver `message` here and ring the other processes (never blocks)."""
        self.local.publish(topic, message)
        if self.on_publish is not None:
            self.on_publish(topic, message)

    def subscribers(self, topic: str) -> int:
        """How many subscriptions `topic` has in this process."""
        return self.local.subscribers(topic)
