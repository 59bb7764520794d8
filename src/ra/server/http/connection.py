"""The table WebSocket of docs/PROTOCOL.md: one `Connection` per client, a seat's or a spectator's.

A message is bounded (size, JSON depth), validated by its model (messages.py), then handed to the table service,
which applies it; the answer to everyone comes by the service's pub/sub, an error to the sender alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ra.core.errors import text_of
from ra.core.protocol import GameModule
from ra.core.text import Text, t, tn
from ra.server.accounts.errors import AccountError
from ra.server.guards.json_text import JsonError, parse_json
from ra.server.guards.origins import origin_allowed
from ra.server.guards.rates import Counter, MessageRate
from ra.server.http.messages import (
    PONG,
    Action,
    Back,
    ExplainRequest,
    HintMessage,
    HintRequest,
    Leave,
    Ping,
    Refused,
    Rename,
    ServerMessage,
    Undo,
    error,
    read_client_message,
)
from ra.server.http.outgoing import explain_frame, state_frame
from ra.server.metrics import meter
from ra.server.notices.presence import Presence
from ra.server.settings import Limits
from ra.server.tables.errors import ServiceError
from ra.server.tables.interfaces import Subscription
from ra.server.tables.service import TableService
from ra.server.tables.snapshot import Snapshot
from ra.server.tables.table import Table

log = logging.getLogger("ra.server")
MESSAGE_TOO_BIG = 1009  # RFC 6455
POLICY_VIOLATION = 1008  # RFC 6455: too many messages
# Hints search for seconds in the bot pool: each connection may ask this many per window, one at a time.
HINTS_PER_WINDOW = 5
HINT_WINDOW = 60.0  # seconds


class Hints(Protocol):
    """Where a seat's hint comes from (`ra.server.bots.runner.BotRunner`)."""

    async def hint(self, table: Table, seat: int) -> dict[str, Any]:
        """The `hint` message's fields for the seat now; ServiceError if there is none."""
        ...


class Bearer(Protocol):
    """Bot tokens on the table WebSocket (`ra.server.accounts.bots.BotService`, docs/BOT_API.md)."""

    async def seat_token(self, header: str | None, address: str, table_id: str, seat: int) -> tuple[str, str]:
        """(the seat's token, the bot token's id) for a bot that holds the seat; AccountError otherwise."""
        ...

    async def still_live(self, token_id: str) -> bool:
        """Whether the bot token is still live (not revoked)."""
        ...

    def opened(self, token_id: str, key: int, close: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """A socket of this token opened: `close` ends it when the token is revoked."""

    def closed(self, token_id: str, key: int) -> None:
        """That socket ended."""


@dataclass
class Gate:
    """What every connection of one app shares: the service, the hints, the limits, and the open WebSockets'
    counts."""

    service: TableService
    hints: Hints
    limits: Limits
    allowed_origins: tuple[str, ...] = ()
    presence: Presence = field(default_factory=Presence)  # the seats watching their tables (no turn mail for them)
    bearer: Bearer | None = None  # bot tokens (`Authorization: Bearer`); None: only seat tokens
    per_address: Counter = field(init=False)
    per_table: Counter = field(init=False)

    def __post_init__(self) -> None:
        self.per_address = Counter(self.limits.ws_per_address, name="ws_per_address")
        self.per_table = Counter(self.limits.ws_per_table, name="ws_per_table")


class Connection:
    """One WebSocket client: a seat (or spectator) of one table."""

    def __init__(self, gate: Gate, ws: WebSocket, table_id: str) -> None:
        self.gate, self.service, self.ws, self.table_id = gate, gate.service, ws, table_id
        self.address = ws.client.host if ws.client else "unknown"
        self.seat: int | None = None
        # `explain=ask`: this client asks for explanations when it shows them; its state messages carry none.
        self.pushes_explanations = ws.query_params.get("explain") != "ask"
        # `log=tail`: this client keeps the log's entries it got; its state messages carry only the new ones.
        self.keeps_log = ws.query_params.get("log") == "tail"
        self.log_kept: tuple[int, int] | None = None  # (the log's generation, entries) this client has
        self.sent_version = -1
        self.send_lock = asyncio.Lock()
        self.hints: deque[float] = deque()  # when this connection asked its recent hints
        self.rate = MessageRate(gate.limits.ws_messages_per_second, gate.limits.ws_message_burst, name="ws_messages")
        self.hint_task: asyncio.Task[None] | None = None
        self.bot_token: str | None = None  # the id of the bot token that opened this socket (docs/BOT_API.md)

    async def send(self, message: ServerMessage | str) -> None:
        """Send one message, its model or its frame (outgoing.py); sends are serialized: state pushes and replies
        never interleave."""
        text = message if isinstance(message, str) else message.model_dump_json()
        async with self.send_lock:
            await self.ws.send_text(text)

    async def send_state(self, snap: Snapshot) -> None:
        """Send a table version unless a newer one was sent already."""
        if snap.version <= self.sent_version:
            return
        self.sent_version = snap.version
        log_from, kept = 0, self.log_kept
        if self.keeps_log:
            if kept is not None and kept[0] == snap.log_generation and kept[1] <= snap.seq:
                log_from = kept[1]
            self.log_kept = (snap.log_generation, snap.seq)
        frame = state_frame(snap, self.seat, self.pushes_explanations, log_from)
        # The server's time as sent: a client counts the running clocks down from it (docs/PROTOCOL.md).
        await self.send(frame.at(self.service.time_source()))

    async def refuse(self, code: str, text: Text, close_code: int) -> None:
        """Tell the client why, then close with `close_code` and the same reason (in English: a close frame's
        reason is a few bytes of plain text)."""
        message = str(text)
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await self.send(error(code, text))
            await self.ws.close(code=close_code, reason=message.encode("utf-8")[:123].decode("utf-8", "ignore"))

    async def run(self) -> None:
        """Check origin and limits, accept, authenticate, send the state, then serve messages until the end."""
        await self.ws.accept()
        gate = self.gate
        if not origin_allowed(self.ws.scope, gate.allowed_origins):
            origin = self.ws.headers.get("origin", "")[:60]
            await self.refuse(
                "forbidden", t("WebSockets from the origin {origin} are refused", origin=repr(origin)), 4403
            )
            return
        if not gate.per_address.enter(self.address):
            limit = gate.limits.ws_per_address
            await self.refuse("too_many", t("too many WebSockets from your address (at most {n})", n=limit), 4429)
            return
        try:
            if not gate.per_table.enter(self.table_id):
                limit = gate.limits.ws_per_table
                await self.refuse("too_many", t("too many WebSockets at this table (at most {n})", n=limit), 4429)
                return
            meter().socket(+1)
            try:
                await self.serve()
            finally:
                meter().socket(-1)
                gate.per_table.leave(self.table_id)
        finally:
            gate.per_address.leave(self.address)

    async def serve(self) -> None:
        """Authenticate the seat, subscribe, and answer messages until the client leaves."""
        query = self.ws.query_params
        notice: ServerMessage | None = None
        try:
            table = await self.service.get(self.table_id)
            try:
                if self.ws.headers.get("authorization") is not None and self.gate.bearer is not None:
                    if not await self._bot_seat(table):
                        return
                else:
                    self.seat = await self.service.seat_for(table, query.get("seat"), query.get("token"))
            except ServiceError as exc:
                # A page asks to watch instead when its seat link does not work (mistyped, old, a bot's seat).
                if query.get("fallback") != "spectator" or exc.code not in ("forbidden", "bad_message"):
                    raise
                notice = error(
                    exc.code,
                    t("{reason}: this seat link does not work, you are watching as a spectator", reason=exc.text),
                )
            await self.service.join(table, self.seat)
            if self.seat is not None and table.row.seats[self.seat].get("stand_in"):
                await self.service.clocks.back(table, self.seat)  # reconnected: an away seat is theirs again
        except ServiceError as exc:
            await self.refuse(exc.code, exc.text, 4000 + exc.status)
            return
        except Exception as exc:  # a server fault: logged in full, the client told so (1011: internal error)
            log.error("table %s: %s on connect: %s", self.table_id, type(exc).__name__, exc, exc_info=exc)
            await self.refuse("internal", t("the server failed to open this table"), 1011)
            return
        if self.bot_token is not None and self.gate.bearer is not None:
            self.gate.bearer.opened(self.bot_token, id(self), self.revoked)  # closed at once if it is revoked
        sub = self.service.subscribe(self.table_id)
        pump = asyncio.create_task(self._pump(sub))
        seat = self.seat
        if seat is not None:
            self.gate.presence.enter(self.table_id, seat)
        try:
            if notice is not None:
                await self.send(notice)
            await self.service.refresh(table)  # with several processes, this one may be behind the database
            await self.service.clocks.ensure(table)  # clocks two processes seating the last persons left idle
            await self.send_state(table.snap())
            while True:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text") or message.get("bytes") or ""
                if _size(raw) > self.gate.limits.max_ws_message:
                    limit = self.gate.limits.max_ws_message
                    await self.refuse("too_big", t("a message has at most {n} bytes", n=limit), MESSAGE_TOO_BIG)
                    break
                if not self.rate.allow():
                    limits = self.gate.limits
                    rate = f"{limits.ws_messages_per_second:g}"
                    why = t("more than {rate} messages a second on one connection", rate=rate)
                    await self.refuse("too_many", why, POLICY_VIOLATION)
                    break
                if self.bot_token is not None:
                    try:
                        live = await self._token_live()
                    except AccountError as exc:  # storage away: nothing is done until the token can be checked
                        await self.send(error("unavailable", exc.text))
                        continue
                    if not live:
                        await self.revoked()  # revoked in another process: refused at its next message
                        break
                reply = await self.handle(raw)
                if reply is not None:
                    await self.send(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client left (a send after its close raises RuntimeError)
        finally:
            if self.bot_token is not None and self.gate.bearer is not None:
                self.gate.bearer.closed(self.bot_token, id(self))
            if seat is not None:
                self.gate.presence.leave(self.table_id, seat)
            pump.cancel()
            if self.hint_task is not None:
                self.hint_task.cancel()
            sub.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump
            if self.ws.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close()

    async def _bot_seat(self, table: Table) -> bool:
        """Authenticate a bot by its `Authorization: Bearer` token: it must hold the seat the query names, and its
        token the play scope. The seat's stored token opens it; the socket closes when the token is revoked. False
        (the client told, the socket closed) if refused."""
        bearer, seat_text = self.gate.bearer, self.ws.query_params.get("seat", "")
        assert bearer is not None
        if not (seat_text.isdigit() and len(seat_text) < 3):
            await self.refuse("forbidden", t("A bot names its seat: ?seat=N."), 4403)
            return False
        try:
            token, token_id = await bearer.seat_token(
                self.ws.headers.get("authorization"), self.address, self.table_id, int(seat_text)
            )
        except AccountError as exc:
            await self.refuse("too_many" if exc.status == 429 else "forbidden", exc.text, 4000 + exc.status)
            return False
        self.seat = await self.service.seat_for(table, int(seat_text), token)
        self.bot_token = token_id
        return True

    async def _token_live(self) -> bool:
        """Whether this socket's bot token is still live, read from storage (a revocation in any process counts);
        AccountError if storage cannot say now."""
        bearer = self.gate.bearer
        return bearer is not None and self.bot_token is not None and await bearer.still_live(self.bot_token)

    async def revoked(self) -> None:
        """The bot token of this socket was revoked: tell the client and close."""
        await self.refuse("forbidden", t("This bot token was revoked."), 4401)

    async def _pump(self, sub: Subscription[Snapshot]) -> None:
        while True:
            snap = await sub.get()
            await self.send_state(snap)

    async def handle(self, raw: str | bytes) -> ServerMessage | str | None:
        """Answer one client message: None on success (the update comes by pub/sub), else a reply."""
        try:
            message = read_client_message(parse_json(raw, self.gate.limits.max_json_depth), self.seat is None)
        except JsonError as exc:
            return error("bad_message", text_of(exc))
        except Refused as exc:
            return error(exc.code, exc.text)
        try:
            if isinstance(message, Ping):
                return PONG
            if isinstance(message, ExplainRequest):
                return explain_frame((await self.service.get(self.table_id)).snap(), self.seat)
            seat = self.seat
            assert seat is not None  # the other messages need a seat: refused for a spectator above
            if isinstance(message, Action):
                table = await self.service.get(self.table_id)
                await self.service.act(table, seat, message.seq, self.action_of(table.module, message))
                return None
            if isinstance(message, Undo):
                table = await self.service.get(self.table_id)
                await self.service.undo(table, seat, message.seq)
                return None
            if isinstance(message, Rename):
                table = await self.service.get(self.table_id)
                await self.service.rename(table, seat, message.name)
                return None
            if isinstance(message, Back | Leave):
                table = await self.service.get(self.table_id)
                clocks = self.service.clocks
                await (clocks.back(table, seat) if isinstance(message, Back) else clocks.leave(table, seat))
                return None
            assert isinstance(message, HintRequest)
            return self.ask_hint(seat)
        except ServiceError as exc:
            return error(exc.code, exc.text)
        except Exception as exc:  # a server fault, not the client's: logged in full, answered as such
            log.error("table %s: %s handling a message: %s", self.table_id, type(exc).__name__, exc, exc_info=exc)
            return error("internal", t("the server failed to handle this message"))

    def ask_hint(self, seat: int) -> ServerMessage | None:
        """Start a hint for this seat (answered later by a `hint` message); an error if it may not ask now."""
        if self.hint_task is not None and not self.hint_task.done():
            return error("too_many", t("a hint is on its way; wait for it"))
        now = time.monotonic()
        while self.hints and now - self.hints[0] >= HINT_WINDOW:
            self.hints.popleft()
        if len(self.hints) >= HINTS_PER_WINDOW:
            wait = int(HINT_WINDOW - (now - self.hints[0])) + 1
            return error(
                "too_many",
                tn(
                    "at most {n} hint a minute; try again in {wait} s",
                    "at most {n} hints a minute; try again in {wait} s",
                    HINTS_PER_WINDOW,
                    wait=wait,
                ),
            )
        self.hints.append(now)
        self.hint_task = asyncio.create_task(self._hint(seat))
        return None

    async def _hint(self, seat: int) -> None:
        """Ask the bot pool for the hint and send the answer (or why there is none)."""
        try:
            table = await self.service.get(self.table_id)
            answer: ServerMessage = HintMessage.model_validate(await self.gate.hints.hint(table, seat))
        except ServiceError as exc:
            answer = error(exc.code, exc.text)
        except Exception as exc:  # a server fault: logged in full, answered as such
            log.error("table %s: %s giving a hint: %s", self.table_id, type(exc).__name__, exc, exc_info=exc)
            answer = error("internal", t("the server failed to give a hint"))
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await self.send(answer)

    def action_of(self, module: GameModule, message: Action) -> int:
        """The action id of an action message: `move` (notation, e.g. `bid:13`, the engine's) or `action` (an id);
        with both, they must name the same action."""
        if message.move is None:
            assert message.action is not None  # the model asks for one of them
            return message.action
        try:
            action = module.str_to_action(message.move)
        except ValueError as exc:
            raise ServiceError("bad_message", text_of(exc)) from None
        if "action" in message.model_fields_set and message.action != action:
            raise ServiceError(
                "bad_message",
                t("move {move} and action {action} differ", move=repr(message.move), action=repr(message.action)),
            )
        return action


def _size(raw: str | bytes) -> int:
    """A message's size in bytes (UTF-8 for text)."""
    if isinstance(raw, bytes) or raw.isascii():
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))
