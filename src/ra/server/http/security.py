"""Web security of `ra serve`: the headers on every answer (docs/PROTOCOL.md); the WebSocket `Origin` check is
`ra.server.guards.origins`."""

from __future__ import annotations

import base64
import hashlib
import re

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
