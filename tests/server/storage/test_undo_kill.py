"""`kill -9` around an undo: an acknowledged undo survives it, one in flight is either stored whole or not at all,
and the restarted server rebuilds the very game its stored steps replay to (ra serve on SQLite, a subprocess)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from processes import Server, ready
from services import free_port
from websockets.asyncio.client import ClientConnection, connect

from ra.server.storage.sql import SqlStorage


async def state_at(ws: ClientConnection, seq: int) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
        assert message["type"] != "error", message
        if message["type"] == "state" and message["seq"] >= seq:
            return dict(message)


async def scenario(server: Server) -> None:
    base = f"http://127.0.0.1:{server.port}"
    await ready(base)
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
        table = (await client.post("/api/tables", json={"game": "ra", "seats": seats})).json()
        first = (await client.get(f"/api/tables/{table['id']}/view")).json()["view"]["current_player"]
    second = 1 - first

    def url(seat: int) -> str:
        return f"ws://127.0.0.1:{server.port}/ws/{table['id']}?seat={seat}&token={table['seats'][seat]['token']}"

    async with connect(url(first)) as ann, connect(url(second)) as bob:
        await state_at(ann, 0)
        await ann.send(json.dumps({"type": "action", "seq": 0, "move": "ra"}))
        before_bid = await state_at(bob, 1)
        bid = next(x["notation"] for x in before_bid["view"]["legal_actions"] if x["notation"].startswith("bid:"))
        await bob.send(json.dumps({"type": "action", "seq": 1, "move": bid}))
        await state_at(bob, 2)
        await bob.send(json.dumps({"type": "undo", "seq": 2}))
        acknowledged = await state_at(bob, 3)
        server.kill()  # right after the undo was acknowledged
    server.start()
    await ready(base)
    async with connect(url(second)) as bob:
        again = await state_at(bob, 3)
        assert again["seq"] == 3 and again["log"] == acknowledged["log"] and again["view"] == acknowledged["view"]
        assert again["view"] == {**before_bid["view"]}
        await bob.send(json.dumps({"type": "action", "seq": 3, "move": bid}))
        await state_at(bob, 4)
        await bob.send(json.dumps({"type": "undo", "seq": 4}))
        server.kill()  # the undo in flight
    server.start()
    await ready(base)
    async with connect(url(second)) as bob:
        last = await state_at(bob, 4)
        assert last["seq"] in (4, 5)
        if last["seq"] == 5:  # stored before the kill: the game is the one before the bid again
            assert last["log"][-1]["undoes"] == 4 and last["view"] == {**before_bid["view"]}
        else:
            assert last["log"][-1]["notation"] == bid and last["undo"] == {"player": second, "seq": 4}
    storage = SqlStorage.in_dir(server.data)
    try:
        steps = [(m.seq, m.undoes) for m in storage.moves(table["id"])]
    finally:
        storage.close()
    assert steps[:4] == [(1, None), (2, None), (3, 2), (4, None)] and steps[4:] in ([], [(5, 4)])


@pytest.mark.slow
def test_kill_9_around_an_undo_loses_nothing_acknowledged(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "data")
    server.start()
    try:
        asyncio.run(scenario(server))
    finally:
        server.stop()
