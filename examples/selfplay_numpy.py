"""Self-play in pure NumPy: a linear softmax policy plays every seat of a batch of games and learns by REINFORCE.

Run: python examples/selfplay_numpy.py [--game ra|write] [--players N] [--envs N] [--updates U] [--games G]
                                       [--eval-games E] [--eval-seeds K] [--eval-every V] [--seed S]

The policy's logits are `observation @ weights` (docs/OBSERVATIONS.md), masked to the legal actions. Every seat of
`--envs` games on the batched environment (`ra.envs.vector`) is played by the same policy; after each `--games`
finished games, every decision is pushed towards its seat's final reward (the margin, own score minus the best
other, scaled) less the batch's mean. Before training, every `--eval-every` updates and after it, the policy plays
seat 0 against random seats (a greedy policy: the most likely legal action) on `--eval-seeds` separate evaluation
seeds of `--eval-games` games together, never the training's: the script prints the curve of its mean margin and
share of wins, each with its standard error across those seeds. Against random players this improves within a
minute of CPU (Ra, 3 players, the defaults); tests run a tiny budget.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from ra.envs.vector import VectorEnv, masked_random

FloatArray = npt.NDArray[np.float32]
REWARD_SCALE = 20.0  # margins of a few tens of points become returns of about one


class LinearPolicy:
    """Logits = observation @ weights + bias, a softmax over the legal actions."""

    def __init__(self, size: int, actions: int, rng: np.random.Generator) -> None:
        """Small random weights."""
        self.weights = (rng.standard_normal((size, actions)) * 0.01).astype(np.float32)
        self.bias = np.zeros(actions, dtype=np.float32)

    def probabilities(self, observations: FloatArray, masks: npt.NDArray[np.int8]) -> FloatArray:
        """The policy's distribution over each row's legal actions."""
        logits = observations @ self.weights + self.bias
        logits[masks == 0] = -np.inf
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        result: FloatArray = weights / weights.sum(axis=1, keepdims=True)
        return result

    def sample(
        self, rng: np.random.Generator, observations: FloatArray, masks: npt.NDArray[np.int8]
    ) -> npt.NDArray[np.int64]:
        """One action per row, drawn from the policy."""
        probabilities = self.probabilities(observations, masks)
        draws = rng.random(len(probabilities))[:, None]
        below = (probabilities.cumsum(axis=1) < draws).sum(axis=1)  # the first action whose cumulative p passes
        chosen: npt.NDArray[np.int64] = np.minimum(below, len(self.bias) - 1)
        return chosen

    def greedy(self, observations: FloatArray, masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        """The most likely legal action of each row."""
        chosen: npt.NDArray[np.int64] = self.probabilities(observations, masks).argmax(axis=1)
        return chosen

    def learn(self, steps: dict[str, npt.NDArray[Any]], rate: float) -> None:
        """One REINFORCE step on whole games: grad log p(action) times (return - mean return)."""
        advantage = steps["returns"] - steps["returns"].mean()
        probabilities = self.probabilities(steps["observations"], steps["masks"])
        target = np.zeros_like(probabilities)
        target[np.arange(len(target)), steps["actions"].astype(np.int64)] = 1.0
        signal = (target - probabilities) * advantage[:, None] / len(target)
        self.weights += rate * (steps["observations"].T @ signal)
        self.bias += rate * signal.sum(axis=0)


class SelfPlay:
    """The batched games the policy plays against itself, and the decisions of the games not finished yet."""

    def __init__(self, envs: VectorEnv, seed: int) -> None:
        """Start every game."""
        self.envs = envs
        self.observations, self.infos = envs.reset(seed=seed)
        self.open: list[list[tuple[FloatArray, npt.NDArray[np.int8], int, int]]] = [[] for _ in range(envs.num_envs)]

    def collect(self, policy: LinearPolicy, rng: np.random.Generator, games: int) -> dict[str, npt.NDArray[Any]]:
        """Play until `games` games end; every decision of those games, with its seat's final reward."""
        done: list[tuple[FloatArray, npt.NDArray[np.int8], int, float]] = []
        finished = 0
        while finished < games:
            masks, seats = self.infos["action_mask"], self.infos["seat"]
            actions = policy.sample(rng, self.observations, masks)
            for i, steps in enumerate(self.open):
                steps.append((self.observations[i], masks[i], int(actions[i]), int(seats[i])))
            self.observations, _, terminations, _, self.infos = self.envs.step(actions)
            for game in np.flatnonzero(terminations):
                finals = self.infos["final_rewards"][game] / REWARD_SCALE
                done += [(o, m, a, float(finals[seat])) for o, m, a, seat in self.open[game]]
                self.open[game] = []
                finished += 1
        return {
            "observations": np.stack([d[0] for d in done]),
            "masks": np.stack([d[1] for d in done]),
            "actions": np.array([d[2] for d in done], dtype=np.float32),
            "returns": np.array([d[3] for d in done], dtype=np.float32),
        }


def evaluate(game: str, players: int, policy: LinearPolicy | None, games: int, seed: int) -> tuple[float, float]:
    """Seat 0 played by the policy (greedy; uniformly random when None) against random seats: mean margin, wins."""
    envs = VectorEnv(num_envs=min(games, 64), game=game, players=players)
    observations, infos = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    margins: list[float] = []
    wins = 0
    while len(margins) < games:
        masks = infos["action_mask"]
        actions = masked_random(rng, masks)
        if policy is not None:
            mine = infos["seat"] == 0
            actions[mine] = policy.greedy(observations[mine], masks[mine])
        observations, _, terminations, _, infos = envs.step(actions)
        for i in np.flatnonzero(terminations):
            margin = float(infos["final_rewards"][i][0])
            margins.append(margin)
            wins += int(margin > 0)
    return float(np.mean(margins[:games])), wins / len(margins)


def measured(game: str, players: int, policy: LinearPolicy | None, games: int, seeds: list[int]) -> str:
    """The policy's mean margin and wins over evaluation seeds, each with its standard error across the seeds."""
    each = max(1, games // len(seeds))
    results = np.array([evaluate(game, players, policy, each, seed) for seed in seeds])
    spread = results.std(axis=0, ddof=1) / np.sqrt(len(seeds)) if len(seeds) > 1 else np.full(2, np.nan)
    mean = results.mean(axis=0)
    return f"margin={mean[0]:.2f} margin_se={spread[0]:.2f} wins={mean[1]:.3f} wins_se={spread[1]:.3f}"


def main(argv: list[str] | None = None) -> None:
    """Measure the untrained policy, train it by self-play, measure it again."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["ra", "write"], default="ra")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--envs", type=int, default=64, help="games played at once")
    parser.add_argument("--updates", type=int, default=40, help="learning steps")
    parser.add_argument("--games", type=int, default=64, help="finished games per learning step")
    parser.add_argument("--rate", type=float, default=0.5, help="learning rate")
    parser.add_argument("--eval-games", type=int, default=400, help="games against random seats, at each point")
    parser.add_argument("--eval-seeds", type=int, default=5, help="separate evaluation seeds the games spread over")
    parser.add_argument("--eval-every", type=int, default=10, help="updates between two points of the curve")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    envs = VectorEnv(num_envs=args.envs, game=args.game, players=args.players)
    policy = LinearPolicy(envs.size, envs.num_actions, rng)
    # Evaluation seeds far from the training's (seed, seed + envs, ...), one per point of the spread.
    seeds = [args.seed + 1_000_000 * (k + 1) for k in range(max(1, args.eval_seeds))]
    print(f"random: {measured(args.game, args.players, None, args.eval_games, seeds)}")
    print(f"before: {measured(args.game, args.players, policy, args.eval_games, seeds)}")
    games = SelfPlay(envs, args.seed)
    start = time.process_time()
    for update in range(args.updates):
        steps = games.collect(policy, rng, args.games)
        policy.learn(steps, args.rate)
        if (update + 1) % args.eval_every == 0 and update + 1 < args.updates:
            point = measured(args.game, args.players, policy, args.eval_games, seeds)
            print(f"curve: update={update + 1} {point} cpu_s={time.process_time() - start:.1f}")
    print(f"after: update={args.updates} {measured(args.game, args.players, policy, args.eval_games, seeds)}")


if __name__ == "__main__":
    main()
