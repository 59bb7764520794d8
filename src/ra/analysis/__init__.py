"""Analysis of finished games (docs/ANALYSIS.md): every decision weighed from its seat's view by the game's fair
evaluator (`ra.bots.evaluator`), the points each choice lost, each seat's accuracy and costliest decisions.

- `model`: the reports (a decision, a seat, a game) and their JSON;
- `run`: the decisions of a record, one decision's evaluation as a pure task, a whole game's analysis.
"""

from __future__ import annotations

from ra.analysis.model import ANALYSIS_FORMAT, DecisionReport, GameAnalysis, SeatSummary, spread, summarise
from ra.analysis.run import Mapper, Position, Progress, analyse, analysis_parts, decision_seed, evaluate, positions
from ra.bots.evaluator import CLASSES, Thresholds

__all__ = [
    "ANALYSIS_FORMAT",
    "CLASSES",
    "DecisionReport",
    "GameAnalysis",
    "Mapper",
    "Position",
    "Progress",
    "SeatSummary",
    "Thresholds",
    "analyse",
    "analysis_parts",
    "decision_seed",
    "evaluate",
    "positions",
    "spread",
    "summarise",
]
