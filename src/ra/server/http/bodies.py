"""The request bodies `ra serve` takes: JSON only, bounded in bytes and depth (docs/PROTOCOL.md).

Every limit is a field of `ra.server.settings.Limits`.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ra.server.accounts.links import UNSUBSCRIBE_PATH
from ra.server.guards.json_text import JsonError, parse_json
from ra.server.settings import Limits

# The one route that takes a form body: RFC 8058's one-click unsubscribe, POSTed by mail programs (their choice of
# form encoding), its body no more than `max_form_body` bytes and never parsed here.
FORM_PATHS = frozenset({UNSUBSCRIBE_PATH})
FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def _json_type(content_type: str) -> bool:
    mime = content_type.split(";", 1)[0].strip().lower()
    return mime == "application/json" or (mime.startswith("application/") and mime.endswith("+json"))


def _form_type(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() in FORM_TYPES


class RequestBodies:
    """ASGI middleware for request bodies: JSON only (415; the one-click unsubscribe's small form body excepted), at
    most `max_body` bytes (413, refused from the Content-Length header or while streaming, never read whole),
    well-formed UTF-8 JSON nested at most `max_json_depth` deep (400, before any recursive parser sees it).

    A body that passes is buffered (it is small) and handed to the app unchanged.
    """

    METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app, self.limits = app, limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check the body of a request with one, then run the app on it."""
        if scope["type"] != "http" or scope["method"] not in self.METHODS:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        limit = self.limits.max_body
        too_big = f"the request body is larger than {limit} bytes"
        length = headers.get("content-length", "")
        if length.strip().isdigit() and int(length) > limit:
            await answer(send, 413, too_big, close=True)  # the body is never read: nothing else can follow
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await answer(send, 413, too_big, close=True)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        content_type = headers.get("content-type", "")
        if body and scope["path"] in FORM_PATHS and _form_type(content_type):
            if len(body) > self.limits.max_form_body:
                await answer(send, 413, f"the form body is larger than {self.limits.max_form_body} bytes")
                return
            await self.app(scope, _replay(body), send)
            return
        if body and not _json_type(content_type):
            await answer(send, 415, "the request body must be JSON (Content-Type: application/json)")
            return
        if body:
            try:
                parse_json(body, self.limits.max_json_depth)
            except JsonError as exc:
                await answer(send, 400, str(exc))
                return
        await self.app(scope, _replay(body), send)


def _replay(body: bytes) -> Receive:
    """A `receive` that gives the app the buffered body once, then waits like the server would."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def answer(
    send: Send, status: int, message: str, headers: dict[str, str] | None = None, close: bool = False
) -> None:
    """Send the protocol's error answer `{"error": message}` from a middleware; with `close`, the connection
    closes after it (the rest of a refused body is never read)."""
    body = json.dumps({"error": message}).encode("utf-8")
    extra = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()]
    if close:
        extra.append((b"connection", b"close"))
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *extra]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
