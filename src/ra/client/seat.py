"""Playing one seat over the table WebSocket (docs/PROTOCOL.md) until the game is over.

On each `state` whose view offers legal actions the bot chooses and the client sends `{"type":"action","seq","action"}`
at that state's seq, once. The server answers every action on its connection: by a `state` whose log holds the
seat's move, or by an `error`; until then the client sends nothing more (in RA and Write another seat's choice
raises the seq while this seat's choice is still on its way, and the server still applies it). The server applies
an action only at the seq it was sent for (a repeat or a late one answers `error` `stale`), so the client never
needs to know whether an action sent just before a lost connection arrived: after reconnecting it decides again
from the newest `state`, and an action whose seq has passed is never sent again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from ra.bots.base import Bot
from ra.client.answers import Outcome
from ra.client.errors import ClientError, server_text
from ra.core.errors import text_of
from ra.core.text import t

log = logging.getLogger("ra.client")

MAX_MESSAGE = 8 * 2**20  # bytes of one server message at most (a whole long log is a few hundred KB)
ENDED = ("finished", "abandoned")  # a table's status once it takes no more moves (docs/PROTOCOL.md)
WAIT = ("stale", "not_your_turn")  # the action came too late or early: the next state tells what to do
REFUSED = ("illegal", "bad_message")  # the action itself was refused: decide again
TRANSIENT = ("unavailable", "internal", "busy")  # nothing was applied, through no fault of the action: send again
FATAL = ("forbidden", "not_found")  # this seat cannot be played from here: raise
# Close codes after which connecting again cannot help: a bad seat, a refused token, no such table.
FATAL_CLOSES = {4400: "bad_message", 4401: "forbidden", 4403: "forbidden", 4404: "not_found"}
RESENDS = 5  # times one action is sent again after a transient refusal

BotSource = Bot | Callable[[str], Bot]  # a bot, or what makes one for the table's game (`ra.bots.make_bot`...)


@dataclass(frozen=True)
class Reconnect:
    """How a lost connection is retried: up to `tries` failed connections in a row, waiting `first` seconds before
    the first retry, twice as long before each next one up to `most` (each wait shortened by a random part, so many
    bots of one server do not come back at the same instant)."""

    tries: int = 8
    first: float = 0.5
    most: float = 20.0

    def delay(self, attempt: int, rng: random.Random) -> float:
        """The wait before retry number `attempt` (from 1)."""
        return min(self.most, self.first * 2.0 ** (attempt - 1)) * rng.uniform(0.5, 1.0)


class _Lost(Exception):
    """The connection ended and may be opened again."""


class SeatPlayer:
    """One seat of one table played by one bot over the table WebSocket at `url` (with `headers`: a bot token's
    `Authorization`), reconnecting after a lost connection."""

    def __init__(
        self,
        url: str,
        table: str,
        seat: int,
        bot: BotSource,
        *,
        headers: Mapping[str, str] | None = None,
        reconnect: Reconnect | None = None,
        seed: int | None = None,
    ) -> None:
        self.url, self.table, self.seat, self.headers = url, table, seat, dict(headers or {})
        # A bot, or its maker: called with the game's name once the first state tells it.
        self.bot: Bot | None = None
        self.maker: Callable[[str], Bot] | None = None
        if hasattr(bot, "choose"):
            self.bot = bot  # type: ignore[assignment]
        else:
            self.maker = bot  # type: ignore[assignment]
        self.reconnect = reconnect or Reconnect()
        self.rng = random.Random(seed)  # the fallback's random legal actions, and the retries' jitter
        self.seq = -1  # the newest state's seq, its view and table summary
        self.view: dict[str, Any] = {}
        self.summary: dict[str, Any] = {}
        self.sent_seq: int | None = None  # the seq of the last action sent on this connection, and its id
        self.sent_action = 0
        self.pending = False  # that action awaits the server's answer (a state with the seat's move, or an error)
        self.failures = 0  # refusals of the actions sent at `sent_seq`
        self.resends = 0
        self.back_seq: int | None = None  # the seq at which "I'm back" was last sent
        self.sent = self.refused = self.reconnects = 0
        self._connected = False  # whether the current connection brought a state

    async def run(self) -> Outcome:
        """Play until the table is finished or abandoned or the seat is out; ClientError when the seat cannot be
        played (a wrong token, no such table) or the server stays out of reach."""
        failed = 0  # connections in a row that brought no state
        while True:
            self._connected = False
            try:
                async with connect(
                    self.url, additional_headers=self.headers, max_size=MAX_MESSAGE, open_timeout=20
                ) as ws:
                    outcome = await self._serve(ws)
                    if outcome is not None:
                        return outcome
                    raise _Lost(f"closed {ws.close_code}")
            except InvalidStatus as exc:  # refused before the socket opened (an HTTP answer)
                status = exc.response.status_code
                if status in (400, 401, 403, 404):
                    raise ClientError(
                        t("the server refused the table's socket (HTTP {status})", status=status),
                        status=status,
                        code="forbidden" if status != 404 else "not_found",
                    ) from None
                why = f"HTTP {status}"
            except (_Lost, ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as exc:
                why = str(exc) or type(exc).__name__
            failed = 0 if self._connected else failed + 1
            if failed >= self.reconnect.tries:
                raise ClientError(
                    t("lost the connection to table {table} and could not connect again", table=self.table),
                    code="unreachable",
                )
            wait = self.reconnect.delay(max(failed, 1), self.rng)
            log.warning("table %s seat %d: connection lost (%s); again in %.1f s", self.table, self.seat, why, wait)
            await asyncio.sleep(wait)

    async def _serve(self, ws: ClientConnection) -> Outcome | None:
        """Answer the server's messages on one connection: an Outcome once the game is over for this seat, None
        when the connection ended."""
        self.sent_seq, self.pending = None, False  # a new connection decides again from its first state
        try:
            async for raw in ws:
                message = _read(raw)
                kind = message.get("type")
                if kind == "state":
                    if not self._connected and self.view:
                        self.reconnects += 1  # the first state of a connection after a lost one
                    self._connected = True
                    outcome = await self._on_state(ws, message)
                    if outcome is not None:
                        return outcome
                elif kind == "error":
                    await self._on_error(ws, message)
        except ConnectionClosed:
            pass
        code = ws.close_code
        if code in FATAL_CLOSES:
            raise ClientError(
                t("the server closed the table's socket ({code})", code=str(code)), code=FATAL_CLOSES[code]
            )
        return None

    async def _on_state(self, ws: ClientConnection, message: dict[str, Any]) -> Outcome | None:
        seq, view, summary = message.get("seq"), message.get("view"), message.get("table")
        if not isinstance(seq, int) or not isinstance(view, dict) or not isinstance(summary, dict):
            log.warning("table %s: a state without seq, view or table; ignored", self.table)
            return None
        self.seq, self.view, self.summary = seq, view, summary
        if self.pending and (not _legal(view) or self._moved(message.get("log"))):
            self.pending = False  # the action was applied (or the decision is no longer this seat's)
        status = summary.get("status")
        seats = summary.get("seats")
        mine = seats[self.seat] if isinstance(seats, list) and len(seats) > self.seat else {}
        mine = mine if isinstance(mine, dict) else {}
        if status in ENDED or mine.get("out"):
            return self._outcome(str(status) if status in ENDED else f"out:{mine.get('out')}")
        if mine.get("away") and self.back_seq != seq:
            self.back_seq = seq  # a bot of the server played for this seat while it was gone: take it back
            await ws.send(json.dumps({"type": "back"}))
        if _legal(view) and seq != self.sent_seq and not self.pending:
            self.failures = self.resends = 0
            await self._act(ws)
        return None

    def _moved(self, log: Any) -> bool:
        """Whether the state's new log entries hold a move of this seat after the action sent (it was applied)."""
        if not isinstance(log, list) or self.sent_seq is None:
            return False
        return any(
            isinstance(e, dict) and e.get("player") == self.seat and isinstance(e.get("seq"), int)
            and e["seq"] > self.sent_seq
            for e in log
        )  # fmt: skip

    async def _on_error(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        code = message.get("code")
        why = server_text(message, t("the server refused without a reason"))
        if code in FATAL or (code == "bad_message" and not self._connected):
            raise ClientError(why, code=str(code))
        self.pending = False  # the answer to the action sent
        current = self.sent_seq == self.seq  # no newer state came while the action was on its way
        if code in REFUSED and self.sent_seq is not None:
            self.refused += 1
            self.failures += 1
            log.warning("table %s seat %d: action %d at seq %d refused: %s",
                        self.table, self.seat, self.sent_action, self.sent_seq, why)  # fmt: skip
            if current and self.failures <= 2 and _legal(self.view):
                await self._act(ws)  # the bot once more, then a random legal action
                return
        elif code in TRANSIENT and current and self.resends < RESENDS:
            self.resends += 1
            await asyncio.sleep(self.reconnect.delay(self.resends, self.rng))
            if self.sent_seq == self.seq:  # still nothing newer: the same action at the same seq
                await self._send(ws, self.sent_action)
                return
        elif code not in WAIT:
            log.warning("table %s seat %d: the server said %s: %s", self.table, self.seat, code, why)
        if self.seq != self.sent_seq and _legal(self.view):  # a newer state waits for a decision
            self.failures = self.resends = 0
            await self._act(ws)

    async def _act(self, ws: ClientConnection) -> None:
        """Decide on the newest view and send the action at its seq."""
        action = await self._decide(self.view)
        self.sent_seq = self.seq
        await self._send(ws, action)

    async def _send(self, ws: ClientConnection, action: int) -> None:
        self.sent_action, self.pending = action, True
        self.sent += 1
        await ws.send(json.dumps({"type": "action", "seq": self.seq, "action": action}))

    async def _decide(self, view: dict[str, Any]) -> int:
        """The bot's choice for `view`; a random legal action if it raises, answers no legal action, or had an
        action of this seq refused twice."""
        legal = _legal(view)
        if self.failures >= 2:
            log.warning("table %s seat %d: a random legal action after two refusals", self.table, self.seat)
            return self.rng.choice(legal)
        bot = self._bot()
        try:
            # In a thread: a searching bot thinks for seconds, and the connection (pings, other games) goes on.
            action = await asyncio.to_thread(bot.choose, view)
        except Exception as exc:
            log.warning(
                "table %s seat %d: the bot failed (%s: %s); a random legal action",
                self.table,
                self.seat,
                type(exc).__name__,
                exc,
            )
            return self.rng.choice(legal)
        if not isinstance(action, int) or action not in legal:
            log.warning(
                "table %s seat %d: the bot chose %r, not a legal action; a random one", self.table, self.seat, action
            )
            return self.rng.choice(legal)
        return action

    def _bot(self) -> Bot:
        """The bot, made for the table's game at its first decision; ClientError if none can be made for it."""
        if self.bot is None:
            assert self.maker is not None
            try:
                self.bot = self.maker(str(self.summary.get("game") or self.view.get("game")))
            except Exception as exc:  # a spec of another game's bot, a plug-in that cannot be built
                why = t("no bot for table {table}, seat {seat}: {reason}", table=self.table, seat=self.seat,
                        reason=text_of(exc))  # fmt: skip
                raise ClientError(why, code="no_bot") from exc
        return self.bot

    def _outcome(self, status: str) -> Outcome:
        game = self.summary.get("game")
        return Outcome(
            self.table, self.seat, str(game), status, self.seq, self.view, self.sent, self.refused, self.reconnects
        )


def _read(raw: str | bytes) -> dict[str, Any]:
    """A server message as a JSON object (an empty one for anything else: it is ignored)."""
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested past Python's recursion limit
        return {}
    return message if isinstance(message, dict) else {}


def _legal(view: Mapping[str, Any]) -> list[int]:
    """The legal action ids a view offers (none for a view that offers none or is malformed)."""
    entries = view.get("legal_actions")
    if not isinstance(entries, list):
        return []
    return [e["id"] for e in entries if isinstance(e, dict) and isinstance(e.get("id"), int)]
