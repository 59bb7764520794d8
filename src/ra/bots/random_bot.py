"""`random`: uniform over the legal actions, the baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ra.bots.base import legal_ids


class RandomBot:
    """Chooses uniformly among the legal actions; deterministic given its seed."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> int:
        """A uniformly random legal action id."""
        return self.rng.choice(legal_ids(view))
