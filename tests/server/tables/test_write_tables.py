"""RA and Write on the same server code: bots finish, records replay, people choose simultaneously."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import bot, create, no_secrets, person, read_until, seed_of, wait_status, ws_url

from ra.games import replay


def test_write_bots_finish_and_the_record_replays(client: TestClient) -> None:
    table = create(client, [bot(), bot(), bot()], game="write")
    summary = wait_status(client, table["id"])
    final = client.get(f"/api/tables/{table['id']}/view").json()
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["game"] == "write" and len(record["moves"]) == summary["seq"]
    assert replay(record).scores() == final["view"]["result"]["scores"]


def test_write_people_and_a_bot_play_to_the_end(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob"), bot()], game="write")
    seed, rng = seed_of(client, table["id"]), random.Random(5)
    errors: list[dict[str, Any]] = []
    with (
        client.websocket_connect(ws_url(table, 0)) as ann,
        client.websocket_connect(ws_url(table, 1)) as bob,
        client.websocket_connect(ws_url(table)) as spectator,
    ):
        sockets, sent = {0: ann, 1: bob}, {0: -1, 1: -1}
        latest: dict[int, dict[str, Any]] = {}

        def at(seat: int, seq: int) -> dict[str, Any]:
            """The newest state of a seat's socket at `seq` or later (errors are noted and skipped)."""
            while seat not in latest or latest[seat]["seq"] < seq:
                message = sockets[seat].receive_json()
                if message["type"] == "error":
                    errors.append(message)
                    continue
                no_secrets(message, seed)
                latest[seat] = message
            return dict(latest[seat])

        state = read_until(spectator, 0)
        simultaneous = 0
        for _ in range(2000):
            if state["table"]["status"] == "finished":
                break
            seq = state["seq"]
            acting = [p for p in state["view"]["current_players"] if p in sockets]
            simultaneous += len(acting) == 2
            for seat in acting:
                mine = at(seat, seq)
                if mine["seq"] == seq and mine["view"]["legal_actions"] and sent[seat] < seq:
                    sent[seat] = seq
                    action = rng.choice(mine["view"]["legal_actions"])["id"]
                    sockets[seat].send_json({"type": "action", "seq": seq, "action": action})
            state = read_until(spectator, seq + 1)
        assert state["table"]["status"] == "finished"
        assert simultaneous > 0  # both people had a decision open at the same seq, and both were applied
    assert not [e for e in errors if e["code"] != "stale"], errors
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert replay(record).scores() == state["view"]["result"]["scores"]
