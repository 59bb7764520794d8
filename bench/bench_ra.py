"""Benchmark the Ra engine: complete random games per second through the public API, and clones per second.

Usage: python bench/bench_ra.py [--games N] [--seconds S] [--players 2 3 4 5]
Prints one line per player count as key=value pairs.
"""

from __future__ import annotations

import argparse
import random
import time

from ra.games.ra import State


def bench_games(players: int, games: int | None, seconds: float) -> tuple[int, int, float]:
    """Play random games (legal_actions -> rng.choice -> push); returns (games, actions, elapsed seconds)."""
    rng = random.Random(12345)
    choice = rng.choice
    played = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = State.new({"players": players}, seed=played)
        legal, push, terminal = state.legal_actions, state.push, state.is_terminal
        while not terminal():
            push(choice(legal()))
        actions += len(state.history)
        played += 1
        if games is not None:
            if played >= games:
                break
        elif played % 50 == 0 and time.perf_counter() >= deadline:
            break
    return played, actions, time.perf_counter() - start


def bench_clones(players: int, seconds: float) -> float:
    """Clones per second of mid-game states (one per epoch-1 position reached by random play)."""
    rng = random.Random(7)
    state = State.new({"players": players}, seed=1)
    for _ in range(40):
        if state.is_terminal():
            break
        state.push(rng.choice(state.legal_actions()))
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    clone = state.clone
    while True:
        for _ in range(1000):
            clone()
        count += 1000
        if time.perf_counter() >= deadline:
            break
    return count / (time.perf_counter() - start)


def main() -> None:
    """Run the benchmark for each requested player count."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None, help="games per player count (default: time-boxed)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per player count when --games is unset")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    args = parser.parse_args()
    for players in args.players:
        games, actions, elapsed = bench_games(players, args.games, args.seconds)
        clones = bench_clones(players, min(args.seconds, 1.0))
        print(
            f"game=ra players={players} games={games} seconds={elapsed:.2f} games_per_s={games / elapsed:.0f} "
            f"actions_per_s={actions / elapsed:.0f} actions_per_game={actions / games:.1f} clones_per_s={clones:.0f}"
        )


if __name__ == "__main__":
    main()
