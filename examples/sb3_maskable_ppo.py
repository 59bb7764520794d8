"""sb3-contrib's MaskablePPO on the batched one-learner-seat environment (needs stable-baselines3, sb3-contrib, torch).

Run: python examples/sb3_maskable_ppo.py [--game ra|write] [--players N] [--opponents random|greedy|self]
                                         [--envs N] [--timesteps T] [--eval-games G] [--seed S]

Each of N games has one learner seat (turning with each game, so every seat position is learned); the other seats
are played inside the batch by random or greedy opponents, or, with `--opponents self`, by a frozen copy of the
learner refreshed after every rollout. Every reward is the learner seat's own. Prints the learner's mean final
reward (margin) against the opponents before and after training, over the same seeded games.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from ra.envs.sb3 import FrozenPolicy, RefreshOpponents, SeatsVecEnv
from ra.envs.seats import LearnerSeatEnv


def mean_reward(model: MaskablePPO, game: str, players: int, opponents: object, games: int, seed: int) -> float:
    """The learner's mean final reward over `games` seeded games (one per row, every seat position in turn)."""
    envs = LearnerSeatEnv(num_envs=games, game=game, players=players, opponents=opponents)  # type: ignore[arg-type]
    observations, infos = envs.reset(seed=seed)
    totals, done = np.zeros(games), np.zeros(games, dtype=bool)
    while not done.all():
        actions, _ = model.predict(observations, deterministic=True, action_masks=infos["action_mask"] > 0)
        observations, rewards, terminations, _, infos = envs.step(actions)
        totals += np.where(done, 0.0, rewards)
        done |= terminations
    return float(totals.mean())


def main(argv: list[str] | None = None) -> None:
    """Train, and print the learner's mean reward before and after."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["ra", "write"], default="write")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponents", default="random", help="random, greedy (or another bot spec), or self")
    parser.add_argument("--envs", type=int, default=16, help="games played at once")
    parser.add_argument("--timesteps", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    selfplay = args.opponents == "self"
    venv = SeatsVecEnv(
        num_envs=args.envs, game=args.game, players=args.players, opponents="random" if selfplay else args.opponents
    )
    model = MaskablePPO("MlpPolicy", venv, n_steps=128, batch_size=256, seed=args.seed, verbose=0)
    callback = None
    if selfplay:  # the opponents are yesterday's learner, refreshed after each rollout
        frozen = FrozenPolicy(model)
        venv.env.set_opponents(frozen)
        callback = RefreshOpponents(frozen)
    judge = "random" if selfplay else args.opponents  # self-play is judged against random seats
    before = mean_reward(model, args.game, args.players, judge, args.eval_games, args.seed + 10_000)
    start = time.process_time()
    model.learn(args.timesteps, callback=callback)
    seconds = time.process_time() - start
    after = mean_reward(model, args.game, args.players, judge, args.eval_games, args.seed + 10_000)
    print(
        f"game={args.game} players={args.players} opponents={args.opponents} steps={model.num_timesteps} "
        f"steps_per_cpu_second={model.num_timesteps / seconds:.0f}"
    )
    print(f"mean_reward_vs_{judge}: before={before:.2f} after={after:.2f}")


if __name__ == "__main__":
    main()
