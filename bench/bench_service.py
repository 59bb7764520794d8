"""The table service in one process, without the network: what a move costs our own code.

Builds the server's parts (`ra.server.assembly.assemble`) on a fresh SQLite folder, creates TABLES tables of SEATS
person seats, subscribes one reader per seat (each turns every published version into its `state` message, as a
`Connection` does, with `log=tail` and `explain=ask`) and plays random legal actions through `TableService.act`,
MOVES per table, every table acting at once each round (their moves reach storage together, as under load). Prints
one line of key=value pairs: the CPU the play cost (every thread: storage's too), in all and per move; with
`--profile FILE` it writes a cProfile of the play (`python -m pstats FILE`). The network and the framework are not in
it: `bench_server.py` measures them with everything else. With `--database-url` (and `--redis-url`) the parts use that
database (and ring through that Redis) instead, as a process sharing its tables does; `--tables` then sets how many
moves a commit takes at most, since every table acts at once.

    python bench/bench_service.py --tables 100 --seats 3 --moves 50
    python bench/bench_service.py --tables 25 --database-url postgresql+psycopg://u@host/db --redis-url redis://host
    python bench/bench_service.py --profile /tmp/service.prof
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from ra.server.assembly import assemble
from ra.server.collector import tune
from ra.server.http.outgoing import state_frame
from ra.server.settings import Settings
from ra.server.tables.requests import NewTable
from ra.server.tables.snapshot import Snapshot


async def reader(sub: Any, seat: int, counts: list[int]) -> None:
    """One seat's connection: every version it is told of becomes its `state` message, the log's new part only."""
    kept: tuple[int, int] | None = None
    while True:
        snap: Snapshot = await sub.get()
        log_from = kept[1] if kept is not None and kept[0] == snap.log_generation and kept[1] <= snap.seq else 0
        kept = (snap.log_generation, snap.seq)
        state_frame(snap, seat, False, log_from)
        counts[0] += 1


async def act(service: Any, table_id: str, rng: random.Random) -> int:
    """One random legal action at a table by the seat to act (1), or nothing when its game is over (0)."""
    table = await service.get(table_id)
    state = table.state
    if state.is_terminal():
        return 0
    seat = state.current_players()[0]
    await service.act(table, seat, table.seq, rng.choice(state.legal_actions(seat)))
    return 1


async def play(args: argparse.Namespace, data: str) -> dict[str, Any]:
    server = assemble(Settings(data=Path(data), database_url=args.database_url, redis_url=args.redis_url))
    await server.start()
    service, rng = server.service, random.Random(args.seed)
    seats = [{"kind": "person", "name": f"P{i + 1}"} for i in range(args.seats)]
    asked = NewTable.model_validate({"game": args.game, "seats": seats})
    ids = [(await service.create(asked))["id"] for _ in range(args.tables)]
    counts, readers = [0], []
    for table_id in ids:
        for seat in range(args.seats):
            readers.append(asyncio.create_task(reader(service.subscribe(table_id), seat, counts)))
    await asyncio.sleep(0)
    tune()  # as `ra serve` does once it is built
    profile = cProfile.Profile() if args.profile else None
    moves, started, wall = 0, time.process_time(), time.perf_counter()
    if profile is not None:
        profile.enable()
    for _ in range(args.moves):
        # Every table acts at once, as under load: their moves reach storage together (group commit).
        done = await asyncio.gather(*(act(service, table_id, rng) for table_id in ids))
        moves += sum(done)
        await asyncio.sleep(0)  # the readers take their messages
    if profile is not None:
        profile.disable()
        profile.dump_stats(args.profile)
    cpu, wall = time.process_time() - started, time.perf_counter() - wall
    for task in readers:
        task.cancel()
    await server.stop()
    return {
        "game": args.game,
        "storage": make_url(args.database_url).get_backend_name() if args.database_url else "sqlite",
        "tables": args.tables,
        "seats": args.seats,
        "moves": moves,
        "messages": counts[0],
        "cpu_s": round(cpu, 3),
        "wall_s": round(wall, 3),
        "cpu_us_per_move": round(1e6 * cpu / max(moves, 1), 1),
        "moves_per_cpu_s": round(moves / cpu, 1) if cpu else 0,
        "load_1m": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="ra")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--moves", type=int, default=50, help="actions per table (fewer if its game ends)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the play to FILE")
    parser.add_argument("--database-url", help="a SQLAlchemy URL (e.g. PostgreSQL) instead of a fresh SQLite folder")
    parser.add_argument("--redis-url", help="the Redis that rings the processes (with --database-url)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ra-bench-service-") as data:
        figures = asyncio.run(play(args, data))
    print(" ".join(f"{key}={value}" for key, value in figures.items()))


if __name__ == "__main__":
    main()
