"""The runner's statistics on fixed inputs: Wilson intervals, tie splitting, ranks, rotation, aggregation."""

from __future__ import annotations

import pytest

from ra.tournament.games import derive_seed
from ra.tournament.runner import run_tournament
from ra.tournament.stats import (
    aggregate,
    entrant_labels,
    percentile,
    ranks,
    seat_assignment,
    wilson_interval,
    win_shares,
)


def test_wilson_interval_known_values() -> None:
    """Textbook values: 50/100 and 0/10 at 95%."""
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(2.5, 10)  # split ties give fractional wins
    assert 0 < low < 0.25 < high < 1


def test_ties_are_split() -> None:
    """A shared win counts 1/k for each of the k winners."""
    assert win_shares([1], 3) == [0.0, 1.0, 0.0]
    assert win_shares([0, 2], 3) == [0.5, 0.0, 0.5]


def test_ranks() -> None:
    """Winners first, then by score; equal keys share the mean rank."""
    assert ranks([10, 30, 20], [1]) == [3.0, 1.0, 2.0]
    assert ranks([30, 30, 20], [1]) == [2.0, 1.0, 3.0]  # tie-break winner ranks above the tied score
    assert ranks([30, 30, 20], [0, 1]) == [1.5, 1.5, 3.0]
    assert ranks([5, 5, 5, 5], [0, 1, 2, 3]) == [2.5] * 4


def test_seat_rotation_is_balanced() -> None:
    """Over N games each entrant sits at each seat exactly once."""
    for n in range(2, 6):
        seen = {(seat, entrant) for g in range(n) for seat, entrant in enumerate(seat_assignment(n, g))}
        assert len(seen) == n * n
        for g in range(n):
            assert sorted(seat_assignment(n, g)) == list(range(n))


def test_labels_and_percentiles() -> None:
    """Repeated specs get numbered labels; percentiles interpolate."""
    assert entrant_labels(["mcts", "greedy", "greedy"]) == ["mcts", "greedy#1", "greedy#2"]
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([], 99) == 0.0
    assert percentile([7.0], 99) == 7.0


def test_aggregate_fixed_results() -> None:
    """Hand-made results fold into the expected games, wins, mean score and mean rank."""
    results = [
        {"index": 0, "entrants": [0, 1], "scores": [50, 40], "winners": [0], "times": [[0.1], [0.2]]},
        {"index": 1, "entrants": [1, 0], "scores": [45, 45], "winners": [0, 1], "times": [[0.3], [0.4]]},
        {"index": 2, "entrants": [0, 1], "scores": [20, 60], "winners": [1], "times": [[], []]},
    ]
    a, b = aggregate(["greedy", "random"], results)
    assert (a.games, b.games) == (3, 3)
    assert (a.wins, b.wins) == (1.5, 1.5)
    assert a.as_dict()["mean_score"] == pytest.approx((50 + 45 + 20) / 3)
    assert b.as_dict()["mean_rank"] == pytest.approx((2 + 1.5 + 1) / 3)
    assert a.winning_scores == [50.0, 45.0]
    assert a.decision_times == [0.1, 0.4]
    assert a.sigma < 25.0 / 3.0


def test_seeds_are_derived_stably() -> None:
    """Engine and bot seeds depend only on the master seed, the game index and the purpose."""
    assert derive_seed(1, 2, "engine") == derive_seed(1, 2, "engine")
    assert derive_seed(1, 2, "engine") != derive_seed(1, 3, "engine")
    assert derive_seed(1, 2, "engine") != derive_seed(1, 2, "bot0")
    assert 0 <= derive_seed(123, 4, "bot1") < 2**63


@pytest.mark.parametrize("game", ["ra", "write"])
def test_results_do_not_depend_on_jobs(game: str) -> None:
    """One process or two: the same games, scores and statistics."""
    specs = ["greedy", "random", "random"]
    one = run_tournament(game, specs, 4, seed=9, jobs=1)
    two = run_tournament(game, specs, 4, seed=9, jobs=2)
    assert [g["scores"] for g in one.games] == [g["scores"] for g in two.games]
    strip = ("decision_p50_ms", "decision_p99_ms")
    rows_one = [{k: v for k, v in r.as_dict().items() if k not in strip} for r in one.stats]
    rows_two = [{k: v for k, v in r.as_dict().items() if k not in strip} for r in two.stats]
    assert rows_one == rows_two
    assert [g["entrants"] for g in one.games] == [seat_assignment(3, i) for i in range(4)]
