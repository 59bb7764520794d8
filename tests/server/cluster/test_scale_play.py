"""Two `ra serve` processes on one PostgreSQL database, rung over Redis: two people on different processes and a
bot play a whole game of each game; every client sees every move, in order, and both processes the same end.

`Player` (a person's client that reconnects elsewhere when its server goes away) serves the other test_scale_*.
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from processes import Pair, Serve
from websockets.asyncio.client import connect

from ra.server.storage.rows import MoveRow
from ra.server.storage.sql import SqlStorage


@dataclass
class Player:
    """A person's client: random legal actions whenever its view offers some, until the game ends; when its
    server goes away it connects to the next one of `servers` (as a load balancer would send it)."""

    table: str
    seat: int
    token: str
    servers: list[str]
    rng: random.Random
    seen: dict[int, str] = field(default_factory=dict)  # seq -> notation of every log entry it was shown
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    final: dict[str, Any] | None = None
    states: int = 0
    move_on_at: int | None = None  # once the table reaches this seq, connect to the next server (once)
    tls: ssl.SSLContext | None = None  # for wss:// servers whose certificate the system does not trust
    think: float = 0.0  # seconds before each action (a test may change it while the game goes on)

    async def play(self, seconds: float = 120) -> None:
        """Play to the end of the game (AssertionError after `seconds`)."""
        deadline, index = time.monotonic() + seconds, 0
        while self.final is None:
            assert time.monotonic() < deadline, f"seat {self.seat} did not see the end; seen {len(self.seen)} moves"
            url = f"{self.servers[index]}/ws/{self.table}?seat={self.seat}&token={self.token}"
            try:
                async with connect(url, open_timeout=10, close_timeout=1, max_size=2**24, ssl=self.tls) as ws:
                    await self._follow(ws)
            except (OSError, TimeoutError) as exc:  # refused, closed, or silent for too long
                self.errors.append(type(exc).__name__)
            except Exception as exc:
                if "ConnectionClosed" not in type(exc).__name__ and "InvalidStatus" not in type(exc).__name__:
                    raise
            if self.final is None:
                self.reconnects += 1
                index = (index + 1) % len(self.servers)
                await asyncio.sleep(0.05)

    async def _follow(self, ws: Any) -> None:
        """Read states (every log entry must agree with what it saw before) and act on them."""
        sent, last = -1, -1
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=8))
            if message["type"] == "error":
                self.errors.append(message["code"])
                continue
            if message["type"] != "state":
                continue
            seq = message["seq"]
            assert seq >= last, f"seat {self.seat}: seq went back from {last} to {seq} on one connection"
            last = seq
            self.states += 1
            assert [entry["seq"] for entry in message["log"]] == list(range(1, seq + 1))
            for entry in message["log"]:
                shown = self.seen.setdefault(entry["seq"], entry["notation"])
                assert shown == entry["notation"], f"seq {entry['seq']} was {shown}, now {entry['notation']}"
            if message["table"]["status"] == "finished":
                self.final = message
                return
            if self.move_on_at is not None and seq >= self.move_on_at:
                self.move_on_at = None
                return  # as if the load balancer sent this client elsewhere
            legal = message["view"]["legal_actions"]
            if legal and seq > sent:
                sent = seq
                if self.think:
                    await asyncio.sleep(self.think)
                action = self.rng.choice(legal)["id"]
                await ws.send(json.dumps({"type": "action", "seq": seq, "action": action}))


def create_table(server: Serve, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """POST /api/tables on one server; its answer."""
    r = httpx.post(f"{server.base}/api/tables", json={"game": game, "seats": seats}, timeout=10)
    assert r.status_code == 201, r.text
    return dict(r.json())


def token(table: dict[str, Any], seat: int) -> str:
    """A person seat's token from the creation answer."""
    return str(table["seats"][seat]["token"])


def stored_moves(database_url: str, table_id: str) -> list[MoveRow]:
    """The table's moves in the database."""
    storage = SqlStorage(database_url)
    try:
        return storage.moves(table_id)
    finally:
        storage.close()


def check_record(database_url: str, table_id: str, players: list[Player]) -> list[MoveRow]:
    """Every move is stored once, in order; each player saw exactly the stored moves; the stored moves."""
    moves = stored_moves(database_url, table_id)
    assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
    stored = {m.seq: m.notation for m in moves}
    for player in players:
        assert player.seen == stored, f"seat {player.seat} saw other moves than the stored ones"
    return moves


@pytest.mark.parametrize("game", ["ra", "write"])
def test_two_people_on_two_processes_and_a_bot_play_a_whole_game(scale_pair: Pair, game: str) -> None:
    a, b = scale_pair.servers
    table = create_table(a, game, [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}])
    rng = random.Random(f"{game}-play")
    players = [
        Player(table["id"], 0, token(table, 0), [a.ws, b.ws], random.Random(rng.random())),
        Player(table["id"], 2, token(table, 2), [b.ws, a.ws], random.Random(rng.random())),
    ]

    async def play() -> None:
        await asyncio.gather(*(player.play() for player in players))

    asyncio.run(play())
    moves = check_record(scale_pair.database_url, table["id"], players)
    finals = [player.final for player in players]
    assert all(final is not None and final["seq"] == len(moves) for final in finals)
    assert finals[0] is not None and finals[1] is not None and finals[0]["log"] == finals[1]["log"]
    assert any(m.player == 1 for m in moves), "the bot played"
    assert all(player.reconnects == 0 for player in players)
    views = [httpx.get(f"{s.base}/api/tables/{table['id']}/view", timeout=10).json() for s in (a, b)]
    assert views[0] == views[1] and views[0]["seq"] == len(moves)  # both processes hold the same end
