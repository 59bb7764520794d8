"""The table WebSocket of docs/PROTOCOL.md: one `Connection` per client, a seat's or a spectator's."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ra.server.http.limits import Counter, JsonError, Limits, parse_json
from ra.server.http.security import origin_allowed
from ra.server.tables.model import ServiceError, Snapshot
from ra.server.tables.service import TableService

log = logging.getLogger("ra.server")
MAX_MOVE = 64  # characters of an action's notation in a `move` field
MESSAGE_TOO_BIG = 1009  # RFC 6455
# Hints search for seconds in the bot pool: each connection may ask this many per window, one at a time.
HINTS_PER_WINDOW = 5
HINT_WINDOW = 60.0  # seconds


def error(code: str, message: str) -> dict[str, Any]:
    """The protocol's error message."""
    return {"type": "error", "code": code, "message": message}


@dataclass
class Gate:
    """What every connection of one app shares: the service, the limits, and the open WebSockets' counts."""

    service: TableService
    limits: Limits
    allowed_origins: tuple[str, ...] = ()
    per_address: Counter = field(init=False)
    per_table: Counter = field(init=False)

    def __post_init__(self) -> None:
        self.per_address = Counter(self.limits.ws_per_address)
        self.per_table = Counter(self.limits.ws_per_table)


class Connection:
    """One WebSocket client: a seat (or spectator) of one table."""

    def __init__(self, gate: Gate, ws: WebSocket, table_id: str) -> None:
        self.gate, self.service, self.ws, self.table_id = gate, gate.service, ws, table_id
        self.address = ws.client.host if ws.client else "unknown"
        self.seat: int | None = None
        self.sent_version = -1
        self.send_lock = asyncio.Lock()
        self.hints: deque[float] = deque()  # when this connection asked its recent hints
        self.hint_task: asyncio.Task[None] | None = None

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send one message (serialized sends: state pushes and replies never interleave)."""
        text = message if isinstance(message, str) else json.dumps(message)
        async with self.send_lock:
            await self.ws.send_text(text)

    async def send_state(self, snap: Snapshot) -> None:
        """Send a table version unless a newer one was sent already."""
        if snap.version <= self.sent_version:
            return
        self.sent_version = snap.version
        await self.send(snap.message(self.seat))

    async def refuse(self, code: str, message: str, close_code: int) -> None:
        """Tell the client why, then close with `close_code` and the same reason."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await self.send(error(code, message))
            await self.ws.close(code=close_code, reason=message.encode("utf-8")[:123].decode("utf-8", "ignore"))

    async def run(self) -> None:
        """Check origin and limits, accept, authenticate, send the state, then serve messages until the end."""
        await self.ws.accept()
        gate = self.gate
        if not origin_allowed(self.ws.scope, gate.allowed_origins):
            origin = self.ws.headers.get("origin", "")[:60]
            await self.refuse("forbidden", f"WebSockets from the origin {origin!r} are refused", 4403)
            return
        if not gate.per_address.enter(self.address):
            limit = gate.limits.ws_per_address
            await self.refuse("too_many", f"too many WebSockets from your address (at most {limit})", 4429)
            return
        try:
            if not gate.per_table.enter(self.table_id):
                limit = gate.limits.ws_per_table
                await self.refuse("too_many", f"too many WebSockets at this table (at most {limit})", 4429)
                return
            try:
                await self.serve()
            finally:
                gate.per_table.leave(self.table_id)
        finally:
            gate.per_address.leave(self.address)

    async def serve(self) -> None:
        """Authenticate the seat, subscribe, and answer messages until the client leaves."""
        query = self.ws.query_params
        notice: dict[str, Any] | None = None
        try:
            table = await self.service.get(self.table_id)
            try:
                self.seat = self.service.seat_of(table, query.get("seat"), query.get("token"))
            except ServiceError as exc:
                # A page asks to watch instead when its seat link does not work (mistyped, old, a bot's seat).
                if query.get("fallback") != "spectator" or exc.code not in ("forbidden", "bad_message"):
                    raise
                watching = "this seat link does not work, you are watching as a spectator"
                notice = error(exc.code, f"{exc.message}: {watching}")
            await self.service.join(table, self.seat)
        except ServiceError as exc:
            await self.refuse(exc.code, exc.message, 4000 + exc.status)
            return
        except Exception as exc:  # a server fault: logged in full, the client told so (1011: internal error)
            log.error("table %s: %s on connect: %s", self.table_id, type(exc).__name__, exc, exc_info=exc)
            await self.refuse("internal", "the server failed to open this table", 1011)
            return
        sub = self.service.pubsub.subscribe(self.table_id)
        pump = asyncio.create_task(self._pump(sub))
        try:
            if notice is not None:
                await self.send(notice)
            async with table.lock:  # with several processes, this one may be behind the database: catch up first
                await self.service.cluster.before_act(table)
            await self.send_state(table.snap())
            while True:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text") or message.get("bytes") or ""
                if _size(raw) > self.gate.limits.max_ws_message:
                    limit = self.gate.limits.max_ws_message
                    await self.refuse("too_big", f"a message has at most {limit} bytes", MESSAGE_TOO_BIG)
                    break
                reply = await self.handle(raw)
                if reply is not None:
                    await self.send(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client left (a send after its close raises RuntimeError)
        finally:
            pump.cancel()
            if self.hint_task is not None:
                self.hint_task.cancel()
            sub.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump
            if self.ws.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close()

    async def _pump(self, sub: Any) -> None:
        while True:
            snap = await sub.get()
            await self.send_state(snap)

    async def handle(self, raw: str | bytes) -> dict[str, Any] | None:
        """Answer one client message: None on success (the update comes by pub/sub), else a reply."""
        try:
            msg = parse_json(raw, self.gate.limits.max_json_depth)
        except JsonError as exc:
            return error("bad_message", str(exc))
        if not isinstance(msg, dict):
            return error("bad_message", "a message is a JSON object with a type")
        kind = msg.get("type")
        try:
            if kind == "ping":
                return {"type": "pong"}
            if kind == "action":
                table = await self.service.get(self.table_id)
                action = self.action_of(table.module, msg)
                await self.service.act(table, self.seat, msg.get("seq"), action)
                return None
            if kind == "rename":
                table = await self.service.get(self.table_id)
                await self.service.rename(table, self.seat, msg.get("name"))
                return None
            if kind == "hint":
                return self.ask_hint()
            shown = kind if isinstance(kind, str) and len(kind) < 40 else "?"
            return error("bad_message", f"unknown message type {shown!r}")
        except ServiceError as exc:
            return error(exc.code, exc.message)
        except Exception as exc:  # a server fault, not the client's: logged in full, answered as such
            log.error("table %s: %s handling a message: %s", self.table_id, type(exc).__name__, exc, exc_info=exc)
            return error("internal", "the server failed to handle this message")

    def ask_hint(self) -> dict[str, Any] | None:
        """Start a hint for this seat (answered later by a `hint` message); an error if it may not ask now."""
        if self.seat is None:
            return error("forbidden", "a spectator has no decision to get a hint for")
        if self.hint_task is not None and not self.hint_task.done():
            return error("too_many", "a hint is on its way; wait for it")
        now = time.monotonic()
        while self.hints and now - self.hints[0] >= HINT_WINDOW:
            self.hints.popleft()
        if len(self.hints) >= HINTS_PER_WINDOW:
            wait = int(HINT_WINDOW - (now - self.hints[0])) + 1
            return error("too_many", f"at most {HINTS_PER_WINDOW} hints a minute; try again in {wait} s")
        self.hints.append(now)
        self.hint_task = asyncio.create_task(self._hint(self.seat))
        return None

    async def _hint(self, seat: int) -> None:
        """Ask the bot pool for the hint and send the answer (or why there is none)."""
        try:
            table = await self.service.get(self.table_id)
            answer = await self.service.bots.hint(table, seat)
        except ServiceError as exc:
            answer = error(exc.code, exc.message)
        except Exception as exc:  # a server fault: logged in full, answered as such
            log.error("table %s: %s giving a hint: %s", self.table_id, type(exc).__name__, exc, exc_info=exc)
            answer = error("internal", "the server failed to give a hint")
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await self.send(answer)

    def action_of(self, module: Any, msg: dict[str, Any]) -> Any:
        """The action id of an action message: `move` (notation, e.g. `bid:13`) or `action` (an id)."""
        move = msg.get("move")
        if move is None or self.seat is None:
            return msg.get("action")  # the service checks the id (and refuses a spectator first)
        if not isinstance(move, str) or len(move) > MAX_MOVE:
            raise ServiceError("bad_message", f"move is an action's notation (at most {MAX_MOVE} characters)")
        try:
            action = module.str_to_action(move)
        except ValueError as exc:
            raise ServiceError("bad_message", str(exc)) from None
        if "action" in msg and msg["action"] != action:
            raise ServiceError("bad_message", f"move {move!r} and action {msg['action']!r} differ")
        return action


def _size(raw: str | bytes) -> int:
    """A message's size in bytes (UTF-8 for text)."""
    if isinstance(raw, bytes) or raw.isascii():
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))
