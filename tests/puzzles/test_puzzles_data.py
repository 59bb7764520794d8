"""The committed puzzles (src/ra/puzzles/data): every position rebuilds from its game, every solution is a legal
action that beat every other by the file's margin (a structural check of all, the evaluator run again on a few),
and mining is reproducible from its master seed."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from ra.analysis.run import Position, decision_seed
from ra.bots.registry import game_bots
from ra.puzzles.mine import MAX_THEME_SHARE, Settings, mine, verdict, weigh
from ra.puzzles.model import Puzzle, PuzzleSet, bundled, dumps, legal_notations, load
from ra.tournament.games import derive_seed

GAMES = ("ra", "write")
WANTED = 300  # the count per game
MIN_THEMES = 4  # themes the committed puzzles span at least
RECONFIRMED = 3  # puzzles per game whose evaluation is run again (the analysis evaluator costs ~0.3 s each)


def committed(game: str) -> PuzzleSet:
    puzzles = bundled(game)
    assert puzzles is not None, f"no committed puzzles for {game}"
    return puzzles


@pytest.mark.parametrize("game", GAMES)
def test_every_committed_puzzle_rebuilds_and_its_solution_is_legal(game: str) -> None:
    puzzles = committed(game)
    assert len(puzzles.puzzles) >= WANTED
    assert len({p.id for p in puzzles.puzzles}) == len(puzzles.puzzles)
    themes = game_bots(game)
    assert themes.theme is not None
    for puzzle in puzzles.puzzles:
        view = puzzles.view(puzzle)
        legal = legal_notations(view)
        ids = {entry["notation"]: entry["id"] for entry in view["legal_actions"]}
        assert view["viewer"] == puzzle.seat
        assert puzzle.solution in legal and puzzle.played in legal, puzzle.id
        assert len(legal) == puzzle.options >= 2
        # Unique by the margin, as the miner measured it: the file's bars hold for every puzzle.
        assert puzzle.margin >= puzzles.min_margin, puzzle.id
        assert puzzle.agree >= puzzles.min_agree * puzzle.samples, puzzle.id
        assert str(puzzle.reason)
        # Its theme is what its solution teaches, and no theme crowds out the others.
        assert puzzle.theme == themes.theme(view, ids[puzzle.solution]) in themes.themes, puzzle.id
    shares = Counter(p.theme for p in puzzles.puzzles)
    assert max(shares.values()) <= math.ceil(len(puzzles.puzzles) * MAX_THEME_SHARE), shares
    assert len(shares) >= MIN_THEMES, shares


def confirm_again(puzzles: PuzzleSet, puzzle: Puzzle) -> tuple[str, float, int]:
    """The analysis evaluator on the puzzle's position with the miner's own seed: (best, margin, agree)."""
    from ra.games import game_module

    _, _, game_index, index = puzzle.id.rsplit("-", 3)
    seed = decision_seed(derive_seed(puzzles.seed, int(game_index), "analysis"), int(index))
    view = puzzles.view(puzzle)
    found = weigh(Position(puzzles.game, puzzles.spec, seed, int(index), puzzle.seat, view, 0), puzzles.spec)
    assert found is not None
    return game_module(puzzles.game).action_to_str(found.best), found.margin, found.agree


@pytest.mark.parametrize("game", GAMES)
def test_a_few_puzzles_are_confirmed_again_by_the_evaluator(game: str) -> None:
    puzzles = committed(game)
    step = len(puzzles.puzzles) // RECONFIRMED
    for puzzle in puzzles.puzzles[::step][:RECONFIRMED]:
        best, margin, agree = confirm_again(puzzles, puzzle)
        assert best == puzzle.solution, puzzle.id
        assert margin == pytest.approx(puzzle.margin, abs=0.01) and agree == puzzle.agree


def test_the_data_file_round_trips() -> None:
    puzzles = committed("ra")
    assert PuzzleSet.from_json(puzzles.as_json()).as_json() == puzzles.as_json()


def test_the_verdict_needs_the_best_to_lead_every_other_action() -> None:
    leads = {1: [5.0, 6.0, 4.0, 5.0], 2: [1.0, 2.0, 5.0, 1.0], 3: [0.0, 0.0, 0.0, 0.0]}
    found = verdict(leads)
    assert found is not None
    assert (found.best, found.samples) == (1, 4)
    assert found.margin == pytest.approx(5.0 - 2.25)  # against the second best, not the worst
    assert found.agree == 3  # action 2 did better in one deal
    assert verdict({1: [1.0]}) is None  # nothing to choose between


def test_mining_is_reproducible_from_the_seed() -> None:
    settings = Settings("ra", 3, seed=11)
    once, twice = mine(settings), mine(settings, jobs=2)
    assert once.puzzles and len(once.puzzles) == 3
    first, second = once.as_json(), twice.as_json()
    first.pop("cpu_seconds"), second.pop("cpu_seconds")
    assert first == second
    other = mine(Settings("ra", 3, seed=12)).as_json()
    assert [p["id"] for p in other["puzzles"]] != [p["id"] for p in first["puzzles"]]


def test_a_saved_file_loads_back(tmp_path: Path) -> None:
    puzzles = mine(Settings("ra", 2, seed=3))
    path = tmp_path / "ra.json.gz"
    path.write_bytes(dumps(puzzles))
    assert load(path).as_json() == PuzzleSet.from_json(puzzles.as_json()).as_json()
    assert dumps(puzzles) == dumps(load(path))  # the same bytes every time: a committed file diffs only on change
