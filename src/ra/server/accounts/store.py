"""The accounts' rows in SQL (schema.py): accounts, sessions, sign-in failures and the seats an account holds.

Blocking calls on the server's SQLAlchemy engine; the account service runs them in threads.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from ra.server.accounts.links import new_mail_secret
from ra.server.storage.rows import TableRow
from ra.server.storage.schema import (
    account_marks_t,
    account_seats_t,
    accounts_t,
    bot_invitations_t,
    bot_tokens_t,
    chat_reports_t,
    game_results_t,
    notice_digests_t,
    notice_prefs_t,
    notices_t,
    players_t,
    rating_history_t,
    ratings_t,
    result_seats_t,
    sessions_t,
    sign_in_failures_t,
    sign_ups_t,
    tables_t,
)
from ra.server.tables.names import UNNAMED


def utc(value: dt.datetime) -> dt.datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return value.astimezone(dt.UTC) if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def table_data(row: sa.Row[Any]) -> dict[str, Any]:
    """The `tables` columns of a result row, by name."""
    return {column.name: row._mapping[column.name] for column in tables_t.c}


def public_id() -> str:
    """A random public id (player pages, sessions): nothing to count or guess."""
    return secrets.token_urlsafe(9)


def table_row(data: dict[str, Any]) -> TableRow:
    """A `tables` row as the table service's row type."""
    return TableRow(
        id=data["id"],
        game=data["game"],
        options=dict(data["options"]),
        seed=int(data["seed"]),
        seats=list(data["seats"]),
        status=data["status"],
        seq=int(data["seq"]),
        created=utc(data["created"]),
        updated=utc(data["updated"]),
        bot_seed=int(data["bot_seed"]),
        creator_hash=data["creator_hash"],
    )


@dataclass(frozen=True)
class Account:
    """An account as the server uses it (never its password hash or e-mail address)."""

    id: int
    name: str
    player: str  # its public player id
    created: dt.datetime
    has_email: bool
    email_verified: bool = False  # its address's link was opened: notices may go to it
    kind: str = "person"  # or "bot": an account a program plays through its tokens (accounts/bots.py)


@dataclass(frozen=True)
class MailKeys:
    """What checks an account's signed mail links: its address now, whether verified, and its mail secret."""

    account_id: int
    email: str | None
    verified: bool
    secret: str


@dataclass(frozen=True)
class SessionRow:
    """A signed-in browser."""

    id: str
    account_id: int
    agent: str
    created: dt.datetime
    seen: dt.datetime
    expires: dt.datetime


@dataclass(frozen=True)
class HeldSeat:
    """A seat an account holds, with its table's row and, once finished, the table's result."""

    table: dict[str, Any]  # the `tables` row
    seat: int
    token: str
    joined: dt.datetime
    scores: list[int] | None
    winners: list[int] | None


class AccountStore:
    """Accounts, sessions, sign-in failures, sign-ups, where accounts were seen, and held seats on `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    # -- accounts -------------------------------------------------------------------------------------------------

    def create(
        self, name: str, key: str, password: str, email: str | None, now: dt.datetime, skeleton: str
    ) -> int | None:
        """A new account (and its player) and its id; None if the name, or a look-alike of it, is taken."""
        try:
            with self.engine.begin() as c:
                values = {"name": name, "name_key": key, "password": password, "email": email, "created": now}
                values["name_skeleton"] = skeleton
                key_of = c.execute(accounts_t.insert().values(**values)).inserted_primary_key
                assert key_of is not None
                account_id = int(key_of[0])
                c.execute(players_t.insert().values(id=public_id(), account_id=account_id, name=name))
        except IntegrityError:
            return None
        return account_id

    def credentials(self, key: str) -> tuple[int, str] | None:
        """(id, password hash) of the account with this folded name, or None."""
        query = sa.select(accounts_t.c.id, accounts_t.c.password).where(accounts_t.c.name_key == key)
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else (int(row.id), str(row.password))

    def password(self, account_id: int) -> str | None:
        """An account's password hash (to check it again before a deletion)."""
        with self.engine.connect() as c:
            return c.execute(sa.select(accounts_t.c.password).where(accounts_t.c.id == account_id)).scalar()

    def account(self, account_id: int) -> Account | None:
        """An account by id."""
        query = (
            sa.select(
                accounts_t.c.id,
                accounts_t.c.name,
                accounts_t.c.created,
                accounts_t.c.email,
                players_t.c.id,
                accounts_t.c.email_verified,
                accounts_t.c.kind,
            )
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(accounts_t.c.id == account_id)
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        if row is None:
            return None
        has_email = row[3] is not None
        verified = has_email and row[5] is not None
        return Account(int(row[0]), str(row[1]), str(row[4]), utc(row[2]), has_email, verified, str(row[6]))

    def set_password(self, account_id: int, password: str) -> None:
        """Store a new password hash."""
        with self.engine.begin() as c:
            c.execute(accounts_t.update().where(accounts_t.c.id == account_id).values(password=password))

    def set_email(self, account_id: int, email: str | None) -> bool:
        """Store (or remove) the account's e-mail address: True if it is stored unverified now (a verification mail
        is to go to it), False if it was removed or is the address already verified (nothing changes then)."""
        query = sa.select(accounts_t.c.email, accounts_t.c.email_verified).where(accounts_t.c.id == account_id)
        with self.engine.begin() as c:
            row = c.execute(query).first()
            if row is None:
                return False
            if email is not None and row.email == email and row.email_verified is not None:
                return False
            values = {"email": email, "email_verified": None}  # a new address is unverified until its link opens
            c.execute(accounts_t.update().where(accounts_t.c.id == account_id).values(**values))
            if email is not None:
                mail_secret(c, account_id)
        return email is not None

    def mail_keys(self, player: str) -> MailKeys | None:
        """What checks the signed links of the account whose public player id is `player`; None if it has none
        (no such account, or no mail was ever signed for it)."""
        query = (
            sa.select(accounts_t.c.id, accounts_t.c.email, accounts_t.c.email_verified, accounts_t.c.mail_secret)
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(players_t.c.id == player)
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        if row is None or row.mail_secret is None:
            return None
        return MailKeys(int(row.id), row.email, row.email_verified is not None, str(row.mail_secret))

    def verify_email(self, account_id: int, email: str, now: dt.datetime) -> bool:
        """Mark the account's address verified if it is still `email` (the first time is kept); False if the
        account has another address now."""
        with self.engine.begin() as c:
            unverified = accounts_t.c.email_verified.is_(None)
            c.execute(
                accounts_t.update()
                .where(accounts_t.c.id == account_id, accounts_t.c.email == email, unverified)
                .values(email_verified=now)
            )
            found = c.execute(
                sa.select(accounts_t.c.id).where(accounts_t.c.id == account_id, accounts_t.c.email == email)
            ).first()
        return found is not None

    def delete(self, account_id: int, throttle_keys: list[str]) -> list[tuple[str, int, str]]:
        """Delete the account and everything that is only its own, and anonymise what stays (docs/ACCOUNTS.md,
        "Deleting an account"), in one transaction: its sessions, marks, notices, sign-in failures by its name, seat
        links, player, ratings, history and result seats go; its seats at tables get a seat's default name again;
        chat reports keep the message under an anonymous key. The bots it made go the same way, with every bot's
        tokens and invitations; invitations it sent no longer name it. The (table, seat, name) renamed, for the
        tables in memory."""
        with self.engine.begin() as c:
            name = c.execute(sa.select(accounts_t.c.name).where(accounts_t.c.id == account_id)).scalar()
            if name is None:
                return []
            bots = list(c.execute(
                sa.select(accounts_t.c.id).where(accounts_t.c.owner_id == account_id, accounts_t.c.id != account_id)
            ).scalars())  # fmt: skip
            renamed = [seat for bot in bots for seat in _delete_account(c, int(bot), [])]
            renamed += _delete_account(c, account_id, throttle_keys)
            invited_by = bot_invitations_t.c.by == name
            c.execute(bot_invitations_t.update().where(invited_by).values(by=""))
        return renamed

    # -- sessions -------------------------------------------------------------------------------------------------

    def open_session(self, account_id: int, token_hash: str, agent: str, now: dt.datetime, expires: dt.datetime) -> str:
        """Store a new session; its public id."""
        session_id = public_id()
        values = {"id": session_id, "token_hash": token_hash, "account_id": account_id, "agent": agent[:120]}
        with self.engine.begin() as c:
            c.execute(sessions_t.insert().values(**values, created=now, seen=now, expires=expires))
        return session_id

    def session(self, token_hash: str, now: dt.datetime) -> SessionRow | None:
        """The unexpired session with this secret's hash, or None."""
        query = sa.select(sessions_t).where(sessions_t.c.token_hash == token_hash, sessions_t.c.expires > now)
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else _session(row)

    def touch(self, session_id: str, now: dt.datetime, expires: dt.datetime) -> None:
        """Note a session's use and move its end on."""
        with self.engine.begin() as c:
            c.execute(sessions_t.update().where(sessions_t.c.id == session_id).values(seen=now, expires=expires))

    def sessions(self, account_id: int, now: dt.datetime) -> list[SessionRow]:
        """An account's unexpired sessions, the most recently used first."""
        query = (
            sa.select(sessions_t)
            .where(sessions_t.c.account_id == account_id, sessions_t.c.expires > now)
            .order_by(sessions_t.c.seen.desc())
        )
        with self.engine.connect() as c:
            return [_session(row) for row in c.execute(query)]

    def close_session(self, account_id: int, session_id: str) -> bool:
        """End one of an account's sessions; False if it has none by that id."""
        query = sessions_t.delete().where(sessions_t.c.account_id == account_id, sessions_t.c.id == session_id)
        with self.engine.begin() as c:
            return c.execute(query).rowcount > 0

    def close_other_sessions(self, account_id: int, keep: str) -> None:
        """End every session of the account but `keep`."""
        query = sessions_t.delete().where(sessions_t.c.account_id == account_id, sessions_t.c.id != keep)
        with self.engine.begin() as c:
            c.execute(query)

    def close_expired(self, now: dt.datetime) -> None:
        """Forget sessions that ended."""
        with self.engine.begin() as c:
            c.execute(sessions_t.delete().where(sessions_t.c.expires <= now))

    # -- sign-in failures -------------------------------------------------------------------------------------------

    def failures(self, keys: list[str], since: dt.datetime) -> dict[str, int]:
        """How many failed sign-ins each key has had since `since`."""
        query = (
            sa.select(sign_in_failures_t.c.key, sa.func.count())
            .where(sign_in_failures_t.c.key.in_(keys), sign_in_failures_t.c.at > since)
            .group_by(sign_in_failures_t.c.key)
        )
        with self.engine.connect() as c:
            return {str(key): int(n) for key, n in c.execute(query)}

    def fail(self, keys: list[str], now: dt.datetime, forget_before: dt.datetime) -> None:
        """Count a failed sign-in for each key (and forget the failures older than the window)."""
        with self.engine.begin() as c:
            c.execute(sign_in_failures_t.delete().where(sign_in_failures_t.c.at <= forget_before))
            c.execute(sign_in_failures_t.insert(), [{"key": key, "at": now} for key in keys])

    def forgive(self, key: str) -> None:
        """Forget a key's failures (its account signed in)."""
        with self.engine.begin() as c:
            c.execute(sign_in_failures_t.delete().where(sign_in_failures_t.c.key == key))

    def forget_failures(self, before: dt.datetime) -> None:
        """Forget the failed sign-ins from `before` or earlier (a quiet server writes none that would)."""
        with self.engine.begin() as c:
            c.execute(sign_in_failures_t.delete().where(sign_in_failures_t.c.at <= before))

    # -- where accounts were seen -------------------------------------------------------------------------------------

    def mark(self, account_id: int, marks: list[tuple[str, str]], now: dt.datetime) -> None:
        """Note that the account was seen now with each (kind, mark): "address" or "device", a SHA-256 hex."""
        insert = postgresql.insert if self.engine.dialect.name == "postgresql" else sqlite.insert
        rows = [{"account_id": account_id, "kind": kind, "mark": mark, "seen": now} for kind, mark in marks]
        statement = insert(account_marks_t).on_conflict_do_update(
            index_elements=[account_marks_t.c.account_id, account_marks_t.c.kind, account_marks_t.c.mark],
            set_={"seen": now},
        )
        with self.engine.begin() as c:
            c.execute(statement, rows)

    def knows_device(self, key: str, mark: str) -> bool:
        """True if the account with this folded name signed up or in from the device with this mark. One query
        whether or not the name exists, so that it takes as long either way."""
        query = (
            sa.select(account_marks_t.c.account_id)
            .join(accounts_t, accounts_t.c.id == account_marks_t.c.account_id)
            .where(accounts_t.c.name_key == key, account_marks_t.c.kind == "device", account_marks_t.c.mark == mark)
        )
        with self.engine.connect() as c:
            return c.execute(query).first() is not None

    def forget_marks(self, before: dt.datetime) -> None:
        """Forget the marks last seen at `before` or earlier."""
        with self.engine.begin() as c:
            c.execute(account_marks_t.delete().where(account_marks_t.c.seen <= before))

    # -- sign-ups per address ---------------------------------------------------------------------------------------

    def count_sign_up(self, key: str, now: dt.datetime, since: dt.datetime) -> tuple[int, int, dt.datetime]:
        """Count a sign-up for `key` (and forget the rows from `since` or earlier): the new row's id, how many rows
        the key has after `since` with it, and the oldest of their times. The row is written before the count, in
        a transaction of its own, so that of several processes counting at once the last one sees them all."""
        with self.engine.begin() as c:
            c.execute(sign_ups_t.delete().where(sign_ups_t.c.at <= since))
            inserted = c.execute(sign_ups_t.insert().values(key=key, at=now)).inserted_primary_key
            assert inserted is not None
        query = sa.select(sa.func.count(), sa.func.min(sign_ups_t.c.at)).where(
            sign_ups_t.c.key == key, sign_ups_t.c.at > since
        )
        with self.engine.connect() as c:
            count, oldest = c.execute(query).one()
        return int(inserted[0]), int(count), utc(oldest if oldest is not None else now)

    def uncount_sign_up(self, row_id: int) -> None:
        """Take back a counted sign-up (it was refused before it could make an account)."""
        with self.engine.begin() as c:
            c.execute(sign_ups_t.delete().where(sign_ups_t.c.id == row_id))

    def forget_sign_ups(self, before: dt.datetime) -> None:
        """Forget the sign-ups from `before` or earlier."""
        with self.engine.begin() as c:
            c.execute(sign_ups_t.delete().where(sign_ups_t.c.at <= before))

    # -- seats ------------------------------------------------------------------------------------------------------

    def link(self, table_id: str, seat: int, account_id: int, token: str, now: dt.datetime) -> bool:
        """Make a seat the account's (with the seat's token); False if the seat is someone's already."""
        try:
            with self.engine.begin() as c:
                values = {"table_id": table_id, "seat": seat, "account_id": account_id, "token": token, "joined": now}
                c.execute(account_seats_t.insert().values(**values))
        except IntegrityError:
            return False
        return True

    def unlink(self, table_id: str, seat: int, account_id: int) -> None:
        """Give a seat up (a join that could not be completed)."""
        query = account_seats_t.delete().where(
            account_seats_t.c.table_id == table_id,
            account_seats_t.c.seat == seat,
            account_seats_t.c.account_id == account_id,
        )
        with self.engine.begin() as c:
            c.execute(query)

    def holder(self, table_id: str, seat: int) -> int | None:
        """The account holding a seat, or None."""
        query = sa.select(account_seats_t.c.account_id).where(
            account_seats_t.c.table_id == table_id, account_seats_t.c.seat == seat
        )
        with self.engine.connect() as c:
            found = c.execute(query).scalar()
        return None if found is None else int(found)

    def held(self, account_id: int, limit: int = 200) -> list[HeldSeat]:
        """The seats an account holds with their tables (and results), the most recently updated tables first."""
        query = (
            sa.select(tables_t, account_seats_t.c.seat, account_seats_t.c.token, account_seats_t.c.joined,
                      game_results_t.c.scores, game_results_t.c.winners)
            .join(account_seats_t, account_seats_t.c.table_id == tables_t.c.id)
            .outerjoin(game_results_t, game_results_t.c.table_id == tables_t.c.id)
            .where(account_seats_t.c.account_id == account_id)
            .order_by(tables_t.c.updated.desc())
            .limit(limit)
        )  # fmt: skip
        with self.engine.connect() as c:
            rows = list(c.execute(query))
        return [
            HeldSeat(
                table=table_data(row),
                seat=int(row.seat),
                token=str(row.token),
                joined=utc(row.joined),
                scores=None if row.scores is None else list(row.scores),
                winners=None if row.winners is None else list(row.winners),
            )
            for row in rows
        ]


def mail_secret(c: sa.Connection, account_id: int) -> str | None:
    """The account's mail secret, made now if it has none yet (within the caller's transaction); None if there is
    no such account."""
    c.execute(
        accounts_t.update()
        .where(accounts_t.c.id == account_id, accounts_t.c.mail_secret.is_(None))
        .values(mail_secret=new_mail_secret())
    )  # conditional: two processes making one at once keep the first
    found = c.execute(sa.select(accounts_t.c.mail_secret).where(accounts_t.c.id == account_id)).scalar()
    return None if found is None else str(found)


def _delete_account(c: sa.Connection, account_id: int, throttle_keys: list[str]) -> list[tuple[str, int, str]]:
    """`AccountStore.delete` of one account, within the caller's transaction."""
    row = c.execute(
        sa.select(accounts_t.c.name_key, players_t.c.id)
        .outerjoin(players_t, players_t.c.account_id == accounts_t.c.id)
        .where(accounts_t.c.id == account_id)
    ).first()
    if row is None:
        return []
    player = row.id
    held = [(str(r.table_id), int(r.seat)) for r in c.execute(
        sa.select(account_seats_t.c.table_id, account_seats_t.c.seat)
        .where(account_seats_t.c.account_id == account_id)
    )]  # fmt: skip
    renamed = _rename_seats(c, held)
    _anonymise_reports(c, [f"p:{player}"] if player is not None else [], held)
    # The name's sign-in throttle (`throttle_keys`, hashed by the account service)
    c.execute(sign_in_failures_t.delete().where(sign_in_failures_t.c.key.in_(throttle_keys)))
    own_rows = (sessions_t, account_marks_t, notices_t, notice_prefs_t, notice_digests_t, account_seats_t)
    for own in (*own_rows, bot_tokens_t, bot_invitations_t):
        c.execute(own.delete().where(own.c.account_id == account_id))
    if player is not None:  # deleted explicitly, not left to the cascades (a database without foreign keys)
        for rows in (ratings_t, rating_history_t, result_seats_t):
            c.execute(rows.delete().where(rows.c.player_id == player))
        c.execute(players_t.delete().where(players_t.c.id == player))
    # A bot that owns itself points at itself: that link goes first, for databases that check it at once.
    c.execute(accounts_t.update().where(accounts_t.c.id == account_id).values(owner_id=None))
    c.execute(accounts_t.delete().where(accounts_t.c.id == account_id))
    return renamed


def _session(row: sa.Row[Any]) -> SessionRow:
    m = row._mapping
    return SessionRow(
        str(m["id"]), int(m["account_id"]), str(m["agent"]), utc(m["created"]), utc(m["seen"]), utc(m["expires"])
    )


GONE = "gone:"  # the start of the anonymous keys a deleted account's chat reports get
GONE_NAME = "(deleted)"  # the sender's name on a report of a deleted account's message


def _rename_seats(c: sa.Connection, held: list[tuple[str, int]]) -> list[tuple[str, int, str]]:
    """Give each held seat its default name again, in the table's seats and in its options' names; the seats
    renamed. The game's record holds moves only, so nothing else names the seat."""
    renamed = []
    for table_id in sorted({table_id for table_id, _ in held}):
        query = sa.select(tables_t.c.seats, tables_t.c.options).where(tables_t.c.id == table_id)
        if c.dialect.name == "postgresql":
            query = query.with_for_update()  # as a seat's change locks it (storage/writes.py)
        found = c.execute(query).first()
        if found is None:
            continue
        seats, options = [dict(s) for s in found.seats], dict(found.options)
        names = list(options["names"]) if isinstance(options.get("names"), list) else None
        for seat in sorted(seat for held_table, seat in held if held_table == table_id):
            if not 0 <= seat < len(seats):
                continue
            name = UNNAMED  # as table creation names a seat nobody named
            seats[seat]["name"] = name
            seats[seat].pop("account_bot", None)  # no bot account holds it any more
            if names is not None and seat < len(names):
                names[seat] = name
            renamed.append((table_id, seat, name))
        if names is not None:
            options["names"] = names
        c.execute(tables_t.update().where(tables_t.c.id == table_id).values(seats=seats, options=options))
    return renamed


def _anonymise_reports(c: sa.Connection, keys: list[str], held: list[tuple[str, int]]) -> None:
    """Reports of the account's messages keep the message for the operator under one anonymous sender (its name and
    key gone); its own reports get an anonymous reporter each. The account spoke as `keys` anywhere and, at the
    tables where it holds a seat, as that seat ("s:<seat>")."""

    def spoken_as(column: sa.Column[str]) -> sa.ColumnElement[bool]:
        at_seats = [(chat_reports_t.c.room == table_id) & (column == f"s:{seat}") for table_id, seat in held]
        return sa.or_(sa.false(), *(column == key for key in keys), *at_seats)

    sender = {"sender": GONE_NAME, "sender_key": GONE + secrets.token_hex(8)}
    c.execute(chat_reports_t.update().where(spoken_as(chat_reports_t.c.sender_key)).values(**sender))
    _anonymise_contexts(c, keys, held, sender)
    reported = sa.select(chat_reports_t.c.id).where(spoken_as(chat_reports_t.c.reporter_key))
    for (report_id,) in c.execute(reported).all():
        # One key per report: two reports of one message (as the account and as its seat) stay distinct.
        reporter = {"reporter_key": GONE + secrets.token_hex(8)}
        c.execute(chat_reports_t.update().where(chat_reports_t.c.id == report_id).values(**reporter))


def _anonymise_contexts(c: sa.Connection, keys: list[str], held: list[tuple[str, int]], sender: dict[str, str]) -> None:
    """The messages kept as a report's context (docs/MODERATION.md) that the account said: under the same anonymous
    sender as its reported messages."""
    query = sa.select(chat_reports_t.c.id, chat_reports_t.c.room, chat_reports_t.c.context).where(
        chat_reports_t.c.context.is_not(None)
    )
    for report_id, room, context in c.execute(query).all():
        mine = set(keys) | {f"s:{seat}" for table_id, seat in held if table_id == room}
        messages = json.loads(context or "[]")
        if not any(m.get("sender_key") in mine for m in messages):
            continue
        for m in messages:
            if m.get("sender_key") in mine:
                m["sender"], m["sender_key"] = sender["sender"], sender["sender_key"]
        changed = json.dumps(messages, ensure_ascii=False)
        c.execute(chat_reports_t.update().where(chat_reports_t.c.id == report_id).values(context=changed))
