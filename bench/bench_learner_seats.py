"""Learner steps per CPU-second against random and greedy opponents: the Gymnasium env and the batched ones.

Usage: python bench/bench_learner_seats.py [--seconds S] [--players N] [--games ra write]

For each game and opponent level it prints one line: `RaEnv` (one game, the other seats played by bots between the
agent's decisions), `LearnerSeatEnv` (`ra.envs.seats`) with 16 and 64 games and the level's batched opponents
(`ra.envs.opponents.make_opponents`), and the same with 16 games and one bot per game and seat
(`BotOpponents`: what batching saves). The learner picks uniformly among legal ids; only CPU time counts
(`time.process_time`), and the load average is printed before and after (docs/OBSERVATIONS.md quotes a run).
"""

from __future__ import annotations

import argparse
import os
import time

import gymnasium
import numpy as np

import ra.envs.gymnasium  # noqa: F401 (registers the ids)
from ra.envs.gymnasium import ENV_IDS
from ra.envs.opponents import BotOpponents, Opponents
from ra.envs.seats import LearnerSeatEnv
from ra.envs.vector import masked_random


def batched_rate(game: str, players: int, opponents: str | Opponents, num_envs: int, seconds: float) -> float:
    """Learner steps per CPU-second of `LearnerSeatEnv`."""
    envs = LearnerSeatEnv(num_envs=num_envs, game=game, players=players, opponents=opponents)
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        _, _, _, _, infos = envs.step(masked_random(rng, infos["action_mask"]))
        steps += num_envs
    return steps / (time.process_time() - start)


def gymnasium_rate(game: str, players: int, opponents: str, seconds: float) -> float:
    """Agent steps per CPU-second of the Gymnasium environment (`RaEnv`)."""
    env = gymnasium.make(ENV_IDS[game], players=players, opponents=opponents)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminated, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        steps += 1
        if terminated:
            _, info = env.reset()
    return steps / (time.process_time() - start)


def main() -> None:
    """Print one line per game and opponent level."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", nargs="+", default=["write", "ra"])
    args = parser.parse_args()
    print(f"load={os.getloadavg()[0]:.2f}")
    for game in args.games:
        for level in ("random", "greedy"):
            figures = {
                "gymnasium": gymnasium_rate(game, args.players, level, args.seconds),
                "seats_16": batched_rate(game, args.players, level, 16, args.seconds),
                "seats_64": batched_rate(game, args.players, level, 64, args.seconds),
                "seats_16_bots": batched_rate(game, args.players, BotOpponents(level, game), 16, args.seconds),
            }
            print(f"game={game} opponents={level} " + " ".join(f"{k}={v:.0f}" for k, v in figures.items()), flush=True)
    print(f"load={os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
