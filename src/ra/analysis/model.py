"""What an analysis says (docs/ANALYSIS.md): one report per decision, a summary per seat, the whole as JSON.

Points are final margins: a seat's expected final score minus the best other seat's, as the evaluator sees it
from that seat's view. A decision's `loss` is what the chosen action's margin falls short of the best action's,
averaged over the evaluator's samples (the same sampled deals for every action, so the difference is measured on
equal draws); `low`/`high` is that loss's 95% interval over the samples.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ra.bots.evaluator import CLASSES, Thresholds
from ra.core.text import Text

ANALYSIS_FORMAT = "ra-analysis/1"
Z95 = 1.96  # the normal quantile of a two-sided 95% interval
COSTLIEST = 3  # decisions named per seat


@dataclass(frozen=True)
class Spread:
    """A mean over samples with its 95% interval."""

    mean: float
    low: float
    high: float


def spread(values: Sequence[float]) -> Spread:
    """The mean of `values` and its normal 95% interval (a single value: no width)."""
    n = len(values)
    if n == 0:
        return Spread(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Spread(mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Spread(mean, mean - half, mean + half)


@dataclass(frozen=True)
class DecisionReport:
    """One decision of one seat: what it chose, the best action found, and what the choice cost."""

    index: int  # the move's index in the record (the replay's step `index + 1` shows the position after it)
    seat: int
    options: int  # legal actions the seat had
    chosen: str  # notations (docs/RECORDS.md)
    best: str
    chosen_lead: float  # expected final margin after the chosen action, in points
    best_lead: float
    loss: float  # best_lead - chosen_lead, never below 0
    low: float  # the loss's 95% interval
    high: float
    samples: int  # deals the evaluator sampled
    agree: int  # samples in which the best action did at least as well as the chosen one
    label: str  # one of CLASSES
    reason: Text | None = None  # why the best action is better, in the player's words (only where one is lost)
    chosen_words: Text | None = None  # both actions as instructions in the game's words ("Bid sun disk 13")
    best_words: Text | None = None
    cpu_seconds: float = field(default=0.0, compare=False)  # what evaluating it cost (not part of what it says)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "index": self.index,
            "seat": self.seat,
            "options": self.options,
            "chosen": self.chosen,
            "best": self.best,
            "chosen_lead": round(self.chosen_lead, 3),
            "best_lead": round(self.best_lead, 3),
            "loss": round(self.loss, 3),
            "low": round(self.low, 3),
            "high": round(self.high, 3),
            "samples": self.samples,
            "agree": self.agree,
            "class": self.label,
        }
        for key, text in (
            ("reason", self.reason),
            ("chosen_words", self.chosen_words),
            ("best_words", self.best_words),
        ):
            if text is not None:
                data[key] = text.as_json()
        data["cpu_seconds"] = round(self.cpu_seconds, 4)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DecisionReport:
        def text(key: str) -> Text | None:
            value = data.get(key)
            return Text.from_json(value) if value is not None else None

        return cls(
            index=int(data["index"]),
            seat=int(data["seat"]),
            options=int(data["options"]),
            chosen=str(data["chosen"]),
            best=str(data["best"]),
            chosen_lead=float(data["chosen_lead"]),
            best_lead=float(data["best_lead"]),
            loss=float(data["loss"]),
            low=float(data["low"]),
            high=float(data["high"]),
            samples=int(data["samples"]),
            agree=int(data["agree"]),
            label=str(data["class"]),
            reason=text("reason"),
            chosen_words=text("chosen_words"),
            best_words=text("best_words"),
            cpu_seconds=float(data.get("cpu_seconds", 0.0)),
        )


@dataclass(frozen=True)
class SeatSummary:
    """One seat's game: its decisions, the points they lost, its accuracy and its costliest decisions."""

    seat: int
    decisions: int
    lost: float
    accuracy: float  # the share of its decisions classed good, in percent
    counts: dict[str, int]  # class -> decisions
    costliest: list[int]  # record indexes of its costliest non-good decisions, costliest first

    @property
    def lost_per_decision(self) -> float:
        return self.lost / self.decisions if self.decisions else 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "lost": round(self.lost, 3),
            "lost_per_decision": round(self.lost_per_decision, 3),
            "accuracy": round(self.accuracy, 1),
            "counts": dict(self.counts),
            "costliest": list(self.costliest),
        }


def summarise(seat: int, reports: Sequence[DecisionReport]) -> SeatSummary:
    """The summary of `seat` from the reports of its decisions."""
    mine = [r for r in reports if r.seat == seat]
    counts = dict.fromkeys(CLASSES, 0)
    for report in mine:
        counts[report.label] += 1
    costly = sorted((r for r in mine if r.label != "good"), key=lambda r: (-r.loss, r.index))
    return SeatSummary(
        seat=seat,
        decisions=len(mine),
        lost=sum(r.loss for r in mine),
        accuracy=100.0 * counts["good"] / len(mine) if mine else 100.0,
        counts=counts,
        costliest=[r.index for r in costly[:COSTLIEST]],
    )


@dataclass(frozen=True)
class GameAnalysis:
    """A finished game's analysis: every analysed decision, each seat's summary, and how it was made."""

    game: str
    players: int
    moves: int  # moves in the record
    seed: int  # the analysis seed
    spec: str  # the evaluator's bot spec
    thresholds: Thresholds
    decisions: list[DecisionReport]
    seats: list[SeatSummary]
    cpu_seconds: float = field(default=0.0, compare=False)  # what it cost (not part of what it says)

    @classmethod
    def of(
        cls,
        game: str,
        players: int,
        moves: int,
        seed: int,
        spec: str,
        thresholds: Thresholds,
        decisions: Sequence[DecisionReport],
    ) -> GameAnalysis:
        """The analysis made of these decisions' reports: each seat summed up, the cost the reports'."""
        reports = list(decisions)
        seats = [summarise(seat, reports) for seat in range(players)]
        cost = sum(report.cpu_seconds for report in reports)
        return cls(game, players, moves, seed, spec, thresholds, reports, seats, cost)

    def decision(self, index: int) -> DecisionReport | None:
        """The report of the record's move `index` (None if that move was not a decision analysed)."""
        return next((r for r in self.decisions if r.index == index), None)

    def as_json(self) -> dict[str, Any]:
        return {
            "format": ANALYSIS_FORMAT,
            "game": self.game,
            "players": self.players,
            "moves": self.moves,
            "seed": self.seed,
            "spec": self.spec,
            "thresholds": self.thresholds.as_json(),
            "decisions": [r.as_json() for r in self.decisions],
            "seats": [s.as_json() for s in self.seats],
            "cpu_seconds": round(self.cpu_seconds, 3),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameAnalysis:
        if data.get("format") != ANALYSIS_FORMAT:
            raise ValueError(f"not an analysis ({ANALYSIS_FORMAT!r} expected)")
        reports = [DecisionReport.from_json(r) for r in data["decisions"]]
        players = int(data["players"])
        limits = data["thresholds"]
        return cls(
            game=str(data["game"]),
            players=players,
            moves=int(data["moves"]),
            seed=int(data["seed"]),
            spec=str(data["spec"]),
            thresholds=Thresholds(float(limits["inaccuracy"]), float(limits["mistake"]), float(limits["blunder"])),
            decisions=reports,
            seats=[summarise(seat, reports) for seat in range(players)],
            cpu_seconds=float(data.get("cpu_seconds", 0.0)),
        )
