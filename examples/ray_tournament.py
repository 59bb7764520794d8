"""A small tournament of random and greedy bots whose games run as Ray tasks (here on a local Ray instance).

Run: python examples/ray_tournament.py [--game ra|write] [--games G] [--address ADDRESS]
(the same as `ra tournament --game ra --seats greedy,random,random --games G --ray [ADDRESS]`).
"""

from __future__ import annotations

import argparse

from ra.tournament.games import LOCAL_RAY
from ra.tournament.runner import run_tournament


def main(argv: list[str] | None = None) -> None:
    """Run the tournament and print each bot's wins and mean score."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["ra", "write"], default="ra")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--address", default=LOCAL_RAY, help="a Ray address; default: RAY_ADDRESS or a local instance")
    parser.add_argument("--cpus", type=int, default=2, help="CPUs of a local instance")
    args = parser.parse_args(argv)
    result = run_tournament(
        args.game, ["greedy", "random", "random"], args.games, seed=1, jobs=args.cpus, ray_address=args.address
    )
    for row in result.stats:
        d = row.as_dict()
        print(f"bot={d['label']} games={d['games']} wins={d['wins']:g} mean_score={d['mean_score']:.1f}")


if __name__ == "__main__":
    main()
