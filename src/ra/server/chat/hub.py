"""The chat's fan-out: rooms of subscribers in this process, each room's latest messages, and with Redis the other
processes' messages (one channel, `ra:chat`; a message carries its origin so that no process hears itself twice).

Chat is not stored (reports aside): a process keeps each room's latest messages in memory for those who arrive
later; a message Redis loses is lost, and a process started later knows only what was said since.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import deque
from typing import Any

log = logging.getLogger("ra.server")
CHANNEL = "ra:chat"
QUEUE = 64  # messages a slow reader may be behind before it misses some


class ChatHub:
    """Rooms in this process; `relay` (Redis) carries messages to and from the other processes."""

    def __init__(self, history: int = 50, redis_url: str | None = None) -> None:
        self.origin = secrets.token_hex(6)
        self.history_size = history
        self.rooms: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}
        self.history: dict[str, deque[dict[str, Any]]] = {}
        self.redis_url = redis_url
        self.client: Any = None
        self.task: asyncio.Task[None] | None = None
        self.stopping = False  # set by `stop`: the listener ends even if a cancellation is lost in the client
        self.counter = 0

    def new_id(self) -> str:
        """A fresh message id (unique across processes)."""
        self.counter += 1
        return f"{self.origin}-{self.counter}"

    def join(self, room: str) -> asyncio.Queue[dict[str, Any]]:
        """A reader's queue of the room's messages from now on."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE)
        self.rooms.setdefault(room, set()).add(queue)
        return queue

    def leave(self, room: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Stop reading the room."""
        readers = self.rooms.get(room)
        if readers is not None:
            readers.discard(queue)
            if not readers:
                del self.rooms[room]

    def latest(self, room: str) -> list[dict[str, Any]]:
        """The room's latest messages, oldest first."""
        return list(self.history.get(room, ()))

    def find(self, room: str, message_id: str) -> dict[str, Any] | None:
        """A recent message of the room by its id."""
        return next((m for m in self.history.get(room, ()) if m["id"] == message_id), None)

    def say(self, message: dict[str, Any]) -> None:
        """Deliver a `said` message here and send it to the other processes."""
        self._deliver(message)
        if self.client is not None:
            task = asyncio.create_task(self._publish(message))
            task.add_done_callback(lambda done: done.exception() if not done.cancelled() else None)

    def _deliver(self, message: dict[str, Any]) -> None:
        room = str(message["room"])
        if self.history_size:
            kept = self.history.setdefault(room, deque(maxlen=self.history_size))
            kept.append(message)
            if len(self.history) > 10_000:  # rooms of tables long gone: the oldest room is forgotten
                del self.history[next(iter(self.history))]
        for queue in list(self.rooms.get(room, ())):
            with contextlib.suppress(asyncio.QueueFull):  # a reader that fell behind misses this one
                queue.put_nowait(message)

    async def _publish(self, message: dict[str, Any]) -> None:
        try:
            await self.client.publish(CHANNEL, json.dumps({"origin": self.origin, "message": message}))
        except Exception as exc:
            log.warning("chat: redis unreachable, a message stays in this process: %s", exc)

    async def start(self) -> None:
        """With Redis: hear the other processes' messages."""
        if self.redis_url is None:
            return
        from redis.asyncio import Redis

        self.client = Redis.from_url(self.redis_url, socket_connect_timeout=2, health_check_interval=5)
        self.task = asyncio.create_task(self._listen(), name="ra-chat-listen")

    async def stop(self) -> None:
        """Stop hearing them. The listener is told to stop as well as cancelled, and waited for a few seconds only:
        a cancellation that the Redis client turns into a connection error must not keep it subscribing for ever."""
        self.stopping = True
        if self.task is not None:
            self.task.cancel()
            await asyncio.wait([self.task], timeout=5)
        if self.client is not None:
            with contextlib.suppress(Exception):
                await self.client.aclose()

    async def _listen(self) -> None:
        wait = 0.1
        while not self.stopping:
            pubsub = self.client.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                while not self.stopping:
                    heard = await pubsub.get_message(ignore_subscribe_messages=True, timeout=5.0)
                    if heard is not None:
                        wait = 0.1
                        self._heard(heard.get("data"))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.stopping:
                    return
                log.warning("chat: redis subscription lost (%s); subscribing again", exc)
                await asyncio.sleep(wait)
                wait = min(2 * wait, 2.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _heard(self, data: Any) -> None:
        try:
            envelope = json.loads(data.decode("utf-8") if isinstance(data, bytes) else str(data))
            if envelope.get("origin") != self.origin and isinstance(envelope.get("message"), dict):
                self._deliver(envelope["message"])
        except (ValueError, AttributeError, KeyError):
            return


def chat_hub(redis_url: str | None, history: int = 50) -> ChatHub:
    """The chat hub of a process (shared with the others through Redis when there is one)."""
    return ChatHub(history, redis_url)
