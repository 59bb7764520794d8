"""The account service: sign up, sign in and out, the sessions of an account, its e-mail address and password,
export and deletion. Storage calls run in threads; refusals are `AccountError`s with words for people.

Sign-ins are throttled per (name, client address), per client address, and per name from unknown devices only,
counted in the database so that every process sharing it counts the same failures: no stranger can lock a name out
of the devices it signed in from (docs/ACCOUNTS.md, "Throttling"). An unknown name costs the same work as a wrong
password and answers the same words, so that no answer tells which names exist. Sign-ups are counted per address in
the database too. Argon2 runs in the bounded threads of `Passwords`, storage calls in the default pool.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, Protocol, TypeVar

from email_validator import EmailNotValidError, validate_email

from ra.core.text import t
from ra.server.accounts.devices import mark_of
from ra.server.accounts.errors import AccountError
from ra.server.accounts.links import token_matches, verify_token
from ra.server.accounts.passwords import Passwords, checked_password
from ra.server.accounts.sessions import new_secret, secret_hash
from ra.server.accounts.store import Account, AccountStore, SessionRow
from ra.server.guards.look_alikes import name_key, skeleton
from ra.server.settings import AccountSettings
from ra.server.storage.rows import now
from ra.server.storage.schema import STORAGE_ERRORS
from ra.server.tables.errors import ServiceError
from ra.server.tables.names import check_name

P = ParamSpec("P")
R = TypeVar("R")
MAX_EMAIL = 254
TOUCH_EVERY = dt.timedelta(hours=1)  # a session's use is written at most this often
WRONG = t("The name or the password is wrong.")
UNAVAILABLE = t("The server cannot save anything right now; try again in a moment.")


async def in_thread(call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A storage call in a thread; AccountError 503 if the database cannot do it now."""
    try:
        return await asyncio.to_thread(call, *args, **kwargs)
    except STORAGE_ERRORS as exc:
        raise AccountError(503, "unavailable", UNAVAILABLE, 5) from exc


def account_name(name: str) -> str:
    """A valid account name (as seat names are: 1 to 40 visible characters) or AccountError."""
    try:
        return check_name(name)
    except ServiceError:
        raise AccountError(400, "bad_message", t("A name has 1 to 40 visible characters.")) from None


def checked_email(email: str | None) -> str | None:
    """One e-mail address in its normalized form (email-validator's: the domain lower-cased and IDNA-folded), or
    None for none; AccountError otherwise. Exactly one recipient: lists ("a,b@x"), display names ("Ann <a@x>"),
    quoted or bare local parts, IP-address domains and control characters are all refused."""
    if email is None or not email.strip():
        return None
    email = email.strip()
    try:
        if len(email) > MAX_EMAIL:
            raise EmailNotValidError("too long")
        normalized = validate_email(
            email, check_deliverability=False, allow_display_name=False, allow_quoted_local=False
        ).normalized
    except EmailNotValidError:
        raise AccountError(400, "bad_message", t("That does not look like an e-mail address.")) from None
    if len(normalized) > MAX_EMAIL or any(mark in normalized for mark in ',;<>"\r\n'):  # never a list in a header
        raise AccountError(400, "bad_message", t("That does not look like an e-mail address."))
    return normalized


def address_key(address: str) -> str:
    """A client address as a throttle key (hashed: failures are counted, addresses not kept)."""
    return "a:" + hashlib.sha256(address.encode("utf-8")).hexdigest()[:32]


def throttle_key(kind: str, *parts: str) -> str:
    """A sign-in throttle key of `kind` ("n" name, "p" name and address, "d" name and device) over `parts`, hashed:
    the table never holds a name beside an address."""
    return kind + ":" + hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class SignedIn:
    """Who a request speaks for: the account, its session's id and the session's secret (for its CSRF token)."""

    account: Account
    session: str
    secret: str


class SessionsEnded(Protocol):
    """Told when sessions end (sign-out, revoke, a password change, deletion; a ban later), so that what stays open
    for them (chat sockets) closes at once, in every process."""

    async def ended(self, account_id: int, sessions: Sequence[str] | None, keep: str | None = None) -> None:
        """These sessions of the account ended; None: every session of the account but `keep`."""


class NobodyListens:
    """The default SessionsEnded: nothing stays open for a session."""

    async def ended(self, account_id: int, sessions: Sequence[str] | None, keep: str | None = None) -> None:
        """Nothing to do."""


class AccountService:
    """Accounts on `store`, passwords hashed by `passwords`, at the settings' limits; `ended` is told of the
    sessions that end."""

    def __init__(
        self,
        store: AccountStore,
        passwords: Passwords,
        settings: AccountSettings,
        ended: SessionsEnded | None = None,
    ) -> None:
        self.store, self.passwords, self.settings = store, passwords, settings
        self.ended: SessionsEnded = ended or NobodyListens()
        self.lifetime = dt.timedelta(days=settings.session_days)

    async def _db(self, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        return await in_thread(call, *args, **kwargs)

    # -- signing up, in and out ---------------------------------------------------------------------------------

    async def sign_up(
        self, name: str, password: str, email: str | None, address: str, agent: str, device: str = ""
    ) -> str:
        """A new account, signed in at once: the new session's secret. `device` is the browser's device token."""
        name, email = account_name(name), checked_email(email)
        password = checked_password(password, name)
        counted = await self._count_sign_up(address)
        try:
            hashed = await self.passwords.hash(password)
        except AccountError:  # too busy to hash: this attempt made nothing, so it does not count
            if counted is not None:
                await self._db(self.store.uncount_sign_up, counted)
            raise
        account_id = await self._db(self.store.create, name, name_key(name), hashed, email, now(), skeleton(name))
        if account_id is None:  # still counted: sign-ups probing which names are taken are throttled
            raise AccountError(409, "taken", t("This name is taken; choose another."))
        return await self._open(account_id, agent, address, device)

    async def _count_sign_up(self, address: str) -> int | None:
        """Count a sign-up from `address` in the database (every process and restart counts the same): the row's
        id, None if sign-ups are not limited; AccountError 429 past the limit."""
        limit, window = self.settings.sign_ups, dt.timedelta(seconds=self.settings.sign_up_window)
        if limit <= 0:
            return None
        stamp = now()
        row, count, oldest = await self._db(self.store.count_sign_up, address_key(address), stamp, stamp - window)
        if count > limit:
            await self._db(self.store.uncount_sign_up, row)  # a refused attempt makes no account
            wait = max(1, int((oldest + window - stamp).total_seconds()) + 1)
            raise AccountError(429, "too_many", t("Too many new accounts from your address; try again later."), wait)
        return row

    async def sign_in(self, name: str, password: str, address: str, agent: str, device: str = "") -> str:
        """A new session for the account with this name and password: its secret. `device` is the browser's device
        token. Throttled per (name, address) and per address, and per name unless the account signed in from this
        device before (then per (name, device) instead)."""
        try:
            name = account_name(name)  # cleaned as at sign-up; NUL and the like never reach the database
        except AccountError:
            raise AccountError(401, "wrong", WRONG) from None  # no account has such a name
        key = name_key(name)
        device_mark = mark_of(device) if device else ""
        known = bool(device_mark) and await self._db(self.store.knows_device, key, device_mark)
        by_address = address_key(address)
        if known:  # only this browser's holder can fail for this pair: nobody else can lock it out
            keys, limits = [throttle_key("d", key, device_mark)], [self.settings.sign_in_failures]
        else:
            keys = [throttle_key("p", key, address), by_address, throttle_key("n", key)]
            limits = [
                self.settings.sign_in_failures,
                self.settings.sign_in_address_failures,
                self.settings.sign_in_name_failures,
            ]
        stamp, window = now(), dt.timedelta(seconds=self.settings.sign_in_window)
        counts = await self._db(self.store.failures, keys, stamp - window)
        if any(counts.get(k, 0) >= limit > 0 for k, limit in zip(keys, limits, strict=True)):
            wait = int(self.settings.sign_in_window)
            raise AccountError(429, "too_many", t("Too many failed sign-ins; try again later."), wait)
        found = await self._db(self.store.credentials, key)
        stored = found[1] if found is not None else None
        if not await self.passwords.verify(stored, password) or found is None:
            # every failure counts for its address too, a known device's as well
            failed = keys if by_address in keys else [*keys, by_address]
            await self._db(self.store.fail, failed, stamp, stamp - window)
            raise AccountError(401, "wrong", WRONG)
        account_id = found[0]
        await self._db(self.store.forgive, keys[0])  # this pair's failures; the address's and the name's stay
        if self.passwords.outdated(found[1]):
            await self._db(self.store.set_password, account_id, await self.passwords.hash(password))
        return await self._open(account_id, agent, address, device)

    async def _open(self, account_id: int, agent: str, address: str, device: str) -> str:
        secret = new_secret()  # always a new one: a session id planted before the sign-in is never adopted
        stamp = now()
        marks = [("address", mark_of(address))] + ([("device", mark_of(device))] if device else [])
        await self._db(self.store.mark, account_id, marks, stamp)  # where it was seen (throttling, ratings)
        await self._db(self.store.open_session, account_id, secret_hash(secret), agent, stamp, stamp + self.lifetime)
        return secret

    async def signed_in(self, secret: str | None) -> SignedIn | None:
        """Who the session with this secret is, or None (no such session, or it ended)."""
        if not secret or len(secret) > 100:
            return None
        stamp = now()
        session = await self._db(self.store.session, secret_hash(secret), stamp)
        if session is None:
            return None
        account = await self._db(self.store.account, session.account_id)
        if account is None:
            return None
        if stamp - session.seen > TOUCH_EVERY:
            await self._db(self.store.touch, session.id, stamp, stamp + self.lifetime)
        return SignedIn(account, session.id, secret)

    async def sign_out(self, who: SignedIn) -> None:
        """End this session."""
        await self._db(self.store.close_session, who.account.id, who.session)
        await self.ended.ended(who.account.id, [who.session])

    # -- the account ----------------------------------------------------------------------------------------------

    async def sessions(self, who: SignedIn) -> list[SessionRow]:
        """The account's sessions."""
        return await self._db(self.store.sessions, who.account.id, now())

    async def revoke(self, who: SignedIn, session_id: str) -> None:
        """End one of the account's sessions (another browser's)."""
        if not await self._db(self.store.close_session, who.account.id, session_id):
            raise AccountError(404, "not_found", t("There is no such session."))
        await self.ended.ended(who.account.id, [session_id])

    async def set_email(self, who: SignedIn, email: str | None) -> bool:
        """Store the account's e-mail address, unverified, or remove it (None): True if a verification mail is to
        go to it (a new address; the address already verified is kept as it is)."""
        return await self._db(self.store.set_email, who.account.id, checked_email(email))

    async def verify_email(self, player: str, token: str | None) -> bool:
        """Open a verification link (no session needed, and opening it twice is the same): True if the token signs
        the account's address now, which is verified from now on; False for a wrong token or an older address's."""
        if len(player) > 40 or token is None:
            return False
        keys = await self._db(self.store.mail_keys, player)
        if keys is None or keys.email is None or not token_matches(verify_token(keys.secret, keys.email), token):
            return False
        return await self._db(self.store.verify_email, keys.account_id, keys.email, now())

    async def change_password(self, who: SignedIn, old: str, new: str) -> None:
        """A new password (the old one checked); every other session of the account ends."""
        await self._check_password(who, old)
        hashed = await self.passwords.hash(checked_password(new, who.account.name))
        await self._db(self.store.set_password, who.account.id, hashed)
        await self._db(self.store.close_other_sessions, who.account.id, who.session)
        await self.ended.ended(who.account.id, None, keep=who.session)

    async def delete(self, who: SignedIn, password: str) -> list[tuple[str, int, str]]:
        """Delete the account (its password checked again) and everything that is only its own, anonymising what
        stays; the (table, seat, name) of its seats renamed (for the tables in memory: `Seats.renamed`)."""
        await self._check_password(who, password)
        name_throttle = throttle_key("n", name_key(who.account.name))  # the pairs' keys are unreadable without it
        renamed = await self._db(self.store.delete, who.account.id, [name_throttle])
        await self.ended.ended(who.account.id, None)
        return renamed

    async def _check_password(self, who: SignedIn, password: str) -> None:
        stored = await self._db(self.store.password, who.account.id)
        if not await self.passwords.verify(stored, password):
            raise AccountError(403, "wrong", t("The password is wrong."))

    async def tidy(self) -> None:
        """Forget ended sessions, failed sign-ins and sign-ups past their windows, and marks past `mark_days` (the
        ratings sweep calls this now and then)."""
        stamp, options = now(), self.settings
        await self._db(self.store.close_expired, stamp)
        await self._db(self.store.forget_failures, stamp - dt.timedelta(seconds=options.sign_in_window))
        await self._db(self.store.forget_sign_ups, stamp - dt.timedelta(seconds=options.sign_up_window))
        await self._db(self.store.forget_marks, stamp - dt.timedelta(days=options.mark_days))


def session_json(session: SessionRow, current: str) -> dict[str, Any]:
    """A session as its account sees it on the sessions list."""
    return {
        "id": session.id,
        "agent": session.agent,
        "created": session.created.isoformat(),
        "seen": session.seen.isoformat(),
        "current": session.id == current,
    }
