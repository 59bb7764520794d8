"""What one client may send and open: request bodies, JSON depth, table creations, WebSockets (docs/PROTOCOL.md).

Every limit is a field of `ra.server.settings.Limits`; 0 switches a count limit off.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ra.core.text import t
from ra.server.notices.links import UNSUBSCRIBE_PATH
from ra.server.settings import Limits

# The one route that takes a form body: RFC 8058's one-click unsubscribe, POSTed by mail programs (their choice of
# form encoding), its body no more than `max_form_body` bytes and never parsed here.
FORM_PATHS = frozenset({UNSUBSCRIBE_PATH})
FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


class JsonError(ValueError):
    """A client's JSON that the server refuses to parse (malformed, or nested too deeply)."""


_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth_exceeds(text: str, limit: int) -> bool:
    """True if arrays/objects in `text` nest deeper than `limit` (a scan that never recurses; strings skipped)."""
    if text.count("[") + text.count("{") <= limit:
        return False  # cheap common case: not enough brackets to nest that deep
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _decode(raw: str | bytes) -> str:
    try:
        return raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise JsonError(t("malformed JSON: the text is not UTF-8")) from None


def _loads(text: str, max_depth: int) -> Any:
    try:
        return json.loads(text)
    except RecursionError:  # unreachable after the depth scan; kept so that no input can end the handler
        raise JsonError(t("JSON nested deeper than {n} levels", n=max_depth)) from None
    except ValueError as exc:
        raise JsonError(t("malformed JSON: {reason}", reason=str(exc))) from None


def parse_json(raw: str | bytes, max_depth: int) -> Any:
    """A client's JSON text as data; JsonError (with a message for the client) if malformed or too deep, or if a
    text in it holds a lone UTF-16 surrogate (`"\\ud800"`: no answer could carry it in UTF-8)."""
    text = _decode(raw)
    if json_depth_exceeds(text, max_depth):
        raise JsonError(t("JSON nested deeper than {n} levels", n=max_depth))
    data = _loads(text, max_depth)
    if _SURROGATE_ESCAPE.search(text):  # rare: only then is the data walked again
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise JsonError(
                t("a text holds a lone UTF-16 surrogate escape ({range})", range="\\ud800-\\udfff")
            ) from None
    return data


class RateLimiter:
    """At most `count` events per `window` seconds for each key (a sliding window of event times).

    Memory is bounded: at most `max_keys` keys are tracked; the least recently used one is forgotten first.
    """

    def __init__(
        self, count: int, window: float, max_keys: int = 10_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.count, self.window, self.max_keys, self.clock = count, window, max_keys, clock
        self.events: dict[str, deque[float]] = {}

    def retry_after(self, key: str) -> int:
        """0 and the event is counted if `key` may act now; else the whole seconds until it may."""
        if self.count <= 0:
            return 0
        now = self.clock()
        times = self.events.pop(key, None) or deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        self.events[key] = times  # re-inserted: dicts keep insertion order, so the first key is the stalest
        if len(times) >= self.count:
            return max(1, math.ceil(times[0] + self.window - now))
        times.append(now)
        while len(self.events) > self.max_keys:
            del self.events[next(iter(self.events))]
        return 0


class MessageRate:
    """At most `rate` events a second on average, in bursts of up to `burst` (a token bucket); `rate` 0 is no
    limit. For one connection's messages: memory and time constant whatever the client sends."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, max(1, burst), clock
        self.tokens, self.last = float(self.burst), clock()

    def allow(self) -> bool:
        """True (the event counted) if one more event may happen now."""
        if self.rate <= 0:
            return True
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Counter:
    """Open things (WebSockets) per key, with a ceiling; `enter` refuses past it, `leave` gives the place back."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        """Count one more for `key` and return True, or False (nothing counted) if `key` is at the limit."""
        n = self.open.get(key, 0)
        if self.limit > 0 and n >= self.limit:
            return False
        self.open[key] = n + 1
        return True

    def leave(self, key: str) -> None:
        """Count one less for `key`."""
        n = self.open.get(key, 0) - 1
        if n > 0:
            self.open[key] = n
        else:
            self.open.pop(key, None)


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
