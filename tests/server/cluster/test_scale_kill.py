"""`kill -9` one of two server processes mid-game, while it holds the bot's turn: its client reconnects to the
other process and finishes; no acknowledged move is lost or doubled; the other process takes the bot's turn over
once its lease expires."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx
from processes import Serve
from services import Postgres, RedisServer, free_port
from test_scale_play import Player, check_record, create_table, token

LEASE = 2.0
MID_GAME = 12


def test_kill_9_mid_game_its_clients_finish_elsewhere_and_its_bot_turn_is_taken_over(
    postgres: Postgres, redis_server: RedisServer, tmp_path: Path
) -> None:
    url = postgres.new_database()
    common = ("--bot-workers", "0", "--lease-seconds", str(LEASE), "--resync-seconds", "0.5")
    # The doomed process's bots wait a minute before acting: a bot turn it takes stays pending until the kill.
    doomed = Serve(free_port(), url, redis_server.url, tmp_path / "doomed.log", ("--bot-delay", "60", *common))
    survivor = Serve(free_port(), url, redis_server.url, tmp_path / "survivor.log", ("--bot-delay", "0.01", *common))
    try:
        for server in (doomed, survivor):
            server.start()
        for server in (doomed, survivor):
            server.wait_ready()
        # Seat 0 hands the turn to the bot (seat 1); the process that took seat 0's move then holds the bot's turn.
        table = create_table(survivor, "ra", [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}])
        players = [
            Player(table["id"], 0, token(table, 0), [survivor.ws, doomed.ws, survivor.ws], random.Random(1)),
            Player(table["id"], 2, token(table, 2), [survivor.ws], random.Random(2)),
        ]
        players[0].move_on_at = MID_GAME  # from then on the bot turns it hands over are the doomed process's
        moved_after: list[int] = []

        async def kill_when_the_bot_waits_on_it() -> None:
            async with httpx.AsyncClient(base_url=survivor.base, timeout=10) as client:
                while True:
                    view = (await client.get(f"/api/tables/{table['id']}/view")).json()
                    if view["seq"] > MID_GAME and view["view"]["current_player"] == 1:
                        await asyncio.sleep(1.0)
                        again = (await client.get(f"/api/tables/{table['id']}/view")).json()
                        if again["seq"] == view["seq"]:  # the bot waits: its turn is the doomed process's
                            doomed.kill()
                            moved_after.append(view["seq"])
                            return
                    await asyncio.sleep(0.05)

        async def play() -> None:
            killer = asyncio.create_task(kill_when_the_bot_waits_on_it())
            await asyncio.gather(*(player.play() for player in players))
            assert killer.done(), "the game ended before the bot waited on the doomed process"

        asyncio.run(play())
        moves = check_record(url, table["id"], players)  # every move a client saw is stored, once, in order
        assert players[0].reconnects >= 2, "seat 0 moved to the doomed process, then back to the survivor"
        bot_move = next(m for m in moves if m.seq == moved_after[0] + 1)
        assert bot_move.player == 1, "the pending bot turn was played (by the survivor) after the kill"
        assert all(p.final is not None and p.final["seq"] == len(moves) for p in players)
    finally:
        doomed.stop()
        survivor.stop()
