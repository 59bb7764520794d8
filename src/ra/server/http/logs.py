"""Logging of `ra serve`: seat, creator and bot tokens hidden in every line, unexpected errors logged with a
traceback. No request header is logged (an `Authorization: Bearer` header's bot token included)."""

from __future__ import annotations

import logging
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("ra.server")
_TOKEN = re.compile(r"((?:token|creator)=)[^&\s\"']+")
_BOT_TOKEN = re.compile(r"(Bearer\s+|rab_)[A-Za-z0-9_.~+/=-]+", re.IGNORECASE)  # a bot token, wherever it is
LOGGERS = ("uvicorn.access", "uvicorn.error", "ra.server")


def redact(value: Any) -> Any:
    """`value` with token values replaced by `***` if it is text holding `token=`, `creator=`, a bot token or a
    bearer header; else unchanged."""
    if not isinstance(value, str):
        return value
    if "=" in value:
        value = _TOKEN.sub(r"\1***", value)
    if "rab_" in value or "bearer" in value.lower():
        value = _BOT_TOKEN.sub(r"\1***", value)
    return value


class RedactTokens(logging.Filter):
    """Hide tokens in log records (e.g. uvicorn's access log of invite URLs), keeping the record's shape.

    uvicorn's access formatter unpacks `record.args` as a tuple, so the filter rewrites each argument in place
    instead of pre-formatting the message.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the message and its arguments without token values; never drops a record."""
        record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: redact(arg) for key, arg in record.args.items()}
        return True


def redact_tokens_in_logs() -> None:
    """Install `RedactTokens` on the uvicorn loggers and the server's own logger (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


class LogUnexpected:
    """ASGI middleware: an exception no handler answered is logged once with its message and traceback, and the
    client gets the protocol's 500 answer (instead of a bare text page and a second traceback from the server)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app; on an unexpected exception log it and answer 500 if nothing was sent yet."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            log.error(
                "%s %s failed: %s: %s", scope.get("method"), scope.get("path"), type(exc).__name__, exc, exc_info=exc
            )
            if started:
                raise  # the answer is half sent: only the server can end the connection now
            body = b'{"error":"the server could not answer this request"}'
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 500, "headers": headers})
            await send({"type": "http.response.body", "body": body})
