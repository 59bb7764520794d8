"""Random players on the OpenSpiel games `python_ra` / `python_ra_and_write`, chance sampled by OpenSpiel.

Run: python examples/openspiel_random.py [--game ra|write] [--players N] [--games G] [--seed S]
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel

from ra.envs.openspiel import NAMES  # importing it registers the games


def main(argv: list[str] | None = None) -> None:
    """Play the games and print each one's returns and length."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=list(NAMES), default="ra")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(NAMES[args.game], {"players": args.players})
    rng = np.random.default_rng(args.seed)
    for index in range(args.games):
        state = game.new_initial_state()
        chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = int(rng.choice(outcomes, p=probabilities))
                chance += 1
            else:
                action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
        decisions = len(state.history()) - chance
        print(f"game={index} decisions={decisions} chance_nodes={chance} returns={state.returns()}")


if __name__ == "__main__":
    main()
