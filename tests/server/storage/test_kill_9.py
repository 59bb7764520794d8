"""`kill -9`: a server with live clients and bots, killed 10 times at random moments, loses and doubles nothing."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from processes import Server, ready
from services import free_port
from websockets.asyncio.client import connect

from ra.games import game_module
from ra.server.storage.sql import SqlStorage

KILLS = 10
Seen = dict[tuple[str, int], tuple[int, str]]  # (table, seq) -> (player, notation) of every log entry a client saw


def note(seen: Seen, table_id: str, log: list[dict[str, Any]]) -> None:
    """Record the log entries of a state; the same seq must always show the same move."""
    for entry in log:
        key, move = (table_id, entry["seq"]), (entry["player"], entry["notation"])
        assert seen.setdefault(key, move) == move, f"{key}: {seen[key]} became {move} after a restart"


async def person(url: str, table_id: str, seen: Seen, rng: random.Random, stop: float) -> None:
    """A player who acts at random whenever it is their turn, and reconnects whenever the server went away."""
    while time.monotonic() < stop:
        try:
            async with connect(url, open_timeout=5, close_timeout=1, max_size=2**24) as ws:
                while time.monotonic() < stop:
                    message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic())))
                    if message["type"] != "state":
                        continue
                    note(seen, table_id, message["log"])
                    if message["table"]["status"] == "finished":
                        return
                    legal = message["view"]["legal_actions"]
                    if legal:
                        action = rng.choice(legal)["id"]
                        await ws.send(json.dumps({"type": "action", "seq": message["seq"], "action": action}))
        except (OSError, TimeoutError, Exception):
            await asyncio.sleep(0.05)


async def scenario(server: Server, rng: random.Random) -> tuple[Seen, list[str], list[str], dict[str, int]]:
    """Create tables, play with clients while the server is killed and restarted; what the clients saw."""
    base = f"http://127.0.0.1:{server.port}"
    await ready(base)
    people: list[tuple[str, int, str]] = []
    robots: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        for _ in range(3):
            seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "greedy"}]
            r = (await client.post("/api/tables", json={"game": "ra", "seats": seats})).json()
            people += [(r["id"], s["seat"], s["token"]) for s in r["seats"] if "token" in s]
        for _ in range(2):
            seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
            robots.append((await client.post("/api/tables", json={"game": "ra", "seats": seats})).json()["id"])
    seen: Seen = {}
    stop = time.monotonic() + 600
    ws = f"ws://127.0.0.1:{server.port}/ws"
    clients = [
        asyncio.create_task(person(f"{ws}/{t}?seat={seat}&token={token}", t, seen, random.Random(rng.random()), stop))
        for t, seat, token in people
    ]
    for _ in range(KILLS):
        await asyncio.sleep(rng.uniform(0.3, 2.0))
        server.kill()
        server.start()
        await ready(base)
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        before = {t: (await client.get(f"/api/tables/{t}")).json()["seq"] for t in robots}
        await asyncio.sleep(2)
        after = {t: (await client.get(f"/api/tables/{t}")).json() for t in robots}
    moved = {t: after[t]["seq"] - before[t] for t in robots if after[t]["status"] != "finished"}
    for task in clients:
        task.cancel()
    await asyncio.gather(*clients, return_exceptions=True)
    return seen, [t for t, _, _ in people], robots, moved


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_kill_9_loses_no_acknowledged_move_and_doubles_none(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "data")
    server.start()
    try:
        seen, people, robots, moved = asyncio.run(scenario(server, random.Random(10)))
    finally:
        server.stop()
    assert all(count > 0 for count in moved.values()), f"bots stopped after the restarts: {moved}"
    storage = SqlStorage.in_dir(server.data)
    action_to_str = game_module("ra").action_to_str
    try:
        for table_id in {*people, *robots}:
            moves = storage.moves(table_id)
            assert [m.seq for m in moves] == list(range(1, len(moves) + 1))  # one move per seq, none doubled
            assert all(m.notation == action_to_str(m.action) for m in moves)
            row = storage.get_table(table_id)
            assert row is not None and row.seq == len(moves)
            stored = {(table_id, m.seq): (m.player, m.notation) for m in moves}
            shown = {key: move for key, move in seen.items() if key[0] == table_id}
            assert shown.items() <= stored.items(), "a move a client was shown is not in storage"
        assert len(seen) > 100
    finally:
        storage.close()
