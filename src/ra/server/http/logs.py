"""Logging of `ra serve`: tokens, passwords, session and CSRF secrets and e-mail addresses hidden in every line,
unexpected errors logged with a traceback (and counted, as every 5xx answer is: ra.server.metrics). No request
header is logged (an `Authorization: Bearer` header's bot token included). `--log-format json`: one JSON object a
line (`JsonLines`) for ra's loggers and uvicorn's."""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ra.server.metrics import meter

log = logging.getLogger("ra.server")
# `name=value` and JSON's `"name": "value"` of a secret: seat, creator and CSRF tokens, the session and device
# cookies, passwords, secrets.
_SECRET = r"token|creator|password|passwd|secret|ra_session|ra_csrf|ra_device"
_TOKEN = re.compile(rf"((?:{_SECRET})=)[^&;,\s\"']+", re.IGNORECASE)
_JSON_SECRET = re.compile(rf"(\"[\w-]*(?:{_SECRET})[\w-]*\"\s*:\s*\")[^\"]*", re.IGNORECASE)
_URL_PASSWORD = re.compile(r"(://[^:/@\s]+:)[^@/\s]+@")  # postgresql://user:PASSWORD@host
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_BOT_TOKEN = re.compile(r"(Bearer\s+|rab_)[A-Za-z0-9_.~+/=-]+", re.IGNORECASE)  # a bot token, wherever it is
LOGGERS = ("uvicorn.access", "uvicorn.error", "ra.server")
PACKAGE_LOGGER = __name__.partition(".")[0]  # the package's own loggers, every one below it


def redact(value: Any) -> Any:
    """`value` with secrets replaced by `***` if it is text: the values of `token=`, `creator=`, `password=` and
    the like (in JSON too), bot tokens, bearer headers, passwords in URLs, e-mail addresses; else unchanged."""
    if not isinstance(value, str):
        return value
    if "=" in value:
        value = _TOKEN.sub(r"\1***", value)
    lower = value.lower()
    if "rab_" in value or "bearer" in lower:
        value = _BOT_TOKEN.sub(r"\1***", value)
    if '"' in value:
        value = _JSON_SECRET.sub(r"\1***", value)
    if "@" in value:
        value = _EMAIL.sub("***@***", _URL_PASSWORD.sub(r"\1***@", value))
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
            if message["type"] == "http.response.start":
                started = True
                if message.get("status", 200) >= 500:
                    meter().error("http_5xx")  # the one place every 5xx answer passes
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            meter().error("internal")
            log.error(
                "%s %s failed: %s: %s", scope.get("method"), scope.get("path"), type(exc).__name__, exc, exc_info=exc
            )
            if started:
                raise  # the answer is half sent: only the server can end the connection now
            body = b'{"error":"the server could not answer this request"}'
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await watch({"type": "http.response.start", "status": 500, "headers": headers})
            await send({"type": "http.response.body", "body": body})


# The attributes every LogRecord has: the others were given by `extra=` and are the line's structured fields.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "color_message"}
_ACCESS = ("client", "method", "path", "http_version", "status")  # uvicorn.access's arguments, in order


class JsonLines(logging.Formatter):
    """One JSON object a line: `time` (UTC, ISO 8601), `level`, `logger`, `message`, the fields given with
    `extra=`, an access line's client, method, path, HTTP version and status, and `exception` (a traceback).
    Every text is redacted (`redact`), whatever filter the logger has."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        line: dict[str, Any] = {
            "time": self.formatTime(record),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(record.args) == len(_ACCESS):
            line |= {key: redact(arg) for key, arg in zip(_ACCESS, record.args, strict=True)}
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in line:
                line[key] = redact(value if isinstance(value, str | int | float | bool | None) else repr(value))
        if record.exc_info:
            line["exception"] = redact(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False)

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        """The record's time in UTC, ISO 8601 to the millisecond."""
        return dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(timespec="milliseconds")


def json_logging(level: str) -> dict[str, Any]:
    """A `logging.config.dictConfig` for `--log-format json`: ra's loggers and uvicorn's (its access log on stdout,
    the rest on stderr) written by `JsonLines` at `level`."""
    handler = {"class": "logging.StreamHandler", "formatter": "json"}
    upper = level.upper() if level.upper() in logging.getLevelNamesMapping() else "INFO"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonLines}},
        "handlers": {
            "default": handler | {"stream": "ext://sys.stderr"},
            "access": handler | {"stream": "ext://sys.stdout"},
        },
        "loggers": {
            PACKAGE_LOGGER: {"handlers": ["default"], "level": upper, "propagate": False},
            "uvicorn": {"handlers": ["default"], "level": upper, "propagate": False},
            "uvicorn.error": {"level": upper},
            "uvicorn.access": {"handlers": ["access"], "level": upper, "propagate": False},
        },
    }
