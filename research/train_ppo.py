"""Train the masked PPO baseline on one learner seat per game, print its curve, export its actor for NumPy play.

Run from the repository's root (needs torch, stable-baselines3, sb3-contrib):

    python -m research.train_ppo --game write --players 3 --cpu-minutes 12 --seed 1 \
        --out src/ra/envs/write/weights/ppo-3p.npz

sb3-contrib's MaskablePPO (SB3's default `MlpPolicy`: two hidden layers of 64, tanh) learns on `SeatsVecEnv`: each
of `--envs` games has one learner seat, turning with each game. The opponents change with each rollout, in turn
`--schedule` (default greedy,random,self): `greedy` is the ladder's first real rung and the one the learner must
beat; `random` keeps games where a weak table leaves the learner free to score (what the ladder's random and easy
levels play); `self` is a frozen copy of the learner, refreshed before each of its rollouts, so that the policy does
not only learn the two bots' blind spots. A fixed schedule rather than a sampled one keeps a seeded run replayable.

Every `--eval-every` steps (and at the start and end) it prints one curve line: the learner, deterministic (the
argmax the shipped bot plays), over `--eval-games` fixed seeded games against random and against greedy seats: its
mean final margin (own score minus the best other) and its win share (margin > 0 a win, 0 a tie counted as half),
each with its standard error (`--plot FILE`: the margins as a PNG, with matplotlib). Training stops after
`--timesteps` steps or `--cpu-minutes` of this process's CPU time (evaluations included), whichever comes first.
The actor is then exported as an `.npz` (`ra.envs.policy`).

A seeded run replays exactly (one torch thread; the curve's games touch no random state of the training), but where
the CPU budget stops it depends on the machine: the last line's `trained_steps` (the steps of the rollouts learned
from) given as `--timesteps`, with a budget to spare, rebuilds the same weights.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from ra.envs.policy import ACTIVATIONS, MlpPolicy
from ra.envs.sb3 import FrozenPolicy, SeatsVecEnv
from ra.envs.seats import LearnerSeatEnv

EVAL_SEED = 1_000_000  # the evaluation games' seeds, apart from the training games'
Actor = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], npt.NDArray[np.int64]]


def play_margins(actor: Actor, game: str, players: int, opponents: str, games: int, seed: int) -> npt.NDArray[Any]:
    """The learner's final margin in each of `games` seeded games (one per row, the seats in turn)."""
    envs = LearnerSeatEnv(num_envs=games, game=game, players=players, opponents=opponents)
    observations, infos = envs.reset(seed=seed)
    margins, done = np.zeros(games), np.zeros(games, dtype=bool)
    while not done.all():
        observations, rewards, terminations, _, infos = envs.step(actor(observations, infos["action_mask"] > 0))
        margins = np.where(done, margins, rewards)
        done |= terminations
    return margins


def summary(margins: npt.NDArray[Any]) -> str:
    """Mean margin and win share, each with its standard error."""
    wins = np.where(margins > 0, 1.0, np.where(margins == 0, 0.5, 0.0))
    n = len(margins)
    return (
        f"margin={margins.mean():+.2f}±{margins.std(ddof=1) / np.sqrt(n):.2f} "
        f"win={wins.mean():.3f}±{wins.std(ddof=1) / np.sqrt(n):.3f}"
    )


def export(model: MaskablePPO, game: str, players: int) -> MlpPolicy:
    """The model's actor (policy_net's Linear layers, then action_net) as a NumPy policy."""
    policy = model.policy
    linears: list[Any] = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(policy.action_net)
    activation = policy.activation_fn.__name__.lower()
    if activation not in ACTIVATIONS:
        raise ValueError(f"no NumPy activation for {activation}")
    layers = [(m.weight.detach().cpu().numpy(), m.bias.detach().cpu().numpy()) for m in linears]
    meta = {"game": game, "players": players, "obs_size": layers[0][0].shape[1], "num_actions": layers[-1][0].shape[0]}
    return MlpPolicy(layers, activation, meta)


class Schedule(BaseCallback):  # type: ignore[misc]
    """Turns the opponents after each rollout, prints the curve, and stops at the CPU budget."""

    def __init__(self, run: Run) -> None:
        super().__init__()
        self.run, self.rollouts, self.next_eval = run, 0, run.args.eval_every

    def _on_step(self) -> bool:
        budget: float = self.run.args.cpu_minutes * 60
        return time.process_time() - self.run.start < budget

    def _on_rollout_start(self) -> None:  # the previous rollout is learned from: the curve sees its update
        if self.num_timesteps >= self.next_eval:
            self.next_eval += self.run.args.eval_every
            self.run.curve()

    def _on_rollout_end(self) -> None:
        self.rollouts += 1
        self.run.use_opponents(self.rollouts)


class Run:
    """One seeded training run: the model, its environment, its opponents' schedule and its curve."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.schedule = args.schedule.split(",")
        self.venv = SeatsVecEnv(num_envs=args.envs, game=args.game, players=args.players, opponents="random")
        self.model = MaskablePPO(
            "MlpPolicy", self.venv, n_steps=args.n_steps, batch_size=args.batch_size, seed=args.seed, verbose=0
        )
        self.frozen = FrozenPolicy(self.model)
        self.start = time.process_time()
        self.points: list[tuple[int, dict[str, float]]] = []  # (steps, mean margin against each level)
        self.use_opponents(0)

    def use_opponents(self, rollout: int) -> None:
        """The opponents of rollout `rollout`: the schedule's next entry (`self`: the learner as it is now)."""
        name = self.schedule[rollout % len(self.schedule)]
        if name == "self":
            self.frozen.refresh()
            self.venv.env.set_opponents(self.frozen)
        else:
            self.venv.env.set_opponents(name)

    def actor(self, observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """The learner as the shipped bot plays it: deterministic."""
        actions, _ = self.model.predict(observations, deterministic=True, action_masks=masks)
        return np.asarray(actions, dtype=np.int64)

    def curve(self) -> None:
        """One line of the curve: steps, CPU minutes, and the learner against random and greedy seats."""
        a = self.args
        parts = [f"steps={self.model.num_timesteps}", f"cpu_min={(time.process_time() - self.start) / 60:.1f}"]
        means: dict[str, float] = {}
        for level in ("random", "greedy"):
            margins = play_margins(self.actor, a.game, a.players, level, a.eval_games, EVAL_SEED)
            parts.append(f"vs_{level}: {summary(margins)}")
            means[level] = float(margins.mean())
        self.points.append((self.model.num_timesteps, means))
        print(" ".join(parts), flush=True)

    def plot(self, path: Path) -> None:
        """The curve's mean margins as a PNG (needs matplotlib)."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 4))
        for level in ("random", "greedy"):
            axes.plot([s for s, _ in self.points], [m[level] for _, m in self.points], marker=".", label=f"vs {level}")
        axes.axhline(0.0, color="grey", linewidth=0.5)
        axes.set(xlabel="environment steps", ylabel="mean final margin", title=f"MaskablePPO, {self.args.game}")
        axes.legend()
        figure.savefig(path, dpi=100)
        plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    """Train, print the curve, export the actor."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["ra", "write"], default="write")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--schedule", default="greedy,random,self", help="opponents of each rollout, in turn")
    parser.add_argument("--envs", type=int, default=16, help="games played at once")
    parser.add_argument("--n-steps", type=int, default=128, help="steps per game per rollout")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--timesteps", type=int, default=10_000_000)
    parser.add_argument("--cpu-minutes", type=float, default=15.0, help="CPU budget, evaluations included")
    parser.add_argument("--eval-every", type=int, default=20_000, help="steps between curve lines")
    parser.add_argument("--eval-games", type=int, default=60, help="seeded games per curve point and opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="the .npz to export the actor to")
    parser.add_argument("--plot", type=Path, help="a PNG of the curve (needs matplotlib)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    run = Run(args)
    print(f"game={args.game} players={args.players} schedule={args.schedule} seed={args.seed}", flush=True)
    run.curve()
    run.model.learn(args.timesteps, callback=Schedule(run))
    run.curve()
    cpu = time.process_time() - run.start
    steps, rollout = run.model.num_timesteps, args.n_steps * args.envs
    trained = steps // rollout * rollout  # a rollout cut short by the budget is not learned from
    print(f"done steps={steps} trained_steps={trained} cpu_min={cpu / 60:.1f} steps_per_cpu_s={steps / cpu:.0f}")
    if args.out is not None:
        policy = export(run.model, args.game, args.players)
        policy.save(args.out)
        print(f"exported {args.out} ({args.out.stat().st_size} bytes)")
    if args.plot is not None:
        run.plot(args.plot)
        print(f"plotted {args.plot}")


if __name__ == "__main__":
    main()
