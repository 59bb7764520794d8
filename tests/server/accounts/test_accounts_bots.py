"""Bot accounts and the Bot API (docs/BOT_API.md): a person makes a bot and a token, the token lists without its
secret, the bot reads its account, is invited, accepts, lists its games and plays a move over the table WebSocket
with its bearer token; the seat shows as a bot's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_helpers import PASSWORD, csrf, people_app, sign_up
from bot_helpers import bearer, make_bot, make_token, seated_bot
from fastapi.testclient import TestClient
from server_helpers import person, read_until


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data") as client:
        yield client


def program(web: TestClient) -> TestClient:
    """A program on the same app: no cookies."""
    return TestClient(web.app, base_url=str(web.base_url))


def test_a_person_makes_a_bot_and_a_token_that_lists_without_its_secret(web: TestClient) -> None:
    sign_up(web, "Ann")
    made = make_bot(web, "Robo")
    assert made["name"] == "Robo" and made["owner"] == "Ann" and made["player"]
    r = web.post("/api/account/bots/Robo/tokens", json={"label": "laptop", "scopes": ["read"]}, headers=csrf(web))
    assert r.status_code == 201, r.text
    token = r.json()
    assert token["token"].startswith("rab_") and len(token["token"]) == 47 and token["scopes"] == ["read"]
    listed = web.get("/api/account/bots")
    assert token["token"] not in listed.text and token["token"][4:] not in listed.text
    bots = listed.json()["bots"]
    assert [b["name"] for b in bots] == ["Robo"]
    assert bots[0]["tokens"] == [
        {"id": token["id"], "label": "laptop", "scopes": ["read"], "created": token["created"], "last_used": None}
    ]
    api = program(web)
    assert api.get("/api/bot/account", headers=bearer(token["token"])).json() == {
        "name": "Robo",
        "player": made["player"],
        "scopes": ["read"],
    }
    assert web.get("/api/account/bots").json()["bots"][0]["tokens"][0]["last_used"] is not None  # noted
    exported = web.get("/api/account/export").json()["bots"]
    assert [b["name"] for b in exported] == ["Robo"] and token["token"] not in str(exported)


def test_a_bot_account_never_signs_in_with_a_password_and_its_name_is_checked(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    for password in ("", "!", PASSWORD):
        r = program(web).post("/api/account/sign-in", json={"name": "Robo", "password": password})
        assert r.status_code == 401
    assert web.post("/api/account/bots", json={"name": "ROBO"}, headers=csrf(web)).status_code == 409
    assert web.post("/api/account/bots", json={"name": "ann"}, headers=csrf(web)).status_code == 409
    assert web.post("/api/account/bots", json={"name": " "}, headers=csrf(web)).status_code == 400
    for n in range(9):
        make_bot(web, f"Robo {n}")
    assert web.post("/api/account/bots", json={"name": "One Too Many"}, headers=csrf(web)).status_code == 409


def test_a_person_turns_their_own_account_into_a_bot(web: TestClient) -> None:
    player = sign_up(web, "Ann")["player"]
    r = web.post("/api/account/bot", json={"password": "not it at all"}, headers=csrf(web))
    assert r.status_code == 403
    r = web.post("/api/account/bot", json={"password": PASSWORD}, headers=csrf(web))
    assert r.json() == {"name": "Ann", "player": player, "kind": "bot"}
    assert web.post("/api/account/bot", json={"password": PASSWORD}, headers=csrf(web)).status_code == 409
    assert web.get("/api/account").json()["kind"] == "bot"
    token = make_token(web, "Ann")
    assert program(web).get("/api/bot/account", headers=bearer(token)).json()["name"] == "Ann"
    assert [b["name"] for b in web.get("/api/account/bots").json()["bots"]] == ["Ann"]


def test_a_bot_is_invited_accepts_and_lists_its_game(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    api = program(web)
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), {"kind": "person"}]}).json()
    invite = {"creator": table["creator"], "bot": "robo"}
    assert web.post(f"/api/tables/{table['id']}/seats/1/invite", json={**invite, "creator": "x"}).status_code == 403
    wrong = {**invite, "bot": "Ann"}  # a person's account is no bot
    assert web.post(f"/api/tables/{table['id']}/seats/1/invite", json=wrong).status_code == 404
    r = web.post(f"/api/tables/{table['id']}/seats/1/invite", json=invite)
    assert r.json() == {"table": table["id"], "seat": 1, "bot": "Robo"}
    invitations = api.get("/api/bot/invitations", headers=bearer(token)).json()["invitations"]
    assert [(i["table"], i["seat"], i["game"], i["players"], i["by"]) for i in invitations] == [
        (table["id"], 1, "ra", 2, "Ann")
    ]
    assert api.post(f"/api/bot/invitations/{table['id']}/0/accept", headers=bearer(token)).status_code == 404
    r = api.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=bearer(token))
    assert r.json() == {"table": table["id"], "seat": 1, "game": "ra"}
    assert api.get("/api/bot/invitations", headers=bearer(token)).json() == {"invitations": []}
    seats = web.get(f"/api/tables/{table['id']}").json()["seats"]
    assert seats[1]["name"] == "Robo" and seats[1]["account_bot"] is True and seats[0]["account_bot"] is False
    games = api.get("/api/bot/games", headers=bearer(token)).json()["games"]
    assert [(g["table"], g["seat"], g["game"]) for g in games] == [(table["id"], 1, "ra")]
    # The creator's old link of that seat is dead: the seat is the bot's.
    old = f"/api/tables/{table['id']}/view?seat=1&token={table['seats'][1]['token']}"
    assert web.get(old).status_code == 403


def test_a_declined_invitation_is_gone_and_a_taken_seat_cannot_be_accepted(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    api = program(web)
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), person("Bob")]}).json()
    invite = {"creator": table["creator"], "bot": "Robo"}
    assert web.post(f"/api/tables/{table['id']}/seats/1/invite", json=invite).status_code == 200
    r = api.post(f"/api/bot/invitations/{table['id']}/1/decline", headers=bearer(token))
    assert r.json() == {"ok": True}
    assert api.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=bearer(token)).status_code == 404
    assert web.post(f"/api/tables/{table['id']}/seats/1/invite", json=invite).status_code == 200
    with web.websocket_connect(f"/ws/{table['id']}?seat=1&token={table['seats'][1]['token']}") as ws:
        read_until(ws, 0)  # Bob sat down
        assert api.get("/api/bot/invitations", headers=bearer(token)).json() == {"invitations": []}  # not offered
        assert api.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=bearer(token)).status_code == 409


def play_until_the_bot_moved(web: TestClient, table: dict[str, Any], token: str) -> None:
    """Ann (seat 0) and the bot (seat 1, its bearer token on the socket) play first legal actions until the bot's
    move is in a state both see."""
    with (
        web.websocket_connect(f"/ws/{table['id']}?seat=0&token={table['seats'][0]['token']}&log=tail") as ann,
        web.websocket_connect(f"/ws/{table['id']}?seat=1&log=tail", headers=bearer(token)) as robo,
    ):
        states = [read_until(ann, 0), read_until(robo, 0)]
        while True:
            seq = states[0]["seq"]
            mover = next(i for i, s in enumerate(states) if s["view"]["legal_actions"])
            action = states[mover]["view"]["legal_actions"][0]["id"]
            (ann, robo)[mover].send_json({"type": "action", "seq": seq, "action": action})
            states = [read_until(ann, seq + 1), read_until(robo, seq + 1)]
            if mover == 1:
                entry = states[0]["log"][-1]
                assert entry["seq"] == seq + 1 and entry["name"] == "Robo"
                # The same action again is stale: never applied twice.
                robo.send_json({"type": "action", "seq": seq, "action": action})
                assert robo.receive_json()["code"] == "stale"
                return


def test_a_bot_plays_a_move_over_the_websocket_with_its_bearer_token(web: TestClient) -> None:
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    table = seated_bot(web, program(web), "Robo", token)
    play_until_the_bot_moved(web, table, token)
    assert web.get(f"/api/tables/{table['id']}").json()["status"] == "running"
