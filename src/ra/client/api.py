"""The Bot API's calls (docs/BOT_API.md) and the table socket's play, for a program holding a bot's token:
`AsyncClient` for asyncio, `Client` for everything else.

The token travels in the `Authorization: Bearer` header only, never in a URL. Every answer is read up to
`MAX_ANSWER` bytes and checked (ra.client.answers); a refusal is a ClientError with the server's status and words.
"""

from __future__ import annotations

import asyncio
import json
from types import TracebackType
from typing import Any, Self
from urllib.parse import quote

import httpx

from ra.client import answers
from ra.client.addresses import MAX_TOKEN, SeatLink, server_base, table_socket
from ra.client.answers import Account, Invitation, Outcome, Seat, valid_seat, valid_table_id
from ra.client.errors import STATUS_CODES, ClientError, server_text
from ra.client.seat import BotSource, Reconnect, SeatPlayer
from ra.core.text import t

MAX_ANSWER = 2**20  # bytes of one HTTP answer at most (a listing of a bot's many seats is a few KB)
TIMEOUT = 20.0  # seconds for an HTTP call


def bearer(token: str) -> dict[str, str]:
    """The header a bot's token travels in; ClientError (never showing the token) if it cannot be one."""
    if not 0 < len(token) <= MAX_TOKEN or not token.isascii() or not token.isprintable() or " " in token:
        raise ClientError(t("the token is not a bot token (printable characters, at most {n})", n=MAX_TOKEN))
    return {"Authorization": f"Bearer {token}"}


def read_answer(response: httpx.Response, body: bytes) -> Any:
    """An answer's JSON, or the ClientError its refusal (a status of 400 or more) or its unreadable body means."""
    try:
        data = json.loads(body) if body else None
    except (ValueError, RecursionError):
        data = None
    status = response.status_code
    if status >= 400:
        retry = response.headers.get("retry-after", "")
        why = server_text(data, t("the server answered HTTP {status}", status=status))
        code = STATUS_CODES.get(status, str(status))
        raise ClientError(why, status=status, code=code, retry_after=float(retry) if retry.isdigit() else None)
    if data is None:
        raise ClientError(t("the server's answer is not JSON (HTTP {status})", status=status), status=status)
    return data


def _too_big() -> ClientError:
    return ClientError(t("the server's answer is larger than {n} bytes", n=MAX_ANSWER), code="too_big")


def _path(*parts: str | int) -> str:
    return "/".join(quote(str(part), safe="") for part in parts)


class AsyncClient:
    """The Bot API of the server at `server` (its base address, `http://host:port`) with a bot's `token`, for
    asyncio programs; `async with AsyncClient(...) as client:` closes its connections at the end. `transport` is
    httpx's (a test's mock; the WebSocket always connects for real)."""

    def __init__(
        self,
        server: str,
        token: str,
        *,
        reconnect: Reconnect | None = None,
        timeout: float = TIMEOUT,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base = server_base(server)
        self.headers = bearer(token)
        self.reconnect = reconnect or Reconnect()
        self.http = httpx.AsyncClient(base_url=self.base, timeout=timeout, headers=self.headers, transport=transport)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the client's HTTP connections."""
        await self.http.aclose()

    async def call(self, method: str, path: str) -> Any:
        """One Bot API call: its answer's JSON, or ClientError."""
        try:
            async with self.http.stream(method, path) as response:
                body = bytearray()
                async for chunk in response.aiter_bytes():
                    body += chunk
                    if len(body) > MAX_ANSWER:
                        raise _too_big()
        except httpx.HTTPError as exc:
            raise ClientError(
                t("the server did not answer: {reason}", reason=type(exc).__name__), code="unreachable"
            ) from exc
        return read_answer(response, bytes(body))

    async def account(self) -> Account:
        """The bot account the token belongs to, and the token's scopes."""
        return Account.read(await self.call("GET", "/api/bot/account"))

    async def invitations(self) -> list[Invitation]:
        """The seats the bot is invited to."""
        return answers.invitations(await self.call("GET", "/api/bot/invitations"))

    async def accept(self, table: str, seat: int) -> Seat:
        """Take an invited seat (ClientError 404: no such invitation; 409: the seat is taken)."""
        path = f"/api/bot/invitations/{_path(valid_table_id(table), valid_seat(seat))}/accept"
        return Seat.read(await self.call("POST", path), "accept")

    async def decline(self, table: str, seat: int) -> None:
        """Decline an invitation."""
        await self.call("POST", f"/api/bot/invitations/{_path(valid_table_id(table), valid_seat(seat))}/decline")

    async def games(self) -> list[Seat]:
        """The seats the bot holds, running ones first."""
        return answers.games(await self.call("GET", "/api/bot/games"))

    async def table(self, table: str) -> dict[str, Any]:
        """A table's summary (`GET /api/tables/{id}`, public)."""
        summary = await self.call("GET", f"/api/tables/{_path(valid_table_id(table))}")
        if not isinstance(summary, dict):
            raise ClientError(t("the server's answer to {what} is not a JSON object", what="table"))
        return summary

    async def play(self, table: str, seat: int, bot: BotSource, *, seed: int | None = None) -> Outcome:
        """Play the bot's seat `seat` of `table` with `bot` (a Bot, or a function of the game's name that makes
        one, e.g. `lambda game: make_bot("hard", game)`) until the game is over for it."""
        url = table_socket(self.base, table, seat)
        player = SeatPlayer(url, table, seat, bot, headers=self.headers, reconnect=self.reconnect, seed=seed)
        return await player.run()


async def play_link_async(
    url: str, bot: BotSource, *, seed: int | None = None, reconnect: Reconnect | None = None
) -> Outcome:
    """Play a guest's seat link (`http://host/t/ID?seat=N&token=T`) with `bot` until the game is over for it: no
    account needed."""
    link = SeatLink.parse(url)
    return await SeatPlayer(link.socket, link.table, link.seat, bot, reconnect=reconnect, seed=seed).run()


def play_link(url: str, bot: BotSource, *, seed: int | None = None, reconnect: Reconnect | None = None) -> Outcome:
    """`play_link_async` for programs without an event loop of their own."""
    return asyncio.run(play_link_async(url, bot, seed=seed, reconnect=reconnect))


class Client:
    """The Bot API of the server at `server` with a bot's `token`, for programs without asyncio (`with Client(...)
    as client:`). `play` runs the asyncio client's play loop in an event loop of its own: from asyncio code, use
    `AsyncClient`."""

    def __init__(
        self,
        server: str,
        token: str,
        *,
        reconnect: Reconnect | None = None,
        timeout: float = TIMEOUT,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base = server_base(server)
        self.headers = bearer(token)
        self.reconnect = reconnect or Reconnect()
        self.http = httpx.Client(base_url=self.base, timeout=timeout, headers=self.headers, transport=transport)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the client's HTTP connections."""
        self.http.close()

    def call(self, method: str, path: str) -> Any:
        """One Bot API call: its answer's JSON, or ClientError."""
        try:
            with self.http.stream(method, path) as response:
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > MAX_ANSWER:
                        raise _too_big()
        except httpx.HTTPError as exc:
            raise ClientError(
                t("the server did not answer: {reason}", reason=type(exc).__name__), code="unreachable"
            ) from exc
        return read_answer(response, bytes(body))

    def account(self) -> Account:
        """The bot account the token belongs to, and the token's scopes."""
        return Account.read(self.call("GET", "/api/bot/account"))

    def invitations(self) -> list[Invitation]:
        """The seats the bot is invited to."""
        return answers.invitations(self.call("GET", "/api/bot/invitations"))

    def accept(self, table: str, seat: int) -> Seat:
        """Take an invited seat (ClientError 404: no such invitation; 409: the seat is taken)."""
        path = f"/api/bot/invitations/{_path(valid_table_id(table), valid_seat(seat))}/accept"
        return Seat.read(self.call("POST", path), "accept")

    def decline(self, table: str, seat: int) -> None:
        """Decline an invitation."""
        self.call("POST", f"/api/bot/invitations/{_path(valid_table_id(table), valid_seat(seat))}/decline")

    def games(self) -> list[Seat]:
        """The seats the bot holds, running ones first."""
        return answers.games(self.call("GET", "/api/bot/games"))

    def table(self, table: str) -> dict[str, Any]:
        """A table's summary (`GET /api/tables/{id}`, public)."""
        summary = self.call("GET", f"/api/tables/{_path(valid_table_id(table))}")
        if not isinstance(summary, dict):
            raise ClientError(t("the server's answer to {what} is not a JSON object", what="table"))
        return summary

    def play(self, table: str, seat: int, bot: BotSource, *, seed: int | None = None) -> Outcome:
        """Play the bot's seat until the game is over for it (AsyncClient.play)."""
        url = table_socket(self.base, table, seat)
        player = SeatPlayer(url, table, seat, bot, headers=self.headers, reconnect=self.reconnect, seed=seed)
        return asyncio.run(player.run())

    def play_link(self, url: str, bot: BotSource, *, seed: int | None = None) -> Outcome:
        """Play a guest's seat link (`play_link`)."""
        return play_link(url, bot, seed=seed, reconnect=self.reconnect)


__all__ = ["AsyncClient", "Client", "bearer", "play_link", "play_link_async", "read_answer"]
