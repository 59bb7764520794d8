"""The account service: sign up, sign in and out, the sessions of an account, its e-mail address and password,
export and deletion. Storage calls run in threads; refusals are `AccountError`s with words for people.

Sign-ins are throttled per account name and per client address, counted in the database so that every process
sharing it counts the same failures; an unknown name costs the same work as a wrong password and answers the same
words, so that no answer tells which names exist.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, Protocol, TypeVar

from ra.core.text import t
from ra.server.accounts.errors import AccountError
from ra.server.accounts.passwords import Passwords, checked_password
from ra.server.accounts.sessions import new_secret, secret_hash
from ra.server.accounts.store import Account, AccountStore, SessionRow
from ra.server.http.limits import RateLimiter
from ra.server.settings import AccountSettings
from ra.server.storage.rows import now
from ra.server.storage.schema import STORAGE_ERRORS
from ra.server.tables.model import ServiceError, check_name

P = ParamSpec("P")
R = TypeVar("R")
MAX_EMAIL = 254
_EMAIL = re.compile(r"^[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+$")  # no control characters
TOUCH_EVERY = dt.timedelta(hours=1)  # a session's use is written at most this often
WRONG = t("The name or the password is wrong.")
UNAVAILABLE = t("The server cannot save anything right now; try again in a moment.")


async def in_thread(call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A storage call in a thread; AccountError 503 if the database cannot do it now."""
    try:
        return await asyncio.to_thread(call, *args, **kwargs)
    except STORAGE_ERRORS as exc:
        raise AccountError(503, "unavailable", UNAVAILABLE, 5) from exc


def name_key(name: str) -> str:
    """A name folded for comparison: "Ann", "ANN" and "ａｎｎ" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


def account_name(name: str) -> str:
    """A valid account name (as seat names are: 1 to 40 visible characters) or AccountError."""
    try:
        return check_name(name)
    except ServiceError:
        raise AccountError(400, "bad_message", t("A name has 1 to 40 visible characters.")) from None


def checked_email(email: str | None) -> str | None:
    """A plausible e-mail address, or None for none; AccountError otherwise."""
    if email is None or not email.strip():
        return None
    email = email.strip()
    if len(email) > MAX_EMAIL or not _EMAIL.match(email):
        raise AccountError(400, "bad_message", t("That does not look like an e-mail address."))
    return email


def address_key(address: str) -> str:
    """A client address as a throttle key (hashed: failures are counted, addresses not kept)."""
    return "a:" + hashlib.sha256(address.encode("utf-8")).hexdigest()[:32]


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
        self.sign_ups = RateLimiter(settings.sign_ups, settings.sign_up_window)
        self.lifetime = dt.timedelta(days=settings.session_days)

    async def _db(self, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        return await in_thread(call, *args, **kwargs)

    # -- signing up, in and out ---------------------------------------------------------------------------------

    async def sign_up(self, name: str, password: str, email: str | None, address: str, agent: str) -> str:
        """A new account, signed in at once: the new session's secret."""
        name, password, email = account_name(name), checked_password(password), checked_email(email)
        wait = self.sign_ups.retry_after(address)
        if wait:
            raise AccountError(429, "too_many", t("Too many new accounts from your address; try again later."), wait)
        hashed = await asyncio.to_thread(self.passwords.hash, password)
        account_id = await self._db(self.store.create, name, name_key(name), hashed, email, now())
        if account_id is None:
            raise AccountError(409, "taken", t("This name is taken; choose another."))
        return await self._open(account_id, agent)

    async def sign_in(self, name: str, password: str, address: str, agent: str) -> str:
        """A new session for the account with this name and password: its secret. Throttled per name and address."""
        try:
            name = account_name(name)  # cleaned as at sign-up; NUL and the like never reach the database
        except AccountError:
            raise AccountError(401, "wrong", WRONG) from None  # no account has such a name
        key, by_address = "n:" + name_key(name)[:60], address_key(address)
        stamp, window = now(), dt.timedelta(seconds=self.settings.sign_in_window)
        counts = await self._db(self.store.failures, [key, by_address], stamp - window)
        if (
            counts.get(key, 0) >= self.settings.sign_in_failures > 0
            or counts.get(by_address, 0) >= self.settings.sign_in_address_failures > 0
        ):
            wait = int(self.settings.sign_in_window)
            raise AccountError(429, "too_many", t("Too many failed sign-ins; try again later."), wait)
        found = await self._db(self.store.credentials, name_key(name))
        stored = found[1] if found is not None else None
        if not await asyncio.to_thread(self.passwords.verify, stored, password) or found is None:
            await self._db(self.store.fail, [key, by_address], stamp, stamp - window)
            raise AccountError(401, "wrong", WRONG)
        account_id = found[0]
        await self._db(self.store.forgive, key)
        if self.passwords.outdated(found[1]):
            await self._db(self.store.set_password, account_id, await asyncio.to_thread(self.passwords.hash, password))
        return await self._open(account_id, agent)

    async def _open(self, account_id: int, agent: str) -> str:
        secret = new_secret()  # always a new one: a session id planted before the sign-in is never adopted
        stamp = now()
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

    async def set_email(self, who: SignedIn, email: str | None) -> None:
        """Store the account's e-mail address, or remove it (None)."""
        await self._db(self.store.set_email, who.account.id, checked_email(email))

    async def change_password(self, who: SignedIn, old: str, new: str) -> None:
        """A new password (the old one checked); every other session of the account ends."""
        await self._check_password(who, old)
        hashed = await asyncio.to_thread(self.passwords.hash, checked_password(new))
        await self._db(self.store.set_password, who.account.id, hashed)
        await self._db(self.store.close_other_sessions, who.account.id, who.session)
        await self.ended.ended(who.account.id, None, keep=who.session)

    async def delete(self, who: SignedIn, password: str) -> None:
        """Delete the account (its password checked again) and everything that is only its own."""
        await self._check_password(who, password)
        await self._db(self.store.delete, who.account.id)
        await self.ended.ended(who.account.id, None)

    async def _check_password(self, who: SignedIn, password: str) -> None:
        stored = await self._db(self.store.password, who.account.id)
        if not await asyncio.to_thread(self.passwords.verify, stored, password):
            raise AccountError(403, "wrong", t("The password is wrong."))

    async def tidy(self) -> None:
        """Forget ended sessions (the ratings sweep calls this now and then)."""
        await self._db(self.store.close_expired, now())


def session_json(session: SessionRow, current: str) -> dict[str, Any]:
    """A session as its account sees it on the sessions list."""
    return {
        "id": session.id,
        "agent": session.agent,
        "created": session.created.isoformat(),
        "seen": session.seen.isoformat(),
        "current": session.id == current,
    }
