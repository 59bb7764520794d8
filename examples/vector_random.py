"""Masked random play on the batched environment: N games stepped together, arrays of shape (N, ...).

Run: python examples/vector_random.py [--game ra|write] [--players N] [--envs N] [--steps S] [--seed S]

Each step, every game's seat to act picks a uniformly random legal action from its row of the masks (one NumPy
call for all games); games that end restart at once. Prints the finished games, their mean final rewards by seat,
and the steps per CPU-second.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ra.envs.vector import VectorEnv, masked_random


def main(argv: list[str] | None = None) -> None:
    """Play the steps and print what the games gave."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["ra", "write"], default="ra")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--envs", type=int, default=64, help="games played at once")
    parser.add_argument("--steps", type=int, default=2000, help="steps of the whole batch")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    envs = VectorEnv(num_envs=args.envs, game=args.game, players=args.players)
    rng = np.random.default_rng(args.seed)
    observations, infos = envs.reset(seed=args.seed)
    finals = []
    start = time.process_time()
    for _ in range(args.steps):
        actions = masked_random(rng, infos["action_mask"])
        observations, _, terminations, _, infos = envs.step(actions)
        if terminations.any():
            finals.append(infos["final_rewards"][terminations])
    seconds = time.process_time() - start
    ended = np.concatenate(finals) if finals else np.zeros((0, args.players))
    print(f"observations={observations.shape} masks={infos['action_mask'].shape}")
    means = [round(float(x), 2) for x in ended.mean(axis=0)] if len(ended) else []
    print(f"games={len(ended)} mean_final_rewards={means}")
    print(f"steps={args.steps * args.envs} steps_per_cpu_s={args.steps * args.envs / seconds:.0f}")


if __name__ == "__main__":
    main()
