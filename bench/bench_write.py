"""Benchmark the RA and Write engine: complete random games, actions and clones per second, 2-5 players.

Run: ``python bench/bench_write.py [--games N] [--seconds S]``; prints one key=value line per player count.
"""

from __future__ import annotations

import argparse
import random
import time

from ra.games.write import State


def random_game(players: int, seed: int, snapshots: list[State] | None = None) -> int:
    """Play one uniform-random game with push; returns the number of actions."""
    st = State.new({"players": players}, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not st.is_terminal():
        p = rng.choice(st.current_players())
        st.push(rng.choice(st.legal_actions(p)), p)
        actions += 1
        if snapshots is not None and actions % 50 == 0:
            snapshots.append(st)
    return actions


def bench(players: int, games: int, seconds: float) -> str:
    """Run games until `games` are played or `seconds` have passed; one result line."""
    start = time.perf_counter()
    done = actions = 0
    while done < games and time.perf_counter() - start < seconds:
        actions += random_game(players, done)
        done += 1
    elapsed = time.perf_counter() - start
    snaps: list[State] = []
    random_game(players, 12345, snaps)
    st = snaps[len(snaps) // 2]
    clones = 20000
    t0 = time.perf_counter()
    for _ in range(clones):
        st.clone()
    clone_time = time.perf_counter() - t0
    return (
        f"game=write players={players} games={done} games_per_s={done / elapsed:.1f} "
        f"actions_per_s={actions / elapsed:.0f} clones_per_s={clones / clone_time:.0f}"
    )


def main() -> None:
    """Parse arguments and print one line per player count 2-5."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per player count (upper bound)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per player count")
    args = parser.parse_args()
    for players in range(2, 6):
        print(bench(players, args.games, args.seconds), flush=True)


if __name__ == "__main__":
    main()
