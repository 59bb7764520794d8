"""How `ra serve` runs uvicorn: its HTTP protocol with bounds on a request's head (docs/PROTOCOL.md, "Limits").

uvicorn (with httptools) waits for a request's head as long as a client cares to send it, accepts header lines of
any length, and hands a WebSocket handshake with a request line longer than the WebSocket library's 8 KiB to that
library, which refuses it without a word and leaves the connection open. `BoundedHeads` answers before any of that:

- a head (request line and headers) must arrive within `head_seconds` of its first byte, or of the connection
  (408, then the connection closes): a slowloris holds no socket for long;
- a request line longer than `max_head_line` bytes is a 414, a header line that long a 431, and so is a head of
  more than `max_head` bytes; each closes the connection.

The answers are the protocol's JSON errors with `connection: close`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, ClassVar

from ra.server.settings import Limits

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # uvicorn without httptools (not `uvicorn[standard]`): h11's own head limit only
    HttpToolsProtocol = None  # type: ignore[assignment, misc]

REASONS = {408: "Request Timeout", 414: "URI Too Long", 431: "Request Header Fields Too Large"}


def refusal(status: int, message: str) -> bytes:
    """A complete HTTP answer: the protocol's `{"error": message}`, closing the connection."""
    body = json.dumps({"error": message}).encode("utf-8")
    head = (
        f"HTTP/1.1 {status} {REASONS[status]}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def head_problem(head: bytes | bytearray, limits: Limits) -> tuple[int, str] | None:
    """What is wrong with a request head received so far (all of it, or its beginning), or None."""
    end = head.find(b"\r\n\r\n")
    lines = (head if end < 0 else head[:end]).split(b"\r\n")
    if len(lines[0]) > limits.max_head_line:
        return 414, f"the request line is longer than {limits.max_head_line} bytes"
    if any(len(line) > limits.max_head_line for line in lines[1:]):
        return 431, f"a header line is longer than {limits.max_head_line} bytes"
    if (end if end >= 0 else len(head)) > limits.max_head:
        return 431, f"the request's headers are longer than {limits.max_head} bytes"
    return None


if HttpToolsProtocol is not None:

    class BoundedHeads(HttpToolsProtocol):
        """uvicorn's httptools protocol, with a deadline and size bounds on each request's head."""

        limits: ClassVar[Limits] = Limits()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            """Start the deadline of the first request's head."""
            super().connection_made(transport)
            self._head = bytearray()
            self._reading_head = True
            self._head_timer: asyncio.TimerHandle | None = None
            self._start_head_timer()

        def data_received(self, data: bytes) -> None:
            """Check the head as it comes, before the parser sees it."""
            if self._reading_head:
                if self._head_timer is None:
                    self._start_head_timer()  # a new request on a kept-alive connection
                self._head += data[: self.limits.max_head + 4 - len(self._head)]
                problem = head_problem(self._head, self.limits)
                if problem is not None:
                    self._refuse(*problem)
                    return
            super().data_received(data)

        def on_headers_complete(self) -> None:
            """The head is in: its deadline and bounds are done with (a WebSocket upgrade may follow)."""
            self._reading_head = False
            self._head.clear()
            self._stop_head_timer()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            """The next request on this connection gets a fresh head deadline (from its first byte)."""
            self._reading_head = True
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            """No deadline outlives the connection."""
            self._stop_head_timer()
            super().connection_lost(exc)

        def _start_head_timer(self) -> None:
            self._head_timer = self.loop.call_later(self.limits.head_seconds, self._head_too_slow)

        def _stop_head_timer(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_too_slow(self) -> None:
            self._head_timer = None
            if not self._reading_head or self.transport.is_closing():
                return
            if self._head:
                self._refuse(408, f"the request's head did not arrive within {self.limits.head_seconds:g} s")
            else:
                self.transport.close()  # a connection that never said anything gets no answer either

        def _refuse(self, status: int, message: str) -> None:
            self._stop_head_timer()
            self._reading_head = False
            if not self.transport.is_closing():
                self.transport.write(refusal(status, message))
                self.transport.close()


def http_options(limits: Limits) -> dict[str, Any]:
    """uvicorn.run's keywords for the HTTP protocol of `ra serve` under `limits`."""
    options: dict[str, Any] = {"h11_max_incomplete_event_size": limits.max_head}
    if HttpToolsProtocol is not None:
        options["http"] = type("BoundedHeads", (BoundedHeads,), {"limits": limits})
    return options
