"""One rated game's new ratings (openskill's Plackett-Luce, as `ra tournament` rates bots) and the rating shown."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from ra.tournament.stats import ranks

MU = 25.0  # a new player's rating: openskill's defaults
SIGMA = 25.0 / 3
_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

Rating = tuple[float, float]  # (mu, sigma)


def shown(mu: float, sigma: float) -> float:
    """The rating people see: a cautious estimate (mu - 3 sigma), which grows as games make it certain."""
    return round(mu - 3 * sigma, 2)


def places(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """Each seat's place (1 = best) by (won, score); equal places share the mean."""
    return ranks(scores, winners)


def rate(entrants: Sequence[Rating], entrant_places: Sequence[float]) -> list[Rating]:
    """The entrants' ratings after one game in which they finished at these places."""
    teams = [[_MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in entrants]
    updated = _MODEL.rate(teams, ranks=list(entrant_places))
    return [(float(team[0].mu), float(team[0].sigma)) for team in updated]
