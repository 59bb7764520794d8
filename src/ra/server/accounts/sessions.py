"""Session cookies and their CSRF tokens.

A session is a random secret in an `HttpOnly`, `SameSite=Lax` cookie (`Secure` except on plain http to a loopback
host, for development); the database keeps its SHA-256 only. Its CSRF token is derived from the secret (an HMAC),
sent in a second cookie that scripts may read, and must come back in the `X-CSRF-Token` header of every request
that changes something (double submit: another site can neither read the cookie nor set the header).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from starlette.requests import HTTPConnection
from starlette.responses import Response

SESSION_COOKIE = "ra_session"
CSRF_COOKIE = "ra_csrf"
CSRF_HEADER = "x-csrf-token"
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})


def new_secret() -> str:
    """A fresh session secret (256 bits)."""
    return secrets.token_urlsafe(32)


def secret_hash(secret: str) -> str:
    """What the database keeps of a session's secret."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def csrf_token(secret: str) -> str:
    """The CSRF token of a session (derived: nothing more to store)."""
    digest = hmac.new(secret.encode("utf-8"), b"ra csrf", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


def csrf_matches(secret: str, presented: str | None) -> bool:
    """True if `presented` is the session's CSRF token (constant-time comparison)."""
    return presented is not None and hmac.compare_digest(csrf_token(secret), presented)


def secure(connection: HTTPConnection, plain_loopback: bool) -> bool:
    """Whether cookies get the `Secure` flag: always, except on plain http to a loopback host when allowed."""
    url = connection.url
    return not (plain_loopback and url.scheme in ("http", "ws") and (url.hostname or "") in LOOPBACK)


def set_cookies(response: Response, secret: str, max_age: int, secure_flag: bool) -> None:
    """Put a session's cookies on an answer."""
    response.set_cookie(
        SESSION_COOKIE, secret, max_age=max_age, path="/", secure=secure_flag, httponly=True, samesite="lax"
    )
    response.set_cookie(
        CSRF_COOKIE, csrf_token(secret), max_age=max_age, path="/", secure=secure_flag, httponly=False, samesite="lax"
    )


def clear_cookies(response: Response, secure_flag: bool) -> None:
    """Remove a session's cookies from the browser."""
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        response.delete_cookie(name, path="/", secure=secure_flag, httponly=name == SESSION_COOKIE, samesite="lax")
