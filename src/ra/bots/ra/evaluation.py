"""A static evaluation of a Ra position for search: each seat's expected final score (docs/rules/ra.md §9).

It reads only what every seat may know: the holdings, disks, tracks, scores and the bag's *counts* (never its
order), so a fair bot may call it on a determinized state and a clairvoyant one on the true state alike.

A seat's value is its banked points plus a weighted sum of terms (`TERMS`, computed by `seat_terms`):

- what the holdings will score at the end of this epoch, smoothed by the time left in it (the chance of the
  floods, civilization types and pharaoh lead still to come), and the scarab tiles' worth in later epochs
  (pharaohs, Nile, monuments are kept, §8.2.4);
- the sun disks: the lots the face-up disks can still buy this epoch (expected auctions from the Ra tiles still
  to fall, P(Ra) per draw from the bag's counts), and the §9.2 disk-total bonus.

The weights are a `Weights` table: `CLASSIC` holds the hand-set numbers the evaluation was born with (the
clairvoyant yardstick in bench/ keeps them), `LEARNED` those fitted to self-play (`learned_weights`, written by
bench/train_ra_evaluation.py), and `DEFAULT` is what the search bot uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from math import exp
from operator import mul

from ra.bots.ra.learned_weights import WEIGHTS
from ra.games.ra import State, phases, tables

OVER = phases.OVER
NK, RA, GOD, GOLD, PHARAOH, NILE, FLOOD = (
    tables.NK,
    tables.RA,
    tables.GOD,
    tables.GOLD,
    tables.PHARAOH,
    tables.NILE,
    tables.FLOOD,
)
CIVILIZATION, MONUMENTS = tables.CIVILIZATION, tables.MONUMENTS
CIV_POINTS = tables.CIV_POINTS
CIV_STEPS = tuple(CIV_POINTS[i + 1] - CIV_POINTS[i] for i in range(len(CIV_POINTS) - 1))
CIV_FIRST, CIV_COUNT = CIVILIZATION[0], len(CIVILIZATION)
CIV_END = CIV_FIRST + CIV_COUNT
MON_FIRST, MON_COUNT = MONUMENTS[0], len(MONUMENTS)
MON_END = MON_FIRST + MON_COUNT
MONUMENT_VARIETY, MONUMENT_SAME = tables.MONUMENT_VARIETY, tables.MONUMENT_SAME
assert tuple(range(CIV_FIRST, CIV_END)) == CIVILIZATION and tuple(range(MON_FIRST, MON_END)) == MONUMENTS
SAME_POTENTIAL = (0.0, 0.6, 2.2, 1.2, 0.8, 0.0)  # extra worth of n identical monuments while more can come
VARIETY_POTENTIAL = (0.0, 0.0, 0.0, 0.3, 0.6, 1.0, 2.0, 1.5, 0.0)  # extra worth of n monument types
OPEN_TILES = 24.0  # non-Ra tiles still to come at which an epoch counts as just begun
MAX_LOT = 8.0  # tiles in a full auction track (§3)


@dataclass(frozen=True)
class Weights:
    """Points per unit of each term of `seat_terms`, in the order of `TERMS` (the field names)."""

    god: float  # gods held (§9.1: 2 each)
    gold: float  # gold held (§9.1: 3 each)
    pharaoh_now: float  # soft +5 most / -2 fewest pharaohs this epoch
    pharaoh_later: float  # the same, times epochs still to come (pharaohs are kept)
    river_now: float  # Nile and floods this epoch (Nile by P(flood) while no flood is held)
    nile_later: float  # Nile tiles times epochs still to come
    civilization: float  # the civilization table, interpolated with the types still likely
    monuments: float  # §9.2 monument points of the tiles held
    monument_promise: float  # partial monument sets' promise, times the game still to play
    lots: float  # non-Ra tiles the face-up disks can still buy this epoch
    disk_future: float  # disk total times epochs still to come (bidding power)
    disk_rank: float  # soft highest-minus-lowest disk total (§9.2: ±5)
    god_open: float  # gods times the epoch still open (a god can still take a tile)
    disk_power: float  # face-up disk values times the epoch still open
    pharaoh_lead: float  # pharaohs above the others' mean, times epochs still to come
    monument_tiles: float  # monument tiles held, times the game still to play
    level: float  # the game still to play (the same for every seat: points everyone still gains)

    @cached_property
    def vector(self) -> tuple[float, ...]:
        """The weights in the order of `TERMS` (computed once: the search reads it per leaf)."""
        return tuple(getattr(self, name) for name in TERMS)


TERMS: tuple[str, ...] = tuple(f.name for f in fields(Weights))

# The hand-set numbers of the first evaluation (bench/clairvoyant.py's yardstick): never change them.
CLASSIC = Weights(
    god=2.0,
    gold=3.0,
    pharaoh_now=1.0,
    pharaoh_later=0.55,
    river_now=1.0,
    nile_later=0.5,
    civilization=1.0,
    monuments=1.0,
    monument_promise=1.0,
    lots=1.25,
    disk_future=0.12,
    disk_rank=5.0,
    god_open=0.0,
    disk_power=0.0,
    pharaoh_lead=0.0,
    monument_tiles=0.0,
    level=0.0,
)
LEARNED = Weights(**WEIGHTS)  # fitted to self-play by bench/train_ra_evaluation.py
DEFAULT = CLASSIC  # LEARNED predicts final leads better but did not win more games against the clairvoyant


def _soft_rank(mine: float, others: Sequence[float], spread: float) -> tuple[float, float]:
    """P(mine is the strict most) and P(the strict fewest) against `others`, smoothed by `spread` (logistic)."""
    p_most = p_fewest = 1.0
    half = 0.5 / spread
    for other in others:
        d = (mine - other) / spread
        p_most /= 1.0 + exp(max(-30.0, min(30.0, half - d)))
        p_fewest /= 1.0 + exp(max(-30.0, min(30.0, d + half)))
    return p_most, p_fewest


BagStats = dict[int, tuple[int, int]]  # bag size -> (Ra tiles, floods) left, for states that share one draw order


def seat_terms(st: State, bag_stats: BagStats | None = None) -> list[list[float]]:
    """Each seat's terms, in the order of `TERMS`, of a position that is not over (see `expected_finals`)."""
    n = st.num_players
    held = st.held
    bag_len = st.bag_size  # the bag itself is read only when its counts are not memoized (reading it copies it)
    counted = None if bag_stats is None else bag_stats.get(bag_len)
    if counted is None:
        bag = st.bag
        counted = (bag.count(RA), bag.count(FLOOD))
        if bag_stats is not None:
            bag_stats[bag_len] = counted
    bag_ra, floods_left = counted
    after = 3 - st.epoch  # epochs still to play after this one
    ra_left = st.ra_len - st.ra_filled  # the last of these ends the epoch
    # Expected non-Ra tiles still to be drawn this epoch: draws until ra_left Ra tiles fall, less those Ra tiles.
    draws_left = ra_left * (bag_len + 1) / (bag_ra + 1)
    tiles_left = max(0.0, draws_left - ra_left) + len(st.track)
    left = min(1.0, tiles_left / OPEN_TILES)  # how open the epoch still is (1: just begun, 0: about to end)
    p_flood = min(0.75, floods_left * tiles_left / max(1, bag_len) / n * 1.5) if floods_left else 0.0
    ups = st.up
    downs = st.down
    all_up = sum(map(len, ups)) or 1
    auctions = max(0.0, (ra_left - 1) * 1.4 + (0.6 if st.track else 0.0))
    lot = min(MAX_LOT, tiles_left / max(1.0, auctions))
    totals = [sum(ups[p]) + sum(downs[p]) for p in range(n)]
    pharaohs = held[PHARAOH::NK]
    mean_pharaohs = sum(pharaohs) / n
    spread_ph = 0.6 + 2.5 * left
    civ_extra = 1.3 * left
    game_left = (after + left) / 3.0
    spread = 1.0 + 6.0 * game_left  # disk totals: soft while disks still change hands
    out: list[list[float]] = []
    for p in range(n):
        b = p * NK
        gods = held[b + GOD]
        most, fewest = _soft_rank(pharaohs[p], pharaohs[:p] + pharaohs[p + 1 :], spread_ph)
        pharaoh = 5.0 * most - 2.0 * fewest
        nile, flood = held[b + NILE], held[b + FLOOD]
        types = CIV_COUNT - held[b + CIV_FIRST : b + CIV_END].count(0)
        x = types + civ_extra if types < CIV_COUNT else float(types)
        low = int(x)
        civ = CIV_POINTS[low] if low >= CIV_COUNT else CIV_POINTS[low] + CIV_STEPS[low] * (x - low)
        # §9.2 at the end of the game: monuments (kept), with partial sets' promise while the game runs.
        mon = held[b + MON_FIRST : b + MON_END]
        kinds = MON_COUNT - mon.count(0)
        monuments = float(MONUMENT_VARIETY[kinds])
        promise = VARIETY_POTENTIAL[kinds] + SAME_POTENTIAL[1] * mon.count(1) + SAME_POTENTIAL[2] * mon.count(2)
        if max(mon) >= 3:
            for c in mon:
                if c >= 3:
                    monuments += MONUMENT_SAME[min(c, 5)]
                    promise += SAME_POTENTIAL[min(c, 5)]
        mine = len(ups[p])
        disk_most, disk_fewest = _soft_rank(totals[p], totals[:p] + totals[p + 1 :], spread)
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


def expected_finals(st: State, bag_stats: BagStats | None = None, weights: Weights | None = None) -> list[float]:
    """Each seat's expected final score from the public position (terminal: the real scores).

    `bag_stats` memoizes the bag's Ra and flood counts by bag size: valid only across states that draw from one
    order (one search tree over one sampled or true bag). `weights` defaults to `DEFAULT`.
    """
    points = st.points
    if st.phase == OVER:
        return [float(x) for x in points]
    w = (DEFAULT if weights is None else weights).vector
    return [points[p] + sum(map(mul, w, terms)) for p, terms in enumerate(seat_terms(st, bag_stats))]


def leads(values: list[float]) -> list[float]:
    """Each seat's lead: its value minus the best other seat's."""
    n = len(values)
    return [values[p] - max(values[q] for q in range(n) if q != p) for p in range(n)]
