"""Bots play server-side: whole games to the end, records that replay, replay steps; simultaneous choices."""

from __future__ import annotations

from app_helpers import bots_in_threads
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, wait_status, ws_url

from ra.games import replay


def test_three_random_bots_finish_and_the_record_replays(client: TestClient) -> None:
    table = create(client, [bot(), bot(), bot()])
    summary = wait_status(client, table["id"])
    with client.websocket_connect(ws_url(table)) as ws:
        final = read_until(ws, summary["seq"])
    result = final["view"]["result"]
    assert result is not None and result["winners"]
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["game"] == "ra" and len(record["moves"]) == summary["seq"]
    assert "seed" not in record and "order" not in record
    replayed = replay(record)
    assert replayed.is_terminal()
    assert replayed.scores() == result["scores"]
    assert replayed.winners() == result["winners"]
    assert len(final["log"]) == summary["seq"]


def test_replay_endpoint_gives_a_view_per_step(client: TestClient) -> None:
    table = create(client, [bot(), bot()])
    summary = wait_status(client, table["id"])
    steps = client.get(f"/api/tables/{table['id']}/replay").json()["steps"]
    assert len(steps) == summary["seq"] + 1
    assert steps[0]["seq"] == 0 and steps[0]["move"] is None and steps[0]["view"]["viewer"] is None
    assert [s["seq"] for s in steps] == list(range(summary["seq"] + 1))
    assert steps[1]["move"]["seq"] == 1 and steps[1]["move"]["text"]
    assert steps[-1]["view"]["result"] is not None
    assert all(s["view"]["legal_actions"] == [] for s in steps)


def test_bots_wait_for_the_person_and_then_play_on(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot(), bot()])
    with client.websocket_connect(ws_url(table, 0)) as ws:
        state = read_until(ws, 0)
        while state["table"]["status"] != "finished":
            if state["view"]["legal_actions"]:
                seq = state["seq"]
                ws.send_json({"type": "action", "seq": seq, "action": state["view"]["legal_actions"][-1]["id"]})
                state = read_until(ws, seq + 1)
            else:
                state = read_until(ws, state["seq"] + 1)
            # whenever the state settles, it is Ann's turn or the end: bots never wait for nothing
        assert state["view"]["result"] is not None


def test_simultaneous_choices_each_person_for_their_own_seat(client: TestClient, fake_game: str) -> None:
    bots_in_threads(client)  # the worker processes do not know the test game
    table = create(client, [person("Ann"), person("Bob"), bot()], game=fake_game, rounds=2)
    with client.websocket_connect(ws_url(table, 0)) as ann, client.websocket_connect(ws_url(table, 1)) as bob:
        a, b = read_until(ann, 0), read_until(bob, 0)
        assert a["view"]["legal_actions"] and b["view"]["legal_actions"]
        seq = max(a["seq"], b["seq"])
        # both choose having seen the same seq: the second is not stale, it is a different seat's open decision
        ann.send_json({"type": "action", "seq": seq, "action": 2})
        bob.send_json({"type": "action", "seq": seq, "action": 1})
        state = read_until(ann, 3)
        assert state["view"]["round"] == 1 and state["view"]["scores"][:2] == [2, 1]
        ann.send_json({"type": "action", "seq": seq, "action": 2})  # repeated: never applies twice
        error = ann.receive_json()
        while error["type"] == "state":
            error = ann.receive_json()
        assert error["code"] == "stale"
        ann.send_json({"type": "action", "seq": 3, "action": 0})
        ann.send_json({"type": "action", "seq": 3, "action": 0})  # Ann already chose this round
        error = ann.receive_json()
        while error["type"] == "state":
            error = ann.receive_json()
        assert error["code"] in ("stale", "not_your_turn")
        bob.send_json({"type": "action", "seq": 4, "action": 1})
        final = read_until(bob, 6)
    assert final["table"]["status"] == "finished"
    assert final["view"]["scores"][:2] == [2, 2]
    assert len(client.app.state.service.storage.moves(table["id"])) == 6  # type: ignore[attr-defined]
