"""Server-side failures (issue 10, findings 4 and 8): `unavailable` storage, unexpected errors, the access log."""

from __future__ import annotations

import io
import logging
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, ws_url
from uvicorn.logging import AccessFormatter

from ra.core.text import t
from ra.server.http.app import create_app
from ra.server.settings import Settings
from ra.server.tables.errors import ServiceError


def next_reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state update."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] != "state":
            return message


async def storage_down(*_args: Any) -> Any:
    """A service call while the database cannot be written."""
    raise ServiceError("unavailable", t("storage is unavailable; try again"))


async def crash(*_args: Any) -> Any:
    """A service call hitting a bug."""
    raise RuntimeError("the flux capacitor melted")


def test_storage_unavailable_is_a_503_with_retry_after(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client.app.state.service, "create", storage_down)  # type: ignore[attr-defined]
    r = client.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), bot()]})
    assert r.status_code == 503 and r.json()["error"] == "storage is unavailable; try again"
    assert r.json()["text"] == {"m": "storage is unavailable; try again"}  # the browser renders it for its reader
    assert int(r.headers["retry-after"]) > 0


def test_storage_unavailable_on_the_websocket_is_not_blamed_on_the_client(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table, 0)) as ws:
        state = read_until(ws, 0)
        service = client.app.state.service  # type: ignore[attr-defined]
        monkeypatch.setattr(service, "act", storage_down)
        ws.send_json({"type": "action", "seq": state["seq"], "action": 0})
        assert next_reply(ws) == {
            "type": "error",
            "code": "unavailable",
            "message": "storage is unavailable; try again",
            "text": {"m": "storage is unavailable; try again"},
        }
        monkeypatch.setattr(service, "act", crash)
        ws.send_json({"type": "action", "seq": state["seq"], "action": 0})
        reply = next_reply(ws)
        assert reply["code"] == "internal" and "melted" not in reply["message"]  # no internals to the client
        ws.send_json({"type": "ping"})
        assert next_reply(ws) == {"type": "pong"}


def test_storage_unavailable_when_connecting_closes_4503(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = create(client, [person("Ann"), bot()])
    monkeypatch.setattr(client.app.state.service, "join", storage_down)  # type: ignore[attr-defined]
    with client.websocket_connect(ws_url(table, 0)) as ws:
        assert ws.receive_json()["code"] == "unavailable"
        with pytest.raises(Exception) as closed:
            ws.receive_json()
        assert getattr(closed.value, "code", None) == 4503


def test_unexpected_errors_are_logged_with_message_and_traceback(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(client.app.state.service, "list_tables", crash)  # type: ignore[attr-defined]
    with caplog.at_level(logging.ERROR, logger="ra.server"):
        r = client.get("/api/tables")
    assert r.status_code == 500 and r.json() == {"error": "the server could not answer this request"}
    records = [rec for rec in caplog.records if "flux capacitor melted" in rec.getMessage()]
    assert len(records) == 1 and records[0].exc_info is not None
    assert "GET /api/tables" in records[0].getMessage()


def test_an_access_line_with_a_token_is_logged_once_with_the_token_hidden(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False))
    access = logging.getLogger("uvicorn.access")
    access.addHandler(handler)
    level = access.level
    access.setLevel(logging.INFO)
    app = create_app(Settings(data=data_dir))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_config=None))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        assert httpx.get(f"http://127.0.0.1:{port}/t/abc?seat=0&token=s3cret-token").status_code == 200
    finally:
        server.should_exit = True
        thread.join(10)
        access.removeHandler(handler)
        access.setLevel(level)
    lines = [line for line in stream.getvalue().splitlines() if "/t/abc" in line]
    assert len(lines) == 1 and "token=***" in lines[0] and "s3cret" not in lines[0], stream.getvalue()
    assert '"GET /t/abc?seat=0&token=*** HTTP/1.1" 200' in lines[0]
    assert "Logging error" not in capsys.readouterr().err
