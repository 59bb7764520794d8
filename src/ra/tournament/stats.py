"""Tournament statistics: seat rotation, tie-split wins, ranks, Wilson intervals, ratings, percentiles, and the
analysis's points lost per decision and accuracy (`ra tournament --analyse`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ra.analysis.model import spread


def wilson_interval(successes: float, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (default 95%) of a proportion; fractional successes (split ties) allowed."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / trials + z * z / (4 * trials * trials))) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def seat_assignment(num_entrants: int, game_index: int) -> list[int]:
    """Entrant index sitting at each seat in game `game_index`: rotated by one seat per game."""
    return [(seat + game_index) % num_entrants for seat in range(num_entrants)]


def win_shares(winners: Sequence[int], num_players: int) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, split equally between tied winners."""
    shares = [0.0] * num_players
    for seat in winners:
        shares[seat] += 1.0 / len(winners)
    return shares


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """Each seat's rank (1 = best) by (won, score); equal keys share the mean of their ranks."""
    keys = [(1 if seat in winners else 0, score) for seat, score in enumerate(scores)]
    result: list[float] = []
    for key in keys:
        better = sum(1 for other in keys if other > key)
        equal = sum(1 for other in keys if other == key)
        result.append(better + (equal + 1) / 2)
    return result


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


@dataclass
class EntrantStats:
    """Accumulated results of one entrant (one position of the `--seats` list)."""

    label: str
    spec: str
    games: int = 0
    wins: float = 0.0
    score_total: float = 0.0
    rank_total: float = 0.0
    winning_scores: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)
    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    analysed: bool = False  # the games were analysed (`ra tournament --analyse`): the fields below are filled
    losses: list[float] = field(default_factory=list)  # the points each analysed decision lost
    good: int = 0  # analysed decisions classed good
    fallbacks: int = 0  # a plug-in's decisions that failed and were played as random moves (`ra.bots.guarded`)

    def as_dict(self) -> dict[str, Any]:
        """The summary row (JSON-able)."""
        low, high = wilson_interval(self.wins, self.games)
        return {
            "label": self.label,
            "spec": self.spec,
            "games": self.games,
            "wins": self.wins,
            "win_share": self.wins / self.games if self.games else 0.0,
            "ci_low": low,
            "ci_high": high,
            "mean_score": self.score_total / self.games if self.games else 0.0,
            "mean_rank": self.rank_total / self.games if self.games else 0.0,
            "mean_winning_score": (
                sum(self.winning_scores) / len(self.winning_scores) if self.winning_scores else None
            ),
            "rating_mu": self.mu,
            "rating_sigma": self.sigma,
            "rating": self.mu - 3 * self.sigma,
            "decisions": len(self.decision_times),
            "decision_p50_ms": percentile(self.decision_times, 50) * 1000,
            "decision_p99_ms": percentile(self.decision_times, 99) * 1000,
            "fallbacks": self.fallbacks,
            **(self.analysis_fields() if self.analysed else {}),
        }

    def analysis_fields(self) -> dict[str, Any]:
        """Its analysed decisions, the mean points lost per decision with its 95% interval, its accuracy in %."""
        lost = spread(self.losses)
        decisions = len(self.losses)
        return {
            "analysed_decisions": decisions,
            "lost_per_decision": lost.mean,
            "lost_low": lost.low,
            "lost_high": lost.high,
            "accuracy": 100.0 * self.good / decisions if decisions else 100.0,
        }


def entrant_labels(specs: Sequence[str]) -> list[str]:
    """A unique label per entrant: the spec, suffixed `#k` where a spec appears more than once."""
    labels: list[str] = []
    for i, spec in enumerate(specs):
        if specs.count(spec) == 1:
            labels.append(spec)
        else:
            labels.append(f"{spec}#{specs[: i + 1].count(spec)}")
    return labels


def aggregate(specs: Sequence[str], results: Sequence[Mapping[str, Any]]) -> list[EntrantStats]:
    """Fold game results (`entrants`, `scores`, `winners`, `times` per seat) into per-entrant statistics."""
    stats = [EntrantStats(label, spec) for label, spec in zip(entrant_labels(specs), specs, strict=True)]
    for result in sorted(results, key=lambda r: int(r["index"])):
        scores = [float(s) for s in result["scores"]]
        winners = list(result["winners"])
        shares = win_shares(winners, len(scores))
        game_ranks = ranks(scores, winners)
        for seat, entrant in enumerate(result["entrants"]):
            row = stats[entrant]
            row.games += 1
            row.wins += shares[seat]
            row.score_total += scores[seat]
            row.rank_total += game_ranks[seat]
            row.scores.append(scores[seat])
            if seat in winners:
                row.winning_scores.append(scores[seat])
            row.decision_times.extend(result["times"][seat])
            row.fallbacks += int(result.get("fallbacks", [0] * len(scores))[seat])
            if "analysis" in result:
                analysed = result["analysis"][seat]
                row.analysed = True
                row.losses.extend(float(loss) for loss in analysed["losses"])
                row.good += int(analysed["counts"]["good"])
    _rate(stats, results)
    return stats


def _rate(stats: list[EntrantStats], results: Sequence[Mapping[str, Any]]) -> None:
    """OpenSkill Plackett-Luce ratings, updated game by game in index order (independent of `--jobs`)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - openskill is a declared dependency
        return
    model = PlackettLuce()
    ratings = [model.rating(name=row.label) for row in stats]
    for result in sorted(results, key=lambda r: int(r["index"])):
        scores = [float(s) for s in result["scores"]]
        game_ranks = ranks(scores, list(result["winners"]))
        entrants = list(result["entrants"])
        teams = [[ratings[e]] for e in entrants]
        updated = model.rate(teams, ranks=game_ranks)
        for e, team in zip(entrants, updated, strict=True):
            ratings[e] = team[0]
    for row, rating in zip(stats, ratings, strict=True):
        row.mu, row.sigma = float(rating.mu), float(rating.sigma)
