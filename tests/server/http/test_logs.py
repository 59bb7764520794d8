"""`--log-format json` (ra.server.http.logs.JsonLines): one JSON object a line, no secret in any; and a real `ra serve`
with its logs in JSON and `/metrics` on a listener of its own."""

from __future__ import annotations

import json
import logging

import httpx
import pytest
from processes import Serve
from services import free_port

from ra.server.http.logs import JsonLines, RedactTokens

SECRETS = ("s3cretSeat", "hunter2pw", "S3ssionSecret", "Csrf0Token", "rab_B0tToken", "dbPassw0rd", "ann@example.org")


def record(name: str, msg: str, args: tuple[object, ...] | None, exc: BaseException | None = None) -> str:
    """A log record of `name` through the filter and the JSON formatter, as `ra serve` writes it."""
    exc_info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    rec = logging.LogRecord(name, logging.WARNING, __file__, 1, msg, args, exc_info)
    RedactTokens().filter(rec)
    return JsonLines().format(rec)


def test_json_lines_parse_and_hold_no_secret() -> None:
    try:
        raise RuntimeError("sign-in failed for ann@example.org with password=hunter2pw")
    except RuntimeError as exc:
        failed = exc
    lines = [
        record(
            "uvicorn.access",
            '%s - "%s %s HTTP/%s" %d',
            ("1.2.3.4:5", "GET", "/ws/t1?seat=0&token=s3cretSeat&creator=s3cretSeat", "1.1", 101),
        ),
        record(
            "ra.server",
            "request %s with %s",
            (
                '{"email": "ann@example.org", "password": "hunter2pw"}',
                "Cookie: ra_session=S3ssionSecret; ra_csrf=Csrf0Token",
            ),
        ),
        record(
            "ra.server",
            "bot %s; storage postgresql+psycopg://ra:dbPassw0rd@db/ra",
            ("Authorization: Bearer rab_B0tToken",),
        ),
        record("ra.server", "unexpected", None, failed),
    ]
    parsed = [json.loads(line) for line in lines]
    assert all("\n" not in line for line in lines)
    for line, fields in zip(lines, parsed, strict=True):
        assert {"time", "level", "logger", "message"} <= set(fields)
        assert fields["level"] == "warning" and fields["time"].endswith("+00:00")
        for secret in SECRETS:
            assert secret not in line, (secret, line)
    access = parsed[0]
    assert access["logger"] == "uvicorn.access" and access["method"] == "GET" and access["status"] == 101
    assert access["path"].startswith("/ws/t1?seat=0&token=***")
    assert "password" in parsed[1]["message"] and "***@***" in parsed[1]["message"]
    assert "RuntimeError" in parsed[3]["exception"] and "password=***" in parsed[3]["exception"]


def test_ra_serve_logs_json_and_serves_metrics_on_its_own_address(tmp_path_factory: pytest.TempPathFactory) -> None:
    tmp_path = tmp_path_factory.mktemp("serve")  # not tmp_path: SQLite only, its database is its URL
    metrics_port, log = free_port(), tmp_path / "serve.log"
    extra = ("--log-format", "json", "--log-level", "info", "--metrics-address", f"127.0.0.1:{metrics_port}")
    server = Serve(free_port(), f"sqlite:///{tmp_path / 'ra.sqlite3'}", None, log, extra)
    server.start()
    try:
        server.wait_ready()
        assert httpx.get(f"{server.base}/api/tables/nope?token=s3cretSeat").status_code in (403, 404)
        assert httpx.get(f"{server.base}/metrics").status_code == 404  # not on the app: only where asked
        scrape = httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5)
        assert scrape.status_code == 200 and "ra_websockets_open" in scrape.text
    finally:
        server.stop()
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    fields = [json.loads(line) for line in lines]  # every line is JSON
    assert any(f["logger"] == "ra.server" and "ra serve: open" in f["message"] for f in fields)
    access = [f for f in fields if f["logger"] == "uvicorn.access" and f["path"].startswith("/api/tables/nope")]
    assert access and access[0]["path"] == "/api/tables/nope?token=***", access
    assert "s3cretSeat" not in log.read_text()
