"""Bot accounts and the Bot API (docs/BOT_API.md): a person makes bot accounts (or turns their own account into one)
and gives each API tokens; a program presents a token as `Authorization: Bearer <token>` to read its account,
accept or decline the seats it is invited to, list its games and play them over the table WebSocket.

A token is `rab_` and 43 url-safe characters, shown once; only its SHA-256 is stored. Every use reads storage, so a
token revoked in one process is refused at once in every other; its use is noted at most once a minute. Refusals
are `AccountError`s: 401 the same for a missing, malformed, unknown or revoked token, 403 a scope the token lacks,
429 past the token's rate or the address's failed authentications.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

from sqlalchemy.exc import IntegrityError

from ra.core.text import t
from ra.server.accounts.bot_store import BotRow, BotStore, Caller
from ra.server.accounts.errors import AccountError
from ra.server.accounts.moderation import Moderation
from ra.server.accounts.passwords import Passwords
from ra.server.accounts.seats import Tables, refused
from ra.server.accounts.service import SignedIn, account_name, in_thread
from ra.server.accounts.store import AccountStore, table_row
from ra.server.guards.look_alikes import name_key, skeleton
from ra.server.guards.rates import KeyedRates, RateLimiter
from ra.server.settings import Limits
from ra.server.storage.rows import now
from ra.server.tables.errors import ServiceError
from ra.server.tables.snapshot import stand_ins
from ra.server.tables.table import Table
from ra.server.tables.tokens import hash_matches, token_hash

P = ParamSpec("P")
R = TypeVar("R")
PREFIX = "rab_"
TOKEN = re.compile(r"rab_[A-Za-z0-9_-]{43}")
BEARER = re.compile(r"Bearer ([!-~]{1,200})", re.IGNORECASE)
MOST_BOTS = 10  # bots one person may own
MOST_TOKENS = 10  # live tokens of one bot
USE_NOTED = dt.timedelta(minutes=1)  # a token's `last_used` is written at most this often
SCOPES = ("play", "read")
NOT_AUTHENTICATED = t("This request needs a valid bot token (Authorization: Bearer).")
Closer = Callable[[], Coroutine[Any, Any, None]]


def new_token() -> str:
    """A fresh bot token: `rab_` and 256 random bits, url-safe."""
    return PREFIX + secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """What storage keeps of a bot token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def bearer_token(header: str | None) -> str | None:
    """The bot token of an `Authorization` header, or None for a missing or malformed one."""
    if header is None or len(header) > 220:
        return None
    found = BEARER.fullmatch(header.strip())
    if found is None or TOKEN.fullmatch(found.group(1)) is None:
        return None
    return found.group(1)


class BotService:
    """Bot accounts on `store` (their owners' accounts on `accounts`), their seats through `tables`."""

    def __init__(
        self,
        store: BotStore,
        accounts: AccountStore,
        passwords: Passwords,
        tables: Tables,
        limits: Limits,
        moderation: Moderation | None = None,
    ) -> None:
        self.store, self.accounts, self.passwords, self.tables = store, accounts, passwords, tables
        self.moderation = moderation  # a banned bot account accepts no invitation (docs/MODERATION.md)
        self.rates = KeyedRates(limits.bot_requests_per_second, limits.bot_request_burst, name="bot_requests")
        self.failures = RateLimiter(limits.bot_auth_failures, limits.bot_auth_window, name="bot_auth_failures")
        self.sockets: dict[str, dict[int, Closer]] = {}  # a token's open WebSockets in this process: their closers

    async def _db(self, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        return await in_thread(call, *args, **kwargs)

    # -- under a person's session -----------------------------------------------------------------------------------

    async def create(self, who: SignedIn, name: str) -> BotRow:
        """A new bot account owned by the signed-in person (its name checked as at sign-up)."""
        name = account_name(name)
        made = await self._db(self.store.create, who.account.id, name, name_key(name), skeleton(name), now(), MOST_BOTS)
        if made is None:
            raise AccountError(409, "taken", t("This name is taken; choose another."))
        if made < 0:
            raise AccountError(409, "too_many", t("You have {n} bots already; that is the most.", n=MOST_BOTS))
        bot = await self._db(self.store.bot_named, name_key(name))
        assert bot is not None  # just made
        return bot

    async def become_bot(self, who: SignedIn, password: str) -> None:
        """Turn the signed-in person's own account into a bot that owns itself (the password asked again)."""
        stored = await self._db(self.accounts.password, who.account.id)
        if not await self.passwords.verify(stored, password):
            raise AccountError(403, "wrong", t("The password is wrong."))
        if not await self._db(self.store.become_bot, who.account.id):
            raise AccountError(409, "state", t("This account is a bot already."))

    async def owned(self, who: SignedIn) -> list[dict[str, Any]]:
        """The bots the account owns with their live tokens (never a token or its hash)."""
        bots = await self._db(self.store.owned, who.account.id)
        tokens = await self._db(self.store.tokens, [bot.id for bot in bots])
        return [
            {
                "name": bot.name,
                "player": bot.player,
                "tokens": [
                    {
                        "id": token.id,
                        "label": token.label,
                        "scopes": list(token.scopes),
                        "created": token.created.isoformat(),
                        "last_used": None if token.last_used is None else token.last_used.isoformat(),
                    }
                    for token in tokens
                    if token.account_id == bot.id
                ],
            }
            for bot in bots
        ]

    async def _own_bot(self, who: SignedIn, name: str) -> BotRow:
        for bot in await self._db(self.store.owned, who.account.id):
            if name_key(bot.name) == name_key(name):
                return bot
        raise AccountError(404, "not_found", t("You have no bot of that name."))

    async def new_token(self, who: SignedIn, name: str, label: str, scopes: list[str]) -> dict[str, Any]:
        """A new token of one of the account's bots: the only answer that ever holds the token."""
        bot = await self._own_bot(who, name)
        token = new_token()
        row = await self._db(self.store.add_token, bot.id, digest(token), label, scopes, now(), MOST_TOKENS)
        if row is None:
            raise AccountError(409, "too_many", t("This bot has {n} tokens already; revoke one first.", n=MOST_TOKENS))
        created = row.created.isoformat()
        return {"id": row.id, "token": token, "label": row.label, "scopes": list(row.scopes), "created": created}

    async def revoke(self, who: SignedIn, name: str, token_id: str) -> None:
        """Revoke one of a bot's tokens: refused from now on in every process; its sockets here close now."""
        bot = await self._own_bot(who, name)
        if len(token_id) > 24 or not await self._db(self.store.revoke, bot.id, token_id, now()):
            raise AccountError(404, "not_found", t("This bot has no such token."))
        for close in list(self.sockets.pop(token_id, {}).values()):
            await close()

    # -- the Bot API ------------------------------------------------------------------------------------------------

    async def authenticate(self, header: str | None, address: str, scope: str) -> Caller:
        """Who an `Authorization` header speaks for, with `scope`; refused with 401, 403 or 429."""
        waiting = self.failures.refuses(address)
        if waiting:
            raise AccountError(429, "too_many", t("Too many failed authentications; try again later."), waiting)
        token = bearer_token(header)
        caller = None if token is None else await self._db(self.store.caller, digest(token))
        if caller is None:
            self.failures.retry_after(address)  # counted: guessing tokens is throttled per address
            raise AccountError(401, "unauthorized", NOT_AUTHENTICATED)
        wait = self.rates.retry_after(caller.token_id)
        if wait:
            raise AccountError(429, "too_many", t("Too many requests with this token; slow down."), wait)
        if scope not in caller.scopes:
            raise AccountError(403, "forbidden", t("This token lacks the scope {scope}.", scope=scope))
        stamp = now()
        if caller.last_used is None or stamp - caller.last_used > USE_NOTED:
            await self._db(self.store.used, caller.token_id, stamp, stamp - USE_NOTED)
        return caller

    async def invitations(self, caller: Caller) -> list[dict[str, Any]]:
        """The seats the bot is invited to that it may still take (not at a finished table, nobody sat down)."""
        return [
            {
                "table": found.table["id"],
                "seat": found.seat,
                "game": found.table["game"],
                "players": len(found.table["seats"]),
                "by": found.by,
                "created": found.created.isoformat(),
            }
            for found in await self._db(self.store.invitations, caller.account_id)
            if found.table["status"] == "open"
            and found.seat < len(found.table["seats"])
            and not found.table["seats"][found.seat].get("taken")
        ]

    async def _table(self, table_id: str) -> Table:
        try:
            return await self.tables.get(table_id)
        except ServiceError as exc:
            raise refused(exc) from None

    async def accept(self, caller: Caller, table_id: str, seat: int) -> dict[str, Any]:
        """Take the seat the bot is invited to, kept as a joined seat is (`account_seats`), named after the bot."""
        if not await self._db(self.store.invited, table_id, seat, caller.account_id):
            raise AccountError(404, "not_found", t("There is no such invitation."))
        if self.moderation is not None:
            sanction = await self._db(self.moderation.sanction, caller.account_id)
            if sanction is not None and sanction.kind == "ban":
                raise AccountError(403, "banned", t("You are banned: {reason}", reason=sanction.reason))
        table = await self._table(table_id)
        seats = table.row.seats
        if not 0 <= seat < len(seats) or seats[seat]["kind"] != "person" or seats[seat].get("taken"):
            raise AccountError(409, "taken", t("This seat is not free."))
        if table.state.is_terminal():
            raise AccountError(409, "state", t("The game is over."))
        if await self._db(self.store.holds_at, table_id, caller.account_id):
            raise AccountError(409, "taken", t("You have a seat at this table already."))
        token = secrets.token_urlsafe(16)
        if not await self._db(self.accounts.link, table_id, seat, caller.account_id, token, now()):
            raise AccountError(409, "taken", t("This seat is not free."))  # someone was quicker
        try:
            await self.tables.reseat(table, seat, token_hash(token), caller.name, bot=True)
        except (ServiceError, IntegrityError) as exc:
            await self._db(self.accounts.unlink, table_id, seat, caller.account_id)
            raise AccountError(409, "taken", t("This seat is not free.")) from exc
        await self._db(self.store.drop_invitation, table_id, seat, caller.account_id)
        return {"table": table_id, "seat": seat, "game": table.row.game}

    async def decline(self, caller: Caller, table_id: str, seat: int) -> None:
        """Turn an invitation down."""
        if not await self._db(self.store.drop_invitation, table_id, seat, caller.account_id):
            raise AccountError(404, "not_found", t("There is no such invitation."))

    async def games(self, caller: Caller) -> list[dict[str, Any]]:
        """The seats the bot holds: running games first, then the newest."""
        found = []
        for held in await self._db(self.accounts.held, caller.account_id):
            row = table_row(held.table)
            entry: dict[str, Any] = {
                "table": row.id,
                "seat": held.seat,
                "game": row.game,
                "status": row.status,
                "to_act": [],
                "your_turn": False,
            }
            if row.status not in ("finished", "abandoned"):
                try:
                    table = await self.tables.get(row.id)
                except ServiceError:
                    table = None
                if table is not None:
                    current = [] if table.state.is_terminal() else list(table.state.current_players())
                    entry["status"] = table.row.status
                    entry["to_act"] = current
                    entry["your_turn"] = held.seat in current and held.seat not in stand_ins(table.row)
            found.append(entry)
        return sorted(found, key=lambda g: g["status"] != "running")  # stable: newest first within each

    # -- the table's creator invites ----------------------------------------------------------------------------------

    async def invite(self, table_id: str, seat: int, creator: str, bot_name: str, by: str) -> dict[str, Any]:
        """Invite a bot account to a person seat nobody holds yet (by the table's creator token)."""
        table = await self._table(table_id)
        if not hash_matches(table.row.creator_hash, creator):
            raise AccountError(403, "forbidden", t("Only the table's creator can invite a bot."))
        try:
            key = name_key(account_name(bot_name))
        except AccountError:
            raise AccountError(404, "not_found", t("There is no bot of that name.")) from None
        bot = await self._db(self.store.bot_named, key)
        if bot is None:
            raise AccountError(404, "not_found", t("There is no bot of that name."))
        seats = table.row.seats
        if not 0 <= seat < len(seats) or seats[seat]["kind"] != "person" or seats[seat].get("taken"):
            raise AccountError(409, "taken", t("This seat is not free."))
        if table.state.is_terminal() or await self._db(self.accounts.holder, table_id, seat) is not None:
            raise AccountError(409, "taken", t("This seat is not free."))
        await self._db(self.store.invite, table_id, seat, bot.id, by, now())
        return {"table": table_id, "seat": seat, "bot": bot.name}

    # -- the WebSocket ------------------------------------------------------------------------------------------------

    async def seat_token(self, header: str | None, address: str, table_id: str, seat: int) -> tuple[str, str]:
        """(the seat's stored token, the bot token's id) for a WebSocket that presents `header` for a seat; the bot
        must hold that seat of that table. AccountError otherwise."""
        caller = await self.authenticate(header, address, "play")
        token = await self._db(self.store.seat_token, table_id, seat, caller.account_id)
        if token is None:
            raise AccountError(403, "forbidden", t("This bot does not hold that seat."))
        return token, caller.token_id

    async def still_live(self, token_id: str) -> bool:
        """Whether a socket's token is still live (read from storage: a revocation anywhere counts)."""
        return await self._db(self.store.live, token_id)

    def opened(self, token_id: str, key: int, close: Closer) -> None:
        """A socket of this token opened here: `close` ends it when the token is revoked."""
        self.sockets.setdefault(token_id, {})[key] = close

    def closed(self, token_id: str, key: int) -> None:
        """That socket ended."""
        sockets = self.sockets.get(token_id)
        if sockets is not None:
            sockets.pop(key, None)
            if not sockets:
                del self.sockets[token_id]
