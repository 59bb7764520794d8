"""Bounded memory: idle tables leave memory and come back on demand; replays are built once, off the loop, cached."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from app_helpers import app_with, bots_in_threads, random_choice, service_of, wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, wait_status, ws_url

from ra.server.bots.decisions import Decision
from ra.server.tables import rebuild
from ra.server.tables import service as tables


def test_idle_tables_leave_memory_and_come_back_on_demand(data_dir: Path) -> None:
    with TestClient(app_with(data_dir, idle_tables=2)) as client:
        service = service_of(client)
        finished = [create(client, [bot(), bot()]) for _ in range(5)]
        summaries = [wait_status(client, t["id"]) for t in finished]
        wait_for(lambda: len(service.tables) <= 2, 10, "finished tables to leave memory")
        for t in finished:  # reading old tables loads them, but does not keep them
            client.get(f"/api/tables/{t['id']}")
            client.get(f"/api/tables/{t['id']}/view")
            assert len(service.tables) <= 2
        again = [client.get(f"/api/tables/{t['id']}").json() for t in finished]
        assert again == summaries  # rebuilt from storage, identical
        assert client.get(f"/api/tables/{finished[0]['id']}/replay").status_code == 200
        assert len(service.tables) <= 2


def test_watched_tables_and_tables_with_a_bot_turn_stay_loaded(data_dir: Path) -> None:
    with TestClient(app_with(data_dir, idle_tables=0)) as client:
        service = service_of(client)
        thinking = threading.Event()

        def slow(task: Decision) -> int:
            thinking.wait(30)
            return random_choice(task)

        bots_in_threads(client, slow, deadline=60)
        others = [create(client, [person("Ann"), person("Bob")]) for _ in range(3)]
        watched = create(client, [person("Ann"), person("Bob")])
        playing = create(client, [bot(), bot()])
        with client.websocket_connect(ws_url(watched, 0)) as ws:
            read_until(ws, 0)
            for t in others:
                client.get(f"/api/tables/{t['id']}")
            assert watched["id"] in service.tables and playing["id"] in service.tables
            assert len(service.tables) == 3  # the two pinned ones and the one just read
        thinking.set()
        wait_status(client, playing["id"])
        client.get(f"/api/tables/{others[0]['id']}")
        wait_for(lambda: not service.bots.busy(playing["id"]), 10, "the bot runner to end")
        client.get(f"/api/tables/{others[1]['id']}")
        assert watched["id"] not in service.tables and playing["id"] not in service.tables


def test_a_replay_is_built_once_off_the_event_loop_and_cached(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[str] = []
    real = rebuild.replay_json

    def counting(*args: object) -> bytes:
        built.append(threading.current_thread().name)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(tables, "replay_json", counting)
    service = service_of(client)
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table, 0)) as ws:
        state = read_until(ws, 0)
        while state["table"]["status"] != "finished":
            if state["view"]["legal_actions"]:
                ws.send_json({"type": "action", "seq": state["seq"], "action": state["view"]["legal_actions"][0]["id"]})
            state = read_until(ws, state["seq"] + 1)
        loop_thread = client.portal.call(lambda: threading.current_thread().name)  # type: ignore[union-attr]

    async def together() -> list[bytes]:
        live = await service.get(table["id"])
        return list(await asyncio.gather(*(service.replay_json(live) for _ in range(6))))

    answers = client.portal.call(together)  # type: ignore[union-attr]
    assert len(set(answers)) == 1
    first = client.get(f"/api/tables/{table['id']}/replay").json()
    assert client.get(f"/api/tables/{table['id']}/replay").json() == first
    assert len(built) == 1 and built[0] != loop_thread
    assert first["steps"][0]["view"]["names"][0] == "Ann"
    client.post(f"/api/tables/{table['id']}/seats/0/name", json={"token": table["seats"][0]["token"], "name": "Anna"})
    renamed = client.get(f"/api/tables/{table['id']}/replay").json()
    assert renamed["steps"][-1]["view"]["names"][0] == "Anna" and len(built) == 2  # names changed: built again
