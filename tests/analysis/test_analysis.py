"""The analysis of a finished game (docs/ANALYSIS.md): what it reports, that it sees only the seat's view, and that
it is reproducible from the record and the analysis seed."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ra.analysis import DecisionReport, GameAnalysis, Position, analyse, evaluate, positions
from ra.bots import make_bot
from ra.bots.evaluator import Thresholds
from ra.bots.registry import game_bots
from ra.core.protocol import GameState
from ra.tournament.games import new_game, play_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ANALYSIS.md"
CHEAP = {"ra": "search:samples=3,depth=1,nodes=300", "write": "search:samples=4"}
TITLES = {"ra": "Ra", "write": "RA and Write"}
GAMES = ("ra", "write")


@cache
def finished(game: str, seed: int = 3, specs: tuple[str, ...] = ("greedy",) * 3) -> dict[str, Any]:
    state, _ = play_game(game, list(specs), seed, [seed + i for i in range(len(specs))])
    return state.record()


def advanced(game: str, seed: int, moves: int) -> GameState:
    state = new_game(game, 3, seed)
    bot = make_bot("greedy", game, seed=seed)
    for _ in range(moves):
        player = state.current_players()[0]
        state.apply(bot.choose(state.view(player)), player)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_thresholds_are_those_the_docs_state(game: str) -> None:
    """The docs' table of thresholds is the one the analysis classifies with."""
    row = re.search(rf"^\| {re.escape(TITLES[game])} +\| +([\d.]+) +\| +([\d.]+) +\| +([\d.]+) +\|$",
                    DOCS.read_text(encoding="utf-8"), re.MULTILINE)  # fmt: skip
    assert row is not None
    stated = Thresholds(*(float(cell) for cell in row.groups()))
    assert game_bots(game).thresholds == stated
    assert stated.classify(0.0) == "good"
    assert stated.classify(stated.inaccuracy - 0.01) == "good"
    assert stated.classify(stated.inaccuracy) == "inaccuracy"
    assert stated.classify(stated.mistake - 0.01) == "inaccuracy"
    assert stated.classify(stated.mistake) == "mistake"
    assert stated.classify(stated.blunder - 0.01) == "mistake"
    assert stated.classify(stated.blunder) == "blunder"
    assert stated.classify(1000.0) == "blunder"


@pytest.mark.parametrize("game", GAMES)
def test_each_report_holds_together(game: str) -> None:
    """Loss, interval, agreement, class and reason agree with one another, and the seats sum the decisions."""
    record = finished(game)
    analysis = analyse(record, seed=1, spec=CHEAP[game])
    thresholds = game_bots(game).thresholds
    assert thresholds is not None and analysis.thresholds == thresholds
    assert analysis.decisions, "a whole game has decisions"
    for report in analysis.decisions:
        assert 0 <= report.index < len(record["moves"])
        assert record["moves"][report.index]["action"] == report.chosen
        assert report.options > 1
        assert report.loss >= 0 and report.low <= report.loss <= report.high + 1e-9
        assert report.best_lead >= report.chosen_lead - 1e-9
        # Each is kept to a thousandth.
        assert report.loss == pytest.approx(report.best_lead - report.chosen_lead, abs=2e-3)
        assert 0 <= report.agree <= report.samples and report.samples > 0
        assert report.label == thresholds.classify(report.loss)
        assert (report.reason is None) == (report.label == "good")
        assert report.chosen_words is not None and report.best_words is not None
        if report.best == report.chosen:
            assert report.loss == 0 and report.agree == report.samples
    assert sum(seat.decisions for seat in analysis.seats) == len(analysis.decisions)
    for seat in analysis.seats:
        mine = [r for r in analysis.decisions if r.seat == seat.seat]
        assert seat.lost == pytest.approx(sum(r.loss for r in mine))
        assert seat.accuracy == pytest.approx(100 * sum(r.label == "good" for r in mine) / len(mine))
        costly = [analysis.decision(index) for index in seat.costliest]
        assert all(r is not None and r.seat == seat.seat and r.label != "good" for r in costly)
        losses = [r.loss for r in costly if r is not None]
        assert losses == sorted(losses, reverse=True)
        worse = [r.loss for r in mine if r.label != "good" and r.index not in seat.costliest]
        assert all(loss <= min(losses) for loss in worse)
        assert len(seat.costliest) == min(3, sum(r.label != "good" for r in mine))


def backwards(work: Callable[[Position], DecisionReport], items: Sequence[Position]) -> Iterable[DecisionReport]:
    """Evaluates the last decision first, then hands the reports back in order (as a pool may)."""
    done = {item.index: work(item) for item in reversed(items)}
    return [done[item.index] for item in items]


@pytest.mark.parametrize("game", GAMES)
def test_an_analysis_is_reproduced_from_record_and_seed(game: str) -> None:
    """Same record and seed: the same analysis, whatever the order of work; another seed samples other deals."""
    record = finished(game)
    first = analyse(record, seed=7, spec=CHEAP[game])
    assert analyse(record, seed=7, spec=CHEAP[game], mapper=backwards) == first
    other = analyse(record, seed=8, spec=CHEAP[game])
    assert [r.chosen for r in other.decisions] == [r.chosen for r in first.decisions]
    assert [r.chosen_lead for r in other.decisions] != [r.chosen_lead for r in first.decisions]


@pytest.mark.parametrize("game", GAMES)
def test_json_round_trip(game: str) -> None:
    analysis = analyse(finished(game), seed=2, spec=CHEAP[game], seats=[1])
    data = analysis.as_json()
    assert data["format"] == "ra-analysis/1"
    again = GameAnalysis.from_json(data)
    assert again.as_json() == data
    assert {r.seat for r in again.decisions} == {1}
    with pytest.raises(ValueError):
        GameAnalysis.from_json({**data, "format": "something else"})


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("moves", [4, 30])
def test_a_decision_is_judged_from_the_seats_view_alone(game: str, moves: int) -> None:
    """Two states that differ only in what the seat cannot see (the undrawn order) get the same report."""
    state = advanced(game, 20 + moves, moves)
    twin = state.reshuffled(random.Random(moves))
    assert twin.to_json() != state.to_json()
    seat = state.current_players()[0]
    legal = state.legal_actions(seat)
    chosen = legal[len(legal) // 2]
    reports = [
        evaluate(Position(game, CHEAP[game], 99, moves, seat, dict(s.view(seat)), chosen)) for s in (state, twin)
    ]
    assert reports[0] == reports[1]


@pytest.mark.parametrize("game", GAMES)
def test_positions_are_the_movers_views(game: str) -> None:
    """Each decision is taken from the view of the seat that moved, before its move, and `seats` filters."""
    record = finished(game)
    found = positions(record, spec=CHEAP[game])
    for position in found:
        assert position.view["viewer"] == position.seat
        ids = [entry["id"] for entry in position.view["legal_actions"]]
        assert position.chosen in ids and len(ids) > 1
    assert positions(record, spec=CHEAP[game], seats=[2]) == [p for p in found if p.seat == 2]


@pytest.mark.parametrize("game", GAMES)
def test_an_unfinished_game_is_not_analysed(game: str) -> None:
    record = advanced(game, 5, 10).record()
    with pytest.raises(ValueError, match="finished"):
        analyse(record, spec=CHEAP[game])


def test_random_play_loses_more_than_greedy_play() -> None:
    """A seat moving at random loses more points per decision than the greedy seats beside it."""
    record = finished("ra", 11, ("random", "greedy", "greedy"))
    analysis = analyse(record, seed=0, spec=CHEAP["ra"])
    random_seat, *greedy_seats = analysis.seats
    assert random_seat.lost_per_decision > max(seat.lost_per_decision for seat in greedy_seats)
    assert random_seat.accuracy < min(seat.accuracy for seat in greedy_seats)
