"""The memoized evaluation gives the very numbers of the first, plain one (bit for bit: the yardstick must not move).

`_old_seat_terms` and `_old_expected_finals` are copies of the functions as they were before the memos, kept here
only as the reference.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import exp
from operator import mul

import pytest

from ra.bots.ra import evaluation
from ra.bots.ra.evaluation import CLASSIC, LEARNED, BagStats, Weights, expected_finals, seat_terms
from ra.games.ra import State, phases, tables

NK, RA, GOD, GOLD, PHARAOH, NILE, FLOOD = (
    tables.NUM_KINDS,
    tables.RA,
    tables.GOD,
    tables.GOLD,
    tables.PHARAOH,
    tables.NILE,
    tables.FLOOD,
)
CIV_FIRST, CIV_COUNT = tables.CIVILIZATION[0], len(tables.CIVILIZATION)
MON_FIRST, MON_COUNT = tables.MONUMENTS[0], len(tables.MONUMENTS)
CIV_POINTS = tables.CIV_POINTS
CIV_STEPS = tuple(CIV_POINTS[i + 1] - CIV_POINTS[i] for i in range(len(CIV_POINTS) - 1))
SAME_POTENTIAL = (0.0, 0.6, 2.2, 1.2, 0.8, 0.0)
VARIETY_POTENTIAL = (0.0, 0.0, 0.0, 0.3, 0.6, 1.0, 2.0, 1.5, 0.0)


def _old_soft_rank(mine: float, others: Sequence[float], spread: float) -> tuple[float, float]:
    p_most = p_fewest = 1.0
    half = 0.5 / spread
    for other in others:
        d = (mine - other) / spread
        p_most /= 1.0 + exp(max(-30.0, min(30.0, half - d)))
        p_fewest /= 1.0 + exp(max(-30.0, min(30.0, d + half)))
    return p_most, p_fewest


def _old_seat_terms(st: State) -> list[list[float]]:
    n = st.num_players
    held = st.held
    bag_len = st.bag_size
    bag = st.bag
    bag_ra, floods_left = bag.count(RA), bag.count(FLOOD)
    after = 3 - st.epoch
    ra_left = st.ra_len - st.ra_filled
    draws_left = ra_left * (bag_len + 1) / (bag_ra + 1)
    tiles_left = max(0.0, draws_left - ra_left) + len(st.track)
    left = min(1.0, tiles_left / 24.0)
    p_flood = min(0.75, floods_left * tiles_left / max(1, bag_len) / n * 1.5) if floods_left else 0.0
    ups = st.up
    downs = st.down
    all_up = sum(map(len, ups)) or 1
    auctions = max(0.0, (ra_left - 1) * 1.4 + (0.6 if st.track else 0.0))
    lot = min(8.0, tiles_left / max(1.0, auctions))
    totals = [sum(ups[p]) + sum(downs[p]) for p in range(n)]
    pharaohs = held[PHARAOH::NK]
    mean_pharaohs = sum(pharaohs) / n
    spread_ph = 0.6 + 2.5 * left
    civ_extra = 1.3 * left
    game_left = (after + left) / 3.0
    spread = 1.0 + 6.0 * game_left
    out: list[list[float]] = []
    for p in range(n):
        b = p * NK
        gods = held[b + GOD]
        most, fewest = _old_soft_rank(pharaohs[p], pharaohs[:p] + pharaohs[p + 1 :], spread_ph)
        pharaoh = 5.0 * most - 2.0 * fewest
        nile, flood = held[b + NILE], held[b + FLOOD]
        types = CIV_COUNT - held[b + CIV_FIRST : b + CIV_FIRST + CIV_COUNT].count(0)
        x = types + civ_extra if types < CIV_COUNT else float(types)
        low = int(x)
        civ = CIV_POINTS[low] if low >= CIV_COUNT else CIV_POINTS[low] + CIV_STEPS[low] * (x - low)
        mon = held[b + MON_FIRST : b + MON_FIRST + MON_COUNT]
        kinds = MON_COUNT - mon.count(0)
        monuments = float(tables.MONUMENT_VARIETY[kinds])
        promise = VARIETY_POTENTIAL[kinds] + SAME_POTENTIAL[1] * mon.count(1) + SAME_POTENTIAL[2] * mon.count(2)
        if max(mon) >= 3:
            for c in mon:
                if c >= 3:
                    monuments += tables.MONUMENT_SAME[min(c, 5)]
                    promise += SAME_POTENTIAL[min(c, 5)]
        mine = len(ups[p])
        disk_most, disk_fewest = _old_soft_rank(totals[p], totals[:p] + totals[p + 1 :], spread)
        out.append(
            [
                float(gods),
                float(held[b + GOLD]),
                pharaoh,
                pharaoh * after,
                (nile + flood if flood else nile * p_flood),
                nile * after,
                civ,
                monuments,
                game_left * promise,
                min(float(mine), auctions * mine / all_up) * lot if mine else 0.0,
                after * totals[p],
                disk_most - disk_fewest,
                gods * left,
                sum(ups[p]) * left,
                (pharaohs[p] - mean_pharaohs) * after,
                sum(mon) * game_left,
                game_left,
            ]
        )
    return out


def _old_expected_finals(st: State, weights: Weights) -> list[float]:
    points = st.points
    if st.phase == phases.OVER:
        return [float(x) for x in points]
    w = weights.vector
    return [points[p] + sum(map(mul, w, terms)) for p, terms in enumerate(_old_seat_terms(st))]


def _positions(players: int, games: int, seed: int) -> list[State]:
    """Every position of a few seeded random games (the rules' own legal moves, random choices)."""
    rng = random.Random(seed)
    out: list[State] = []
    for game in range(games):
        st = State.new({"players": players}, seed=1000 * seed + game)
        while True:
            out.append(st.clone())
            if st.is_terminal():
                break
            st.push(rng.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_expected_finals_match_the_plain_evaluation_bit_for_bit(players: int) -> None:
    """CLASSIC (the yardstick's) and LEARNED weights alike, with and without a shared bag memo."""
    for weights in (CLASSIC, LEARNED, Weights(*(0.1 * (i - 8) for i in range(17)))):
        for st in _positions(players, 4, players):
            old = _old_expected_finals(st, weights)
            assert expected_finals(st, None, weights) == old
            stats: BagStats = {}
            assert expected_finals(st, stats, weights) == old
            assert expected_finals(st, stats, weights) == old  # the memos warm now
            if not st.is_terminal():
                assert seat_terms(st) == _old_seat_terms(st)


def test_memos_are_emptied_past_their_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long-running process keeps at most MEMO_LIMIT entries per memo, and the values stay right."""
    monkeypatch.setattr(evaluation, "MEMO_LIMIT", 5)
    for memo in ("_EPOCHS", "_HOLDINGS", "_PHARAOHS", "_DISKS"):
        monkeypatch.setattr(evaluation, memo, {})
    for st in _positions(3, 1, 9):
        assert expected_finals(st, None, CLASSIC) == _old_expected_finals(st, CLASSIC)
        tables = (evaluation._EPOCHS, evaluation._HOLDINGS, evaluation._PHARAOHS, evaluation._DISKS)
        assert max(len(table) for table in tables) <= 5
