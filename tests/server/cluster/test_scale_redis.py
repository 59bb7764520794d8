"""Redis restarted mid-game (its doorbells lost while it is away): the processes say they are not ready meanwhile,
clients on both processes resync from the database and finish; nothing is lost or doubled."""

from __future__ import annotations

import asyncio
import random

import httpx
from processes import Pair
from test_scale_play import Player, check_record, create_table, token


def test_a_redis_restart_mid_game_loses_and_doubles_nothing(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    redis = scale_pair.redis
    table = create_table(b, "write", [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}])
    players = [
        Player(table["id"], 0, token(table, 0), [a.ws, b.ws], random.Random(3)),
        Player(table["id"], 2, token(table, 2), [b.ws, a.ws], random.Random(4)),
    ]
    readiness: list[int] = []
    seqs: list[int] = []  # the table's seq when Redis stopped, and when it was back

    async def restart_redis_mid_game() -> None:
        while min(len(p.seen) for p in players) < 10:
            await asyncio.sleep(0.02)
        await asyncio.to_thread(redis.stop)
        async with httpx.AsyncClient(timeout=10) as client:
            seqs.append((await client.get(f"{b.base}/api/tables/{table['id']}")).json()["seq"])
            readiness.append((await client.get(f"{a.base}/readyz")).status_code)
            await asyncio.sleep(1.0)  # moves go on meanwhile, unrung
            await asyncio.to_thread(redis.start)
            seqs.append((await client.get(f"{b.base}/api/tables/{table['id']}")).json()["seq"])
            for _ in range(100):
                readiness.append((await client.get(f"{a.base}/readyz")).status_code)
                if readiness[-1] == 200:
                    break
                await asyncio.sleep(0.1)

    async def play() -> None:
        restart = asyncio.create_task(restart_redis_mid_game())
        await asyncio.gather(*(player.play() for player in players))
        await restart

    asyncio.run(play())
    moves = check_record(scale_pair.database_url, table["id"], players)
    assert readiness[0] == 503 and readiness[-1] == 200, readiness
    assert seqs[0] < seqs[1] < len(moves), f"moves while Redis was away and after it came back: {seqs}"
    finals = [player.final for player in players]
    assert finals[0] is not None and finals[1] is not None
    assert finals[0]["log"] == finals[1]["log"] and finals[0]["seq"] == len(moves)
