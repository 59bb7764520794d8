"""The bots' pool (docs/BOT_API.md): a rated table with a bot account at it is rated apart from people's games,
unless its listing says `bots_pool: false`; leaderboards and player pages mark the bot account as a bot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_helpers import csrf, new_listed_table, people_app, sign_up, sweep_now, wait_for
from bot_helpers import bearer, make_bot, make_token
from fastapi.testclient import TestClient
from server_helpers import person, read_until


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data") as client:
        yield client


def rated_game_with_a_bot(web: TestClient, token: str, **listing: bool) -> str:
    """A rated Ra table: Ann (the account signed in on `web`) at seat 0, the bot Robo (by `token`) at seat 1,
    played to its end with first legal actions; its id."""
    table = new_listed_table(web, [person("A"), person("B")], rated=True, **listing)
    keep = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert web.post("/api/account/seats", json=keep, headers=csrf(web)).status_code == 200
    invite = {"creator": table["creator"], "bot": "Robo"}
    assert web.post(f"/api/tables/{table['id']}/seats/1/invite", json=invite).status_code == 200
    api = TestClient(web.app, base_url=str(web.base_url))
    assert api.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=bearer(token)).status_code == 200
    with (
        web.websocket_connect(f"/ws/{table['id']}?seat=0&token={table['seats'][0]['token']}") as ann,
        web.websocket_connect(f"/ws/{table['id']}?seat=1", headers=bearer(token)) as robo,
    ):
        sockets = (ann, robo)
        states: list[dict[str, Any]] = [read_until(ann, 0), read_until(robo, 0)]
        while states[0]["table"]["status"] != "finished":
            seq = states[0]["seq"]
            mover = next(i for i, s in enumerate(states) if s["view"]["legal_actions"])
            action = states[mover]["view"]["legal_actions"][0]["id"]
            sockets[mover].send_json({"type": "action", "seq": seq, "action": action})
            states = [read_until(ws, seq + 1) for ws in sockets]
    return str(table["id"])


def test_a_rated_game_with_a_bot_account_is_rated_in_the_bots_pool(web: TestClient) -> None:
    ann = sign_up(web, "Ann")["player"]
    robo = make_bot(web, "Robo")["player"]
    token = make_token(web, "Robo")
    rated_game_with_a_bot(web, token)
    wait_for(lambda: sweep_now(web) or web.get("/api/ratings/ra?pool=bots").json()["players"])
    bots = web.get("/api/ratings/ra?pool=bots").json()
    assert bots["pool"] == "bots"
    standings = {(p["player"], p["bot"], p["built_in"]) for p in bots["players"]}
    assert standings == {(ann, False, False), (robo, True, False)}
    assert web.get("/api/ratings/ra").json()["players"] == []  # the people's pool: untouched
    page = web.get(f"/api/players/{robo}").json()
    assert page["bot"] is True and page["kind"] == "bot" and page["built_in"] is False  # its name is not a level
    assert [(r["game"], r["pool"], len(r["history"])) for r in page["ratings"]] == [("ra", "bots", 1)]
    assert web.get(f"/api/players/{ann}").json()["bot"] is False
    assert web.get("/api/ratings/ra?pool=robots").status_code == 400


def test_a_listing_may_keep_a_game_with_a_bot_account_in_the_peoples_pool(web: TestClient) -> None:
    ann = sign_up(web, "Ann")["player"]
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    table = rated_game_with_a_bot(web, token, bots_pool=False)
    assert web.get(f"/api/tables/{table}/listing").json()["bots_pool"] is False
    wait_for(lambda: sweep_now(web) or web.get("/api/ratings/ra").json()["players"])
    assert ann in {p["player"] for p in web.get("/api/ratings/ra").json()["players"]}
    assert web.get("/api/ratings/ra?pool=bots").json()["players"] == []
