"""Whose pages may open our WebSockets and send sign-ins: the `Origin` check (docs/PROTOCOL.md)."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import Scope

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _origin_key(scheme: str, netloc: str) -> str:
    """`host:port` with the scheme's default port made explicit, lower case."""
    parts = urlsplit(f"{scheme}://{netloc}")
    host = (parts.hostname or "").lower()
    try:
        port = parts.port or _DEFAULT_PORTS.get(scheme, 0)
    except ValueError:
        return ""
    return f"{host}:{port}"


def origin_allowed(scope: Scope, allowed: Iterable[str]) -> bool:
    """True if a WebSocket handshake may proceed: no `Origin` (not a browser), the server's own host, or an
    origin listed in `allowed` (`*` allows any). Compares host and port, not the scheme: a TLS proxy in front
    of the server changes the scheme but keeps the host."""
    headers = Headers(scope=scope)
    origin = headers.get("origin")
    if origin is None:
        return True
    listed = {a.rstrip("/").lower() for a in allowed}
    if "*" in listed or origin.rstrip("/").lower() in listed:
        return True
    parts = urlsplit(origin)
    host = headers.get("host")
    if not parts.scheme or not parts.netloc or host is None:
        return False  # "null" (sandboxed pages, files) and malformed origins
    secure = parts.scheme in ("https", "wss")
    own = _origin_key("https" if secure else "http", host)
    return own != "" and _origin_key(parts.scheme, parts.netloc) == own
