"""RA and Write's shipped learned agents, played with NumPy alone (`ra.envs.policy`): a spec names one as a plug-in bot.

    ra evaluate ra.envs.write.learned:PPO --game write --players 3

`PPO`: MaskablePPO's actor, trained by `research/train_ppo.py` (its budget and strength: docs/research/baselines.md).
"""

from __future__ import annotations

from pathlib import Path

from ra.envs.policy import LearnedBot

WEIGHTS = Path(__file__).with_name("weights")


class PPO(LearnedBot):
    """The masked PPO baseline: argmax of its logits over the legal actions."""

    games = ("write",)
    game_name = "write"
    weights = WEIGHTS / "ppo.npz"


__all__ = ["PPO"]
