"""Moderation over HTTP (docs/MODERATION.md): only moderators reach it, with the CSRF token; mutes and bans hold in
chat and at open seats and show on the account; reports carry their context; blocks; every action is logged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_helpers import csrf, new_listed_table, people_app, sign_up
from bot_helpers import bearer, make_bot, make_token
from fastapi.testclient import TestClient
from server_helpers import bot, create, person

from ra.server.accounts.moderation import COMMAND_LINE, Moderation

MODERATION_POSTS = [
    ("/api/moderation/sanctions", {"player": "x", "kind": "mute", "hours": 1, "reason": "r"}),
    ("/api/moderation/lift", {"player": "x"}),
    ("/api/moderation/rename-account", {"player": "x", "name": "Y", "reason": "r"}),
    ("/api/moderation/rename-seat", {"table": "x", "seat": 0, "name": "Y", "reason": "r"}),
    ("/api/moderation/close-table", {"table": "x", "reason": "r"}),
    ("/api/moderation/hide-listing", {"table": "x", "reason": "r"}),
    ("/api/moderation/reports/handle", {"report": 1}),
]
MODERATION_GETS = ["/api/moderation/reports", "/api/moderation/log", "/api/moderation/players/x"]


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data") as client:
        yield client


def browser(web: TestClient, name: str) -> tuple[TestClient, dict[str, Any]]:
    """Another browser on the same app, signed up as `name`: it and its account."""
    other = TestClient(web.app, base_url=str(web.base_url))
    return other, sign_up(other, name)


def moderation_of(web: TestClient) -> Moderation:
    found: Moderation = web.app.state.people.moderation  # type: ignore[attr-defined]
    return found


def make_moderator(web: TestClient, name: str) -> tuple[TestClient, dict[str, Any]]:
    client, account = browser(web, name)
    moderation = moderation_of(web)
    found = moderation.find(name)
    assert found is not None and moderation.grant(found.id, "moderator", COMMAND_LINE)
    return client, account


def cookie(client: TestClient) -> dict[str, str]:
    return {"Cookie": f"ra_session={client.cookies['ra_session']}"}


def test_a_player_reaches_no_moderation_route(web: TestClient) -> None:
    player, _ = browser(web, "Pia")
    for path in MODERATION_GETS:
        assert player.get(path).status_code == 403, path
    for path, body in MODERATION_POSTS:
        r = player.post(path, json=body, headers=csrf(player))
        assert r.status_code == 403, path
        assert r.json()["error"]
    guest = TestClient(web.app, base_url=str(web.base_url))
    assert guest.get("/api/moderation/reports").status_code == 401


def test_a_moderator_needs_the_csrf_token(web: TestClient) -> None:
    mod, _ = make_moderator(web, "Mo")
    _, sam = browser(web, "Sam")
    body = {"player": sam["player"], "kind": "ban", "hours": 1, "reason": "spam"}
    assert mod.post("/api/moderation/sanctions", json=body).status_code == 403
    assert mod.get("/api/moderation/log").json()["entries"][0]["action"] == "grant"  # nothing more logged


def test_no_route_grants_a_role(web: TestClient) -> None:
    mod, _ = make_moderator(web, "Mo")
    paths = list(web.get("/openapi.json").json()["paths"])
    assert "/api/moderation/sanctions" in paths
    assert not [p for p in paths if "grant" in p or "role" in p]
    assert mod.get("/api/account").json()["roles"] == ["moderator"]


def test_a_mute_stops_chat_in_every_room_with_its_reason_and_end_until_lifted(web: TestClient) -> None:
    mod, _ = make_moderator(web, "Mo")
    sam_web, sam = browser(web, "Sam")
    body = {"player": sam["player"], "kind": "mute", "hours": 1, "reason": "insults"}
    r = mod.post("/api/moderation/sanctions", json=body, headers=csrf(mod))
    assert r.status_code == 200, r.text
    shown = sam_web.get("/api/account").json()["sanction"]
    assert shown["kind"] == "mute" and shown["reason"] == "insults" and shown["until"]
    table = create(web, [person("Ann"), bot()])
    for room in ("lobby", table["id"]):
        with web.websocket_connect(f"/ws/chat/{room}", headers=cookie(sam_web)) as ws:
            assert ws.receive_json()["type"] == "history"
            ws.send_json({"type": "say", "text": "hello"})
            refused = ws.receive_json()
            assert refused["code"] == "muted" and refused["reason"] == "insults"
            assert refused["until"] == shown["until"]
    r = mod.post("/api/moderation/lift", json={"player": sam["player"], "reason": "served"}, headers=csrf(mod))
    assert r.json() == {"lifted": 1}
    assert sam_web.get("/api/account").json()["sanction"] is None
    moderation_of(web)._sanctions.clear()  # the process's cache of a few seconds
    with web.websocket_connect("/ws/chat/lobby", headers=cookie(sam_web)) as ws:
        ws.receive_json()
        ws.send_json({"type": "say", "text": "sorry"})
        assert ws.receive_json()["type"] == "said"
    actions = [e["action"] for e in mod.get("/api/moderation/log").json()["entries"]]
    assert actions[:2] == ["lift", "mute"]


def test_a_ban_keeps_a_player_from_open_seats_and_shows_in_their_history(web: TestClient) -> None:
    mod, _ = make_moderator(web, "Mo")
    sam_web, sam = browser(web, "Sam")
    body = {"player": sam["player"], "kind": "ban", "reason": "cheating"}
    assert mod.post("/api/moderation/sanctions", json=body, headers=csrf(mod)).status_code == 200
    table = new_listed_table(web, [{"kind": "person"}, {"kind": "person"}], open_seats=True)
    r = sam_web.post(f"/api/tables/{table['id']}/seats/1/join", headers=csrf(sam_web))
    assert r.status_code == 403 and "cheating" in r.json()["error"]
    page = mod.get(f"/api/moderation/players/{sam['player']}").json()
    assert page["sanction"]["kind"] == "ban" and page["sanction"]["until"] is None
    assert [e["action"] for e in page["log"]] == ["ban"] and page["log"][0]["by"].startswith("Mo ")


def test_a_report_carries_the_messages_before_it_and_leaves_the_queue_once_handled(web: TestClient) -> None:
    mod, _ = make_moderator(web, "Mo")
    sam_web, sam = browser(web, "Sam")
    pia_web, _ = browser(web, "Pia")
    with (
        web.websocket_connect("/ws/chat/lobby", headers=cookie(sam_web)) as s,
        web.websocket_connect("/ws/chat/lobby", headers=cookie(pia_web)) as p,
    ):
        s.receive_json(), p.receive_json()
        for text in ("first", "second", "rude words"):
            s.send_json({"type": "say", "text": text})
            said = p.receive_json()
            s.receive_json()
        p.send_json({"type": "report", "id": said["id"]})
        assert p.receive_json()["type"] == "reported"
    queue = mod.get("/api/moderation/reports").json()["reports"]
    assert len(queue) == 1 and queue[0]["text"] == "rude words" and queue[0]["player"] == sam["player"]
    assert [m["text"] for m in queue[0]["context"]] == ["first", "second"]
    assert "reporter_key" not in queue[0]
    r = mod.post("/api/moderation/reports/handle", json={"report": queue[0]["id"]}, headers=csrf(mod))
    assert r.status_code == 200
    assert mod.get("/api/moderation/reports").json()["reports"] == []
    assert len(mod.get("/api/moderation/reports?open=false").json()["reports"]) == 1


def test_a_blocked_players_chat_is_not_shown_and_open_seats_keep_them_apart(web: TestClient) -> None:
    sam_web, sam = browser(web, "Sam")
    pia_web, pia = browser(web, "Pia")
    r = pia_web.post("/api/account/blocks", json={"player": sam["player"]}, headers=csrf(pia_web))
    assert r.status_code == 200
    assert [b["name"] for b in pia_web.get("/api/account/blocks").json()["blocks"]] == ["Sam"]
    ann_web, _ = browser(web, "Ann")
    with (
        web.websocket_connect("/ws/chat/lobby", headers=cookie(sam_web)) as s,
        web.websocket_connect("/ws/chat/lobby", headers=cookie(pia_web)) as p,
        web.websocket_connect("/ws/chat/lobby", headers=cookie(ann_web)) as a,
    ):
        s.receive_json(), p.receive_json(), a.receive_json()
        s.send_json({"type": "say", "text": "from Sam"})
        a.send_json({"type": "say", "text": "from Ann"})
        assert p.receive_json()["text"] == "from Ann"  # Sam's came first and was not shown
    table = new_listed_table(web, [{"kind": "person"}, {"kind": "person"}], open_seats=True)
    assert sam_web.post(f"/api/tables/{table['id']}/seats/0/join", headers=csrf(sam_web)).status_code == 200
    r = pia_web.post(f"/api/tables/{table['id']}/seats/1/join", headers=csrf(pia_web))
    assert r.status_code == 403 and r.json()["error"]
    body = {"player": sam["player"], "block": False}
    assert pia_web.post("/api/account/blocks", json=body, headers=csrf(pia_web)).status_code == 200
    assert pia_web.post(f"/api/tables/{table['id']}/seats/1/join", headers=csrf(pia_web)).status_code == 200
    assert pia["name"] == "Pia"


def test_rename_close_and_hide_are_done_and_logged(web: TestClient) -> None:
    mod, _ = make_moderator(web, "Mo")
    sam_web, sam = browser(web, "Sam")
    body = {"player": sam["player"], "name": "Samuel", "reason": "offensive name"}
    assert mod.post("/api/moderation/rename-account", json=body, headers=csrf(mod)).status_code == 200
    assert sam_web.get("/api/account").json()["name"] == "Samuel"
    table = new_listed_table(web, [{"kind": "person", "name": "Rude"}, {"kind": "person"}], open_seats=True)
    body = {"table": table["id"], "seat": 0, "name": "Player", "reason": "offensive seat name"}
    assert mod.post("/api/moderation/rename-seat", json=body, headers=csrf(mod)).status_code == 200
    assert web.get(f"/api/tables/{table['id']}").json()["seats"][0]["name"] == "Player"
    assert [t["table"]["id"] for t in web.get("/api/lobby/open").json()["tables"]] == [table["id"]]
    body = {"table": table["id"], "reason": "spam listing"}
    assert mod.post("/api/moderation/hide-listing", json=body, headers=csrf(mod)).status_code == 200
    assert web.get("/api/lobby/open").json()["tables"] == []
    assert mod.post("/api/moderation/close-table", json=body, headers=csrf(mod)).status_code == 200
    assert web.get(f"/api/tables/{table['id']}").json()["status"] == "abandoned"
    assert mod.post("/api/moderation/close-table", json=body, headers=csrf(mod)).status_code == 409
    actions = [e["action"] for e in mod.get("/api/moderation/log").json()["entries"]]
    assert actions[:4] == ["close", "hide", "rename_seat", "rename"]


def test_a_banned_bot_accepts_no_invitation_and_a_muted_keeper_does_not_chat_as_its_seat(web: TestClient) -> None:
    mod, _ = make_moderator(web, "Mo")
    sign_up(web, "Ann")
    make_bot(web, "Robo")
    token = make_token(web, "Robo")
    robo = moderation_of(web).find("Robo")
    assert robo is not None
    body = {"player": robo.player, "kind": "ban", "hours": 2, "reason": "a broken bot"}
    assert mod.post("/api/moderation/sanctions", json=body, headers=csrf(mod)).status_code == 200
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), {"kind": "person"}]}).json()
    r = web.post(f"/api/tables/{table['id']}/seats/1/invite", json={"creator": table["creator"], "bot": "Robo"})
    assert r.status_code == 200
    api = TestClient(web.app, base_url=str(web.base_url))
    r = api.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=bearer(token))
    assert r.status_code == 403 and "a broken bot" in r.json()["error"]

    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert web.post("/api/account/seats", json=claim, headers=csrf(web)).status_code == 200
    ann = moderation_of(web).find("Ann")
    assert ann is not None
    body = {"player": ann.player, "kind": "mute", "reason": "spam"}
    assert mod.post("/api/moderation/sanctions", json=body, headers=csrf(mod)).status_code == 200
    guest = TestClient(web.app, base_url=str(web.base_url))  # the seat's link, not signed in
    with guest.websocket_connect(f"/ws/chat/{table['id']}?seat=0&token={table['seats'][0]['token']}") as ws:
        assert ws.receive_json()["you"]["key"] == "s:0"
        ws.send_json({"type": "say", "text": "hello"})
        refused = ws.receive_json()
        assert refused["code"] == "muted" and refused["until"] is None and refused["reason"] == "spam"
