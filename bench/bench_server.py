"""Load test of `ra serve`: many tables of WebSocket clients playing random legal actions through the protocol.

Starts `ra serve` on a free loopback port in a subprocess (fresh data dir, per-client limits lifted: every client
is on 127.0.0.1), creates TABLES tables of SEATS person seats, connects one client per seat, and plays until every
game ends or the time is up. Every client connects and gets its first state before any plays: the servers' CPU for
connecting is printed apart (`connect_cpu_ms_per_client`), and the figures per action are the play's alone
(`accepted_per_server_cpu_s_with_connects` counts both, as this benchmark did before). Prints one line of key=value
pairs; latency is from sending an action to every seat of that table having received the update.

With --database-url (PostgreSQL; it may create and drop databases there) and --redis-url, it runs SQLite's single
process first (the baseline), then each count of --processes: that many `ra serve` processes on a fresh
database, rung over Redis, each table's seats spread over the processes (seat s of table t on process
(t + s) mod N, as a load balancer might send them; --spread table keeps a table's clients on one process).
--throwaway starts its own PostgreSQL and Redis (tests/server/services.py) instead. One line per configuration;
`load_1m` is the machine's load average at its end (other work on the machine skews the figures).

With --metrics the servers run `ra serve --metrics`; /metrics is scraped before and after the play (every process,
summed) and `metrics_moves=` (moves the servers counted meanwhile) is printed next to `actions=` (the moves the
bench saw accepted), with `metrics_match=true|false`, and `stored_moves=` (the tables' moves as the server answers
them afterwards). With --moves every move a client sent is seen before the end; without it, a move in flight when
the time is up is counted and stored by the server but never seen by the bench (`metrics_moves` then equals
`stored_moves`, not `actions`).

With --hostile it runs twice on fresh servers and prints both lines: `run=quiet`, then `run=hostile`, the same
load plus six tables of maximum-budget bots (`mcts:iterations=20000`, three seats each) and one client sending
maximum-size WebSocket messages (eight in flight) all along; then `hostile_p99_over_quiet_p99=`.

    python bench/bench_server.py --tables 100 --seats 3 --seconds 60
    python bench/bench_server.py --hostile --seconds 30
    python bench/bench_server.py --processes 1 2 4 --database-url postgresql+psycopg://u@host/db --redis-url redis://host
    python bench/bench_server.py --processes 1 2 --throwaway --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import sqlalchemy as sa
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


@dataclass
class Start:
    """The clients' starting line: each connects and gets its first state, then all play at once, for `seconds`
    (connecting is measured apart: a client connects once per game, and acts many times)."""

    clients: int
    seconds: float
    arrived: int = 0
    all_in: asyncio.Event = field(default_factory=asyncio.Event)
    go: asyncio.Event = field(default_factory=asyncio.Event)
    stop: float = 0.0

    def arrive(self) -> None:
        """One more client is connected and has its first state."""
        self.arrived += 1
        if self.arrived == self.clients:
            self.all_in.set()

    def start(self) -> None:
        """Let every client play, until `seconds` from now."""
        self.stop = time.monotonic() + self.seconds
        self.go.set()


def cpu_seconds() -> tuple[float, float]:
    """CPU seconds (user + system) used so far by ended child processes (the servers), and by this process."""
    children, own = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
    return children.ru_utime + children.ru_stime, own.ru_utime + own.ru_stime


def process_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) these running processes used so far (Linux's /proc; 0 elsewhere)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return total


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# `--log tail`: clients keep the log and get only its new entries, as the browser does; `full`: the whole log each time.
LOG_QUERY = {"tail": "&log=tail", "full": ""}
HEAVY_BOT = "mcts:iterations=20000"  # the most iterations a spec may ask for (docs/BOTS.md)
HEAVY_TABLES = 6


@dataclass(frozen=True)
class Setup:
    """Where the servers keep their tables: SQLite in a data folder (one process) or a shared database."""

    processes: int = 1
    database_url: str | None = None
    redis_url: str | None = None

    @property
    def storage(self) -> str:
        """`sqlite` or the database's dialect."""
        return "sqlite" if self.database_url is None else self.database_url.split(":", 1)[0].split("+")[0]


def start_server(port: int, data: str, setup: Setup = Setup(), metrics: bool = False) -> subprocess.Popen[bytes]:
    """`ra serve` in a subprocess, bots without delay, quiet logs, no per-address limits (all clients are local);
    with `metrics`, /metrics served."""
    code = "from ra.cli import main; main()"
    args = ["serve", "--port", str(port), "--data", data, "--bot-delay", "0", "--log-level", "warning"]
    args += ["--metrics"] if metrics else []
    args += ["--creations", "0", "--ws-per-address", "0", "--ws-per-table", "0"]
    if setup.database_url:
        args += ["--database-url", setup.database_url]
    if setup.redis_url:
        args += ["--redis-url", setup.redis_url]
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL)


@contextmanager
def fresh_database(url: str, name: str) -> Iterator[str]:
    """A new database `name` on the server of `url` for one configuration (dropped afterwards); its URL."""
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        c.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield str(sa.make_url(url).set(database=name).render_as_string(hide_password=False))
    finally:
        with admin.connect() as c:
            c.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@contextmanager
def throwaway_services() -> Iterator[tuple[str, str]]:
    """A throwaway PostgreSQL (fsync on, as in production) and Redis, as the tests start them; their URLs."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
    from services import start_postgres, start_redis  # type: ignore[import-not-found]

    postgres, redis = start_postgres(fast=False), start_redis()
    try:
        yield postgres.url(), redis.url
    finally:
        redis.stop()
        postgres.stop()


async def scraped_moves(ports: list[int]) -> int:
    """The moves every server's /metrics counts (`ra_moves_accepted_total`, every game), summed."""
    total = 0.0
    async with httpx.AsyncClient(timeout=30) as client:
        for port in ports:
            text = (await client.get(f"http://127.0.0.1:{port}/metrics")).raise_for_status().text
            for line in text.splitlines():
                if line.startswith("ra_moves_accepted_total{"):
                    total += float(line.rsplit(" ", 1)[1])
    return int(total)


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


async def seat_client(
    url: str,
    track: Track,
    seat: int,
    stats: Stats,
    rng: random.Random,
    start: Start,
    explain: str = "ask",
    moves: int = 0,
    think: float = 0.0,
) -> None:
    """One player: act randomly whenever its view offers actions, note when updates arrive. `explain`: `ask` asks
    for no explanation (a bot's client), `every` asks for each view's (a browser whose table has a helper on),
    `push` gets each view's in its state message (a client of the protocol before explanations on demand). With
    `moves`, the table stops at that seq (runs then do the same work however fast they are); `think` seconds (on
    average) pass before each action: people and paced bots, not a closed loop. It plays once every client has
    connected and `start` says go."""
    last_sent = -1
    url += ("&" if "?" in url else "?") + "explain=ask" if explain != "push" else ""
    async with connect(url, max_size=2**24, open_timeout=60) as ws:
        first: str | bytes | None = await ws.recv()
        start.arrive()
        await start.go.wait()
        while time.monotonic() < start.stop:
            if first is not None:
                raw, first = first, None
            else:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, start.stop - time.monotonic()))
                except TimeoutError:
                    break
            msg: dict[str, Any] = orjson.loads(raw)
            if msg["type"] == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                continue
            if msg["type"] != "state":
                continue
            if explain == "every":
                await ws.send('{"type":"explain"}')
            seq, now = msg["seq"], time.perf_counter()
            track.last_seq = max(track.last_seq, seq)
            if track.pending_seq >= 0 and seq > track.pending_seq:
                track.received.add(seat)
                if len(track.received) == track.seats:
                    stats.latencies.append(now - track.sent_at)
                    track.pending_seq = -1
            if msg["table"]["status"] == "finished" or (moves and seq >= moves):
                track.finished.add(seat)
                return
            legal = msg["view"]["legal_actions"]
            if legal and seq > last_sent:
                last_sent = seq
                if think > 0:
                    pause = min(rng.uniform(0.5, 1.5) * think, max(0.0, start.stop - time.monotonic()))
                    await asyncio.sleep(pause)
                track.pending_seq, track.sent_at, track.received = seq, time.perf_counter(), set()
                await ws.send(json.dumps({"type": "action", "seq": seq, "action": rng.choice(legal)["id"]}))
                stats.sent += 1


async def count_answers(ws: Any, window: asyncio.Semaphore, counts: dict[str, int]) -> None:
    """Read the flooding client's answers, letting it send one more message per answer."""
    async for _ in ws:
        counts["answered"] = counts.get("answered", 0) + 1
        window.release()


async def flood(url: str, size: int, stop: float, counts: dict[str, int]) -> None:
    """A hostile client: maximum-size messages (pings padded to `size` bytes), eight unanswered at a time."""
    message = json.dumps({"type": "ping", "pad": ""})
    message = json.dumps({"type": "ping", "pad": "x" * (size - len(message))})
    while time.monotonic() < stop:
        try:
            async with connect(url, max_size=2**24, open_timeout=30, close_timeout=1) as ws:
                window = asyncio.Semaphore(8)
                reader = asyncio.create_task(count_answers(ws, window, counts))
                try:
                    while time.monotonic() < stop and not reader.done():
                        try:
                            await asyncio.wait_for(window.acquire(), timeout=max(0.01, stop - time.monotonic()))
                        except TimeoutError:
                            break
                        await ws.send(message)
                        counts["sent"] = counts.get("sent", 0) + 1
                finally:
                    reader.cancel()
        except Exception:
            counts["closed"] = counts.get("closed", 0) + 1
            await asyncio.sleep(0.1)


async def create_tables(client: httpx.AsyncClient, args: argparse.Namespace, seats: list[dict[str, Any]]) -> list[Any]:
    """Create `args.tables` tables with these seats; their creation answers."""
    bodies = []
    for _ in range(args.tables):
        r = await client.post("/api/tables", json={"game": args.game, "seats": seats})
        r.raise_for_status()
        bodies.append(r.json())
    return bodies


async def run(
    args: argparse.Namespace, hostile: bool = False, setup: Setup = Setup(), spread: str = "seat"
) -> dict[str, Any]:
    """Start the servers, play (with hostile tenants if asked), stop the servers; the figures."""
    ports = [args.port] if args.port else [free_port() for _ in range(setup.processes)]
    base = f"http://127.0.0.1:{ports[0]}"
    cpu_before = cpu_seconds()
    with tempfile.TemporaryDirectory(prefix="ra-bench-") as data:
        servers = [] if args.port else [start_server(port, data, setup, args.metrics) for port in ports]
        try:
            for port in ports:
                async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                    await wait_ready(client, time.monotonic() + 60)
            async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                seats = [{"kind": "person", "name": f"P{i + 1}"} for i in range(args.seats)]
                created = await create_tables(client, args, seats)
                tracks = [(Track(b["id"], args.seats), [s["token"] for s in b["seats"]]) for b in created]
                heavy: list[str] = []
                heavy_moves = 0
                if hostile:
                    bots = [{"kind": "bot", "bot": HEAVY_BOT}] * 3
                    for _ in range(HEAVY_TABLES):
                        r = await client.post("/api/tables", json={"game": args.game, "seats": bots})
                        r.raise_for_status()
                        heavy.append(r.json()["id"])
            moves_before = await scraped_moves(ports) if args.metrics else 0
            stats, rng = Stats(), random.Random(args.seed)
            pids = [server.pid for server in servers]
            load_start = os.getloadavg()[0]
            line = Start(len(tracks) * args.seats, args.seconds)

            def port_of(table: int, seat: int) -> int:
                """The process a client connects to (as a load balancer would choose)."""
                return ports[(table + (seat if spread == "seat" else 0)) % len(ports)]

            connect_before = [process_cpu([pid]) for pid in pids]
            connecting = time.perf_counter()
            clients = [
                asyncio.create_task(
                    seat_client(
                        f"ws://127.0.0.1:{port_of(t, seat)}/ws/{track.id}?seat={seat}&token={token}"
                        f"{LOG_QUERY[args.log]}",
                        track,
                        seat,
                        stats,
                        random.Random(rng.random()),
                        line,
                        args.explain,
                        args.moves,
                        args.think,
                    )
                )
                for t, (track, tokens) in enumerate(tracks)
                for seat, token in enumerate(tokens)
            ]
            arrived = asyncio.create_task(line.all_in.wait())
            # Every client in, or one failed (a client ends before the start only when it fails).
            await asyncio.wait([arrived, *clients], return_when=asyncio.FIRST_COMPLETED)
            if not arrived.done():  # a client failed to connect
                await asyncio.gather(*clients)
            connect_seconds = time.perf_counter() - connecting
            window_before = [process_cpu([pid]) for pid in pids], cpu_seconds()[1]
            connect_cpu = sum(window_before[0]) - sum(connect_before)
            start = time.perf_counter()
            line.start()
            flooded: dict[str, int] = {}
            extra = (
                [flood(f"ws://127.0.0.1:{ports[0]}/ws/{tracks[0][0].id}", args.max_message, line.stop, flooded)]
                if hostile
                else []
            )
            hostiles = [asyncio.create_task(e) for e in extra]
            await asyncio.gather(*clients)
            elapsed = time.perf_counter() - start
            window_after = [process_cpu([pid]) for pid in pids], cpu_seconds()[1]
            for task in hostiles:
                task.cancel()
            await asyncio.gather(*hostiles, return_exceptions=True)
            moves_after = await scraped_moves(ports) if args.metrics else 0
            stored = 0
            if args.metrics:  # what the server stored, moves in flight at the end included
                async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                    stored = sum([(await client.get(f"/api/tables/{track.id}")).json()["seq"] for track, _ in tracks])
            if heavy:
                async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                    heavy_moves = sum([(await client.get(f"/api/tables/{t}")).json()["seq"] for t in heavy])
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                try:
                    server.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.kill()
    accepted = sum(track.last_seq for track, _ in tracks)
    lat = sorted(stats.latencies) or [0.0]
    servers_total_cpu = cpu_seconds()[0] - cpu_before[0]
    each_cpu = [after - before for after, before in zip(window_after[0], window_before[0], strict=True)]
    servers_cpu, client_cpu = sum(each_cpu), window_after[1] - window_before[1]
    figures: dict[str, Any] = {"run": "hostile" if hostile else "quiet"} if args.hostile else {}
    if args.database_url or args.throwaway:
        figures |= {"storage": setup.storage, "processes": setup.processes, "spread": spread}
    figures |= {
        "tables": args.tables,
        "clients": args.tables * args.seats,
        "log": args.log,
        "actions": accepted,
        "sent": stats.sent,
        "finished": sum(len(track.finished) == track.seats for track, _ in tracks),
        "seconds": round(elapsed, 2),
        "accepted_per_s": round(accepted / elapsed, 1),
        "latency_p50_ms": round(1000 * statistics.median(lat), 2),
        "latency_p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2),
        "errors": sum(stats.errors.values()),
        "load_start": round(load_start, 2),
        "load_1m": round(os.getloadavg()[0], 2),
    }
    if servers:  # CPU the servers used while the clients played (whatever else ran): what an action costs, load aside
        clients = args.tables * args.seats
        figures |= {
            "server_cpu_s": round(servers_cpu, 2),
            "server_cpu_each_s": ",".join(f"{cpu:.2f}" for cpu in each_cpu),
            "server_cpu_total_s": round(servers_total_cpu, 1),
            "client_cpu_s": round(client_cpu, 2),
            "accepted_per_server_cpu_s": round(accepted / max(servers_cpu, 1e-9), 1),
            "server_cpu_ms_per_action": round(1000 * servers_cpu / max(accepted, 1), 3),
            # Connecting every client (handshake, seat taken and stored, first state), before the play, apart:
            "connect_seconds": round(connect_seconds, 2),
            "connect_cpu_ms_per_client": round(1000 * connect_cpu / max(clients, 1), 2),
            # The figure earlier versions of this benchmark printed: connecting and playing in one window.
            "accepted_per_server_cpu_s_with_connects": round(accepted / max(servers_cpu + connect_cpu, 1e-9), 1),
        }
    if args.metrics:  # the servers' own count of the moves (heavy bots' moves aside), beside the bench's
        counted = moves_after - moves_before - heavy_moves
        figures |= {"metrics_moves": counted, "stored_moves": stored, "metrics_match": str(counted == accepted).lower()}
    if hostile:
        figures |= {
            "heavy_bot_moves": heavy_moves,
            "flood_sent": flooded.get("sent", 0),
            "flood_answered": flooded.get("answered", 0),
            "flood_closed": flooded.get("closed", 0),
        }
    return figures


def main() -> None:
    """Parse arguments, run, print key=value pairs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0, help="stop playing after this long")
    parser.add_argument("--game", default="ra")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--port", type=int, default=0, help="use a server already listening on this loopback port")
    parser.add_argument("--hostile", action="store_true", help="also run with hostile tenants; print both runs")
    parser.add_argument("--max-message", type=int, default=16 * 1024, help="the server's WebSocket message limit")
    parser.add_argument("--processes", type=int, nargs="+", default=[1], help="server process counts to measure")
    parser.add_argument("--database-url", help="a PostgreSQL server's URL (fresh databases are made on it)")
    parser.add_argument("--redis-url", help="the Redis that rings the processes")
    parser.add_argument("--throwaway", action="store_true", help="start a throwaway PostgreSQL and Redis")
    parser.add_argument(
        "--spread",
        choices=["seat", "table"],
        nargs="+",
        default=["seat"],
        help="how clients pick a process: each seat its own (random spreading), or the table's (affinity); several: "
        "each is measured",
    )
    parser.add_argument("--metrics", action="store_true", help="scrape the servers' /metrics; compare its moves")
    parser.add_argument("--moves", type=int, default=0, help="each table stops at this seq (0: plays on)")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a client waits before acting, on average")
    parser.add_argument(
        "--explain",
        choices=["ask", "every", "push"],
        default="ask",
        help="explanations: none asked (bots), asked for every view (browsers with a helper), pushed in each state",
    )
    parser.add_argument(
        "--log",
        choices=["tail", "full"],
        default="tail",
        help="the log in each state: only its new entries (as the browser asks), or the whole log",
    )
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"machine cores={os.cpu_count()} load_avg={load[0]:.2f},{load[1]:.2f},{load[2]:.2f}", flush=True)
    if args.database_url or args.throwaway:
        shared(args)
        return
    quiet = asyncio.run(run(args))
    print(" ".join(f"{k}={v}" for k, v in quiet.items()), flush=True)
    if args.hostile:
        hostile = asyncio.run(run(args, hostile=True))
        print(" ".join(f"{k}={v}" for k, v in hostile.items()))
        ratio = hostile["latency_p99_ms"] / max(quiet["latency_p99_ms"], 1e-9)
        print(f"hostile_p99_over_quiet_p99={ratio:.2f}")


def shared(args: argparse.Namespace) -> None:
    """SQLite's single process, then each process count on a fresh PostgreSQL database: one line each."""
    print(" ".join(f"{k}={v}" for k, v in asyncio.run(run(args)).items()), flush=True)
    if not args.throwaway:
        measure(args, args.database_url, args.redis_url)
        return
    with throwaway_services() as (database_url, redis_url):
        measure(args, database_url, redis_url)


def measure(args: argparse.Namespace, database_url: str, redis_url: str | None) -> None:
    """One line per process count (and way of spreading clients over several), each on a database of its own."""
    for processes in args.processes:
        for spread in args.spread if processes > 1 else args.spread[:1]:
            with fresh_database(database_url, f"ra_bench_{processes}") as url:
                figures = asyncio.run(run(args, setup=Setup(processes, url, redis_url), spread=spread))
            print(" ".join(f"{k}={v}" for k, v in figures.items()), flush=True)


if __name__ == "__main__":
    main()
