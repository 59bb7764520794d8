"""Soak test of `ra serve`: many whole games of bots, one after another, watching the server's memory.

Starts `ra serve` on a free loopback port in a subprocess (fresh data dir, bots without delay), keeps CONCURRENT
tables of bots playing until GAMES games have finished, and reads each finished table back as people would (its
summary, its record, every tenth its replay). Prints the server process's resident memory (RSS, without the bot
workers) and the CPU seconds it spent on the last 100 games every 100 games, then the growth after the first 100
games (the goal: under 10 MiB for 1,000 games, and CPU per game flat).

    python bench/soak_server.py --games 1000
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench_server import free_port, process_cpu, wait_ready  # the scripts run from bench/, side by side


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def play_one(client: httpx.AsyncClient, args: argparse.Namespace, number: int) -> None:
    """Create a table of bots, wait for its end, read it back."""
    seats = [{"kind": "bot", "bot": args.bot}] * args.players
    r = await client.post("/api/tables", json={"game": args.game, "seats": seats})
    r.raise_for_status()
    table_id = r.json()["id"]
    while (await client.get(f"/api/tables/{table_id}")).json()["status"] != "finished":
        await asyncio.sleep(0.1)
    (await client.get(f"/api/tables/{table_id}/record")).raise_for_status()
    if number % 10 == 0:
        (await client.get(f"/api/tables/{table_id}/replay")).raise_for_status()


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Start the server, play every game, print RSS along the way; the lines printed."""
    port = free_port()
    lines: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="ra-soak-") as data:
        code = "from ra.cli import main; main()"
        serve = ["serve", "--port", str(port), "--data", data, "--bot-delay", "0", "--log-level", "warning"]
        serve += ["--creations", "0", "--ws-per-address", "0"]
        server = subprocess.Popen([sys.executable, "-c", code, *serve], stdout=subprocess.DEVNULL)
        try:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
                await wait_ready(client, time.monotonic() + 30)
                start = time.monotonic()
                cpu = process_cpu([server.pid])
                started = finished = 0
                running: set[asyncio.Task[None]] = set()
                while finished < args.games:
                    while len(running) < args.concurrent and started < args.games:
                        started += 1
                        running.add(asyncio.create_task(play_one(client, args, started)))
                    done, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                    for task in done:
                        task.result()
                        finished += 1
                        if finished % 100 == 0:
                            spent, cpu = process_cpu([server.pid]) - cpu, process_cpu([server.pid])
                            line = {
                                "games": finished,
                                "rss_mib": round(rss_mib(server.pid), 1),
                                "seconds": round(time.monotonic() - start, 1),
                                "server_cpu_s_last_100": round(spent, 2),
                            }
                            lines.append(line)
                            print(" ".join(f"{k}={v}" for k, v in line.items()), flush=True)
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
    return lines


def main() -> None:
    """Parse arguments, run, print key=value lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--concurrent", type=int, default=8, help="tables playing at once")
    parser.add_argument("--game", default="ra")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="greedy")
    lines = asyncio.run(run(parser.parse_args()))
    if len(lines) >= 2:
        growth = lines[-1]["rss_mib"] - lines[0]["rss_mib"]
        print(f"rss_growth_after_first_100_games_mib={growth:.1f}")


if __name__ == "__main__":
    main()
