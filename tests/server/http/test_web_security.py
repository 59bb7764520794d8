"""Web security and compression (issue 10, findings 5 and 6): Origin, JSON-only POSTs, headers, gzip, creator."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, ws_url
from starlette.websockets import WebSocketDisconnect

CSP_PARTS = ("default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "base-uri 'none'")


def first_message(ws: Any) -> dict[str, Any]:
    """The first message of a socket, and for an error also the close that must follow it."""
    message = dict(ws.receive_json())
    if message["type"] == "error":
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        message["close"] = (closed.value.code, closed.value.reason)
    return message


def test_a_websocket_from_another_origin_is_refused(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table, 0), headers={"origin": "https://evil.example"}) as ws:
        message = first_message(ws)
        assert message["type"] == "error" and message["code"] == "forbidden"
        assert message["close"][0] == 4403 and "evil.example" in message["close"][1]
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert not summary["seats"][0]["taken"]  # the refused socket never got to the seat


@pytest.mark.parametrize("origin", [None, "http://testserver", "https://testserver", "http://TestServer:80"])
def test_the_servers_own_origin_and_clients_without_origin_are_allowed(client: TestClient, origin: str | None) -> None:
    table = create(client, [person("Ann"), bot()])
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect(ws_url(table, 0), headers=headers) as ws:
        assert first_message(ws)["type"] == "state"


@pytest.mark.parametrize("origin", ["http://testserver:8080", "null", "http://testserver.evil.example", "garbage"])
def test_near_misses_of_the_own_origin_are_refused(client: TestClient, origin: str) -> None:
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table), headers={"origin": origin}) as ws:
        assert first_message(ws)["close"][0] == 4403


def test_allowed_origins_admit_more(client_with: Callable[..., TestClient]) -> None:
    client = client_with(allowed_origins=("https://play.example",))
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table), headers={"origin": "https://play.example/"}) as ws:
        assert first_message(ws)["type"] == "state"
    with client.websocket_connect(ws_url(table), headers={"origin": "https://other.example"}) as ws:
        assert first_message(ws)["close"][0] == 4403


def test_a_cross_site_text_plain_post_creates_nothing(client: TestClient) -> None:
    body = json.dumps({"game": "ra", "seats": [person("Ann"), bot()]})
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {} if content_type is None else {"content-type": content_type}
        r = client.post("/api/tables", content=body, headers=headers)
        assert r.status_code == 415 and "application/json" in r.json()["error"], (content_type, r.text)
    assert client.get("/api/tables").json()["tables"] == []
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json; charset=utf-8"})
    assert r.status_code == 201


def test_every_page_and_answer_carries_the_security_headers(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot()])
    for path in ("/", f"/t/{table['id']}", f"/replay/{table['id']}", "/api/meta", "/api/tables/nope"):
        headers = client.get(path).headers
        assert all(part in headers["content-security-policy"] for part in CSP_PARTS), path
        assert "unsafe-inline" not in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_seat_pages_and_private_answers_are_never_stored(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), bot()]})
    assert r.headers["cache-control"] == "no-store"  # it holds the tokens
    table = r.json()
    seat = table["seats"][0]
    private = (seat["invite"], f"/api/tables/{table['id']}/view?seat=0&token={seat['token']}", f"/t/{table['id']}")
    for path in private:
        assert client.get(path).headers["cache-control"] == "no-store", path


def test_the_docs_page_allows_only_its_own_inline_script(client: TestClient) -> None:
    r = client.get("/docs")
    csp = r.headers["content-security-policy"]
    assert r.status_code == 200 and "'sha256-" in csp and "script-src 'self' https://cdn.jsdelivr.net" in csp
    assert "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";", 1)[0]
    schema = client.get("/openapi.json").json()
    assert "/api/tables" in schema["paths"] and "/api/meta" in schema["paths"]
    assert "422" not in json.dumps(schema["paths"])  # bad input is a 400 here


def test_answers_are_compressed_above_the_minimum_size(client: TestClient) -> None:
    for _ in range(4):
        create(client, [person("Ann"), bot()])
    big = client.get("/api/tables", headers={"accept-encoding": "gzip"})
    assert big.headers["content-encoding"] == "gzip" and len(big.json()["tables"]) == 4
    assert int(big.headers["content-length"]) < len(big.content)
    small = client.get("/api/tables/nope", headers={"accept-encoding": "gzip"})
    assert "content-encoding" not in small.headers


def test_the_creator_recovers_the_invite_links(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot(), person("Bob")])
    assert isinstance(table.get("creator"), str) and len(table["creator"]) >= 16
    r = client.post(f"/api/tables/{table['id']}/invites", json={"creator": table["creator"]})
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    again = r.json()
    assert again["id"] == table["id"] and again["spectate"] == table["spectate"]
    assert [s.get("invite") for s in again["seats"]] == [s.get("invite") for s in table["seats"]]
    wrong = client.post(f"/api/tables/{table['id']}/invites", json={"creator": "guess"})
    assert wrong.status_code == 403 and "invite" not in wrong.text
