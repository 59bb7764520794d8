"""Ra's static evaluation: the classic (yardstick) weights keep their values; every weights table reads only
public information, gives the real scores at the end and one value per seat."""

from __future__ import annotations

import math
import random

import pytest

from ra.bots.ra.evaluation import CLASSIC, DEFAULT, LEARNED, TERMS, Weights, expected_finals, seat_terms
from ra.games.ra import State
from research import clairvoyant

# Values of the evaluation as first written (before its numbers became a `Weights` table), computed from that
# code on these positions: (players, seed, random moves) -> expected final score per seat.
CLASSIC_VALUES: dict[tuple[int, int, int], list[float]] = {
    (2, 1, 0): [36.32167831499131, 36.32167831499131],
    (2, 3, 25): [28.896675539951165, 28.396675539951158],
    (2, 5, 70): [17.51102012508605, 11.33903980996024],
    (3, 7, 40): [29.33276951511336, 24.711382514005148, 23.211382514005148],
    (3, 8, 110): [32.718863661463395, 28.007957596971416, 14.120463492351657],
    (4, 9, 60): [31.93075477614098, 15.304910877487334, 18.319479888642327, 21.03758757105902],
    (5, 4, 90): [23.95319947053795, 18.418412104545332, 19.433432087520703, 13.344117520607913, 41.11615843417752],
    (3, 2, 400): [9.0, 15.0, 8.0],
}
TABLES = [CLASSIC, LEARNED, DEFAULT]


def _position(players: int, seed: int, moves: int) -> State:
    """A position after `moves` uniformly random legal moves (engine only, so bots' changes do not move it)."""
    state = State.new({"players": players}, seed=seed)
    rng = random.Random(seed * 1000 + moves)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.push(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("key", sorted(CLASSIC_VALUES))
def test_classic_weights_reproduce_the_first_values(key: tuple[int, int, int]) -> None:
    """The yardstick's weights give the first evaluation's values, to 1e-9."""
    got = expected_finals(_position(*key), None, CLASSIC)
    assert got == pytest.approx(CLASSIC_VALUES[key], abs=1e-9)


def test_the_clairvoyant_yardstick_keeps_the_classic_weights() -> None:
    """research/clairvoyant.py scores its leaves with CLASSIC, whatever the default becomes."""
    assert clairvoyant.YARDSTICK is CLASSIC


@pytest.mark.parametrize("weights", TABLES, ids=["classic", "learned", "default"])
def test_evaluation_reads_only_public_information(weights: Weights) -> None:
    """Two states that differ only in the bag's order evaluate equal (with and without the bag-count memo)."""
    rng = random.Random(3)
    for players in (2, 3, 4, 5):
        for moves in (0, 17, 55, 90, 140):
            state = _position(players, 20 + players, moves)
            if state.is_terminal():
                continue
            other = state.reshuffled(rng)
            assert other.bag != state.bag or len(set(state.bag)) <= 1
            assert expected_finals(state, None, weights) == expected_finals(other, None, weights)
            assert expected_finals(state, {}, weights) == expected_finals(other, {}, weights)


@pytest.mark.parametrize("weights", TABLES, ids=["classic", "learned", "default"])
def test_terminal_states_give_the_real_scores(weights: Weights) -> None:
    """At the end of the game the evaluation is the scoresheet."""
    for players in (2, 3, 4, 5):
        state = _position(players, players, 2000)
        assert state.is_terminal()
        assert expected_finals(state, None, weights) == [float(x) for x in state.scores()]


@pytest.mark.parametrize("weights", TABLES, ids=["classic", "learned", "default"])
def test_one_finite_value_per_seat(weights: Weights) -> None:
    """One finite value per seat, and one term vector of `TERMS`' length per seat."""
    for players in (2, 3, 4, 5):
        for moves in (0, 30, 80):
            state = _position(players, 40 + players, moves)
            if state.is_terminal():
                continue
            values = expected_finals(state, None, weights)
            assert len(values) == players and all(math.isfinite(v) for v in values)
            terms = seat_terms(state)
            assert len(terms) == players and all(len(t) == len(TERMS) for t in terms)


def test_weights_change_the_values() -> None:
    """The weights are really used: doubling one term's weight moves a seat's value by that term."""
    state = _position(3, 7, 40)
    base = expected_finals(state, None, CLASSIC)
    doubled = Weights(**{name: getattr(CLASSIC, name) * (2.0 if name == "gold" else 1.0) for name in TERMS})
    gold = TERMS.index("gold")
    terms = seat_terms(state)
    for p, value in enumerate(expected_finals(state, None, doubled)):
        assert value == pytest.approx(base[p] + CLASSIC.gold * terms[p][gold], abs=1e-9)
