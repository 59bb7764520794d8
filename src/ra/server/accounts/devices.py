"""The device cookie: a long-lived random token that tells a browser the account signed in from before.

`ra_device` (HttpOnly, SameSite=Lax, Secure like the session cookie) is set on a sign-up's or sign-in's answer when
the browser has none. The database keeps its SHA-256 only, in `account_marks`, for each account that signed up or in
with it: such a known device signs in past the per-name throttle that strangers can reach (docs/ACCOUNTS.md).
"""

from __future__ import annotations

import hashlib
import re
import secrets

from starlette.requests import HTTPConnection
from starlette.responses import Response

DEVICE_COOKIE = "ra_device"
DEVICE_DAYS = 400  # browsers keep a cookie at most about this long (Chrome caps it at 400 days)
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")  # what secrets.token_urlsafe(32) makes


def device_token(connection: HTTPConnection) -> tuple[str, bool]:
    """The browser's device token and whether it is new (none, or not one of ours: a new one is made)."""
    token = connection.cookies.get(DEVICE_COOKIE, "")
    if _TOKEN.match(token):
        return token, False
    return secrets.token_urlsafe(32), True


def mark_of(value: str) -> str:
    """What `account_marks` keeps of a device token or a client address: its SHA-256, in hex."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def set_device_cookie(response: Response, token: str, secure_flag: bool) -> None:
    """Put the device cookie on an answer."""
    response.set_cookie(
        DEVICE_COOKIE, token, max_age=DEVICE_DAYS * 86400, path="/", secure=secure_flag, httponly=True, samesite="lax"
    )
