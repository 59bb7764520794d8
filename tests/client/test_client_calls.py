"""The Bot API's calls: the token in the header, answers checked, refusals as one ClientError; addresses and links."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from ra.client import AsyncClient, Client, ClientError, Invitation, SeatLink
from ra.client.addresses import table_socket
from ra.client.api import MAX_ANSWER

TOKEN = "rab_" + "x" * 43


def mock(answers: dict[str, tuple[int, Any]], seen: list[httpx.Request]) -> httpx.MockTransport:
    """Answers by "METHOD path": (status, JSON body or raw bytes)."""

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        status, body = answers[f"{request.method} {request.url.path}"]
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {"Retry-After": "7"} if status == 429 else {}
        return httpx.Response(status, content=content, headers=headers)

    return httpx.MockTransport(handle)


def test_the_calls_send_the_token_in_the_header_and_read_their_answers() -> None:
    seen: list[httpx.Request] = []
    answers = {
        "GET /api/bot/account": (200, {"name": "Robo", "player": "p1", "scopes": ["play", "read"]}),
        "GET /api/bot/invitations": (
            200,
            {"invitations": [{"table": "T1", "seat": 1, "game": "ra", "players": 3, "by": "Ann", "created": "x"}]},
        ),
        "POST /api/bot/invitations/T1/1/accept": (200, {"table": "T1", "seat": 1, "game": "ra"}),
        "POST /api/bot/invitations/T1/1/decline": (200, {"ok": True}),
        "GET /api/bot/games": (200, {"games": [{"table": "T1", "seat": 1, "game": "ra", "status": "running"}]}),
    }
    with Client("http://example.test/", TOKEN, transport=mock(answers, seen)) as client:
        assert client.account().scopes == ("play", "read")
        assert client.invitations() == [Invitation("T1", 1, "ra", 3, "Ann", "x")]
        assert client.accept("T1", 1).table == "T1"
        client.decline("T1", 1)
        assert [(g.table, g.seat, g.status) for g in client.games()] == [("T1", 1, "running")]
    assert {r.headers["authorization"] for r in seen} == {f"Bearer {TOKEN}"}
    assert all(TOKEN not in str(r.url) for r in seen)


def test_a_refusal_carries_the_status_and_the_servers_words() -> None:
    text = {"m": "the token is not valid"}
    answers = {
        "GET /api/bot/account": (401, {"error": "the token is not valid", "text": text}),
        "GET /api/bot/games": (429, {"error": "too many requests"}),
    }

    async def run() -> tuple[ClientError, ClientError]:
        async with AsyncClient("http://example.test", TOKEN, transport=mock(answers, [])) as client:
            with pytest.raises(ClientError) as first:
                await client.account()
            with pytest.raises(ClientError) as second:
                await client.games()
            return first.value, second.value

    refused, limited = asyncio.run(run())
    assert (refused.status, refused.code, refused.error) == (401, "unauthorized", "the token is not valid")
    assert (limited.status, limited.retry_after) == (429, 7.0) and "too many requests" in limited.error


@pytest.mark.parametrize(
    "body",
    [
        {"invitations": [{"table": "T1", "seat": "1", "game": "ra", "players": 3}]},  # a seat that is no number
        {"invitations": [{"table": "../x", "seat": 1, "game": "ra", "players": 3}]},  # no table id
        {"invitations": [{"table": "T1", "seat": 1, "game": "x" * 1000, "players": 3}]},  # a game past the bound
        {"invitations": "none"},
        b"<html>",
        b"[" * 100_000,  # nested past Python's recursion limit
    ],
)
def test_an_answer_of_the_wrong_shape_is_a_client_error(body: Any) -> None:
    transport = mock({"GET /api/bot/invitations": (200, body)}, [])
    with Client("http://example.test", TOKEN, transport=transport) as c, pytest.raises(ClientError):
        c.invitations()


def test_an_answer_past_the_bound_is_not_read_whole() -> None:
    body = b'{"games": [' + b" " * (MAX_ANSWER + 10) + b"]}"
    transport = mock({"GET /api/bot/games": (200, body)}, [])
    with Client("http://example.test", TOKEN, transport=transport) as c, pytest.raises(ClientError) as caught:
        c.games()
    assert caught.value.code == "too_big"


@pytest.mark.parametrize("token", ["", "has space", "new\nline", "x" * 201, "ünï"])
def test_a_token_that_cannot_be_one_is_refused_without_showing_it(token: str) -> None:
    with pytest.raises(ClientError) as caught:
        Client("http://example.test", token)
    assert not token or token not in str(caught.value)


@pytest.mark.parametrize("server", ["example.test", "ftp://example.test", "http://"])
def test_a_server_address_is_http(server: str) -> None:
    with pytest.raises(ClientError):
        Client(server, TOKEN)


def test_seat_links_of_the_page_and_of_the_socket_are_read() -> None:
    link = SeatLink.parse("https://ra.example/games/t/Ab_9-x?seat=2&token=T0k")
    assert link == SeatLink("https://ra.example/games", "Ab_9-x", 2, "T0k")
    assert link.socket == "wss://ra.example/games/ws/Ab_9-x?seat=2&log=tail&token=T0k"
    assert SeatLink.parse("ws://h:1/ws/T1?seat=0&token=z").base == "http://h:1"
    assert table_socket("http://h:1", "T1", 3) == "ws://h:1/ws/T1?seat=3&log=tail"


@pytest.mark.parametrize(
    "url",
    [
        "http://h/t/T1?seat=0",  # no token
        "http://h/t/T1?token=z",  # no seat
        "http://h/t/T1?seat=-1&token=z",
        "http://h/t/T1?seat=0&seat=1&token=z",
        "http://h/x/T1?seat=0&token=z",
        "http://h/t/a%2Fb?seat=0&token=z",
        "http://h/t/T1?seat=99&token=z",
        "mailto:x@y",
    ],
)
def test_a_link_that_is_no_seat_link_is_refused(url: str) -> None:
    with pytest.raises(ClientError):
        SeatLink.parse(url)
