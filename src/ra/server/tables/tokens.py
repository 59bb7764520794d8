"""Seat tokens (stored only as hashes, compared in constant time) and the seeds of bot decisions."""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Mapping
from typing import Any


def token_hash(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()

def token_matches(seat: Mapping[str, Any], token: str | None) -> bool:
    """True if `token` is this person seat's token (constant-time comparison)."""
    return hash_matches(seat.get("token_hash"), token)

def hash_matches(stored: Any, token: Any) -> bool:
    """True if `token` hashes to `stored` (constant-time comparison); False for a missing one."""
    if not token or not isinstance(token, str) or not isinstance(stored, str):
        return False
    return hmac.compare_digest(stored, token_hash(token))

def seat_token(creator: str, table_id: str, seat: int) -> str:
    """A person seat's token, derived from the table creator's token: the creator can always recover it."""
    digest = hmac.new(creator.encode("utf-8"), f"{table_id}/{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode("ascii")

def decision_seed(bot_seed: int, seat: int, seq: int) -> int:
    """The seed of one bot decision: from the table's bot secret (never the game seed), its seat and seq."""
    digest = hashlib.sha256(f"{bot_seed}/{seat}/{seq}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
