"""The chat's fan-out: rooms of subscribers in this process, each room's latest messages, and with Redis the other
processes' messages (one channel, `ra:chat`; a message carries its origin so that no process hears itself twice).
The same channel carries the sessions that ended (`{"origin", "ended": {"account", "sessions", "keep"}}`): every
process closes the chat sockets that speak for them.

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
from collections.abc import Sequence
from typing import Any, Protocol

log = logging.getLogger("ra.server")
CHANNEL = "ra:chat"
QUEUE = 64  # messages a slow reader may be behind before it misses some


class Speaker(Protocol):
    """A chat socket that speaks for a signed-in session."""

    def end(self) -> None:
        """Its session ended: stop speaking and close (soon, in its own task)."""


class ChatHub:
    """Rooms in this process; Redis carries messages, and the sessions that end, to and from the other processes.
    It is the accounts' `SessionsEnded` (ra.server.accounts.service)."""

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
        self.speakers: dict[int, dict[Speaker, str]] = {}  # account id: its sockets here and the session of each
        self.sending: set[asyncio.Task[None]] = set()

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
        self._send({"origin": self.origin, "message": message})

    def speaking_for(self, account_id: int, session: str, speaker: Speaker) -> None:
        """`speaker` speaks for this session of the account until `silent`: it ends with the session."""
        self.speakers.setdefault(account_id, {})[speaker] = session

    def silent(self, account_id: int, speaker: Speaker) -> None:
        """`speaker` closed."""
        mine = self.speakers.get(account_id)
        if mine is not None:
            mine.pop(speaker, None)
            if not mine:
                del self.speakers[account_id]

    async def ended(self, account_id: int, sessions: Sequence[str] | None, keep: str | None = None) -> None:
        """These sessions of the account ended (None: every session but `keep`): their sockets close here and, over
        Redis, in the other processes. Should that message be lost, each socket looks its session up again before
        it speaks (ra.server.chat.room)."""
        chosen = None if sessions is None else [str(s) for s in sessions]
        self._end(account_id, chosen, keep)
        self._send({"origin": self.origin, "ended": {"account": account_id, "sessions": chosen, "keep": keep}})

    def _end(self, account_id: int, sessions: Sequence[str] | None, keep: str | None) -> None:
        for speaker, session in list(self.speakers.get(account_id, {}).items()):
            if (session in sessions) if sessions is not None else (session != keep):
                speaker.end()

    def _send(self, envelope: dict[str, Any]) -> None:
        if self.client is not None:
            task = asyncio.create_task(self._publish(envelope))
            self.sending.add(task)  # held until done: the loop keeps only weak references to tasks
            task.add_done_callback(self.sending.discard)

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

    async def _publish(self, envelope: dict[str, Any]) -> None:
        try:
            await self.client.publish(CHANNEL, json.dumps(envelope))
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
            if envelope.get("origin") == self.origin:
                return
            if isinstance(envelope.get("message"), dict):
                self._deliver(envelope["message"])
            ended = envelope.get("ended")
            if isinstance(ended, dict) and isinstance(ended.get("account"), int):
                sessions, keep = ended.get("sessions"), ended.get("keep")
                if sessions is None or isinstance(sessions, list):  # anything else is no one's (never "everybody")
                    chosen = None if sessions is None else [str(s) for s in sessions]
                    self._end(ended["account"], chosen, keep if isinstance(keep, str) else None)
        except (ValueError, AttributeError, KeyError, TypeError):
            return


def chat_hub(redis_url: str | None, history: int = 50) -> ChatHub:
    """The chat hub of a process (shared with the others through Redis when there is one)."""
    return ChatHub(history, redis_url)
