"""The notices' rows in SQL (schema.py): preferences, the queue of notices (one per turn, by its unique key) and the
digests sent. Blocking calls on the server's SQLAlchemy engine; the notices service runs them in threads.

Exactly once across processes: a turn's notice is one row (`uq_notices_turn`: a second insert fails); a process
sends a queued notice only after claiming it with a conditional update that one process alone can win (`claim`);
a day's digest is one row of `notice_digests` (the process whose insert succeeds sends it).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ra.server.accounts.store import mail_secret
from ra.server.notices.prefs import Prefs
from ra.server.storage.schema import (
    account_seats_t,
    accounts_t,
    notice_digests_t,
    notice_prefs_t,
    notices_t,
    players_t,
    tables_t,
)
from ra.server.tables.pace import turn_based

CLAIM_BATCH = 50  # notices one round claims at most
PREF_NAMES = ("mode", "quiet_from", "quiet_to", "time_zone", "language", "browser")
PREF_COLUMNS = [notice_prefs_t.c[name] for name in PREF_NAMES]


@dataclass(frozen=True)
class Target:
    """A seat held by an account that hears of its turns at a turn-based table."""

    seat: int
    account_id: int
    prefs: Prefs


@dataclass(frozen=True)
class Due:
    """A queued notice to send now (claimed by this process)."""

    id: int
    table_id: str
    seat: int
    seq: int
    account_id: int
    tries: int


@dataclass(frozen=True)
class Recipient:
    """Whom a mail goes to: the account's name, address and preferences (the address leaves only in the mail), its
    public player id and mail secret (for the mail's signed links)."""

    name: str
    email: str
    prefs: Prefs
    player: str
    secret: str


def _prefs(row: Any) -> Prefs:
    if row is None or row.mode is None:
        return Prefs()
    try:
        return Prefs(row.mode, row.quiet_from, row.quiet_to, row.time_zone, row.language, bool(row.browser))
    except ValueError:  # a zone this machine no longer knows: the defaults, with the mode kept
        return Prefs(mode=row.mode if row.mode in ("off", "each", "digest") else "each")


class NoticeStore:
    """Preferences, notices and digests on `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    # -- preferences ------------------------------------------------------------------------------------------------

    def prefs(self, account_id: int) -> Prefs:
        """An account's preferences (the defaults if it never set any)."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(notice_prefs_t).where(notice_prefs_t.c.account_id == account_id)).first()
        return _prefs(row)

    def put_prefs(self, account_id: int, prefs: Prefs) -> None:
        """Store an account's preferences (replacing any)."""
        values = {
            "mode": prefs.mode,
            "quiet_from": prefs.quiet_from,
            "quiet_to": prefs.quiet_to,
            "time_zone": prefs.time_zone,
            "language": prefs.language,
            "browser": prefs.browser,
        }
        with self.engine.begin() as c:
            c.execute(notice_prefs_t.delete().where(notice_prefs_t.c.account_id == account_id))
            c.execute(notice_prefs_t.insert().values(account_id=account_id, **values))
            if prefs.mode == "off":  # nothing queued is sent any more
                c.execute(
                    notices_t.update()
                    .where(notices_t.c.account_id == account_id, notices_t.c.state == "queued")
                    .values(state="dropped")
                )

    # -- queueing ---------------------------------------------------------------------------------------------------

    def targets(self, table_id: str, seats: Sequence[int]) -> list[Target]:
        """The seats among `seats` held by accounts with a verified e-mail address and notices on (the caller knows the
        table is turn-based: its pace says so, listed in the lobby or not)."""
        query = (
            sa.select(account_seats_t.c.seat, account_seats_t.c.account_id, *PREF_COLUMNS)
            .join(accounts_t, accounts_t.c.id == account_seats_t.c.account_id)
            .outerjoin(notice_prefs_t, notice_prefs_t.c.account_id == account_seats_t.c.account_id)
            .where(
                account_seats_t.c.table_id == table_id,
                account_seats_t.c.seat.in_(list(seats)),
                accounts_t.c.email.is_not(None),
                accounts_t.c.email_verified.is_not(None),  # never to an address nobody confirmed
            )
        )
        with self.engine.connect() as c:
            rows = list(c.execute(query))
        found = [Target(int(r.seat), int(r.account_id), _prefs(r)) for r in rows]
        return [target for target in found if target.prefs.mode != "off"]

    def turn_based_tables(self, limit: int) -> list[str]:
        """Among the `limit` most recently updated unfinished tables with seats kept by accounts, the turn-based
        ones (by their pace, tables/pace.py), the most recently updated first."""
        query = (
            sa.select(tables_t.c.id, tables_t.c.options)
            .where(
                tables_t.c.status.in_(("open", "running")),
                sa.exists().where(account_seats_t.c.table_id == tables_t.c.id),
            )
            .order_by(tables_t.c.updated.desc())
            .limit(limit)
        )
        with self.engine.connect() as c:
            return [str(r.id) for r in c.execute(query) if turn_based(r.options or {})]

    def queue(self, table_id: str, seq: int, target: Target, kind: str, due: dt.datetime, now: dt.datetime) -> bool:
        """Queue the notice of a turn; False if it exists already (the key) or one for the same seat still waits
        (a person away hears once of a table, however many turns pass)."""
        waiting = sa.select(notices_t.c.id).where(
            notices_t.c.table_id == table_id, notices_t.c.seat == target.seat, notices_t.c.state == "queued"
        )
        values = {
            "table_id": table_id,
            "seat": target.seat,
            "seq": seq,
            "account_id": target.account_id,
            "kind": kind,
            "state": "queued",
            "created": now,
            "due": due,
            "tries": 0,
        }
        try:
            with self.engine.begin() as c:
                if c.execute(waiting.limit(1)).first() is not None:
                    return False
                c.execute(notices_t.insert().values(**values))
        except IntegrityError:
            return False
        return True

    # -- sending each turn ------------------------------------------------------------------------------------------

    def claim(self, owner: str, now: dt.datetime, until: dt.datetime) -> list[Due]:
        """Claim the due notices of kind `each` nobody holds (or whose holder's claim ran out); those won."""
        free = sa.or_(notices_t.c.owner.is_(None), notices_t.c.claimed_until < now)
        due = sa.and_(notices_t.c.state == "queued", notices_t.c.kind == "each", notices_t.c.due <= now, free)
        with self.engine.connect() as c:
            candidates = list(c.execute(sa.select(notices_t).where(due).order_by(notices_t.c.due).limit(CLAIM_BATCH)))
        won = []
        for row in candidates:
            with self.engine.begin() as c:
                claimed = c.execute(
                    notices_t.update().where(notices_t.c.id == row.id, due).values(owner=owner, claimed_until=until)
                ).rowcount
            if claimed == 1:
                won.append(Due(int(row.id), row.table_id, int(row.seat), int(row.seq), int(row.account_id), row.tries))
        return won

    def release_claims(self, owner: str) -> None:
        """Free every claim on a queued notice that is not `owner`'s (a process alone on its database, at start)."""
        with self.engine.begin() as c:
            c.execute(
                notices_t.update()
                .where(notices_t.c.state == "queued", notices_t.c.owner.is_not(None), notices_t.c.owner != owner)
                .values(owner=None, claimed_until=None)
            )

    def finish(self, ids: Sequence[int], state: str, now: dt.datetime) -> None:
        """Mark notices sent (or dropped, or failed)."""
        if ids:
            with self.engine.begin() as c:
                c.execute(
                    notices_t.update()
                    .where(notices_t.c.id.in_(list(ids)))
                    .values(state=state, sent=now if state == "sent" else None, owner=None, claimed_until=None)
                )

    def retry(self, ids: Sequence[int], due: dt.datetime, give_up: int) -> None:
        """Notices whose mail failed: tried again at `due`, or failed after `give_up` tries."""
        if not ids:
            return
        tried = notices_t.c.tries + 1
        with self.engine.begin() as c:
            c.execute(
                notices_t.update()
                .where(notices_t.c.id.in_(list(ids)))
                .values(
                    tries=tried,
                    due=due,
                    owner=None,
                    claimed_until=None,
                    state=sa.case((tried >= give_up, "failed"), else_="queued"),
                )
            )

    def later(self, notice_id: int, due: dt.datetime) -> None:
        """Put a claimed notice back, due at `due` (quiet hours began meanwhile)."""
        with self.engine.begin() as c:
            c.execute(
                notices_t.update().where(notices_t.c.id == notice_id).values(due=due, owner=None, claimed_until=None)
            )

    def mails_since(self, account_id: int, since: dt.datetime) -> int:
        """Mails the account received since `since`: each-turn notices and digests."""
        sent = sa.select(sa.func.count()).where(
            notices_t.c.account_id == account_id,
            notices_t.c.kind == "each",
            notices_t.c.state == "sent",
            notices_t.c.sent > since,
        )
        digests = sa.select(sa.func.count()).where(
            notice_digests_t.c.account_id == account_id, notice_digests_t.c.sent > since
        )
        with self.engine.connect() as c:
            return int(c.execute(sent).scalar() or 0) + int(c.execute(digests).scalar() or 0)

    def recipient(self, account_id: int, verified: bool = True) -> Recipient | None:
        """The account's name, address and preferences; None if it has no address (any more), or, with `verified`,
        none verified (a notice goes only to an address whose link was opened)."""
        query = (
            sa.select(
                accounts_t.c.name, accounts_t.c.email, accounts_t.c.email_verified, players_t.c.id.label("player"),
                *PREF_COLUMNS,
            )
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .outerjoin(notice_prefs_t, notice_prefs_t.c.account_id == accounts_t.c.id)
            .where(accounts_t.c.id == account_id)
        )  # fmt: skip
        with self.engine.begin() as c:
            row = c.execute(query).first()
            if row is None or row.email is None or (row.email_verified is not None) != verified:
                return None
            secret = mail_secret(c, account_id)
        assert secret is not None  # the account was just read
        return Recipient(str(row.name), str(row.email), _prefs(row), str(row.player), secret)

    def unsubscribe_keys(self, player: str) -> tuple[int, str] | None:
        """(account id, mail secret) of the account whose public player id is `player`, None if it has no mail
        secret (no mail was ever signed for it)."""
        query = (
            sa.select(accounts_t.c.id, accounts_t.c.mail_secret)
            .join(players_t, players_t.c.account_id == accounts_t.c.id)
            .where(players_t.c.id == player)
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None or row.mail_secret is None else (int(row.id), str(row.mail_secret))

    def turn_off(self, account_id: int) -> None:
        """Notices off for the account (its other preferences kept; what is queued is dropped)."""
        self.put_prefs(account_id, dataclasses.replace(self.prefs(account_id), mode="off"))

    def game_of(self, table_id: str) -> str | None:
        """A table's game, None if it was deleted."""
        with self.engine.connect() as c:
            return c.execute(sa.select(tables_t.c.game).where(tables_t.c.id == table_id)).scalar()

    # -- the daily digest -------------------------------------------------------------------------------------------

    def digest_accounts(self, now: dt.datetime) -> list[int]:
        """Accounts with digest notices due."""
        query = (
            sa.select(notices_t.c.account_id)
            .where(notices_t.c.state == "queued", notices_t.c.kind == "digest", notices_t.c.due <= now)
            .distinct()
            .limit(CLAIM_BATCH)
        )
        with self.engine.connect() as c:
            return [int(r[0]) for r in c.execute(query)]

    def start_digest(self, account_id: int, day: str, now: dt.datetime) -> bool:
        """Take the account's digest of `day`: True for the one process that gets it, False if it was taken."""
        try:
            with self.engine.begin() as c:
                c.execute(notice_digests_t.insert().values(account_id=account_id, day=day, sent=now))
        except IntegrityError:
            return False
        return True

    def take_digest(self, account_id: int, now: dt.datetime) -> list[Due]:
        """The account's due digest notices, marked sent (its digest row is this process's)."""
        due = sa.and_(
            notices_t.c.account_id == account_id,
            notices_t.c.state == "queued",
            notices_t.c.kind == "digest",
            notices_t.c.due <= now,
        )
        with self.engine.begin() as c:
            rows = list(c.execute(sa.select(notices_t).where(due).order_by(notices_t.c.due).limit(CLAIM_BATCH)))
            ids = [int(r.id) for r in rows]
            if ids:
                c.execute(notices_t.update().where(notices_t.c.id.in_(ids)).values(state="sent", sent=now))
        return [Due(int(r.id), r.table_id, int(r.seat), int(r.seq), int(r.account_id), r.tries) for r in rows]

    def undo_digest(self, account_id: int, day: str, ids: Sequence[int], due: dt.datetime) -> None:
        """A digest whose mail failed: its notices queued again for `due`, its day free again."""
        with self.engine.begin() as c:
            c.execute(
                notice_digests_t.delete().where(
                    notice_digests_t.c.account_id == account_id, notice_digests_t.c.day == day
                )
            )
            if ids:
                c.execute(
                    notices_t.update().where(notices_t.c.id.in_(list(ids))).values(state="queued", sent=None, due=due)
                )

    def postpone_digest(self, account_id: int, now: dt.datetime, due: dt.datetime) -> None:
        """The account had its digest today already: its due digest notices wait for the next one."""
        with self.engine.begin() as c:
            c.execute(
                notices_t.update()
                .where(
                    notices_t.c.account_id == account_id,
                    notices_t.c.state == "queued",
                    notices_t.c.kind == "digest",
                    notices_t.c.due <= now,
                )
                .values(due=due)
            )

    # -- the link in a mail -----------------------------------------------------------------------------------------

    def kept_seat(self, table_id: str, account_id: int, seat: int | None) -> tuple[int, str] | None:
        """The (seat, token) the account keeps at a table (the given seat, or its first), None if it keeps none."""
        query = sa.select(account_seats_t.c.seat, account_seats_t.c.token).where(
            account_seats_t.c.table_id == table_id, account_seats_t.c.account_id == account_id
        )
        if seat is not None:
            query = query.where(account_seats_t.c.seat == seat)
        with self.engine.connect() as c:
            row = c.execute(query.order_by(account_seats_t.c.seat).limit(1)).first()
        return None if row is None else (int(row.seat), str(row.token))
