"""The signed links of the mails: the link that verifies an address and the one-click unsubscribe link (RFC 8058).

Each is signed with the account's `mail_secret` (random per account, never shown): a verification token signs the
address it was sent to, so a link mailed to an older address never verifies a newer one; an unsubscribe token
signs only the word "unsubscribe", so every mail's link keeps working. Tokens are compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import urlencode

MAX_TOKEN = 128  # characters of a token a request may carry (a real one has 64)
UNSUBSCRIBE_PATH = "/api/notices/unsubscribe"
VERIFY_PATH = "/account/verify"


def new_mail_secret() -> str:
    """A new account's mail secret (64 hex characters, as `accounts.mail_secret` holds)."""
    return secrets.token_hex(32)


def _sign(secret: str, what: str) -> str:
    return hmac.new(secret.encode("utf-8"), what.encode("utf-8"), hashlib.sha256).hexdigest()


def verify_token(secret: str, address: str) -> str:
    """The token of the link that verifies `address`."""
    return _sign(secret, "verify:" + address)


def unsubscribe_token(secret: str) -> str:
    """The token of the account's one-click unsubscribe link."""
    return _sign(secret, "unsubscribe")


def token_matches(expected: str, given: str | None) -> bool:
    """True if `given` is `expected` (in constant time; None or an over-long token never matches)."""
    if given is None or len(given) > MAX_TOKEN:
        return False
    return hmac.compare_digest(expected.encode("ascii"), given.encode("utf-8", "replace"))


def verify_link(base: str, player: str, token: str) -> str:
    """The link of a verification mail (`player`: the account's public player id)."""
    return f"{base}{VERIFY_PATH}?{urlencode({'account': player, 'token': token})}"


def unsubscribe_link(base: str, player: str, token: str) -> str:
    """The one-click unsubscribe link of a notice mail."""
    return f"{base}{UNSUBSCRIBE_PATH}?{urlencode({'account': player, 'token': token})}"
