"""One chat WebSocket (`/ws/chat/{room}`): who the client is, what it may say, and its messages in and out.

A room is `lobby` or a table's id. A signed-in player (the session cookie) speaks under their account's name; at a
table, a seat's token in the query (`?seat=N&token=T`, as on the table's socket) speaks under the seat's name;
everybody else reads only. Texts are cleaned (control, format and invisible characters removed, white space
collapsed) and bounded; each connection, and each speaker across connections and rooms, may say `chat_messages` per
`chat_window` seconds. Every message a connection sends (a ping, a say, a report, garbage) counts against the table
socket's message rate (`ws_messages_per_second`, `ws_message_burst`): past it, `too_many` and close 1008.

A signed-in speaker's socket ends with its session (sign-out, revoke, a password change, deletion): the hub tells it,
in every process; should that message be lost, the session is looked up again before a say or report once the last
look is `chat_session_check` seconds old. It then answers `signed_out` and closes 4401.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from ra.server.accounts.errors import AccountError
from ra.server.accounts.moderation import Moderation
from ra.server.accounts.service import AccountService, SignedIn
from ra.server.accounts.sessions import SESSION_COOKIE
from ra.server.chat.hub import ChatHub
from ra.server.chat.messages import (
    ChatHistory,
    ChatPing,
    ChatRefused,
    Report,
    Said,
    Say,
    Sender,
    chat_error,
    read_chat_message,
)
from ra.server.chat.reports import Reports, TooManyReports
from ra.server.guards.json_text import JsonError, parse_json
from ra.server.guards.origins import origin_allowed
from ra.server.guards.rates import Counter, MessageRate, RateLimiter
from ra.server.metrics import meter
from ra.server.settings import AccountSettings, Limits
from ra.server.storage.rows import now
from ra.server.storage.schema import STORAGE_ERRORS
from ra.server.tables.errors import ServiceError
from ra.server.tables.service import TableService

log = logging.getLogger("ra.server")
LOBBY = "lobby"
POLICY_VIOLATION = 1008  # RFC 6455: too many messages
SIGNED_OUT = 4401  # the session the socket spoke for ended
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


def cleaned(text: str) -> str:
    """A chat text as it is shown: NFC, without control, format, private-use or invisible characters, white space
    collapsed."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(c for c in text if (unicodedata.category(c)[0] != "C" and c not in _INVISIBLE) or c in " \n\t")
    return " ".join(text.split())


def kept(messages: list[dict[str, Any]]) -> list[Said]:
    """The room's latest messages that are whole `said` messages: one that another process sent malformed (an
    older version, a test's bare message on the shared Redis) must not end every later connection to the room."""
    whole = []
    for message in messages:
        with contextlib.suppress(ValidationError):
            whole.append(Said.model_validate(message))
    return whole


@dataclass
class ChatGate:
    """What every chat socket of the app shares: the hub, the reports, the accounts, the tables, the limits."""

    hub: ChatHub
    reports: Reports
    accounts: AccountService
    tables: TableService
    settings: AccountSettings
    limits: Limits
    allowed_origins: tuple[str, ...] = ()
    moderation: Moderation | None = None  # mutes, bans and blocks (docs/MODERATION.md); None: none checked
    per_address: Counter = field(init=False)
    speakers: RateLimiter = field(init=False)

    def __post_init__(self) -> None:
        self.per_address = Counter(self.limits.ws_per_address, name="chat_sockets_per_address")
        self.speakers = RateLimiter(self.settings.chat_messages, self.settings.chat_window, name="chat_messages")


class ChatConnection:
    """One chat client in one room."""

    def __init__(self, gate: ChatGate, ws: WebSocket, room: str) -> None:
        self.gate, self.ws, self.room = gate, ws, room
        self.address = ws.client.host if ws.client else "unknown"
        self.me: Sender | None = None
        self.who: SignedIn | None = None  # the session a signed-in speaker speaks for
        self.account: int | None = None  # the account speaking (signed in, or holding the seat), for sanctions
        self.blocks: frozenset[str] = frozenset()  # the chat keys the signed-in reader blocked, read at `blocks_read`
        self.blocks_read = -1e9
        self.checked = time.monotonic()  # when `who` was last looked up
        self.ending = False  # the session ended: nothing more is said or answered
        self.closing: asyncio.Task[None] | None = None
        self.sent: deque[float] = deque()
        self.rate = MessageRate(gate.limits.ws_messages_per_second, gate.limits.ws_message_burst, name="chat_frames")
        self.lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message (sends never interleave)."""
        async with self.lock:
            await self.ws.send_text(json.dumps(message))

    async def refuse(self, code: Any, message: str, close_code: int) -> None:
        """Tell the client why, then close."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await self.send(chat_error(code, message))
            await self.ws.close(code=close_code, reason=message.encode("utf-8")[:123].decode("utf-8", "ignore"))

    async def run(self) -> None:
        """Check the origin and limits, find who the client is, send the room's history, then serve."""
        await self.ws.accept()
        if not origin_allowed(self.ws.scope, self.gate.allowed_origins):
            await self.refuse("forbidden", "WebSockets from this origin are refused", 4403)
            return
        if not self.gate.per_address.enter(self.address):
            await self.refuse("too_many", "too many WebSockets from your address", 4429)
            return
        try:
            try:
                self.me = await self.identify()
            except ChatRefused as exc:
                await self.refuse(exc.code, exc.message, 4404 if exc.code == "not_found" else 4400)
                return
            if self.who is not None:
                self.gate.hub.speaking_for(self.who.account.id, self.who.session, self)
            meter().chat_socket(+1)
            try:
                await self.serve()
            finally:
                meter().chat_socket(-1)
        finally:
            if self.who is not None:
                self.gate.hub.silent(self.who.account.id, self)
            self.gate.per_address.leave(self.address)

    def end(self) -> None:
        """The session this socket speaks for ended: say so and close (in a task of its own: the hub calls this
        from whatever ended the session)."""
        if not self.ending:
            self.ending = True
            why = "you are signed out: sign in again to chat"
            self.closing = asyncio.create_task(self.refuse("signed_out", why, SIGNED_OUT))

    async def identify(self) -> Sender | None:
        """Who the client speaks as (None: it reads only); ChatRefused for a table that does not exist."""
        if self.room != LOBBY:
            try:
                table = await self.gate.tables.get(self.room)
            except ServiceError as exc:
                raise ChatRefused("not_found" if exc.code == "not_found" else "unavailable", exc.message) from None
        try:
            who = await self.gate.accounts.signed_in(self.ws.cookies.get(SESSION_COOKIE))
        except Exception:  # storage away: the client reads only
            who = None
        if who is not None:
            self.who, self.checked, self.account = who, time.monotonic(), who.account.id
            return Sender(key=f"p:{who.account.player}", name=who.account.name)
        if self.room == LOBBY:
            return None
        query = self.ws.query_params
        try:
            seat = await self.gate.tables.seat_for(table, query.get("seat"), query.get("token"))
        except ServiceError:
            return None
        if seat is None:
            return None
        with contextlib.suppress(Exception):  # a seat kept by an account speaks under that account's sanctions
            self.account = await asyncio.to_thread(self.gate.accounts.store.holder, self.room, seat)
        return Sender(key=f"s:{seat}", name=str(table.row.seats[seat]["name"]))

    async def serve(self) -> None:
        """Send the history, then relay the room's messages and answer the client's until it leaves."""
        queue = self.gate.hub.join(self.room)
        pump = asyncio.create_task(self._pump(queue))
        try:
            blocked = await self.blocked()
            history = ChatHistory(
                messages=[m for m in kept(self.gate.hub.latest(self.room)) if m.sender.key not in blocked],
                can_send=self.me is not None,
                you=self.me,
            )
            await self.send(history.model_dump())
            while True:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text") or message.get("bytes") or ""
                if len(raw) > self.gate.limits.max_ws_message:
                    await self.refuse("too_big", "a message is too big", 1009)
                    break
                if not self.rate.allow():
                    rate = f"{self.gate.limits.ws_messages_per_second:g}"
                    why = f"more than {rate} messages a second on one connection"
                    await self.refuse("too_many", why, POLICY_VIOLATION)
                    break
                reply = await self.handle(raw)
                if reply is not None:
                    await self.send(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            pump.cancel()
            self.gate.hub.leave(self.room, queue)
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump

    async def _pump(self, queue: asyncio.Queue[dict[str, Any]]) -> None:
        while True:
            message = await queue.get()
            if self.ending:
                return
            if message.get("type") == "said" and str(message.get("sender", {}).get("key")) in await self.blocked():
                continue  # a player this reader blocked
            await self.send(message)

    async def blocked(self) -> frozenset[str]:
        """The chat keys of the players the signed-in reader blocked (none for others, or storage away)."""
        moderation = self.gate.moderation
        if moderation is None or self.who is None:
            return frozenset()
        moment = time.monotonic()
        if moment - self.blocks_read < moderation.cache_seconds:
            return self.blocks  # read this recently: no thread hop per message
        with contextlib.suppress(*STORAGE_ERRORS):  # storage away: the blocks last read stay
            self.blocks = await asyncio.to_thread(moderation.blocked_keys, self.who.account.id)
        self.blocks_read = moment
        return self.blocks

    async def not_muted(self) -> None:
        """ChatRefused `muted` (with the reason and end) if the speaking account is muted or banned."""
        moderation = self.gate.moderation
        if moderation is None or self.account is None:
            return
        try:
            sanction = await asyncio.to_thread(moderation.sanction, self.account)
        except STORAGE_ERRORS:
            raise ChatRefused("unavailable", "the server cannot check your account now; try again") from None
        if sanction is not None:
            shown = sanction.as_json()
            why = f"you may not chat until {shown['until'] or 'further notice'}: {sanction.reason}"
            raise ChatRefused("muted", why, reason=sanction.reason, until=shown["until"])

    async def handle(self, raw: str | bytes) -> dict[str, Any] | None:
        """Answer one client message (None: nothing to answer it alone)."""
        if self.ending:
            return None  # closing: the client is told already
        try:
            message = read_chat_message(parse_json(raw, self.gate.limits.max_json_depth))
            if isinstance(message, ChatPing):
                return {"type": "pong"}
            if self.me is None:
                raise ChatRefused("forbidden", "sign in (or open your seat's link) to chat")
            if not await self.still_signed_in():
                return None
            if isinstance(message, Say):
                await self.not_muted()
                self.say(self.me, message)
                return None
            assert isinstance(message, Report)
            return await self.report(self.me, message.id)
        except JsonError as exc:
            return chat_error("bad_message", str(exc))
        except ChatRefused as exc:
            return chat_error(exc.code, exc.message, **exc.extra)

    async def still_signed_in(self) -> bool:
        """False (and the socket ends) if a signed-in speaker's session ended; looked up again only when the last
        look is `chat_session_check` seconds old. A seat's speaker has no session: always True."""
        who = self.who
        if who is None or time.monotonic() - self.checked < self.gate.settings.chat_session_check:
            return True
        try:
            again = await self.gate.accounts.signed_in(who.secret)
        except AccountError:
            raise ChatRefused("unavailable", "the server cannot check your session now; try again") from None
        if again is None or again.session != who.session:
            self.end()
            return False
        self.checked = time.monotonic()
        return True

    def speaker_key(self, me: Sender) -> str:
        """Whom the per-speaker limit counts: an account across every room (more rooms give no more messages), a
        seat in its table's room (seat keys repeat from table to table)."""
        return me.key if self.who is not None else f"{self.room}/{me.key}"

    def say(self, me: Sender, message: Say) -> None:
        """Send a message to the room, within the limits."""
        text = None
        if message.text is not None:
            text = cleaned(message.text)
            if not text:
                raise ChatRefused("bad_message", "say something with visible characters")
            if len(text) > self.gate.settings.chat_length:
                raise ChatRefused("too_big", f"a chat message has at most {self.gate.settings.chat_length} characters")
        settings = self.gate.settings
        moment = time.monotonic()
        while self.sent and moment - self.sent[0] >= settings.chat_window:
            self.sent.popleft()
        if len(self.sent) >= settings.chat_messages or self.gate.speakers.retry_after(self.speaker_key(me)):
            raise ChatRefused("too_many", f"at most {settings.chat_messages} messages in {settings.chat_window:g} s")
        self.sent.append(moment)
        said = Said(
            id=self.gate.hub.new_id(),
            room=self.room,
            sender=me,
            text=text,
            canned=message.canned,
            at=now().isoformat(),
        )
        self.gate.hub.say(said.model_dump())

    async def report(self, me: Sender, message_id: str) -> dict[str, Any]:
        """Store a message of the room for the operator, once per reporter (a repeated report answers `reported`
        again and stores nothing), at most `chat_reports_per_day` a day per reporter."""
        found = self.gate.hub.find(self.room, message_id)
        if found is None:
            raise ChatRefused("not_found", "there is no such message in this room (any more)")
        per_day = self.gate.settings.chat_reports_per_day
        try:
            latest = self.gate.hub.latest(self.room)
            before = latest[: next((i for i, m in enumerate(latest) if m["id"] == message_id), len(latest))]
            await asyncio.to_thread(
                self.gate.reports.add, found, me.key, per_day, None if self.who is not None else self.room, before
            )
        except TooManyReports:
            raise ChatRefused("too_many", f"at most {per_day} reports a day; the operator has yours") from None
        except STORAGE_ERRORS:
            raise ChatRefused("unavailable", "the report could not be stored; try again") from None
        return {"type": "reported", "id": message_id}
