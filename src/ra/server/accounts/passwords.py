"""Password hashing with Argon2id (argon2-cffi), and what a password must be."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ra.core.text import t
from ra.server.accounts.errors import AccountError
from ra.server.settings import AccountSettings

MIN_PASSWORD = 8
MAX_PASSWORD = 200  # characters: a longer one would only cost hashing time
BUSY = t("Too many sign-ins at once; try again in a moment.")
BUSY_RETRY = 2  # seconds (Retry-After): a hash takes tens of milliseconds, the queue empties quickly
R = TypeVar("R")
MIN_DISTINCT = 4  # different characters: "aaaaaaaa" and eight spaces are no passwords


@cache
def _common() -> frozenset[str]:
    # zxcvbn's list of the 30,000 most common passwords from leaks (loaded on the first sign-up, ~20 ms)
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"])


def checked_password(password: str, name: str | None = None) -> str:
    """`password` if it is long enough (white space at its ends not counted), not too long, of at least a few
    different characters, not one of the common passwords and not the account's name; else AccountError (400)."""
    if not (len(password.strip()) >= MIN_PASSWORD and len(password) <= MAX_PASSWORD):
        text = t("A password has {least} to {most} characters.", least=MIN_PASSWORD, most=MAX_PASSWORD)
        raise AccountError(400, "bad_message", text)
    if len(set(password.casefold())) < MIN_DISTINCT:
        text = t("A password has at least {n} different characters.", n=MIN_DISTINCT)
        raise AccountError(400, "bad_message", text)
    folded = "".join(password.split()).casefold()
    if folded in _common() or (name is not None and folded == "".join(name.split()).casefold()):
        raise AccountError(400, "bad_message", t("This password is too easy to guess; choose another."))
    return password


class Passwords:
    """Hashes and checks passwords at the settings' cost, in threads of its own. An unknown account is checked against
    a throwaway hash, so that a sign-in takes as long whether or not the name exists.

    Argon2 costs 64 MiB and tens of milliseconds a hash: in the default thread pool that storage calls share, a flood
    of sign-ins would stall every signed-in request. Here at most `password_threads` hashes run at once and at most
    `password_queue` more wait; past that a call is refused at once (AccountError 503 with Retry-After)."""

    def __init__(self, settings: AccountSettings) -> None:
        self.hasher = PasswordHasher(
            time_cost=settings.password_time_cost,
            memory_cost=settings.password_memory_cost,
            parallelism=settings.password_parallelism,
        )
        self._nobody = self.hasher.hash(secrets.token_urlsafe(16))
        self.threads, self.capacity = settings.password_threads, settings.password_threads + settings.password_queue
        self._threads: ThreadPoolExecutor | None = None  # made at the first hash, again after `close`
        self._lock = threading.Lock()  # requests may come from several event loops' threads (tests do)
        self.pending = 0  # hashes running or waiting

    async def hash(self, password: str) -> str:
        """The stored form of a password (Argon2id, salted)."""
        return await self._run(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """True if `password` is the one `stored` was made from; None (no such account) is never true."""
        return await self._run(self._verify, stored, password)

    def _verify(self, stored: str | None, password: str) -> bool:
        try:
            return self.hasher.verify(stored or self._nobody, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    def outdated(self, stored: str) -> bool:
        """True if `stored` was made at other costs than the settings' (it is hashed again at the next sign-in)."""
        try:
            return self.hasher.check_needs_rehash(stored)
        except (InvalidHashError, ValueError):
            return True

    async def _run(self, call: Callable[..., R], *args: Any) -> R:
        with self._lock:
            if self.pending >= self.capacity:
                raise AccountError(503, "busy", BUSY, BUSY_RETRY)
            self.pending += 1
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.threads, thread_name_prefix="ra-passwords")
            threads = self._threads
        try:
            future = threads.submit(call, *args)
        except RuntimeError:  # closed meanwhile: the server is stopping
            with self._lock:
                self.pending -= 1
            raise AccountError(503, "busy", BUSY, BUSY_RETRY) from None
        future.add_done_callback(self._done)  # counted until the thread is free, even if the request went away
        return await asyncio.wrap_future(future)

    def _done(self, _future: Future[Any]) -> None:
        with self._lock:
            self.pending -= 1

    def close(self) -> None:
        """Stop the threads (waiting hashes are dropped; the running ones end on their own). A later hash starts
        new ones (an app started again)."""
        with self._lock:
            threads, self._threads = self._threads, None
        if threads is not None:
            threads.shutdown(wait=False, cancel_futures=True)
