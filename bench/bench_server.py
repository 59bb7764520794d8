"""Load test of `ra serve`: many tables of WebSocket clients playing random legal actions through the protocol.

Starts `ra serve` on a free loopback port in a subprocess (fresh data dir), creates TABLES tables of SEATS person
seats, connects one client per seat, and plays until every game ends or the time is up. Prints one line of
key=value pairs; latency is from sending an action to every seat of that table having received the update.

    python bench/bench_server.py --tables 100 --seats 3 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect


@dataclass
class Track:
    """One table as the benchmark sees it: the action in flight and who has seen its result."""

    id: str
    seats: int
    pending_seq: int = -1
    sent_at: float = 0.0
    received: set[int] = field(default_factory=set)
    finished: set[int] = field(default_factory=set)
    last_seq: int = 0


@dataclass
class Stats:
    """Totals over every table."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    errors: dict[str, int] = field(default_factory=dict)


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, data: str) -> subprocess.Popen[bytes]:
    """`ra serve` in a subprocess, bots without delay, quiet logs."""
    code = "from ra.cli import main; main()"
    args = ["serve", "--port", str(port), "--data", data, "--bot-delay", "0", "--log-level", "warning"]
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL)


async def wait_ready(client: httpx.AsyncClient, deadline: float) -> None:
    """Poll /api/meta until the server answers."""
    while True:
        try:
            if (await client.get("/api/meta")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit("the server did not start")
        await asyncio.sleep(0.1)


async def seat_client(url: str, track: Track, seat: int, stats: Stats, rng: random.Random, stop: float) -> None:
    """One player: act randomly whenever its view offers actions, note when updates arrive."""
    last_sent = -1
    async with connect(url, max_size=2**24, open_timeout=60) as ws:
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            msg: dict[str, Any] = json.loads(raw)
            if msg["type"] == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                continue
            if msg["type"] != "state":
                continue
            seq, now = msg["seq"], time.perf_counter()
            track.last_seq = max(track.last_seq, seq)
            if track.pending_seq >= 0 and seq > track.pending_seq:
                track.received.add(seat)
                if len(track.received) == track.seats:
                    stats.latencies.append(now - track.sent_at)
                    track.pending_seq = -1
            if msg["table"]["status"] == "finished":
                track.finished.add(seat)
                return
            legal = msg["view"]["legal_actions"]
            if legal and seq > last_sent:
                last_sent = seq
                track.pending_seq, track.sent_at, track.received = seq, time.perf_counter(), set()
                await ws.send(json.dumps({"type": "action", "seq": seq, "action": rng.choice(legal)["id"]}))
                stats.sent += 1


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Start the server, play, stop the server; the figures."""
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="ra-bench-") as data:
        server = None if args.port else start_server(port, data)
        try:
            async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                await wait_ready(client, time.monotonic() + 30)
                tracks = []
                for _ in range(args.tables):
                    seats = [{"kind": "person", "name": f"P{i + 1}"} for i in range(args.seats)]
                    r = await client.post("/api/tables", json={"game": args.game, "seats": seats})
                    r.raise_for_status()
                    body = r.json()
                    tracks.append((Track(body["id"], args.seats), [s["token"] for s in body["seats"]]))
            stats, rng = Stats(), random.Random(args.seed)
            start = time.perf_counter()
            stop = time.monotonic() + args.seconds
            clients = [
                seat_client(
                    f"ws://127.0.0.1:{port}/ws/{track.id}?seat={seat}&token={token}",
                    track,
                    seat,
                    stats,
                    random.Random(rng.random()),
                    stop,
                )
                for track, tokens in tracks
                for seat, token in enumerate(tokens)
            ]
            await asyncio.gather(*clients)
            elapsed = time.perf_counter() - start
        finally:
            if server is not None:
                server.terminate()
                try:
                    server.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.kill()
    accepted = sum(track.last_seq for track, _ in tracks)
    lat = sorted(stats.latencies) or [0.0]
    return {
        "tables": args.tables,
        "clients": args.tables * args.seats,
        "actions": accepted,
        "sent": stats.sent,
        "finished": sum(len(track.finished) == track.seats for track, _ in tracks),
        "seconds": round(elapsed, 2),
        "accepted_per_s": round(accepted / elapsed, 1),
        "latency_p50_ms": round(1000 * statistics.median(lat), 2),
        "latency_p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2),
        "errors": sum(stats.errors.values()),
    }


def main() -> None:
    """Parse arguments, run, print key=value pairs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0, help="stop playing after this long")
    parser.add_argument("--game", default="ra")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--port", type=int, default=0, help="use a server already listening on this loopback port")
    figures = asyncio.run(run(parser.parse_args()))
    print(" ".join(f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
