"""Undo across two `ra serve` processes on one PostgreSQL database, rung over Redis: a bid taken back on one process
is seen by the other's client, both processes then hold the same game, and the next player's action goes on."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from processes import Pair
from test_scale_play import create_table, stored_moves, token
from websockets.asyncio.client import ClientConnection, connect


async def state_at(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The next `state` at `seq` or later (errors fail the test)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
        assert message["type"] != "error", message
        if message["type"] == "state" and message["seq"] >= seq:
            return dict(message)


async def error_of(ws: ClientConnection) -> dict[str, Any]:
    """The next error (states skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
        if message["type"] == "error":
            return dict(message)


def test_an_undo_on_one_process_is_seen_on_the_other(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    table = create_table(a, "ra", [{"kind": "person"}, {"kind": "person"}])
    first = int(httpx.get(f"{a.base}/api/tables/{table['id']}/view", timeout=10).json()["view"]["current_player"])
    second = 1 - first

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        url = "{}/ws/{}?seat={}&token={}"
        async with (
            connect(url.format(a.ws, table["id"], first, token(table, first))) as on_a,
            connect(url.format(b.ws, table["id"], second, token(table, second))) as on_b,
        ):
            await state_at(on_a, 0)
            await state_at(on_b, 0)
            await on_a.send(json.dumps({"type": "action", "seq": 0, "move": "ra"}))
            seen = await state_at(on_b, 1)  # the invoke, heard on B
            bid = next(x["notation"] for x in seen["view"]["legal_actions"] if x["notation"].startswith("bid:"))
            await on_b.send(json.dumps({"type": "action", "seq": 1, "move": bid}))
            offered = await state_at(on_a, 2)
            assert offered["undo"] == {"player": second, "seq": 2}  # A offers B's seat the undo it made there
            await on_b.send(json.dumps({"type": "undo", "seq": 2}))
            after_b = await state_at(on_b, 3)
            after_a = await state_at(on_a, 3)
            assert after_a["log"] == after_b["log"] and after_a["log"][-1]["undoes"] == 2
            assert after_a["undo"] is None and after_b["undo"] is None
            # Process A refuses the invoke's undo, having caught up with B's steps.
            await on_a.send(json.dumps({"type": "undo", "seq": 3}))
            refusal = await error_of(on_a)
            assert refusal["code"] == "illegal" and refusal["text"]["m"].startswith("the next player has acted")
            # The bidder decides again on the other process: the game goes on from the state before the bid.
            await on_b.send(json.dumps({"type": "action", "seq": 3, "move": "pass"}))
            return await state_at(on_a, 4), after_b

    final, after_undo = asyncio.run(scenario())
    assert final["log"][-1]["notation"] == "pass" and final["log"][-1]["player"] == second
    moves = stored_moves(scale_pair.database_url, table["id"])
    assert [(m.seq, m.undoes) for m in moves] == [(1, None), (2, None), (3, 2), (4, None)]
    views = [httpx.get(f"{s.base}/api/tables/{table['id']}/view", timeout=10).json() for s in (a, b)]
    assert views[0] == views[1] and views[0]["seq"] == 4
    assert after_undo["view"]["legal_actions"] and after_undo["view"]["viewer"] == second
