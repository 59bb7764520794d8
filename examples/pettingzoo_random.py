"""Random agents on the PettingZoo AEC environment: whole games of Ra or RA and Write, rewards at the end.

Run: python examples/pettingzoo_random.py [--game ra|write] [--players N] [--games G] [--seed S]
"""

from __future__ import annotations

import argparse

import numpy as np

from ra.envs.pettingzoo import env


def main(argv: list[str] | None = None) -> None:
    """Play the games and print each one's final rewards and scores."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["ra", "write"], default="ra")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    table = env(game=args.game, players=args.players)
    for game in range(args.games):
        table.reset(seed=args.seed + game)
        rewards: dict[str, float] = {}
        steps = 0
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            if termination or truncation:
                rewards[agent] = reward
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
            table.step(action)
        scores = table.unwrapped.game_state.scores()
        print(f"game={game} steps={steps} scores={scores} rewards={[rewards[a] for a in table.possible_agents]}")
    table.close()


if __name__ == "__main__":
    main()
