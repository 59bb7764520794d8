"""The notices service: after a committed move, the notices of the seats whose turn it became (queued, one per turn);
a sender task that delivers the due ones by e-mail (each turn, or one daily digest per account), never in quiet
hours, at most `per_day` mails per account, with retries; and the account's preferences.

Exactly once across processes: the queue's unique key and the claims of store.py. Nothing here can hold a table:
`moved` only starts a task, storage calls run in threads and the SMTP conversation in a thread of its own, with
its timeouts. No e-mail address is ever logged: log lines name accounts by their id.

`now` is injected (the constructor's, replaceable by tests as `now`): quiet hours and digests are tested over
simulated days.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re
import smtplib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from typing import Any

import sqlalchemy as sa

from ra.server.accounts.links import token_matches, unsubscribe_link, unsubscribe_token, verify_link, verify_token
from ra.server.accounts.service import in_thread
from ra.server.guards.rates import RateLimiter
from ra.server.metrics import meter
from ra.server.notices.mail import Mailer, SmtpMailer, Waiting, digest_mail, turn_mail, verify_mail
from ra.server.notices.prefs import Prefs
from ra.server.notices.presence import Presence
from ra.server.notices.store import Due, NoticeStore, Recipient, Target
from ra.server.settings import NoticeSettings
from ra.server.storage.leases import process_name
from ra.server.storage.rows import now as utc_now
from ra.server.sweeps import Sweep
from ra.server.tables.pace import turn_based
from ra.server.tables.table import Table

log = logging.getLogger("ra.server")
DAY = dt.timedelta(days=1)
ADDRESS = re.compile(r"[^\s<>'\"(),;:]+@[^\s<>'\"(),;:]+")
QUEUED_TASKS = 1000  # queueing tasks in flight at most (a storm of moves while storage is slow drops the rest)

RECOVER_TABLES = 200  # turn-based tables a start looks at for turns whose notice a killed process never queued
Load = Callable[[str], Awaitable[Table]]


def plays(seat: Mapping[str, Any]) -> bool:
    """Whether a seat's person plays it: a person's seat no bot plays for (away, left, lost on time), whose turn is
    theirs to hear of."""
    return seat["kind"] == "person" and not seat.get("stand_in")


class Notices:
    """Notices of one process on `engine`: `moved` queues, `send_due` sends (every `notice_seconds` once started).
    `load(table_id)` gives a table as the database has it now; `presence` tells which seats watch their table here.
    """

    def __init__(
        self,
        engine: sa.Engine,
        settings: NoticeSettings,
        base: str,
        presence: Presence,
        load: Load,
        *,
        mailer: Mailer | None = None,
        now: Callable[[], dt.datetime] = utc_now,
        owner: str | None = None,
        solo: bool = True,
    ) -> None:
        self.store, self.settings, self.base = NoticeStore(engine), settings, base
        self.presence, self.load = presence, load
        self.mailer: Mailer = mailer if mailer is not None else SmtpMailer(settings)
        self.now = now
        self.owner = owner or process_name()
        self.solo = solo  # alone on the database: claims left by an earlier run are its own, free at once
        self.enabled = settings.mail
        self._sending = Sweep(
            "ra-notices", self._round, settings.notice_seconds, what="notices: sending", wait_first=False
        )
        self._recover_first = False  # set at start: the first round recovers the turns no notice was queued for
        self.queueing: set[asyncio.Task[None]] = set()
        self.mail_thread = ThreadPoolExecutor(1, thread_name_prefix="ra-mail")
        # per account, in this process
        self.verify_mails = RateLimiter(settings.verify_mails, DAY.total_seconds(), name="verify_mails")

    # -- after a move ---------------------------------------------------------------------------------------------

    def moved(self, table: Table, before: Sequence[int]) -> None:
        """A move was committed and published: queue the notices of the person seats whose turn it became (not of
        those watching the table in this process). Returns at once; the queueing runs in a task."""
        state = table.state
        if not self.enabled or not turn_based(table.row.options) or state.is_terminal():
            return
        if len(self.queueing) >= QUEUED_TASKS:
            return
        table_id, seq, seats = table.row.id, table.row.seq, table.row.seats
        new = [
            p
            for p in state.current_players()
            if p not in before and plays(seats[p]) and not self.presence.present(table_id, p)
        ]
        if new:
            task = asyncio.create_task(self._queued(table_id, seq, new, self.now()), name="ra-notice-queue")
            self.queueing.add(task)
            task.add_done_callback(self.queueing.discard)

    async def _queue(self, table_id: str, seq: int, seats: list[int], stamp: dt.datetime) -> int:
        """Queue the notices of the seats whose turn began at `seq` at the time `stamp`; how many."""
        queued = 0
        try:
            targets = await asyncio.to_thread(self.store.targets, table_id, seats)
            for target in targets:
                kind, due = self._when(target, stamp)
                queued += await asyncio.to_thread(self.store.queue, table_id, seq, target, kind, due, stamp)
        except Exception as exc:  # storage away: the next start's recovery queues it; the table goes on unharmed
            log.warning("table %s: notices not queued: %s: %s", table_id, type(exc).__name__, exc)
        return queued

    async def _queued(self, table_id: str, seq: int, seats: list[int], stamp: dt.datetime) -> None:
        await self._queue(table_id, seq, seats, stamp)

    def _when(self, target: Target, stamp: dt.datetime) -> tuple[str, dt.datetime]:
        if target.prefs.mode == "digest":
            return "digest", target.prefs.digest_at(stamp, self.settings.digest_hour)
        return "each", target.prefs.allowed_from(stamp + dt.timedelta(seconds=self.settings.grace_seconds))

    async def settled(self) -> None:
        """Wait for the notices being queued (tests)."""
        while self.queueing:
            await asyncio.gather(*list(self.queueing), return_exceptions=True)

    # -- sending --------------------------------------------------------------------------------------------------

    def start(self) -> None:
        """Send due notices in the background from now on (if e-mail is configured)."""
        if self.enabled and not self._sending.running:
            self._recover_first = True
            self._sending.start()

    async def stop(self) -> None:
        """Stop sending (a mail being sent finishes in its thread; its claim runs out if it is not marked sent)."""
        await self._sending.stop()
        for task in list(self.queueing):
            task.cancel()
        self.mail_thread.shutdown(wait=False, cancel_futures=True)

    async def recover(self) -> int:
        """At start: queue the notices of turns that began while no notice could be queued (a process killed between
        a move's commit and its queueing, storage away then): every person seat now to act at a recently updated
        turn-based table, keyed by the seq its turn began at, so a notice queued before is never queued again. How
        many. Alone on its database, the process first frees the claims an earlier run of it left (killed while
        sending); with others, such a claim runs out after `claim_seconds`."""
        if self.solo:
            await asyncio.to_thread(self.store.release_claims, self.owner)
        queued = 0
        for table_id in await asyncio.to_thread(self.store.turn_based_tables, RECOVER_TABLES):
            try:
                table = await self.load(table_id)
            except Exception as exc:
                log.warning("table %s: not loaded for its notices: %s: %s", table_id, type(exc).__name__, exc)
                continue
            if table.state.is_terminal() or table.row.status == "abandoned":
                continue
            seats = [p for p in table.state.current_players() if plays(table.row.seats[p])]
            by_start: dict[int, list[int]] = {}
            for p in seats:
                if not self.presence.present(table_id, p):
                    by_start.setdefault(turn_began(table.current_at, p, table.row.seq), []).append(p)
            for seq, waiting in by_start.items():
                queued += await self._queue(table_id, seq, waiting, self.now())
        return queued

    async def _round(self) -> None:
        if self._recover_first:
            self._recover_first = False
            try:
                await self.recover()
            except Exception as exc:  # logged; the sending goes on without them
                log.warning("notices: recovering queued turns failed: %s: %s", type(exc).__name__, exc)
        await self.send_due()

    async def send_due(self) -> int:
        """One round: send the due notices this process claims, then the due digests it takes; mails sent."""
        stamp = self.now()
        until = stamp + dt.timedelta(seconds=self.settings.claim_seconds)
        sent = 0
        for due in await asyncio.to_thread(self.store.claim, self.owner, stamp, until):
            sent += await self._send_turn(due, stamp)
        for account_id in await asyncio.to_thread(self.store.digest_accounts, stamp):
            sent += await self._send_digest(account_id, stamp)
        return sent

    async def _still_waiting(self, due: Due) -> str | None:
        """The table's game if the notice's seat is still to act there and not watching it here, else None."""
        if await self.presence.anywhere(due.table_id, due.seat):  # watching in any process of the service
            return None
        try:
            table = await self.load(due.table_id)
        except Exception as exc:  # the table cannot be loaded: no mail about it
            log.warning("table %s: cannot tell whose turn it is: %s: %s", due.table_id, type(exc).__name__, exc)
            return None
        state = table.state
        if table.row.status == "abandoned" or state.is_terminal() or due.seat not in state.current_players():
            return None
        if not plays(table.row.seats[due.seat]):  # a bot plays the seat since the notice was queued
            return None
        return table.row.game

    async def _capped(self, account_id: int, stamp: dt.datetime) -> bool:
        cap = self.settings.per_day
        if await asyncio.to_thread(self.store.mails_since, account_id, stamp - DAY) < cap:
            return False
        log.info("account %d: %d mails in 24 hours already; a notice is dropped", account_id, cap)
        return True

    async def _mail(self, message: EmailMessage) -> bool:
        """Send one mail in the mail thread; False (logged, without the address) if it failed."""
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self.mail_thread, self.mailer.send, message)
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("notices: the mail server refused or failed: %s", without_addresses(exc))
            meter().notice(sent=False)
            return False
        meter().notice(sent=True)
        return True

    async def _send_turn(self, due: Due, stamp: dt.datetime) -> int:
        recipient = await asyncio.to_thread(self.store.recipient, due.account_id)
        if recipient is None or recipient.prefs.mode == "off":
            await asyncio.to_thread(self.store.finish, [due.id], "dropped", stamp)
            return 0
        if recipient.prefs.in_quiet(stamp):  # quiet hours began after it was queued
            await asyncio.to_thread(self.store.later, due.id, recipient.prefs.allowed_from(stamp))
            return 0
        game = await self._still_waiting(due)
        if game is None or await self._capped(due.account_id, stamp):
            await asyncio.to_thread(self.store.finish, [due.id], "dropped", stamp)
            return 0
        message = self._turn_message(recipient, Waiting(due.table_id, due.seat, game))
        if not await self._mail(message):
            retry = stamp + dt.timedelta(seconds=self.settings.retry_seconds * 2**due.tries)
            await asyncio.to_thread(self.store.retry, [due.id], retry, self.settings.retries)
            log.info("notice %d (account %d): tried %d times", due.id, due.account_id, due.tries + 1)
            return 0
        await asyncio.to_thread(self.store.finish, [due.id], "sent", stamp)
        log.info("notice %d sent to account %d (table %s)", due.id, due.account_id, due.table_id)
        return 1

    def _turn_message(self, recipient: Recipient, table: Waiting) -> EmailMessage:
        sender, off = self.settings.smtp_from, self._unsubscribe(recipient)
        return turn_mail(sender, recipient.email, recipient.name, recipient.prefs.language, self.base, table, off)

    def _unsubscribe(self, recipient: Recipient) -> str:
        return unsubscribe_link(self.base, recipient.player, unsubscribe_token(recipient.secret))

    async def _send_digest(self, account_id: int, stamp: dt.datetime) -> int:
        recipient = await asyncio.to_thread(self.store.recipient, account_id)
        prefs = recipient.prefs if recipient is not None else Prefs()
        day = prefs.day(stamp)
        later = prefs.digest_at(stamp + dt.timedelta(hours=1), self.settings.digest_hour)
        if recipient is None or await self._capped(account_id, stamp):
            taken = await asyncio.to_thread(self.store.take_digest, account_id, stamp)
            await asyncio.to_thread(self.store.finish, [d.id for d in taken], "dropped", stamp)
            return 0
        if not await asyncio.to_thread(self.store.start_digest, account_id, day, stamp):
            await asyncio.to_thread(self.store.postpone_digest, account_id, stamp, later)  # one digest a day
            return 0
        taken = await asyncio.to_thread(self.store.take_digest, account_id, stamp)
        tables: list[Waiting] = []
        for due in taken:
            game = await self._still_waiting(due)
            if game is not None and all(w.table_id != due.table_id for w in tables):
                tables.append(Waiting(due.table_id, due.seat, game))
        if not tables:  # every turn passed meanwhile: no mail, and the day's digest is still to come
            await asyncio.to_thread(self.store.undo_digest, account_id, day, [], stamp)
            await asyncio.to_thread(self.store.finish, [d.id for d in taken], "dropped", stamp)
            return 0
        sender, off = self.settings.smtp_from, self._unsubscribe(recipient)
        message = digest_mail(sender, recipient.email, recipient.name, prefs.language, self.base, tables, off)
        if not await self._mail(message):
            retry = stamp + dt.timedelta(seconds=self.settings.retry_seconds)
            await asyncio.to_thread(self.store.undo_digest, account_id, day, [d.id for d in taken], retry)
            return 0
        log.info("digest of %d tables sent to account %d", len(tables), account_id)
        return 1

    # -- preferences and the mails' link ----------------------------------------------------------------------------

    async def prefs(self, account_id: int) -> Prefs:
        """An account's preferences."""
        return await in_thread(self.store.prefs, account_id)

    async def set_prefs(self, account_id: int, prefs: Prefs) -> None:
        """Store an account's preferences (off: what is queued for it is dropped)."""
        await in_thread(self.store.put_prefs, account_id, prefs)

    # -- verifying an address, unsubscribing ---------------------------------------------------------------------

    async def send_verification(self, account_id: int) -> str:
        """Mail the account's unverified address the link that verifies it: "sent"; "none" (no address waits for
        it), "no_mail" (this server sends none), "limited" (`verify_mails` a day already) or "failed" (the mail
        server refused it). Awaited: the SMTP conversation runs in the mail thread, within its timeout."""
        if not self.enabled:
            return "no_mail"
        recipient = await in_thread(self.store.recipient, account_id, False)
        if recipient is None:
            return "none"
        if self.verify_mails.retry_after(str(account_id)):
            log.info("account %d: no more verification mails today", account_id)
            return "limited"
        link = verify_link(self.base, recipient.player, verify_token(recipient.secret, recipient.email))
        message = verify_mail(self.settings.smtp_from, recipient.email, recipient.name, recipient.prefs.language, link)
        if not await self._mail(message):
            return "failed"
        log.info("verification mail sent to account %d", account_id)
        return "sent"

    async def may_unsubscribe(self, player: str, token: str | None) -> int | None:
        """The account whose one-click unsubscribe token `token` is, else None (compared in constant time)."""
        if len(player) > 40:
            return None
        keys = await in_thread(self.store.unsubscribe_keys, player)
        if keys is None or not token_matches(unsubscribe_token(keys[1]), token):
            return None
        return keys[0]

    async def unsubscribe(self, player: str, token: str | None) -> bool:
        """Turn the account's notices off if `token` is its unsubscribe token; False (nothing changed) if not."""
        account_id = await self.may_unsubscribe(player, token)
        if account_id is None:
            return False
        await in_thread(self.store.turn_off, account_id)
        log.info("account %d: notices turned off by its unsubscribe link", account_id)
        return True

    async def kept_seat(self, table_id: str, account_id: int, seat: int | None) -> tuple[int, str] | None:
        """The (seat, token) the account keeps at the table."""
        return await in_thread(self.store.kept_seat, table_id, account_id, seat)


def without_addresses(exc: BaseException) -> str:
    """An SMTP failure for the log: its kind and codes, never an address (servers echo the recipient)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = sorted({str(answer[0]) for answer in exc.recipients.values()})
        return f"{type(exc).__name__}: {', '.join(codes)}"
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{type(exc).__name__}: {exc.smtp_code}"
    return f"{type(exc).__name__}: {ADDRESS.sub('<address>', str(exc))}"


def turn_began(current_at: Sequence[Sequence[int]], seat: int, seq: int) -> int:
    """The seq from which `seat` has been to act without a break up to `seq` (`current_at[k]`: who was to act at
    seq k), as `moved` keys the notice of that turn."""
    start = seq
    while start > 0 and start - 1 < len(current_at) and seat in current_at[start - 1]:
        start -= 1
    return start
