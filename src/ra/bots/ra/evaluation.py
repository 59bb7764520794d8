"""A static evaluation of a Ra position for search: each seat's expected final score (docs/rules/ra.md §9).

It reads only what every seat may know: the holdings, disks, tracks, scores and the bag's *counts* (never its
order), so a fair bot may call it on a determinized state and a clairvoyant one on the true state alike. Parts:

- banked points, plus what the holdings will score at the end of this epoch, smoothed by the time left in it
  (the chance of the floods, civilization types and pharaoh lead still to come), and the scarab tiles' worth in
  later epochs (pharaohs, Nile, monuments are kept, §8.2.4);
- the sun disks: the lots the face-up disks can still buy this epoch (expected auctions from the Ra tiles still
  to fall, P(Ra) per draw from the bag's counts), and the §9.2 disk-total bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

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
LOT_TILE_VALUE = 1.25  # points a drawn non-Ra tile is worth to the seat that wins it, on average
DISK_POINT = 0.12  # points per unit of face-down disk value (bidding power next epoch)


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


def expected_finals(st: State, bag_stats: BagStats | None = None) -> list[float]:
    """Each seat's expected final score from the public position (terminal: the real scores).

    `bag_stats` memoizes the bag's Ra and flood counts by bag size: valid only across states that draw from one
    order (one search tree over one sampled or true bag).
    """
    n = st.num_players
    points = st.points
    if st.phase == OVER:
        return [float(x) for x in points]
    held = st.held
    bag = st.bag
    bag_len = len(bag)
    counted = None if bag_stats is None else bag_stats.get(bag_len)
    if counted is None:
        counted = (bag.count(RA), bag.count(FLOOD))
        if bag_stats is not None:
            bag_stats[bag_len] = counted
    bag_ra, floods_left = counted
    after = 3 - st.epoch  # epochs still to play after this one
    ra_left = st.ra_len - st.ra_filled  # the last of these ends the epoch
    # Expected non-Ra tiles still to be drawn this epoch: draws until ra_left Ra tiles fall, less those Ra tiles.
    draws_left = ra_left * (bag_len + 1) / (bag_ra + 1)
    tiles_left = max(0.0, draws_left - ra_left) + len(st.track)
    left = min(1.0, tiles_left / 24.0)  # how open the epoch still is (1: just begun, 0: about to end)
    p_flood = min(0.75, floods_left * tiles_left / max(1, bag_len) / n * 1.5) if floods_left else 0.0
    ups = st.up
    downs = st.down
    all_up = sum(map(len, ups)) or 1
    auctions = max(0.0, (ra_left - 1) * 1.4 + (0.6 if st.track else 0.0))
    lot = LOT_TILE_VALUE * min(8.0, tiles_left / max(1.0, auctions))
    totals = [sum(ups[p]) + sum(downs[p]) for p in range(n)]
    pharaohs = held[PHARAOH::NK]
    spread_ph = 0.6 + 2.5 * left
    pharaoh_weight = 1.0 + 0.55 * after
    civ_extra = 1.3 * left
    game_left = (after + left) / 3.0
    disk_future = DISK_POINT * after
    out: list[float] = []
    for p in range(n):
        b = p * NK
        value = points[p] + 2.0 * held[b + GOD] + 3.0 * held[b + GOLD]  # §9.1 this epoch
        others = pharaohs[:p] + pharaohs[p + 1 :]
        most, fewest = _soft_rank(pharaohs[p], others, spread_ph)
        value += (5.0 * most - 2.0 * fewest) * pharaoh_weight
        nile, flood = held[b + NILE], held[b + FLOOD]
        value += (nile + flood if flood else nile * p_flood) + nile * 0.5 * after
        types = CIV_COUNT - held[b + CIV_FIRST : b + CIV_END].count(0)
        x = types + civ_extra if types < CIV_COUNT else float(types)
        low = int(x)
        value += CIV_POINTS[low] if low >= CIV_COUNT else CIV_POINTS[low] + CIV_STEPS[low] * (x - low)
        # §9.2 at the end of the game: monuments (kept), with partial sets' promise while the game runs.
        mon = held[b + MON_FIRST : b + MON_END]
        kinds = MON_COUNT - mon.count(0)
        value += MONUMENT_VARIETY[kinds] + game_left * (
            VARIETY_POTENTIAL[kinds] + SAME_POTENTIAL[1] * mon.count(1) + SAME_POTENTIAL[2] * mon.count(2)
        )
        if max(mon) >= 3:
            value += sum(MONUMENT_SAME[min(c, 5)] + game_left * SAME_POTENTIAL[min(c, 5)] for c in mon if c >= 3)
        # Sun disks: lots still to buy this epoch, and bidding power later.
        mine = len(ups[p])
        if mine:
            value += min(float(mine), auctions * mine / all_up) * lot
        out.append(value + disk_future * totals[p])
    # §9.2: highest disk total +5, lowest -5 (softly while disks still change hands).
    spread = 1.0 + 6.0 * game_left
    for p in range(n):
        most, fewest = _soft_rank(totals[p], totals[:p] + totals[p + 1 :], spread)
        out[p] += 5.0 * most - 5.0 * fewest
    return out


def leads(values: list[float]) -> list[float]:
    """Each seat's lead: its value minus the best other seat's."""
    n = len(values)
    return [values[p] - max(values[q] for q in range(n) if q != p) for p in range(n)]
