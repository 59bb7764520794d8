"""Ra's shipped learned agents, played with NumPy alone (`ra.envs.policy`): a spec names one as a plug-in bot.

    ra evaluate ra.envs.ra.learned:PPO --game ra --players 3

- `PPO`: MaskablePPO's actor, one per table size trained (2, 3 and 4 players), by `research/train_ppo.py`;
- `AlphaZero`: a PUCT search over the engine (`ra.envs.alphazero`) with `PPO` as its prior and a value network
  trained by `research/train_alphazero.py`.

Their budgets and strength: docs/research/baselines.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from ra.envs.alphazero import AlphaZeroBot
from ra.envs.policy import LearnedBot

WEIGHTS = Path(__file__).with_name("weights")


class PPO(LearnedBot):
    """The masked PPO baseline: argmax of its logits over the legal actions."""

    game_name = "ra"
    weights: ClassVar[Mapping[int, Path]] = {players: WEIGHTS / f"ppo-{players}p.npz" for players in (2, 3, 4)}


class AlphaZero(AlphaZeroBot):
    """The search agent: PUCT over the engine, PPO's prior, the learned value."""

    game_name = "ra"
    weights = PPO.weights
    value = WEIGHTS / "value.npz"


__all__ = ["PPO", "AlphaZero"]
