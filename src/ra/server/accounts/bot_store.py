"""Bot accounts' rows in SQL (schema.py): the accounts of kind "bot" and their owners, their API tokens (only the
SHA-256 of each), and the invitations of bots to seats (docs/BOT_API.md, docs/ACCOUNTS.md).

Blocking calls on the server's SQLAlchemy engine; the bot service (accounts/bots.py) runs them in threads.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ra.server.accounts.store import public_id, table_data, utc
from ra.server.storage.schema import account_seats_t, accounts_t, bot_invitations_t, bot_tokens_t, players_t, tables_t

NO_PASSWORD = "!"  # no Argon2 hash: a bot made by a person never signs in with a password


@dataclass(frozen=True)
class BotRow:
    """A bot account as its owner sees it."""

    id: int
    name: str
    player: str


@dataclass(frozen=True)
class TokenRow:
    """A bot token's public part (never the token or its hash)."""

    id: str
    account_id: int
    label: str
    scopes: tuple[str, ...]
    created: dt.datetime
    last_used: dt.datetime | None


@dataclass(frozen=True)
class Caller:
    """Who a bot token speaks for: the bot account, and the token's id and scopes."""

    account_id: int
    name: str
    player: str
    token_id: str
    scopes: tuple[str, ...]
    last_used: dt.datetime | None


@dataclass(frozen=True)
class Invitation:
    """A bot invited to a seat, with the table's row."""

    table: dict[str, Any]
    seat: int
    by: str
    created: dt.datetime


def _scopes(text: str) -> tuple[str, ...]:
    return tuple(sorted(scope for scope in text.split(",") if scope))


def _token(row: sa.Row[Any]) -> TokenRow:
    m = row._mapping
    last = m["last_used"]
    return TokenRow(
        str(m["id"]),
        int(m["account_id"]),
        str(m["label"]),
        _scopes(m["scopes"]),
        utc(m["created"]),
        None if last is None else utc(last),
    )


class BotStore:
    """Bot accounts, tokens and invitations on `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    # -- bot accounts ---------------------------------------------------------------------------------------------

    def create(self, owner_id: int, name: str, key: str, skeleton: str, now: dt.datetime, most: int) -> int | None:
        """A new bot account owned by `owner_id` (and its player): its id; None if the name or a look-alike is
        taken; -1 if the owner has `most` bots already."""
        try:
            with self.engine.begin() as c:
                owned = c.execute(
                    sa.select(sa.func.count()).where(accounts_t.c.owner_id == owner_id, accounts_t.c.id != owner_id)
                ).scalar_one()
                if int(owned) >= most:
                    return -1
                values: dict[str, Any] = {"name": name, "name_key": key, "password": NO_PASSWORD, "created": now}
                values.update(name_skeleton=skeleton, kind="bot", owner_id=owner_id)
                inserted = c.execute(accounts_t.insert().values(**values)).inserted_primary_key
                assert inserted is not None
                bot_id = int(inserted[0])
                c.execute(players_t.insert().values(id=public_id(), account_id=bot_id, name=name))
        except IntegrityError:
            return None
        return bot_id

    def become_bot(self, account_id: int) -> bool:
        """Make a person's own account a bot that owns itself; False if it is a bot already."""
        query = (
            accounts_t.update()
            .where(accounts_t.c.id == account_id, accounts_t.c.kind == "person")
            .values(kind="bot", owner_id=account_id)
        )
        with self.engine.begin() as c:
            return c.execute(query).rowcount > 0

    def kind(self, account_id: int) -> str | None:
        """An account's kind ("person" or "bot"), None if there is no such account."""
        with self.engine.connect() as c:
            found = c.execute(sa.select(accounts_t.c.kind).where(accounts_t.c.id == account_id)).scalar()
        return None if found is None else str(found)

    def owned(self, owner_id: int) -> list[BotRow]:
        """The bots an account owns (itself too if it is a bot that owns itself), by name."""
        query = (
            sa.select(accounts_t.c.id, accounts_t.c.name, players_t.c.id.label("player"))
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(accounts_t.c.owner_id == owner_id, accounts_t.c.kind == "bot")
            .order_by(accounts_t.c.name_key)
        )
        with self.engine.connect() as c:
            return [BotRow(int(r.id), str(r.name), str(r.player)) for r in c.execute(query)]

    def bot_named(self, key: str) -> BotRow | None:
        """The bot account with this folded name, or None (no such account, or a person's)."""
        query = (
            sa.select(accounts_t.c.id, accounts_t.c.name, players_t.c.id.label("player"))
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(accounts_t.c.name_key == key, accounts_t.c.kind == "bot")
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else BotRow(int(row.id), str(row.name), str(row.player))

    def bot_accounts(self, account_ids: list[int]) -> set[int]:
        """Which of these accounts are bots."""
        if not account_ids:
            return set()
        query = sa.select(accounts_t.c.id).where(accounts_t.c.id.in_(account_ids), accounts_t.c.kind == "bot")
        with self.engine.connect() as c:
            return {int(found) for found in c.execute(query).scalars()}

    # -- tokens ---------------------------------------------------------------------------------------------------

    def tokens(self, account_ids: list[int]) -> list[TokenRow]:
        """The live (not revoked) tokens of these accounts, oldest first."""
        query = (
            sa.select(bot_tokens_t)
            .where(bot_tokens_t.c.account_id.in_(account_ids), bot_tokens_t.c.revoked.is_(None))
            .order_by(bot_tokens_t.c.created, bot_tokens_t.c.id)
        )
        with self.engine.connect() as c:
            return [_token(row) for row in c.execute(query)]

    def add_token(
        self, account_id: int, token_hash: str, label: str, scopes: list[str], now: dt.datetime, most: int
    ) -> TokenRow | None:
        """Store a new token (its hash); None if the bot has `most` live tokens already."""
        token_id = public_id()
        with self.engine.begin() as c:
            live = c.execute(
                sa.select(sa.func.count()).where(
                    bot_tokens_t.c.account_id == account_id, bot_tokens_t.c.revoked.is_(None)
                )
            ).scalar_one()
            if int(live) >= most:
                return None
            values = {"id": token_id, "account_id": account_id, "token_hash": token_hash, "label": label}
            c.execute(bot_tokens_t.insert().values(**values, scopes=",".join(sorted(scopes)), created=now))
        return TokenRow(token_id, account_id, label, _scopes(",".join(scopes)), now, None)

    def revoke(self, account_id: int, token_id: str, now: dt.datetime) -> bool:
        """Revoke one of a bot's tokens (the first time is kept); False if it has none by that id."""
        where = (bot_tokens_t.c.account_id == account_id, bot_tokens_t.c.id == token_id)
        with self.engine.begin() as c:
            c.execute(bot_tokens_t.update().where(*where, bot_tokens_t.c.revoked.is_(None)).values(revoked=now))
            return c.execute(sa.select(bot_tokens_t.c.id).where(*where)).first() is not None

    def caller(self, token_hash: str) -> Caller | None:
        """Who the live token with this hash speaks for (a bot account), or None."""
        query = (
            sa.select(
                bot_tokens_t.c.id,
                bot_tokens_t.c.account_id,
                bot_tokens_t.c.scopes,
                bot_tokens_t.c.last_used,
                accounts_t.c.name,
                players_t.c.id.label("player"),
            )
            .join(accounts_t, accounts_t.c.id == bot_tokens_t.c.account_id)
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(
                bot_tokens_t.c.token_hash == token_hash,
                bot_tokens_t.c.revoked.is_(None),
                accounts_t.c.kind == "bot",
            )
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        if row is None:
            return None
        last = None if row.last_used is None else utc(row.last_used)
        return Caller(int(row.account_id), str(row.name), str(row.player), str(row.id), _scopes(row.scopes), last)

    def live(self, token_id: str) -> bool:
        """Whether a token is still live (not revoked, not deleted)."""
        query = sa.select(bot_tokens_t.c.id).where(bot_tokens_t.c.id == token_id, bot_tokens_t.c.revoked.is_(None))
        with self.engine.connect() as c:
            return c.execute(query).first() is not None

    def used(self, token_id: str, now: dt.datetime, before: dt.datetime) -> None:
        """Note a token's use now, unless it was noted after `before` already (one write a minute at most)."""
        last = bot_tokens_t.c.last_used
        query = (
            bot_tokens_t.update()
            .where(bot_tokens_t.c.id == token_id, sa.or_(last.is_(None), last < before))
            .values(last_used=now)
        )
        with self.engine.begin() as c:
            c.execute(query)

    # -- seats ------------------------------------------------------------------------------------------------------

    def seat_token(self, table_id: str, seat: int, account_id: int) -> str | None:
        """The stored token of a seat the account holds, or None if it does not hold it."""
        query = sa.select(account_seats_t.c.token).where(
            account_seats_t.c.table_id == table_id,
            account_seats_t.c.seat == seat,
            account_seats_t.c.account_id == account_id,
        )
        with self.engine.connect() as c:
            found = c.execute(query).scalar()
        return None if found is None else str(found)

    def holds_at(self, table_id: str, account_id: int) -> bool:
        """Whether the account holds a seat at the table."""
        query = sa.select(account_seats_t.c.seat).where(
            account_seats_t.c.table_id == table_id, account_seats_t.c.account_id == account_id
        )
        with self.engine.connect() as c:
            return c.execute(query).first() is not None

    # -- invitations ----------------------------------------------------------------------------------------------

    def invite(self, table_id: str, seat: int, account_id: int, by: str, now: dt.datetime) -> None:
        """Invite a bot to a seat (replacing the seat's earlier invitation, if any)."""
        key = (bot_invitations_t.c.table_id == table_id, bot_invitations_t.c.seat == seat)
        with self.engine.begin() as c:
            c.execute(bot_invitations_t.delete().where(*key))
            values = {"table_id": table_id, "seat": seat, "account_id": account_id, "by": by[:40], "created": now}
            c.execute(bot_invitations_t.insert().values(**values))

    def invitations(self, account_id: int, limit: int = 200) -> list[Invitation]:
        """A bot's invitations with their tables' rows, the newest first."""
        invited = bot_invitations_t.c
        query = (
            sa.select(tables_t, invited.seat, invited.by, invited.created.label("at"))
            .join(bot_invitations_t, bot_invitations_t.c.table_id == tables_t.c.id)
            .where(bot_invitations_t.c.account_id == account_id)
            .order_by(bot_invitations_t.c.created.desc())
            .limit(limit)
        )
        with self.engine.connect() as c:
            rows = list(c.execute(query))
        return [Invitation(table_data(row), int(row.seat), str(row.by), utc(row.at)) for row in rows]

    def invited(self, table_id: str, seat: int, account_id: int) -> bool:
        """Whether the bot is invited to this seat."""
        query = sa.select(bot_invitations_t.c.seat).where(
            bot_invitations_t.c.table_id == table_id,
            bot_invitations_t.c.seat == seat,
            bot_invitations_t.c.account_id == account_id,
        )
        with self.engine.connect() as c:
            return c.execute(query).first() is not None

    def drop_invitation(self, table_id: str, seat: int, account_id: int) -> bool:
        """Remove the bot's invitation to this seat; False if it had none."""
        query = bot_invitations_t.delete().where(
            bot_invitations_t.c.table_id == table_id,
            bot_invitations_t.c.seat == seat,
            bot_invitations_t.c.account_id == account_id,
        )
        with self.engine.begin() as c:
            return c.execute(query).rowcount > 0
