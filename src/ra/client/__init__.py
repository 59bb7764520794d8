"""A small client of a `ra serve` server for programs: the Bot API (docs/BOT_API.md) with a bot account's token,
and a bot playing a seat over the table WebSocket (docs/PROTOCOL.md), by token or by a guest's seat link.

- `Client` (plain calls) and `AsyncClient` (asyncio): `account`, `invitations`, `accept`, `decline`, `games`,
  `table`, and `play(table, seat, bot)` until the game is over (reconnecting after a lost connection, never
  repeating an action); `play_link(url, bot)` for a guest's seat link, no account needed.
- `Runner`: `ra bot run`'s loop (accept invitations, play every held seat, several at once).
- Every refusal is a `ClientError` with the server's status and words. docs/CLIENT.md shows how to use them.
"""

from __future__ import annotations

from ra.client.addresses import SeatLink
from ra.client.answers import Account, Invitation, Outcome, Seat
from ra.client.api import AsyncClient, Client, play_link, play_link_async
from ra.client.errors import ClientError
from ra.client.runner import Runner
from ra.client.seat import BotSource, Reconnect, SeatPlayer

__all__ = [
    "Account",
    "AsyncClient",
    "BotSource",
    "Client",
    "ClientError",
    "Invitation",
    "Outcome",
    "Reconnect",
    "Runner",
    "Seat",
    "SeatLink",
    "SeatPlayer",
    "play_link",
    "play_link_async",
]
