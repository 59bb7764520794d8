"""WebSocket protocol: states per seat, seq checks, errors that change nothing, tokens, reconnects, secrets."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import bot, create, no_secrets, person, read_until, seed_of, wait_status, ws_url
from starlette.websockets import WebSocketDisconnect


def error_of(ws: Any, code: str) -> dict[str, Any]:
    """The next message that is not a state update, which must be an error with `code`."""
    message = dict(ws.receive_json())
    while message["type"] == "state":
        message = dict(ws.receive_json())
    assert message["type"] == "error" and message["code"] == code, message
    assert message["message"]
    return message


def two_people(client: TestClient) -> tuple[dict[str, Any], int]:
    """A 2-person Ra table and the seat that acts first."""
    table = create(client, [person("Ann"), person("Bob")])
    first = client.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"]
    return table, int(first)


def test_each_seat_gets_its_own_view_and_every_seat_the_update(client: TestClient) -> None:
    table, first = two_people(client)
    with (
        client.websocket_connect(ws_url(table, first)) as me,
        client.websocket_connect(ws_url(table, 1 - first)) as other,
        client.websocket_connect(ws_url(table)) as spectator,
    ):
        state = read_until(me, 0)
        assert state["view"]["viewer"] == first and state["view"]["legal_actions"]
        assert state["table"]["id"] == table["id"] and state["log"] == []
        assert read_until(other, 0)["view"]["legal_actions"] == []
        assert read_until(spectator, 0)["view"]["viewer"] is None
        draw = next(a["id"] for a in state["view"]["legal_actions"] if a["notation"] == "draw")
        me.send_json({"type": "action", "seq": 0, "action": draw})
        for ws, viewer in ((me, first), (other, 1 - first), (spectator, None)):
            update = read_until(ws, 1)
            assert update["seq"] == 1 and update["view"]["viewer"] == viewer
            entry = update["log"][-1]
            assert entry["seq"] == 1 and entry["player"] == first and entry["notation"] == "draw"
            assert entry["name"] == ["Ann", "Bob"][first] and entry["text"].startswith(entry["name"] + " drew")
            assert len(entry["draws"]) == 1
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["seq"] == 1 and summary["status"] == "running"


def test_stale_or_repeated_action_is_not_applied_twice(client: TestClient) -> None:
    table, first = two_people(client)
    with client.websocket_connect(ws_url(table, first)) as ws:
        read_until(ws, 0)
        ws.send_json({"type": "action", "seq": 0, "action": 0})
        read_until(ws, 1)
        ws.send_json({"type": "action", "seq": 0, "action": 0})  # the same message again
        assert "seq" in error_of(ws, "stale")["message"]
        ws.send_json({"type": "action", "seq": 5, "action": 0})
        error_of(ws, "stale")
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 1
    assert len(client.app.state.service.storage.moves(table["id"])) == 1  # type: ignore[attr-defined]


def test_bad_messages_answer_an_error_and_change_nothing(client: TestClient) -> None:
    table, first = two_people(client)
    with (
        client.websocket_connect(ws_url(table, first)) as ws,
        client.websocket_connect(ws_url(table, 1 - first)) as other,
    ):
        state = read_until(ws, 0)
        read_until(other, 0)
        ws.send_text("{not json")
        error_of(ws, "bad_message")
        ws.send_text("[1, 2]")
        error_of(ws, "bad_message")
        ws.send_json({"type": "dance"})
        assert "dance" in error_of(ws, "bad_message")["message"]
        ws.send_json({"type": "action", "seq": 0, "action": "draw"})
        error_of(ws, "bad_message")
        ws.send_json({"type": "action", "action": 0})
        error_of(ws, "bad_message")
        legal = {a["id"] for a in state["view"]["legal_actions"]}
        illegal = next(i for i in range(100) if i not in legal)
        ws.send_json({"type": "action", "seq": 0, "action": illegal})
        error_of(ws, "illegal")
        ws.send_json({"type": "action", "seq": 0, "action": 10**6})
        error_of(ws, "illegal")
        other.send_json({"type": "action", "seq": 0, "action": 0})  # out of turn
        error_of(other, "not_your_turn")
        ws.send_bytes(b"\xff\xfe")
        error_of(ws, "bad_message")
        ws.send_json({"type": "ping"})
        message = ws.receive_json()
        while message["type"] == "state":
            message = ws.receive_json()
        assert message == {"type": "pong"}
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 0


def test_actions_by_notation(client: TestClient) -> None:
    table, first = two_people(client)
    with client.websocket_connect(ws_url(table, first)) as ws, client.websocket_connect(ws_url(table)) as spectator:
        state = read_until(ws, 0)
        read_until(spectator, 0)
        assert all(isinstance(a["notation"], str) for a in state["view"]["legal_actions"])
        ws.send_json({"type": "action", "seq": 0, "move": "bid:99"})
        assert "'bid:99' is not Ra notation" in error_of(ws, "bad_message")["message"]  # the engine's words
        ws.send_json({"type": "action", "seq": 0, "move": 13})
        error_of(ws, "bad_message")
        draw = next(a["id"] for a in state["view"]["legal_actions"] if a["notation"] == "draw")
        ws.send_json({"type": "action", "seq": 0, "move": "draw", "action": draw + 1})
        assert "differ" in error_of(ws, "bad_message")["message"]
        spectator.send_json({"type": "action", "seq": 0, "move": "draw"})
        error_of(spectator, "forbidden")
        ws.send_json({"type": "action", "seq": 0, "move": "draw"})
        update = read_until(ws, 1)
        assert update["log"][-1]["notation"] == "draw" and update["log"][-1]["player"] == first
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 1


def test_spectator_cannot_act_or_rename(client: TestClient) -> None:
    table, _ = two_people(client)
    with client.websocket_connect(ws_url(table)) as ws:
        read_until(ws, 0)
        ws.send_json({"type": "action", "seq": 0, "action": 0})
        error_of(ws, "forbidden")
        ws.send_json({"type": "rename", "name": "Eve"})
        error_of(ws, "forbidden")
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 0


@pytest.mark.parametrize("query", ["?seat=0&token=wrong", "?seat=0", "?seat=1&token={tok0}", "?seat=x&token=y"])
def test_wrong_token_is_refused(client: TestClient, query: str) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    path = f"/ws/{table['id']}" + query.format(tok0=table["seats"][0]["token"])
    with client.websocket_connect(path) as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["code"] in ("forbidden", "bad_message")
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert not any(s["taken"] for s in summary["seats"])


def test_missing_table_is_not_found(client: TestClient) -> None:
    with client.websocket_connect("/ws/nothing-here") as ws:
        assert error_of(ws, "not_found")
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_seats_are_taken_on_connect_and_renamed_live(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    with client.websocket_connect(ws_url(table, 0)) as ann:
        first = read_until(ann, 0)
        assert first["table"]["seats"][0]["taken"] and not first["table"]["seats"][1]["taken"]
        assert first["table"]["status"] == "open"
        with client.websocket_connect(ws_url(table, 1)) as bob:
            read_until(bob, 0)
            bob.send_json({"type": "rename", "name": "Robert"})
            while True:  # Ann sees Bob join (running) and then his new name
                update = read_until(ann, 0)
                if update["table"]["seats"][1]["name"] == "Robert":
                    break
            assert update["table"]["status"] == "running" and update["view"]["names"] == ["Ann", "Robert"]
            bob.send_json({"type": "rename", "name": ""})
            error_of(bob, "bad_message")


def test_reconnect_gets_the_current_state(client: TestClient) -> None:
    table, first = two_people(client)
    with client.websocket_connect(ws_url(table, first)) as ws:
        read_until(ws, 0)
        ws.send_json({"type": "action", "seq": 0, "action": 0})
        before = read_until(ws, 1)
    with client.websocket_connect(ws_url(table, first)) as again:
        after = read_until(again, 0)
    assert after["seq"] == 1 and after["view"] == before["view"] and after["log"] == before["log"]


def test_two_connections_of_one_seat_race_and_one_action_applies(client: TestClient) -> None:
    table, first = two_people(client)
    with (
        client.websocket_connect(ws_url(table, first)) as tab1,
        client.websocket_connect(ws_url(table, first)) as tab2,
    ):
        read_until(tab1, 0)
        read_until(tab2, 0)
        tab1.send_json({"type": "action", "seq": 0, "action": 0})
        tab2.send_json({"type": "action", "seq": 0, "action": 1})
        read_until(tab1, 1)
        read_until(tab2, 1)
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["seq"] == 1
    assert len(client.app.state.service.storage.moves(table["id"])) == 1  # type: ignore[attr-defined]


def test_a_whole_game_never_sends_a_secret(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table = create(client, [person("Ann"), bot(), person("Cy")], scores_visible=False)
    seed, rng = seed_of(client, table["id"]), random.Random(3)
    seen: list[dict[str, Any]] = []
    with (
        client.websocket_connect(ws_url(table, 0)) as ann,
        client.websocket_connect(ws_url(table, 2)) as cy,
        client.websocket_connect(ws_url(table)) as spectator,
    ):
        sockets = {0: ann, 2: cy}
        state = read_until(spectator, 0, seen)
        while state["table"]["status"] != "finished":
            seq, turn = state["seq"], state["view"]["current_player"]
            if turn in sockets:
                mine = read_until(sockets[turn], seq, seen)
                if mine["seq"] == seq:
                    action = rng.choice(mine["view"]["legal_actions"])["id"]
                    sockets[turn].send_json({"type": "action", "seq": seq, "action": action})
                    state = read_until(spectator, seq + 1, seen)
                    continue
            state = read_until(spectator, seq + 1, seen)
        final_seq = state["seq"]
        for ws in sockets.values():
            read_until(ws, final_seq, seen)
    assert state["view"]["result"] is not None
    assert len(seen) > final_seq
    for message in seen:
        no_secrets(message, seed)
    for path in ("", "/view", "/record", "/replay"):
        no_secrets(client.get(f"/api/tables/{table['id']}{path}").json(), seed)
    wait_status(client, table["id"])
    assert str(seed) not in caplog.text and table["seats"][0]["token"] not in caplog.text
