"""A static evaluation of a Ra position for search: each seat's expected final score (docs/rules/ra.md §9).

It reads only what every seat may know: the holdings, disks, tracks, scores and the bag's *counts* (never its
order), so a fair bot may call it on a determinized state and a clairvoyant one on the true state alike.

A seat's value is its banked points plus a weighted sum of terms (`TERMS`, computed by `seat_terms`):

- what the holdings will score at the end of this epoch, smoothed by the time left in it (the chance of the
  floods, civilization types and pharaoh lead still to come), and the scarab tiles' worth in later epochs
  (pharaohs, Nile, monuments are kept, §8.2.4);
- the sun disks: the lots the face-up disks can still buy this epoch (expected auctions from the Ra tiles still
  to fall, P(Ra) per draw from the bag's counts), and the §9.2 disk-total bonus.

The weights are a `Weights` table (`ra.bots.ra.weights`): `CLASSIC` holds the hand-set numbers the evaluation was
born with (the clairvoyant yardstick in research/ keeps them), `LEARNED` those fitted to self-play, and `DEFAULT` is
what the search bot uses.

`seat_terms` lists every term (for the trainer in tools/); `expected_finals`, the search's leaf value, computes the
same weighted sums bit for bit without the lists: what all seats share, the pharaoh and disk ranks, and each seat's
holdings are memoized by the few fields they depend on.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

from ra.bots.ra.weights import CLASSIC, DEFAULT, LEARNED, TERMS, Weights
from ra.games.ra import State, phases, tables

__all__ = [
    "CLASSIC",
    "DEFAULT",
    "LEARNED",
    "TERMS",
    "BagStats",
    "Weights",
    "expected_finals",
    "leads",
    "seat_terms",
]

OVER = phases.OVER
NK, RA, GOD, GOLD, PHARAOH, NILE, FLOOD = (
    tables.NUM_KINDS,
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

# What the evaluation shares between seats and states, by the few fields it depends on (see the functions below).
Epoch = tuple[int, float, float, float, float, float, tuple[float, ...], float, float]
Holding = tuple[int, int, int, int, int, float, float, int]
_EPOCHS: dict[tuple[int, ...], Epoch] = {}
_HOLDINGS: dict[tuple[int, ...], Holding] = {}
_PHARAOHS: dict[tuple[object, ...], list[tuple[float, float, float]]] = {}
_DISKS: dict[tuple[object, ...], list[float]] = {}
MEMO_LIMIT = 100_000  # entries per memo before it is emptied (a long-running server must not grow without end)


def _bag_counts(st: State, bag_stats: BagStats | None) -> tuple[int, int]:
    """The bag's Ra tiles and floods (memoized by bag size in `bag_stats`; reading the bag copies it)."""
    bag_len = st.bag_size
    counted = None if bag_stats is None else bag_stats.get(bag_len)
    if counted is None:
        bag = st.bag
        counted = (bag.count(RA), bag.count(FLOOD))
        if bag_stats is not None:
            bag_stats[bag_len] = counted
    return counted


def _epoch(n: int, epoch: int, ra_left: int, bag_len: int, bag_ra: int, floods_left: int, track: int) -> Epoch:
    """after, left, p_flood, auctions, lot, spread_ph, civilization by types, game_left, spread: shared by all seats."""
    after = 3 - epoch  # epochs still to play after this one
    # Expected non-Ra tiles still to be drawn this epoch: draws until ra_left Ra tiles fall, less those Ra tiles.
    draws_left = ra_left * (bag_len + 1) / (bag_ra + 1)
    tiles_left = max(0.0, draws_left - ra_left) + track
    left = min(1.0, tiles_left / OPEN_TILES)  # how open the epoch still is (1: just begun, 0: about to end)
    p_flood = min(0.75, floods_left * tiles_left / max(1, bag_len) / n * 1.5) if floods_left else 0.0
    auctions = max(0.0, (ra_left - 1) * 1.4 + (0.6 if track else 0.0))
    lot = min(MAX_LOT, tiles_left / max(1.0, auctions))
    game_left = (after + left) / 3.0
    spread = 1.0 + 6.0 * game_left  # disk totals: soft while disks still change hands
    civ_row = tuple(_civilization(types, 1.3 * left) for types in range(CIV_COUNT + 1))
    return after, left, p_flood, auctions, lot, 0.6 + 2.5 * left, civ_row, game_left, spread


def _shared(st: State, bag_stats: BagStats | None) -> Epoch:
    """`_epoch` of a state, memoized."""
    bag_ra, floods_left = _bag_counts(st, bag_stats)
    key = (st.num_players, st.epoch, st.ra_len - st.ra_filled, st.bag_size, bag_ra, floods_left, len(st.track))
    known = _EPOCHS.get(key)
    if known is None:
        if len(_EPOCHS) >= MEMO_LIMIT:
            _EPOCHS.clear()
        known = _EPOCHS[key] = _epoch(*key)
    return known


def _holding(h: tuple[int, ...]) -> Holding:
    """gods, gold, Nile, floods, civilization types, monument points, monuments' promise, monument tiles."""
    types = CIV_COUNT - h[CIV_FIRST:CIV_END].count(0)
    # §9.2 at the end of the game: monuments (kept), with partial sets' promise while the game runs.
    mon = h[MON_FIRST:MON_END]
    kinds = MON_COUNT - mon.count(0)
    monuments = float(MONUMENT_VARIETY[kinds])
    promise = VARIETY_POTENTIAL[kinds] + SAME_POTENTIAL[1] * mon.count(1) + SAME_POTENTIAL[2] * mon.count(2)
    if max(mon) >= 3:
        for c in mon:
            if c >= 3:
                monuments += MONUMENT_SAME[min(c, 5)]
                promise += SAME_POTENTIAL[min(c, 5)]
    return h[GOD], h[GOLD], h[NILE], h[FLOOD], types, monuments, promise, sum(mon)


def _holdings(held: tuple[int, ...], p: int) -> Holding:
    """`_holding` of seat p, memoized by its tiles."""
    key = held[p * NK : p * NK + NK]
    known = _HOLDINGS.get(key)
    if known is None:
        if len(_HOLDINGS) >= MEMO_LIMIT:
            _HOLDINGS.clear()
        known = _HOLDINGS[key] = _holding(key)
    return known


def _civilization(types: int, civ_extra: float) -> float:
    """The civilization table, interpolated with the types still likely this epoch."""
    x = types + civ_extra if types < CIV_COUNT else float(types)
    low = int(x)
    return CIV_POINTS[low] if low >= CIV_COUNT else CIV_POINTS[low] + CIV_STEPS[low] * (x - low)


def _pharaoh_ranks(pharaohs: tuple[int, ...], spread_ph: float, after: int) -> list[tuple[float, float, float]]:
    """Each seat's soft pharaoh points now, times the epochs after, and its lead over the mean (memoized)."""
    key = (spread_ph, after, *pharaohs)
    known = _PHARAOHS.get(key)
    if known is None:
        if len(_PHARAOHS) >= MEMO_LIMIT:
            _PHARAOHS.clear()
        mean = sum(pharaohs) / len(pharaohs)
        known = []
        for p, mine in enumerate(pharaohs):
            most, fewest = _soft_rank(mine, pharaohs[:p] + pharaohs[p + 1 :], spread_ph)
            pharaoh = 5.0 * most - 2.0 * fewest
            known.append((pharaoh, pharaoh * after, (mine - mean) * after))
        _PHARAOHS[key] = known
    return known


def _disk_ranks(totals: list[int], spread: float) -> list[float]:
    """Each seat's soft most-minus-fewest disk total (memoized)."""
    key = (spread, *totals)
    known = _DISKS.get(key)
    if known is None:
        if len(_DISKS) >= MEMO_LIMIT:
            _DISKS.clear()
        known = []
        for p, mine in enumerate(totals):
            most, fewest = _soft_rank(mine, totals[:p] + totals[p + 1 :], spread)
            known.append(most - fewest)
        _DISKS[key] = known
    return known


def seat_terms(st: State, bag_stats: BagStats | None = None) -> list[list[float]]:
    """Each seat's terms, in the order of `TERMS`, of a position that is not over (see `expected_finals`)."""
    n = st.num_players
    after, left, p_flood, auctions, lot, spread_ph, civ_row, game_left, spread = _shared(st, bag_stats)
    held = tuple(st.held)
    ups, downs = st.up, st.down
    all_up = sum(map(len, ups)) or 1
    totals = [sum(ups[p]) + sum(downs[p]) for p in range(n)]
    pharaoh_ranks = _pharaoh_ranks(held[PHARAOH::NK], spread_ph, after)
    disk_ranks = _disk_ranks(totals, spread)
    out: list[list[float]] = []
    for p in range(n):
        gods, gold, nile, flood, types, monuments, promise, mon_tiles = _holdings(held, p)
        pharaoh, pharaoh_later, pharaoh_lead = pharaoh_ranks[p]
        mine = len(ups[p])
        out.append(
            [
                float(gods),
                float(gold),
                pharaoh,
                pharaoh_later,
                (nile + flood if flood else nile * p_flood),
                nile * after,
                civ_row[types],
                monuments,
                game_left * promise,
                min(float(mine), auctions * mine / all_up) * lot if mine else 0.0,
                after * totals[p],
                disk_ranks[p],
                gods * left,
                sum(ups[p]) * left,
                pharaoh_lead,
                mon_tiles * game_left,
                game_left,
            ]
        )
    return out


def expected_finals(st: State, bag_stats: BagStats | None = None, weights: Weights | None = None) -> list[float]:
    """Each seat's expected final score from the public position (terminal: the real scores).

    `bag_stats` memoizes the bag's Ra and flood counts by bag size: valid only across states that draw from one
    order (one search tree over one sampled or true bag). `weights` defaults to `DEFAULT`. The same numbers, bit
    for bit, as the weighted sums of `seat_terms` (each seat's products summed in the order of `TERMS`).
    """
    points = st.points
    if st.phase == OVER:
        return [float(x) for x in points]
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16 = (
        DEFAULT if weights is None else weights
    ).vector
    after, left, p_flood, auctions, lot, spread_ph, civ_row, game_left, spread = _shared(st, bag_stats)
    held = tuple(st.held)
    ups, downs = st.up, st.down
    all_up = sum(map(len, ups)) or 1
    up_sums = [sum(u) for u in ups]
    totals = [u + sum(d) for u, d in zip(up_sums, downs, strict=True)]
    pharaoh_ranks = _pharaoh_ranks(held[PHARAOH::NK], spread_ph, after)
    disk_ranks = _disk_ranks(totals, spread)
    level = w16 * game_left
    out: list[float] = []
    known_holding = _HOLDINGS.get
    for p, (pharaoh, pharaoh_later, pharaoh_lead) in enumerate(pharaoh_ranks):
        holding = known_holding(held[p * NK : p * NK + NK]) or _holdings(held, p)
        gods, gold, nile, flood, types, monuments, promise, mon_tiles = holding
        mine = len(ups[p])
        # sum() over the products in the order of TERMS: the very additions of seat_terms' weighted sum.
        value = sum(
            (
                w0 * gods,
                w1 * gold,
                w2 * pharaoh,
                w3 * pharaoh_later,
                w4 * (nile + flood if flood else nile * p_flood),
                w5 * (nile * after),
                w6 * civ_row[types],
                w7 * monuments,
                w8 * (game_left * promise),
                w9 * (min(float(mine), auctions * mine / all_up) * lot if mine else 0.0),
                w10 * (after * totals[p]),
                w11 * disk_ranks[p],
                w12 * (gods * left),
                w13 * (up_sums[p] * left),
                w14 * pharaoh_lead,
                w15 * (mon_tiles * game_left),
                level,
            )
        )
        out.append(points[p] + value)
    return out


def leads(values: list[float]) -> list[float]:
    """Each seat's lead: its value minus the best other seat's."""
    n = len(values)
    return [values[p] - max(values[q] for q in range(n) if q != p) for p in range(n)]
