"""A random agent at one seat of `ra/Ra-v0` or `ra/RaAndWrite-v0`, the other seats played by greedy bots.

Run: python examples/gymnasium_random.py [--game ra|write] [--players N] [--episodes E] [--opponents SPEC] [--seed S]
"""

from __future__ import annotations

import argparse

import gymnasium

import ra.envs.gymnasium  # noqa: F401  (registers ra/Ra-v0 and ra/RaAndWrite-v0)
from ra.envs.gymnasium import ENV_IDS


def main(argv: list[str] | None = None) -> None:
    """Play the episodes and print each one's return."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=list(ENV_IDS), default="ra")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=2)
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = gymnasium.make(ENV_IDS[args.game], players=args.players, opponents=args.opponents)
    env.action_space.seed(args.seed)
    for episode in range(args.episodes):
        _, info = env.reset(seed=args.seed + episode)
        total, steps, done = 0.0, 0, False
        while not done:
            action = env.action_space.sample(info["action_mask"])  # a random legal action
            _, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            steps += 1
            done = terminated or truncated
        print(f"episode={episode} seat={info['seat']} steps={steps} return={total:g}")
    env.close()


if __name__ == "__main__":
    main()
