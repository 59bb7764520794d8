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


def forfeited(seat_places: Sequence[float], out: Sequence[int]) -> list[float]:
    """The places with the seats that left or lost on time (`out`, tables/clocks.py) after every other seat, in
    their order by the game among themselves; the others keep theirs among themselves."""
    if not out:
        return list(seat_places)
    inside = [i for i in range(len(seat_places)) if i not in out]
    result = [0.0] * len(seat_places)
    for group, first in ((inside, 1), ([i for i in range(len(seat_places)) if i in out], len(inside) + 1)):
        ordered = sorted(group, key=lambda i: seat_places[i])
        k = 0
        while k < len(ordered):
            same = [i for i in ordered[k:] if seat_places[i] == seat_places[ordered[k]]]
            shared = first + k + (len(same) - 1) / 2
            for i in same:
                result[i] = shared
            k += len(same)
    return result


def rate(entrants: Sequence[Rating], entrant_places: Sequence[float]) -> list[Rating]:
    """The entrants' ratings after one game in which they finished at these places."""
    teams = [[_MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in entrants]
    updated = _MODEL.rate(teams, ranks=list(entrant_places))
    return [(float(team[0].mu), float(team[0].sigma)) for team in updated]
