"""Tournaments between bots: a parallel runner, statistics (Wilson intervals, ratings) and plots."""

from ra.tournament.games import derive_seed, play_game, run_task
from ra.tournament.runner import TournamentResult, run_tournament
from ra.tournament.stats import EntrantStats, aggregate, percentile, ranks, seat_assignment, wilson_interval

__all__ = [
    "EntrantStats",
    "TournamentResult",
    "aggregate",
    "derive_seed",
    "percentile",
    "play_game",
    "ranks",
    "run_task",
    "run_tournament",
    "seat_assignment",
    "wilson_interval",
]
