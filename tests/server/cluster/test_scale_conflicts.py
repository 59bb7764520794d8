"""Conflicting actions sent to two server processes at the same instant (100 rounds): exactly one applies each time,
the other is answered `stale`, and both processes then show the same table."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
from processes import Pair
from websockets.asyncio.client import connect

from ra.server.storage.sql import SqlStorage

ROUNDS = 100


class Conn:
    """One WebSocket of a seat, its messages read into a queue."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())
        self.state: dict[str, Any] = {}

    async def _read(self) -> None:
        async for raw in self.ws:
            await self.queue.put(json.loads(raw))

    async def until(self, seq: int, errors: list[str]) -> dict[str, Any]:
        """Read until a state at `seq` or later (noting every error on the way); that state."""
        if self.state and self.state["seq"] >= seq:
            return self.state
        while True:
            message = await asyncio.wait_for(self.queue.get(), timeout=10)
            if message["type"] == "error":
                errors.append(message["code"])
            elif message["type"] == "state":
                self.state = message
                if message["seq"] >= seq:
                    return message

    async def late_errors(self, errors: list[str], seconds: float) -> None:
        """Note the errors that arrive within `seconds`."""
        try:
            async with asyncio.timeout(seconds):
                while True:
                    message = await self.queue.get()
                    if message["type"] == "error":
                        errors.append(message["code"])
                        return
        except TimeoutError:
            pass


async def rounds_on(pair: Pair, rng: random.Random, wanted: int, storage: SqlStorage) -> int:
    """Play rounds on one new two-player table until it ends or `wanted` rounds are done; how many were played."""
    a, b = pair.servers
    async with httpx.AsyncClient(timeout=10) as client:
        r = await client.post(f"{a.base}/api/tables", json={"game": "ra", "seats": [{"kind": "person"}] * 2})
        table = r.json()
    urls = {
        (seat, server.port): f"{server.ws}/ws/{table['id']}?seat={seat}&token={table['seats'][seat]['token']}"
        for seat in (0, 1)
        for server in (a, b)
    }
    sockets = [await connect(url, max_size=2**24) for url in urls.values()]
    conns = dict(zip(urls, (Conn(ws) for ws in sockets), strict=True))
    played, seq = 0, 0
    try:
        while played < wanted:
            states = [await conn.until(seq, []) for conn in conns.values()]
            assert len({s["seq"] for s in states}) == 1, "both processes show the table at the same seq"
            if states[0]["table"]["status"] == "finished":
                return played
            seat = states[0]["view"]["current_player"]
            mine = [conns[(seat, a.port)], conns[(seat, b.port)]]
            legal = [s["view"]["legal_actions"] for s in (mine[0].state, mine[1].state)]
            actions = [rng.choice(legal[0])["id"], rng.choice(legal[1])["id"]]
            await asyncio.gather(
                *(
                    c.ws.send(json.dumps({"type": "action", "seq": seq, "action": x}))
                    for c, x in zip(mine, actions, strict=True)
                )
            )
            errors: list[str] = []
            await asyncio.gather(*(c.until(seq + 1, errors) for c in mine))
            if not errors:  # the loser is shown the winner's move first, then told its own was stale
                waits = [asyncio.create_task(c.late_errors(errors, 3)) for c in mine]
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                for wait in waits:
                    wait.cancel()
            assert errors == ["stale"], f"round {played}: exactly one action applies, the other is stale: {errors}"
            moves = storage.moves(table["id"])
            assert len(moves) == seq + 1 and moves[-1].action in actions and moves[-1].player == seat
            played, seq = played + 1, seq + 1
        return played
    finally:
        for conn in conns.values():
            conn.reader.cancel()
            await conn.ws.close()


def test_conflicting_actions_on_two_processes_apply_exactly_once(scale_pair: Pair) -> None:
    storage = SqlStorage(scale_pair.database_url)
    rng = random.Random(11)

    async def play() -> int:
        done = 0
        while done < ROUNDS:
            done += await rounds_on(scale_pair, rng, ROUNDS - done, storage)
        return done

    try:
        assert asyncio.run(play()) == ROUNDS
    finally:
        storage.close()
