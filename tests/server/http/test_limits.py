"""Limits (issue 10, findings 2 and 7): body size, JSON depth, WebSocket message size, creations and sockets."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, ws_url
from starlette.websockets import WebSocketDisconnect

from ra.server.guards.json_text import json_depth_exceeds, parse_json
from ra.server.guards.rates import RateLimiter
from ra.server.settings import Limits

MiB = 1024 * 1024


def post_raw(data_dir: Path, headers: dict[str, str], chunks: list[bytes]) -> tuple[int, int, bytes]:
    """POST /api/tables to the app without a server, body in `chunks`: (status, chunks the server read, body)."""
    app = app_with(data_dir)
    read, status, answer = 0, 0, b""

    async def receive() -> dict[str, Any]:
        nonlocal read
        if read < len(chunks):
            read += 1
            return {"type": "http.request", "body": chunks[read - 1], "more_body": read < len(chunks)}
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, answer
        if message["type"] == "http.response.start":
            status = message["status"]
        else:
            answer += message.get("body", b"")

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), *((k.encode(), v.encode()) for k, v in headers.items())],
        "client": ("203.0.113.9", 50000),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))  # type: ignore[arg-type]
    return status, read, answer


def test_a_200_mb_body_is_refused_from_its_length_without_reading_it(data_dir: Path) -> None:
    headers = {"content-type": "application/json", "content-length": str(200 * MiB)}
    status, read, answer = post_raw(data_dir, headers, [b"x" * MiB] * 200)
    assert status == 413 and read == 0
    assert "65536 bytes" in json.loads(answer)["error"]


def test_a_streamed_body_is_refused_as_soon_as_it_passes_the_limit(data_dir: Path) -> None:
    chunk = b" " * (16 * 1024)
    headers = {"content-type": "application/json", "transfer-encoding": "chunked"}
    status, read, _ = post_raw(data_dir, headers, [chunk] * (200 * 64))  # 200 MiB if it were read whole
    assert status == 413 and read == 5  # 64 KiB allowed: the fifth chunk passes it


def test_deeply_nested_json_is_a_400_with_a_message(client: TestClient) -> None:
    nested_option = '{"game": "ra", "options": {"x": ' + "[" * 40 + "]" * 40 + '}, "seats": []}'
    for text in ("[" * 60_000, '{"a":' * 12_000, nested_option):  # under the body limit, over the depth limit
        r = client.post("/api/tables", content=text, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "nested deeper than 32" in r.json()["error"], r.text
    assert client.get("/api/tables").json()["tables"] == []


def test_deeply_nested_json_on_the_websocket_is_a_bad_message_and_the_socket_stays(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table, 0)) as ws:
        read_until(ws, 0)
        ws.send_text("[" * 10_000)
        message = next_reply(ws)
        assert message["code"] == "bad_message" and "nested deeper" in message["message"]
        ws.send_json({"type": "ping"})
        assert next_reply(ws) == {"type": "pong"}


def next_reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state update."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] != "state":
            return message


def test_a_too_big_websocket_message_closes_1009_with_a_reason(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table, 0)) as ws:
        read_until(ws, 0)
        ws.send_text(json.dumps({"type": "ping", "padding": "x" * 20_000}))
        assert next_reply(ws)["code"] == "too_big"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009 and "16384 bytes" in closed.value.reason


def test_creations_per_address_are_limited_with_retry_after(client_with: Callable[..., TestClient]) -> None:
    client = client_with(limits=Limits(creations=3, creation_window=60))
    for _ in range(3):
        create(client, [bot(), person("Ann")])
    r = client.post("/api/tables", json={"game": "ra", "seats": [bot(), person("Ann")]})
    assert r.status_code == 429 and "too many" in r.json()["error"]
    assert 1 <= int(r.headers["retry-after"]) <= 60
    assert len(client.get("/api/tables").json()["tables"]) == 3


def test_the_rate_limiter_forgets_old_events_and_stale_addresses() -> None:
    now = [0.0]
    limiter = RateLimiter(2, 10.0, max_keys=2, monotonic=lambda: now[0])
    assert limiter.retry_after("a") == 0 and limiter.retry_after("a") == 0
    now[0] = 4.0
    assert limiter.retry_after("a") == 6  # the first event leaves the window at t=10
    now[0] = 10.0
    assert limiter.retry_after("a") == 0
    limiter.retry_after("b")
    limiter.retry_after("c")
    assert set(limiter.events) == {"b", "c"}  # "a" was the least recently seen
    assert RateLimiter(0, 1.0).retry_after("a") == 0  # 0: no limit


def refused(ws: Any) -> tuple[dict[str, Any], int, str]:
    """The error a refused WebSocket gets, and its close code and reason."""
    message = dict(ws.receive_json())
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return message, closed.value.code, closed.value.reason


def test_websockets_per_address_are_limited(client_with: Callable[..., TestClient]) -> None:
    client = client_with(limits=Limits(ws_per_address=2))
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table)) as one, client.websocket_connect(ws_url(table, 0)) as two:
        read_until(one, 0)
        read_until(two, 0)
        with client.websocket_connect(ws_url(table)) as three:
            message, code, reason = refused(three)
            assert message["code"] == "too_many" and code == 4429 and "your address" in reason
    with client.websocket_connect(ws_url(table)) as again:  # closed sockets gave their places back
        assert read_until(again, 0)["type"] == "state"


def test_websockets_per_table_are_limited(client_with: Callable[..., TestClient]) -> None:
    client = client_with(limits=Limits(ws_per_table=1))
    table, other = create(client, [person("Ann"), bot()]), create(client, [person("Bob"), bot()])
    with client.websocket_connect(ws_url(table)) as one:
        read_until(one, 0)
        with client.websocket_connect(ws_url(table, 0)) as two:
            message, code, reason = refused(two)
            assert message["code"] == "too_many" and code == 4429 and "this table" in reason
        with client.websocket_connect(ws_url(other)) as elsewhere:
            assert read_until(elsewhere, 0)["type"] == "state"


def test_json_helpers() -> None:
    assert not json_depth_exceeds('{"a": "[[[[[[[[[[[["}', 3)  # brackets inside strings do not count
    assert json_depth_exceeds("[[[[1]]]]", 3) and not json_depth_exceeds("[[[1]]]", 3)
    assert parse_json(b'{"move": "bid:13"}', 32) == {"move": "bid:13"}
    for bad in (b"\xff", "[", '"\\ud800"', '["\\udfff"]'):
        with pytest.raises(ValueError):
            parse_json(bad, 32)
    assert parse_json('"\\ud83d\\ude00"', 32) == "\U0001f600"  # a proper pair is fine
