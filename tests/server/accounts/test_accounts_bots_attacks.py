"""Attacks on bot tokens (docs/BOT_API.md): a token never in logs, views or answers after its creation; a token
that acts for a seat or table its bot does not hold, a revoked one, a read-only one, a flood, a malformed or huge
header, a request without CSRF; and a person's deletion that takes their bots and tokens with it."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from account_helpers import PASSWORD, csrf, people_app, sign_up
from bot_helpers import bearer, make_bot, make_token, seated_bot
from fastapi.testclient import TestClient
from server_helpers import person, read_until
from starlette.websockets import WebSocketDisconnect

from ra.server.http.logs import RedactTokens
from ra.server.storage.schema import accounts_t, bot_invitations_t, bot_tokens_t


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data") as client:
        yield client


def program(web: TestClient) -> TestClient:
    """A program on the same app: no cookies."""
    return TestClient(web.app, base_url=str(web.base_url))


def engine_of(web: TestClient) -> sa.Engine:
    engine: sa.Engine = web.app.state.people.reports.engine  # type: ignore[attr-defined]
    return engine


def refused_socket(web: TestClient, path: str, token: str) -> dict[str, object]:
    """The error a bearer socket gets before it closes."""
    with web.websocket_connect(path, headers=bearer(token)) as ws:
        message = dict(ws.receive_json())
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    return message


def test_a_token_never_shows_in_logs_views_or_answers_after_its_creation(
    web: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    api = program(web)
    table = seated_bot(web, api, "Robo", token)
    answers = [
        web.get("/api/account/bots"),
        web.get("/api/account"),
        web.get("/api/account/export"),
        web.get(f"/api/tables/{table['id']}"),
        web.get("/api/tables"),
        api.get("/api/bot/account", headers=bearer(token)),
        api.get("/api/bot/games", headers=bearer(token)),
        api.get("/api/bot/invitations", headers=bearer(token)),
        api.get("/api/bot/nothing-here", headers=bearer(token)),
    ]
    with web.websocket_connect(f"/ws/{table['id']}?seat=1", headers=bearer(token)) as ws:
        frames = [ws.receive_text()]
        ws.send_json({"type": "action", "seq": 0, "action": 10**6})
        frames.append(ws.receive_text())
    secret = token.removeprefix("rab_")
    for answer in answers:
        assert secret not in answer.text and secret not in str(answer.headers)
    for frame in frames:
        assert secret not in frame
    assert secret not in caplog.text
    with engine_of(web).connect() as c:  # storage keeps its SHA-256 only
        stored = [str(value) for row in c.execute(sa.select(bot_tokens_t)) for value in row]
    assert not any(secret in value for value in stored)
    # And a line that would hold one (an access log of a header, a message) is written without it.
    record = logging.LogRecord("ra.server", logging.INFO, __file__, 1, "%s", (f"Authorization: Bearer {token}",), None)
    RedactTokens().filter(record)
    assert secret not in record.getMessage() and "Bearer ***" in record.getMessage()


def test_a_bot_token_cannot_act_for_another_seat_or_another_table(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    make_bot(web, "Otto")
    token, other = make_token(web, "Robo"), make_token(web, "Otto")
    api = program(web)
    table = seated_bot(web, api, "Robo", token)
    elsewhere = seated_bot(web, api, "Otto", other)
    for path in (
        f"/ws/{table['id']}?seat=0",  # Ann's seat
        f"/ws/{table['id']}?seat=0&token={table['seats'][1]['token']}",  # a seat token beside it changes nothing
        f"/ws/{elsewhere['id']}?seat=1",  # Otto's seat at another table
        f"/ws/{table['id']}",  # no seat named
        f"/ws/{table['id']}?seat=99",
    ):
        assert refused_socket(web, path, token)["code"] == "forbidden", path
    assert refused_socket(web, f"/ws/{table['id']}?seat=1", other)["code"] == "forbidden"
    # Another bot's invitation is not this bot's to accept.
    third = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), {"kind": "person"}]}).json()
    invite = {"creator": third["creator"], "bot": "Otto"}
    assert web.post(f"/api/tables/{third['id']}/seats/1/invite", json=invite).status_code == 200
    assert api.post(f"/api/bot/invitations/{third['id']}/1/accept", headers=bearer(token)).status_code == 404
    assert api.post(f"/api/bot/invitations/{third['id']}/1/decline", headers=bearer(token)).status_code == 404


def test_a_revoked_token_is_refused_at_once_and_its_open_socket_too(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    api = program(web)
    table = seated_bot(web, api, "Robo", token)
    token_id = web.get("/api/account/bots").json()["bots"][0]["tokens"][0]["id"]
    with web.websocket_connect(f"/ws/{table['id']}?seat=1", headers=bearer(token)) as ws:
        read_until(ws, 0)
        r = web.post(f"/api/account/bots/Robo/tokens/{token_id}/revoke", headers=csrf(web))
        assert r.json() == {"ok": True}
        assert api.get("/api/bot/account", headers=bearer(token)).status_code == 401
        refusal = ws.receive_json()
        assert refusal["type"] == "error" and refusal["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert web.get("/api/account/bots").json()["bots"][0]["tokens"] == []
    assert refused_socket(web, f"/ws/{table['id']}?seat=1", token)["code"] == "forbidden"


def test_a_token_revoked_by_another_process_is_refused_at_the_sockets_next_action(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    table = seated_bot(web, program(web), "Robo", token)
    with web.websocket_connect(f"/ws/{table['id']}?seat=1", headers=bearer(token)) as ws:
        state = read_until(ws, 0)
        with engine_of(web).begin() as c:  # as another process sharing the database revokes it
            c.execute(bot_tokens_t.update().values(revoked=sa.func.now()))
        ws.send_json({"type": "action", "seq": state["seq"], "action": 0})
        refusal = ws.receive_json()
        assert refusal["type"] == "error" and refusal["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert web.get(f"/api/tables/{table['id']}").json()["seq"] == 0  # nothing applied


def test_a_read_only_token_can_neither_accept_nor_play(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    player, reader = make_token(web, "Robo"), make_token(web, "Robo", ("read",))
    api = program(web)
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), {"kind": "person"}]}).json()
    invite = {"creator": table["creator"], "bot": "Robo"}
    assert web.post(f"/api/tables/{table['id']}/seats/1/invite", json=invite).status_code == 200
    for verb in ("accept", "decline"):
        r = api.post(f"/api/bot/invitations/{table['id']}/1/{verb}", headers=bearer(reader))
        assert r.status_code == 403 and r.json()["error"]
    assert len(api.get("/api/bot/invitations", headers=bearer(reader)).json()["invitations"]) == 1
    assert api.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=bearer(player)).status_code == 200
    assert refused_socket(web, f"/ws/{table['id']}?seat=1", reader)["code"] == "forbidden"


def test_a_flood_of_requests_or_of_guesses_is_limited(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    api = program(web)
    codes = [api.get("/api/bot/account", headers=bearer(token)) for _ in range(40)]
    limited = [r for r in codes if r.status_code == 429]
    assert limited and int(limited[0].headers["Retry-After"]) >= 1 and limited[0].json()["error"]
    guesses = [api.get("/api/bot/account", headers=bearer("rab_" + "A" * 43)).status_code for _ in range(25)]
    assert guesses[0] == 401 and guesses[-1] == 429
    # The address is held back, even with a good token, until its window passes.
    assert api.get("/api/bot/games", headers=bearer(token)).status_code == 429


def test_a_malformed_or_huge_authorization_header_is_a_clean_401(web: TestClient) -> None:
    api = program(web)
    answers = [
        api.get("/api/bot/account"),
        api.get("/api/bot/account", headers={"Authorization": "Bearer"}),
        api.get("/api/bot/account", headers={"Authorization": "Basic dXNlcjpwYXNz"}),
        api.get("/api/bot/account", headers={"Authorization": "Bearer rab_" + "x" * 5000}),
        api.get("/api/bot/account", headers={"Authorization": "Bearer rab_" + "%00" * 15}),
        api.get("/api/bot/account", headers={"Authorization": "Bearer " + "rab_" + "A" * 43 + " extra"}),
        api.post("/api/bot/invitations/t1/0/accept", headers={"Authorization": "Bearer \t\t"}),
    ]
    assert {r.status_code for r in answers} == {401}
    assert len({r.text for r in answers}) == 1  # the same answer for each
    assert set(answers[0].json()) == {"error", "text"}


def test_making_a_bot_or_a_token_without_csrf_is_refused(web: TestClient) -> None:
    sign_up(web, "Ann")
    assert web.post("/api/account/bots", json={"name": "Robo"}).status_code == 403
    make_bot(web, "Robo")
    body = {"label": "x", "scopes": ["play"]}
    assert web.post("/api/account/bots/Robo/tokens", json=body).status_code == 403
    assert web.post("/api/account/bot", json={"password": PASSWORD}).status_code == 403
    assert web.get("/api/account/bots").json()["bots"][0]["tokens"] == []
    for bad in ({"label": "", "scopes": ["play"]}, {"label": "x", "scopes": []}, {"label": "x", "scopes": ["all"]},
                {"label": "x" * 41, "scopes": ["read"]}, {**body, "more": 1}):  # fmt: skip
        assert web.post("/api/account/bots/Robo/tokens", json=bad, headers=csrf(web)).status_code == 400, bad
    assert web.post("/api/account/bots/Nobody/tokens", json=body, headers=csrf(web)).status_code == 404


def test_a_persons_deletion_takes_their_bots_and_tokens(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    api = program(web)
    table = seated_bot(web, api, "Robo", token)
    bob = program(web)
    sign_up(bob, "Bob")
    make_bot(bob, "Otto")
    pending = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), {"kind": "person"}]}).json()
    invite = {"creator": pending["creator"], "bot": "Otto"}
    assert web.post(f"/api/tables/{pending['id']}/seats/1/invite", json=invite).status_code == 200  # by Ann
    assert web.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(web)).status_code == 200
    assert api.get("/api/bot/account", headers=bearer(token)).status_code == 401
    with engine_of(web).connect() as c:
        names = set(c.execute(sa.select(accounts_t.c.name)).scalars())
        assert names == {"Bob", "Otto"}  # Ann and her bot are gone, Bob's bot stays
        assert c.execute(sa.select(sa.func.count()).select_from(bot_tokens_t)).scalar_one() == 0
        assert [tuple(r) for r in c.execute(sa.select(bot_invitations_t.c.seat, bot_invitations_t.c.by))] == [(1, "")]
    seat = web.get(f"/api/tables/{table['id']}").json()["seats"][1]
    assert seat["name"] == "" and seat["account_bot"] is False
