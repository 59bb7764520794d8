"""Moderation's records (docs/MODERATION.md): roles, sanctions, the moderation log, players' blocks, the report queue.

Everything is read from the database, so a mute or ban set by one process (or `ra admin ban`) holds in every other;
a process keeps what it read for at most `cache_seconds` (2 s by default), the longest a sanction takes to hold
everywhere. The moderation log is appended to in the same transaction as the action it records and never changed:
no code here, or anywhere, updates or deletes its rows (tests/server/accounts/test_moderation_log.py reads the code).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ra.server.guards.look_alikes import name_key, skeleton
from ra.server.storage.rows import now
from ra.server.storage.schema import (
    account_roles_t,
    account_seats_t,
    accounts_t,
    chat_reports_t,
    listings_t,
    moderation_log_t,
    player_blocks_t,
    players_t,
    sanctions_t,
    tables_t,
)

ROLES = ("moderator", "operator")
KINDS = ("mute", "ban")
COMMAND_LINE = "operator (command line)"  # who the log says acted for `ra admin`
MAX_REASON = 500


@dataclass(frozen=True)
class Sanction:
    """A mute or ban in force: until when (None: for good), why, and who set it."""

    id: int
    kind: str
    until: dt.datetime | None
    reason: str
    by: str
    created: dt.datetime

    def as_json(self) -> dict[str, Any]:
        """The sanction as the account page and the chat show it."""
        until = None if self.until is None else _utc(self.until).isoformat()
        return {"kind": self.kind, "until": until, "reason": self.reason, "created": _utc(self.created).isoformat()}


@dataclass(frozen=True)
class Named:
    """An account found by its name: its id, name and public player id."""

    id: int
    name: str
    player: str


def _utc(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def _row(row: Any) -> dict[str, Any]:
    """A row as JSON-ready values (datetimes in ISO 8601, UTC)."""
    return {k: _utc(v).isoformat() if isinstance(v, dt.datetime) else v for k, v in row._mapping.items()}


def account_target(account_id: int) -> str:
    """How the log names an account."""
    return f"account:{account_id}"


class Moderation:
    """Roles, sanctions, the log and blocks on `engine`."""

    def __init__(self, engine: sa.Engine, cache_seconds: float = 2.0) -> None:
        self.engine, self.cache_seconds = engine, cache_seconds
        self._sanctions: dict[int, tuple[float, Sanction | None]] = {}
        self._blocked: dict[int, tuple[float, frozenset[str]]] = {}

    # -- the log ----------------------------------------------------------------------------------------------------

    @staticmethod
    def write_log(
        c: sa.Connection, by: str, action: str, target: str, reason: str = "", details: dict[str, Any] | None = None
    ) -> None:
        """Append one entry to the log, in the caller's transaction (the action and its entry commit together)."""
        c.execute(
            moderation_log_t.insert().values(
                at=now(),
                by=by[:80],
                action=action[:20],
                target=target[:80],
                reason=reason[:MAX_REASON],
                details=json.dumps(details or {}, ensure_ascii=False, sort_keys=True),
            )
        )

    def entries(self, page: int = 0, size: int = 50, target: str | None = None) -> list[dict[str, Any]]:
        """A page of the log, newest first (of one target if given)."""
        query = sa.select(moderation_log_t).order_by(moderation_log_t.c.id.desc()).limit(size).offset(page * size)
        if target is not None:
            query = query.where(moderation_log_t.c.target == target)
        with self.engine.connect() as c:
            found = [_row(r) for r in c.execute(query)]
        for entry in found:
            entry["details"] = json.loads(entry["details"] or "{}")
        return found

    # -- accounts and roles -----------------------------------------------------------------------------------------

    def find(self, name: str) -> Named | None:
        """The account of this name (compared as sign-in compares names), or None."""
        query = (
            sa.select(accounts_t.c.id, accounts_t.c.name, players_t.c.id.label("player"))
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(accounts_t.c.name_key == name_key(name))
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else Named(int(row.id), str(row.name), str(row.player))

    def by_player(self, player: str) -> Named | None:
        """The account of a public player id, or None."""
        query = (
            sa.select(accounts_t.c.id, accounts_t.c.name, players_t.c.id.label("player"))
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(players_t.c.id == player)
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else Named(int(row.id), str(row.name), str(row.player))

    def roles(self, account_id: int) -> set[str]:
        """The account's roles."""
        query = sa.select(account_roles_t.c.role).where(account_roles_t.c.account_id == account_id)
        with self.engine.connect() as c:
            return {str(r) for r in c.execute(query).scalars()}

    def grant(self, account_id: int, role: str, by: str) -> bool:
        """Give the account a role (logged); False if it had it."""
        assert role in ROLES
        try:
            with self.engine.begin() as c:
                c.execute(account_roles_t.insert().values(account_id=account_id, role=role, granted=now()))
                self.write_log(c, by, "grant", account_target(account_id), "", {"role": role})
        except IntegrityError:
            return False
        return True

    def revoke(self, account_id: int, role: str, by: str) -> bool:
        """Take a role from the account (logged); False if it had none."""
        with self.engine.begin() as c:
            gone = c.execute(
                account_roles_t.delete().where(
                    account_roles_t.c.account_id == account_id, account_roles_t.c.role == role
                )
            ).rowcount
            if gone:
                self.write_log(c, by, "revoke", account_target(account_id), "", {"role": role})
        return bool(gone)

    def rename(self, account_id: int, name: str, by: str, reason: str) -> bool:
        """Give the account a new name (checked by the caller as at sign-up; logged); False if it is taken."""
        try:
            with self.engine.begin() as c:
                old = c.execute(sa.select(accounts_t.c.name).where(accounts_t.c.id == account_id)).scalar()
                values = {"name": name, "name_key": name_key(name), "name_skeleton": skeleton(name)}
                c.execute(accounts_t.update().where(accounts_t.c.id == account_id).values(**values))
                c.execute(players_t.update().where(players_t.c.account_id == account_id).values(name=name))
                self.write_log(c, by, "rename", account_target(account_id), reason, {"from": old, "to": name})
        except IntegrityError:
            return False
        return True

    # -- sanctions --------------------------------------------------------------------------------------------------

    def impose(self, account_id: int, kind: str, until: dt.datetime | None, reason: str, by: str) -> int:
        """Mute or ban the account until `until` (None: for good), logged; the sanction's id."""
        assert kind in KINDS
        stamp, reason = now(), reason[:MAX_REASON]
        with self.engine.begin() as c:
            values = {"account_id": account_id, "kind": kind, "until": until, "reason": reason, "by": by[:80]}
            key = c.execute(sanctions_t.insert().values(created=stamp, **values)).inserted_primary_key
            assert key is not None
            details = {"until": None if until is None else until.isoformat()}
            self.write_log(c, by, kind, account_target(account_id), reason, details)
        self._sanctions.pop(account_id, None)
        return int(key[0])

    def lift(self, account_id: int, by: str, reason: str = "") -> int:
        """Lift the account's sanctions in force (logged); how many."""
        stamp = now()
        with self.engine.begin() as c:
            lifted = c.execute(
                sanctions_t.update()
                .where(sanctions_t.c.account_id == account_id, *_in_force(stamp))
                .values(lifted=stamp)
            ).rowcount
            self.write_log(c, by, "lift", account_target(account_id), reason, {"lifted": lifted})
        self._sanctions.pop(account_id, None)
        return int(lifted)

    def sanction(self, account_id: int) -> Sanction | None:
        """The account's sanction in force (a ban before a mute, the longest first), read again once the last
        read is `cache_seconds` old."""
        moment = time.monotonic()
        cached = self._sanctions.get(account_id)
        if cached is not None and moment - cached[0] < self.cache_seconds:
            return cached[1]
        stamp = now()
        query = sa.select(sanctions_t).where(sanctions_t.c.account_id == account_id, *_in_force(stamp))
        with self.engine.connect() as c:
            rows = list(c.execute(query))
        found = None
        if rows:
            # A ban outranks a mute; of one kind, the one that lasts longest (for good last of all).
            far = dt.datetime.max.replace(tzinfo=dt.UTC)
            row = max(rows, key=lambda r: (r.kind == "ban", _utc(r.until) if r.until else far))
            found = Sanction(int(row.id), str(row.kind), row.until, str(row.reason), str(row.by), row.created)
        if len(self._sanctions) > 10_000:
            self._sanctions.clear()
        self._sanctions[account_id] = (moment, found)
        return found

    def banned_seats(self, limit: int = 200) -> list[tuple[str, int]]:
        """The seats that accounts banned now hold at open or running tables and still play (not `out`): the
        table's id and the seat, at most `limit` (the ban sweep's work, accounts/bans.py)."""
        stamp = now()
        query = (
            sa.select(account_seats_t.c.table_id, account_seats_t.c.seat, tables_t.c.seats)
            .join(sanctions_t, sanctions_t.c.account_id == account_seats_t.c.account_id)
            .join(tables_t, tables_t.c.id == account_seats_t.c.table_id)
            .where(sanctions_t.c.kind == "ban", *_in_force(stamp), tables_t.c.status.in_(("open", "running")))
        )
        with self.engine.connect() as c:
            rows = list(c.execute(query))
        # A seat already left stays in the rows (account_seats keeps the game for the account's history): skipped
        # here on the row's own seats, so that no table is loaded for it.
        # Two bans in force give a seat twice (no DISTINCT: PostgreSQL cannot compare JSON): once is enough.
        found = dict.fromkeys(
            (str(r.table_id), int(r.seat))
            for r in rows
            if int(r.seat) < len(r.seats) and not (r.seats[int(r.seat)] or {}).get("out")
        )
        return list(found)[:limit]

    def sanctions(self, account_id: int) -> list[dict[str, Any]]:
        """Every sanction the account had, newest first."""
        query = sa.select(sanctions_t).where(sanctions_t.c.account_id == account_id).order_by(sanctions_t.c.id.desc())
        with self.engine.connect() as c:
            return [_row(r) for r in c.execute(query)]

    # -- blocks -----------------------------------------------------------------------------------------------------

    def block(self, blocker: int, blocked: int) -> None:
        """The blocker no longer reads the blocked player's chat nor sits with them through open seats."""
        try:
            with self.engine.begin() as c:
                c.execute(player_blocks_t.insert().values(blocker_id=blocker, blocked_id=blocked, created=now()))
        except IntegrityError:
            pass  # blocked already
        self._blocked.pop(blocker, None)

    def unblock(self, blocker: int, blocked: int) -> None:
        """Lift a block."""
        with self.engine.begin() as c:
            c.execute(
                player_blocks_t.delete().where(
                    player_blocks_t.c.blocker_id == blocker, player_blocks_t.c.blocked_id == blocked
                )
            )
        self._blocked.pop(blocker, None)

    def blocks(self, blocker: int) -> list[dict[str, Any]]:
        """The players the account blocked: their names and player ids."""
        query = (
            sa.select(accounts_t.c.name, players_t.c.id.label("player"), player_blocks_t.c.created)
            .join(accounts_t, accounts_t.c.id == player_blocks_t.c.blocked_id)
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(player_blocks_t.c.blocker_id == blocker)
            .order_by(accounts_t.c.name)
        )
        with self.engine.connect() as c:
            return [_row(r) for r in c.execute(query)]

    def blocked_keys(self, blocker: int) -> frozenset[str]:
        """The chat keys (`p:<player>`) of the players the account blocked (cached as sanctions are)."""
        moment = time.monotonic()
        cached = self._blocked.get(blocker)
        if cached is not None and moment - cached[0] < self.cache_seconds:
            return cached[1]
        query = (
            sa.select(players_t.c.id)
            .join(player_blocks_t, player_blocks_t.c.blocked_id == players_t.c.account_id)
            .where(player_blocks_t.c.blocker_id == blocker)
        )
        with self.engine.connect() as c:
            keys = frozenset(f"p:{p}" for p in c.execute(query).scalars())
        if len(self._blocked) > 10_000:
            self._blocked.clear()
        self._blocked[blocker] = (moment, keys)
        return keys

    def blocked_between(self, account_id: int, others: list[int]) -> bool:
        """True if the account blocked any of `others` or any of them blocked it."""
        if not others:
            return False
        b = player_blocks_t.c
        query = sa.select(sa.func.count()).where(
            sa.or_(
                (b.blocker_id == account_id) & b.blocked_id.in_(others),
                (b.blocked_id == account_id) & b.blocker_id.in_(others),
            )
        )
        with self.engine.connect() as c:
            return int(c.execute(query).scalar_one()) > 0

    # -- reports and listings ---------------------------------------------------------------------------------------

    def reports(self, open_only: bool = False, limit: int = 100, sender_key: str | None = None) -> list[dict[str, Any]]:
        """Reports, newest first: open ones only, or one sender's, if asked. Reporters' keys are left out."""
        query = sa.select(chat_reports_t).order_by(chat_reports_t.c.id.desc()).limit(limit)
        if open_only:
            query = query.where(chat_reports_t.c.handled.is_(None))
        if sender_key is not None:
            query = query.where(chat_reports_t.c.sender_key == sender_key)
        with self.engine.connect() as c:
            found = [_row(r) for r in c.execute(query)]
        for report in found:
            report.pop("reporter_key", None)
            report["context"] = json.loads(report["context"]) if report.get("context") else []
        return found

    def handle(self, report_id: int, by: str, reason: str = "") -> bool:
        """Mark a report handled (logged); False if there is none open by that id."""
        with self.engine.begin() as c:
            done = c.execute(
                chat_reports_t.update()
                .where(chat_reports_t.c.id == report_id, chat_reports_t.c.handled.is_(None))
                .values(handled=now())
            ).rowcount
            if done:
                self.write_log(c, by, "handle", f"report:{report_id}", reason)
        return bool(done)

    def hide_listing(self, table_id: str, by: str, reason: str) -> bool:
        """Hide a table's listing from the lobby (logged); False if it has none."""
        with self.engine.begin() as c:
            done = c.execute(listings_t.update().where(listings_t.c.table_id == table_id).values(hidden=True)).rowcount
            if done:
                self.write_log(c, by, "hide", f"table:{table_id}", reason)
        return bool(done)

    def log_only(self, by: str, action: str, target: str, reason: str, details: dict[str, Any] | None = None) -> None:
        """Log an action done elsewhere (a seat renamed, a table closed through the table service)."""
        with self.engine.begin() as c:
            self.write_log(c, by, action, target, reason, details)


def _in_force(stamp: dt.datetime) -> list[sa.ColumnElement[bool]]:
    """The conditions of a sanction in force at `stamp`."""
    return [sanctions_t.c.lifted.is_(None), sa.or_(sanctions_t.c.until.is_(None), sanctions_t.c.until > stamp)]
