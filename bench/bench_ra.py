"""Benchmark the Ra engine's hot paths in CPU time: legal actions, push, clone, clone-and-push (one step of a
search) and random rollouts per second.

Usage: python bench/bench_ra.py [--players 2 3 4 5] [--seconds S] [--compare OLD_CHECKOUT] [--rounds R]

Prints one key=value line per player count. With `--compare PATH` (a checkout of an older commit, e.g. made with
`git worktree add /tmp/ra-old HEAD`), old and new engines run alternately in subprocesses, R rounds each, and the
line holds the medians of both and their ratios (new / old). Times are CPU seconds (`time.process_time`), since
wall-clock time swings with the load of a shared machine. The same harness serves RA and Write (bench_write.py).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

METRICS = ("legal_actions_per_s", "push_per_s", "clone_per_s", "clone_push_per_s", "rollout_games_per_s")


def _play_random(state: Any, rng: random.Random, snapshots: list[Any] | None, actions: list[tuple[int, int]]) -> None:
    """Play uniformly random legal actions to the end, noting (player, action) and some snapshots on the way."""
    while not state.is_terminal():
        player = rng.choice(state.current_players())
        action = rng.choice(state.legal_actions(player))
        if snapshots is not None and len(actions) % 7 == 0:
            snapshots.append(state.clone())
        actions.append((player, action))
        state.push(action, player)


def _timed(work: Callable[[], int], seconds: float) -> float:
    """Repeat `work` (which returns how many operations it did) for about `seconds` of CPU time; operations/s."""
    count = 0
    start = time.process_time()
    while True:
        count += work()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return count / elapsed


def measure(game: str, players: int, seconds: float) -> dict[str, float]:
    """Every metric for one engine and player count (the engine importable as `ra.games.<game>`)."""
    state_class = importlib.import_module(f"ra.games.{game}").State
    rng = random.Random(2024)
    starts = [state_class.new({"players": players}, seed=seed) for seed in range(20)]
    snapshots: list[Any] = []
    scripts: list[list[tuple[int, int]]] = []
    for start in starts:
        actions: list[tuple[int, int]] = []
        _play_random(start.clone(), rng, snapshots, actions)
        scripts.append(actions)

    push_time = 0.0

    def legal() -> int:
        for st in snapshots:
            for p in st.current_players():
                st.legal_actions(p)
        return sum(len(st.current_players()) for st in snapshots)

    def push() -> int:
        games = [st.clone() for st in starts]
        begin = time.process_time()
        for st, actions in zip(games, scripts, strict=True):
            step = st.push
            for player, action in actions:
                step(action, player)
            st.scores()  # a played game is for its result: an engine that defers scoring pays for it here
        nonlocal push_time
        push_time += time.process_time() - begin
        return sum(map(len, scripts))

    def clone() -> int:
        for st in snapshots:
            st.clone()
        return len(snapshots)

    # A search step: a mid-game state is cloned and one legal action pushed on the copy (the original stays).
    steps = [(st, p, rng.choice(st.legal_actions(p))) for st in snapshots for p in st.current_players()[:1]]

    def clone_push() -> int:
        for st, player, action in steps:
            st.clone().push(action, player)
        return len(steps)

    # Each call plays new games (its own seed): replaying the same games would keep any memo of the engine warm.
    rollout_seeds = iter(range(1 << 30))

    def rollouts() -> int:
        play = random.Random(next(rollout_seeds))
        for start in starts:
            st = start.clone()
            choice = play.choice
            while not st.is_terminal():
                player = st.current_players()[0]
                st.push(choice(st.legal_actions(player)), player)
            st.scores()  # a rollout is for its result (as in MCTS)
        return len(starts)

    pushes = 0
    begin = time.process_time()
    while time.process_time() - begin < seconds:
        pushes += push()
    return {
        "legal_actions_per_s": _timed(legal, seconds),
        "push_per_s": pushes / push_time,
        "clone_per_s": _timed(clone, seconds),
        "clone_push_per_s": _timed(clone_push, seconds),
        "rollout_games_per_s": _timed(rollouts, seconds),
    }


def _worker(game: str, players: int, seconds: float, src: str | None) -> dict[str, float]:
    """Measure in a fresh process whose `ra` package comes from `src` (or the installed one)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import bench_ra, ra; "
        "assert sys.argv[5] == '' or ra.__file__.startswith(sys.argv[5]), ra.__file__; "
        "print(json.dumps(bench_ra.measure(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))))"
    )
    here = os.path.dirname(os.path.abspath(__file__))
    args = [sys.executable, "-c", code, here, game, str(players), str(seconds), src or ""]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out)
    return result


def run_cli(game: str, doc: str | None) -> None:
    """The command line shared by bench_ra.py and bench_write.py."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per metric and run")
    parser.add_argument("--compare", default=None, help="an older checkout: run its engine alternately with this one")
    parser.add_argument("--rounds", type=int, default=5, help="alternating runs of each engine with --compare")
    args = parser.parse_args()
    for players in args.players:
        if args.compare is None:
            figures = measure(game, players, args.seconds)
            print(f"game={game} players={players} " + " ".join(f"{k}={v:.0f}" for k, v in figures.items()), flush=True)
            continue
        old_src = os.path.join(os.path.abspath(args.compare), "src")
        new_src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
        runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            runs["old"].append(_worker(game, players, args.seconds, old_src))
            runs["new"].append(_worker(game, players, args.seconds, new_src))
        parts = [f"game={game} players={players} rounds={args.rounds}"]
        for metric in METRICS:
            old = statistics.median(r[metric] for r in runs["old"])
            new = statistics.median(r[metric] for r in runs["new"])
            name = metric.removesuffix("_per_s")
            parts.append(f"{name}_old={old:.0f} {name}_new={new:.0f} {name}_ratio={new / old:.2f}")
        print(" ".join(parts), flush=True)


if __name__ == "__main__":
    run_cli("ra", __doc__)
