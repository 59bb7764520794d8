"""Scoring of an epoch (docs/rules/ra.md §9.1), the final scoring (§9.2), the score floor (§9.3), the winner (§9.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from ra.games.ra.tables import (
    CIV_POINTS,
    CIVILIZATION,
    EPOCH_CATEGORIES,
    FINAL_CATEGORIES,
    FLOOD,
    GOD,
    GOD_POINTS,
    GOLD,
    GOLD_POINTS,
    MONUMENT_SAME,
    MONUMENT_VARIETY,
    MONUMENTS,
    NILE,
    NK,
    PHARAOH,
    PHARAOH_FEWEST,
    PHARAOH_MOST,
    RIVER_POINTS,
    SUN_DISK_FEWEST,
    SUN_DISK_MOST,
)


class RaScoreRow(TypedDict):
    """One seat's scoring of one epoch: points by category (EPOCH_CATEGORIES, then FINAL_CATEGORIES), their sum."""

    categories: dict[str, int]
    net: int
    before: int
    after: int


class EpochScoring(TypedDict):
    """One finished epoch's scoring, a row per seat (the state keeps one per epoch)."""

    epoch: int
    players: list[RaScoreRow]


# The category names of a row, in display order: every epoch, then after epoch 3 only.
_GODS, _GOLD, _PHARAOHS, _RIVER, _CIVILIZATION = EPOCH_CATEGORIES
_MONUMENTS, _SUN_DISKS = FINAL_CATEGORIES


def most_fewest(values: Sequence[int], most: int, fewest: int) -> list[int]:
    """Points for 'most' and 'fewest': ties all get them; if every value is equal nobody scores (§9.1, §9.2, E13)."""
    hi, lo = max(values), min(values)
    if hi == lo:
        return [0] * len(values)
    return [most if v == hi else fewest if v == lo else 0 for v in values]


def civilization_points(counts: Sequence[int]) -> int:
    """§9.1: points by the number of distinct civilization types held (0 tiles: -5; 3/4/5 types: 5/10/15)."""
    return CIV_POINTS[sum(1 for c in counts if c)]


def river_points(nile: int, flood: int) -> int:
    """§9.1, E11: with at least one flood, +1 per Nile and per flood; otherwise nothing."""
    return RIVER_POINTS * (nile + flood) if flood else 0


def monument_points(counts: Sequence[int]) -> int:
    """§9.2: variety (1-6 types: 1 each, 7: 10, 8: 15) plus per type 3/4/5 identical: 5/10/15 (one tier only)."""
    variety = MONUMENT_VARIETY[sum(1 for c in counts if c)]
    return variety + sum(MONUMENT_SAME[c] for c in counts)


def score_epoch(
    held: Sequence[int],
    players: int,
    final: bool,
    disk_totals: Sequence[int],
    scores: Sequence[int],
    final_floor: str,
) -> tuple[list[int], list[RaScoreRow]]:
    """Score one epoch for all players at once; returns the new scores and one breakdown row per seat (§9)."""
    pharaohs = most_fewest([held[p * NK + PHARAOH] for p in range(players)], PHARAOH_MOST, PHARAOH_FEWEST)
    sun = most_fewest(disk_totals, SUN_DISK_MOST, SUN_DISK_FEWEST) if final else [0] * players
    new_scores: list[int] = []
    rows: list[RaScoreRow] = []
    for p in range(players):
        b = p * NK
        cats = {
            _GODS: GOD_POINTS * held[b + GOD],
            _GOLD: GOLD_POINTS * held[b + GOLD],
            _PHARAOHS: pharaohs[p],
            _RIVER: river_points(held[b + NILE], held[b + FLOOD]),
            _CIVILIZATION: civilization_points([held[b + k] for k in CIVILIZATION]),
        }
        regular = sum(cats.values())
        bonus = 0
        if final:
            cats[_MONUMENTS] = monument_points([held[b + k] for k in MONUMENTS])
            cats[_SUN_DISKS] = sun[p]
            bonus = cats[_MONUMENTS] + cats[_SUN_DISKS]
        before = scores[p]
        if final and final_floor == "twice":
            # A1, the other reading: clamp after the regular epoch-3 scoring, then again after the final bonuses.
            after = max(0, max(0, before + regular) + bonus)
        else:
            # R1, §9.3: one clamp per epoch, on the running total, after netting every category.
            after = max(0, before + regular + bonus)
        new_scores.append(after)
        rows.append({"categories": cats, "net": regular + bonus, "before": before, "after": after})
    return new_scores, rows


def winners(scores: Sequence[int], best_disks: Sequence[int]) -> tuple[list[int], bool]:
    """§9.4: the highest score wins; a tie goes to the tied player holding the highest disk. Returns (seats, tie)."""
    top = max(scores)
    tied = [p for p, s in enumerate(scores) if s == top]
    if len(tied) == 1:
        return tied, False
    return [max(tied, key=lambda p: best_disks[p])], True
