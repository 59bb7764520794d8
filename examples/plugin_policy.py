"""A policy over the PettingZoo observation, played as a plug-in bot: locally, or on a server through `ra bot run`.

A policy trained on `ra.envs` (PettingZoo, Gymnasium, the vector env) sees `{"observation", "action_mask"}`. A seat's
view gives exactly those arrays through the game's encoder (`ra.envs.<game>.ENCODER`, docs/OBSERVATIONS.md), so the
same policy plays anywhere a bot spec is accepted (needs the `rl` extra):

    ra tournament --game write --players 3 --seats plugin_policy:LinearPolicy,random,random --games 20
    RA_BOT_TOKEN=rab_... ra bot run --server https://example.org --bot plugin_policy:LinearPolicy

Here the policy is a seeded linear layer, a stand-in for a trained network: load your weights in `__init__`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ra.envs.parts import game_parts


def observe(game: str, view: Mapping[str, Any]) -> dict[str, npt.NDArray[Any]]:
    """The PettingZoo observation dict of a seat's view: what the environments hand an agent at that seat."""
    encoder = game_parts(game).ENCODER
    return {"observation": encoder.encode(view), "action_mask": encoder.mask(view)}


class LinearPolicy:
    """Scores every action id from the observation and plays the best one the mask allows."""

    games = ("ra", "write")

    def __init__(self, *, game: str, seed: int, seconds: float | None) -> None:
        self.game = game
        encoder = game_parts(game).ENCODER
        self.weights = np.random.default_rng(seed).normal(size=(encoder.num_actions, encoder.size)).astype(np.float32)

    def act(self, observation: Mapping[str, npt.NDArray[Any]]) -> int:
        """The policy itself: an action id from a PettingZoo observation dict."""
        scores = self.weights @ observation["observation"]
        scores[observation["action_mask"] == 0] = -np.inf
        return int(np.argmax(scores))

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """The plug-in's interface (docs/BOTS.md, "Plug-in bots"): the view in, an action id out."""
        return self.act(observe(self.game, view))
