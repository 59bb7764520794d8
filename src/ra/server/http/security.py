"""Web security of `ra serve`: headers on every answer and the WebSocket `Origin` check (docs/PROTOCOL.md)."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# No inline script or style anywhere: the pages load theirs from /static.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}
# Seat pages carry a token in their address, API answers carry views or tokens: never stored by any cache.
# /api/meta and /static are the same for everyone and may be cached.
_NO_STORE = re.compile(r"^/(t/|api/(?!meta$))")
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def docs_csp(html: str) -> str:
    """The CSP of the API docs page (Swagger UI from its CDN): its one inline script is allowed by hash only."""
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts)
    cdn = "https://cdn.jsdelivr.net"
    return (
        f"default-src 'self'; script-src 'self' {cdn} {hashes}; style-src 'self' {cdn} 'unsafe-inline'; "
        "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'"
    )


class SecurityHeaders:
    """ASGI middleware: the CSP, frame, sniffing and referrer headers on every HTTP answer, `no-store` where
    the answer is private. A header the route set itself (e.g. the docs page's CSP) is kept."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app, adding the headers to its answer."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = {"content-security-policy": CSP, **HEADERS}
        if _NO_STORE.match(scope["path"]):
            extra["cache-control"] = "no-store"

        async def add_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.decode("latin-1").lower() for k, _ in message.get("headers", [])}
                added = [(k.encode(), v.encode()) for k, v in extra.items() if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *added]}
            await send(message)

        await self.app(scope, receive, add_headers)


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
