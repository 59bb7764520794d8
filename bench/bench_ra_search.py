"""Benchmark Ra's search bot per decision in CPU seconds, and check that another version decides the same.

Usage: python bench/bench_ra_search.py [--players 2 3 4 5] [--games G] [--spec SPEC] [--compare OLD_CHECKOUT]

Plays G seeded games per player count: the search bot (`--spec`, default Ra's `hard` without its wall-clock cap,
so that runs are reproducible) in a rotating seat against `greedy` everywhere else, timing every decision of the
search bot that has a choice. One key=value line per player count: decisions, CPU seconds per decision (p50, p99,
mean), search nodes and leaf evaluations per CPU second. With `--compare PATH` (an older export, e.g.
`git archive HEAD | tar -x -C /tmp/old`), both versions play the same games in subprocesses and the line adds
the old figures, the ratios (old / new time: above 1 is faster) and the same-decisions check: how many chosen
actions match and the largest difference of the root leads (`last_leads`).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

HARD = "search:samples=10,depth=2,nodes=4000,blind=1"


def _percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation."""
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def measure(players: int, games: int, spec: str) -> dict[str, Any]:
    """Every search decision of `games` seeded games: CPU seconds, nodes, leaf evaluations, action and leads."""
    from ra.bots import make_bot
    from ra.games.ra import State

    # The modules whose leaves call the evaluation: max-n, and two-player alpha-beta where the version has it.
    modules: list[Any] = [importlib.import_module("ra.bots.ra.search")]  # the package's `search` is the bot factory
    if importlib.util.find_spec("ra.bots.ra.duel") is not None:
        modules.append(importlib.import_module("ra.bots.ra.duel"))

    evals = 0
    inner = modules[0].expected_finals

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal evals
        evals += 1
        return inner(*args, **kwargs)

    for module in modules:
        module.expected_finals = counted
    records: list[dict[str, Any]] = []
    for game in range(games):
        state = State.new({"players": players}, seed=7919 * players + game)
        me = game % players
        bots = [make_bot(spec if seat == me else "greedy", "ra", seed=100 * game + seat) for seat in range(players)]
        while not state.is_terminal():
            seat = state.current_players()[0]
            if seat != me or len(state.legal_actions(seat)) < 2:
                action = bots[seat].choose(state.view(seat))
            else:
                bot: Any = bots[seat]
                before = evals
                start = time.process_time()
                action = bot.choose(state.view(seat))
                cpu = time.process_time() - start
                leads = sorted(bot.last_leads.items())
                records.append(
                    {"cpu": cpu, "nodes": bot.last_nodes, "evals": evals - before, "action": action, "leads": leads}
                )
            state.apply(action, seat)
    for module in modules:
        module.expected_finals = inner
    return {"records": records}


def _worker(players: int, games: int, spec: str, src: str) -> dict[str, Any]:
    """`measure` in a fresh process whose `ra` package comes from `src`."""
    env = dict(os.environ)
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import bench_ra_search, ra; "
        "assert ra.__file__.startswith(sys.argv[5]), ra.__file__; "
        "print(json.dumps(bench_ra_search.measure(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])))"
    )
    here = os.path.dirname(os.path.abspath(__file__))
    args = [sys.executable, "-c", code, here, str(players), str(games), spec, src]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def figures(records: list[dict[str, Any]]) -> dict[str, float]:
    """Decisions, CPU seconds per decision (p50, p99, mean), nodes and leaf evaluations per CPU second."""
    cpu = [r["cpu"] for r in records]
    total = sum(cpu) or 1e-9
    return {
        "decisions": len(records),
        "cpu_s_p50": _percentile(cpu, 50),
        "cpu_s_p99": _percentile(cpu, 99),
        "cpu_s_mean": statistics.fmean(cpu),
        "nodes_per_s": sum(r["nodes"] for r in records) / total,
        "evals_per_s": sum(r["evals"] for r in records) / total,
    }


def _line(fig: dict[str, float], suffix: str = "") -> str:
    return " ".join(
        f"{k}{suffix}={v:.0f}" if k in ("decisions", "nodes_per_s", "evals_per_s") else f"{k}{suffix}={v:.3f}"
        for k, v in fig.items()
    )


def same_decisions(new: list[dict[str, Any]], old: list[dict[str, Any]]) -> str:
    """How many chosen actions match, and the largest difference of the root leads (over matching roots)."""
    same = sum(1 for a, b in zip(new, old, strict=False) if a["action"] == b["action"])
    worst = 0.0
    for a, b in zip(new, old, strict=False):
        if [k for k, _ in a["leads"]] != [k for k, _ in b["leads"]]:
            worst = float("inf")
            continue
        for (_, x), (_, y) in zip(a["leads"], b["leads"], strict=True):
            worst = max(worst, abs(x - y))
    return f"same_actions={same}/{max(len(new), len(old))} max_lead_diff={worst:.3g}"


def main() -> None:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--spec", default=HARD)
    parser.add_argument("--compare", default=None, help="an older export: play the same games with its `ra`")
    args = parser.parse_args()
    new_src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    for players in args.players:
        head = f"players={players} games={args.games} spec={args.spec}"
        if args.compare is None:
            records = _worker(players, args.games, args.spec, new_src)["records"]
            print(f"{head} {_line(figures(records))}", flush=True)
            continue
        old_src = os.path.join(os.path.abspath(args.compare), "src")
        old = _worker(players, args.games, args.spec, old_src)["records"]
        new = _worker(players, args.games, args.spec, new_src)["records"]
        f_old, f_new = figures(old), figures(new)
        ratios = " ".join(
            f"{k}_speedup={f_old[k] / max(f_new[k], 1e-9):.2f}" for k in ("cpu_s_p50", "cpu_s_p99", "cpu_s_mean")
        )
        print(f"{head} {_line(f_new)} {_line(f_old, '_old')} {ratios} {same_decisions(new, old)}", flush=True)


if __name__ == "__main__":
    main()
