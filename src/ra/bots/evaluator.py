"""What a game's bots offer an analysis (`ra.analysis`, docs/ANALYSIS.md): a fair evaluator and its thresholds.

A game's bots subpackage may define, beside its bots (`ra.bots.registry`):

- `evaluate(view, seed, spec, include) -> dict[action id, list[float]]`: from the seat's view only, each
  candidate action's final margin (the seat's points minus the best other seat's) in each sampled deal, the same
  deals for every action; the actions in `include` are always among the candidates;
- `ANALYSIS_SPEC`: the evaluator's default bot spec (no wall-clock limit: an analysis must be reproducible);
- `ANALYSIS_THRESHOLDS`: the points lost from which a decision is an inaccuracy, a mistake, a blunder.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

CLASSES: tuple[str, ...] = ("good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Thresholds:
    """Points lost from which a decision is an inaccuracy, a mistake, a blunder (each game's own)."""

    inaccuracy: float
    mistake: float
    blunder: float

    def classify(self, loss: float) -> str:
        """The class of a decision that lost `loss` points (one of CLASSES)."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"

    def as_json(self) -> dict[str, float]:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "blunder": self.blunder}


class Evaluate(Protocol):
    """A game's fair evaluator (see the module's docstring)."""

    def __call__(
        self, view: Mapping[str, Any], seed: int, spec: str, include: Collection[int]
    ) -> dict[int, list[float]]:
        """Each candidate action's margin in each sampled deal."""
        ...
