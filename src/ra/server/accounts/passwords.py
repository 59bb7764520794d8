"""Password hashing with Argon2id (argon2-cffi), and what a password must be."""

from __future__ import annotations

import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ra.core.text import t
from ra.server.accounts.errors import AccountError
from ra.server.settings import AccountSettings

MIN_PASSWORD = 8
MAX_PASSWORD = 200  # characters: a longer one would only cost hashing time
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
    """Hashes and checks passwords at the settings' cost. An unknown account is checked against a throwaway hash,
    so that a sign-in takes as long whether or not the name exists."""

    def __init__(self, settings: AccountSettings) -> None:
        self.hasher = PasswordHasher(
            time_cost=settings.password_time_cost,
            memory_cost=settings.password_memory_cost,
            parallelism=settings.password_parallelism,
        )
        self._nobody = self.hasher.hash(secrets.token_urlsafe(16))

    def hash(self, password: str) -> str:
        """The stored form of a password (Argon2id, salted)."""
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """True if `password` is the one `stored` was made from; None (no such account) is never true."""
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
