"""Restart: a new app on the same data dir rebuilds every game identically, play goes on, bot turns resume."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, wait_status, ws_url


def full_state(client: TestClient, table_id: str) -> dict[str, Any]:
    """The live game's full state (server side only)."""
    service = client.app.state.service  # type: ignore[attr-defined]
    return dict(service.tables[table_id].state.to_json())


def test_restart_rebuilds_the_identical_state_and_play_goes_on(data_dir: Path) -> None:
    rng = random.Random(7)
    with TestClient(app_with(data_dir)) as client:
        table = create(client, [person("Ann"), person("Bob"), person("Cy")])
        sockets = [client.websocket_connect(ws_url(table, seat)) for seat in range(3)]
        try:
            opened = [s.__enter__() for s in sockets]
            latest = [read_until(ws, 0) for ws in opened]

            def at(seat: int, seq: int) -> dict[str, Any]:
                if latest[seat]["seq"] < seq:
                    latest[seat] = read_until(opened[seat], seq)
                return latest[seat]

            for seq in range(12):
                turn = at(0, seq)["view"]["current_player"]
                action = rng.choice(at(turn, seq)["view"]["legal_actions"])["id"]
                opened[turn].send_json({"type": "action", "seq": seq, "action": action})
            last = at(0, 12)
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
        before = full_state(client, table["id"])
        summary = client.get(f"/api/tables/{table['id']}").json()
    with TestClient(app_with(data_dir)) as client:
        assert client.get(f"/api/tables/{table['id']}").json() == summary
        assert full_state(client, table["id"]) == before
        turn = last["view"]["current_player"]
        with client.websocket_connect(ws_url(table, turn)) as ws:
            again = read_until(ws, 12)
            assert again["seq"] == 12 and again["log"] == last["log"]
            assert again["view"]["current_player"] == turn and again["view"]["legal_actions"]
            ws.send_json({"type": "action", "seq": 12, "action": again["view"]["legal_actions"][0]["id"]})
            assert read_until(ws, 13)["seq"] == 13
    with TestClient(app_with(data_dir)) as client:
        assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 13


def test_pending_bot_turns_resume_after_restart(data_dir: Path) -> None:
    with TestClient(app_with(data_dir, bot_delay=3600)) as client:  # the bots never get to act here
        table = create(client, [bot(), bot(), bot()])
        assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 0
    with TestClient(app_with(data_dir)) as client:
        summary = wait_status(client, table["id"], "finished")
        assert summary["seq"] > 50


def test_storage_has_one_row_per_accepted_action(data_dir: Path) -> None:
    with TestClient(app_with(data_dir)) as client:
        table = create(client, [bot(), bot()])
        summary = wait_status(client, table["id"])
        storage = client.app.state.service.storage  # type: ignore[attr-defined]
        moves = storage.moves(table["id"])
        assert [m.seq for m in moves] == list(range(1, summary["seq"] + 1))
        record = client.get(f"/api/tables/{table['id']}/record").json()
        assert [m["action"] for m in record["moves"]] == [m.notation for m in moves]
