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
    NUM_KINDS,
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


# Civilization and monument kinds are contiguous, so a seat's counts are one slice of its held row.
_CIV_FIRST, _CIV_END = CIVILIZATION[0], CIVILIZATION[-1] + 1
_MON_FIRST, _MON_END = MONUMENTS[0], MONUMENTS[-1] + 1
assert tuple(range(_CIV_FIRST, _CIV_END)) == CIVILIZATION and tuple(range(_MON_FIRST, _MON_END)) == MONUMENTS
_monument_same = MONUMENT_SAME.__getitem__
_FIRST_SAME = next(count for count, points in enumerate(MONUMENT_SAME) if points)  # fewer identical score nothing


def civilization_points(counts: Sequence[int]) -> int:
    """§9.1: points by the number of distinct civilization types held (0 tiles: -5; 3/4/5 types: 5/10/15)."""
    return CIV_POINTS[len(counts) - list(counts).count(0)]


def river_points(nile: int, flood: int) -> int:
    """§9.1, E11: with at least one flood, +1 per Nile and per flood; otherwise nothing."""
    return RIVER_POINTS * (nile + flood) if flood else 0


def monument_points(counts: Sequence[int]) -> int:
    """§9.2: variety (1-6 types: 1 each, 7: 10, 8: 15) plus per type 3/4/5 identical: 5/10/15 (one tier only)."""
    return MONUMENT_VARIETY[len(counts) - list(counts).count(0)] + sum(map(_monument_same, counts))


def score_epoch(
    held: Sequence[int],
    players: int,
    final: bool,
    disk_totals: Sequence[int],
    scores: Sequence[int],
    final_floor: str,
) -> tuple[list[int], list[RaScoreRow]]:
    """Score one epoch for all players at once; returns the new scores and one breakdown row per seat (§9)."""
    # The scoring of every epoch end, so written out without helper calls (the rules are the helpers above).
    pharaohs_held = held[PHARAOH : players * NUM_KINDS : NUM_KINDS]  # a count per seat
    pharaohs = most_fewest(pharaohs_held, PHARAOH_MOST, PHARAOH_FEWEST)
    sun = most_fewest(disk_totals, SUN_DISK_MOST, SUN_DISK_FEWEST) if final else None
    twice = final and final_floor == "twice"
    civ_types = _CIV_END - _CIV_FIRST
    new_scores: list[int] = []
    rows: list[RaScoreRow] = []
    for p in range(players):
        b = p * NUM_KINDS
        gods, gold, pharaoh = GOD_POINTS * held[b + GOD], GOLD_POINTS * held[b + GOLD], pharaohs[p]
        flood = held[b + FLOOD]
        river = RIVER_POINTS * (held[b + NILE] + flood) if flood else 0
        civ = CIV_POINTS[civ_types - held[b + _CIV_FIRST : b + _CIV_END].count(0)]
        cats = {_GODS: gods, _GOLD: gold, _PHARAOHS: pharaoh, _RIVER: river, _CIVILIZATION: civ}
        regular = gods + gold + pharaoh + river + civ
        before = scores[p]
        if sun is None:
            bonus = 0
            after = before + regular  # R1, §9.3: one clamp per epoch, on the running total
        else:
            monuments = held[b + _MON_FIRST : b + _MON_END]
            cats[_MONUMENTS] = m = MONUMENT_VARIETY[len(monuments) - monuments.count(0)] + sum(
                map(_monument_same, monuments)
            )
            cats[_SUN_DISKS] = sun[p]
            bonus = m + sun[p]
            # R1, §9.3: one clamp per epoch after netting every category; A1, the other reading, also clamps
            # after the regular epoch-3 scoring, before the final bonuses.
            after = (before + regular if before + regular > 0 else 0) + bonus if twice else before + regular + bonus
        if after < 0:
            after = 0
        new_scores.append(after)
        rows.append({"categories": cats, "net": regular + bonus, "before": before, "after": after})
    return new_scores, rows


def epoch_points(
    held: Sequence[int],
    players: int,
    final: bool,
    disk_totals: Sequence[int],
    scores: Sequence[int],
    final_floor: str,
) -> list[int]:
    """The new scores of `score_epoch` without its breakdown rows (the hot path; the rows are built when read)."""
    end = players * NUM_KINDS
    pharaohs = held[PHARAOH:end:NUM_KINDS]
    most, fewest = max(pharaohs), min(pharaohs)
    if most == fewest:  # E13: all equal, nobody scores
        most = fewest = -1
    if final:
        sun_most, sun_fewest = max(disk_totals), min(disk_totals)
        if sun_most == sun_fewest:
            sun_most = sun_fewest = -1
    twice = final and final_floor == "twice"
    civ_types = _CIV_END - _CIV_FIRST
    new_scores: list[int] = []
    for p, b in enumerate(range(0, end, NUM_KINDS)):
        after = (
            scores[p]
            + GOD_POINTS * held[b + GOD]
            + GOLD_POINTS * held[b + GOLD]
            + CIV_POINTS[civ_types - held[b + _CIV_FIRST : b + _CIV_END].count(0)]
        )
        flood = held[b + FLOOD]
        if flood:
            after += RIVER_POINTS * (held[b + NILE] + flood)
        count = pharaohs[p]
        if count == most:
            after += PHARAOH_MOST
        elif count == fewest:
            after += PHARAOH_FEWEST
        if final:  # R1, A1: the clamps as in score_epoch
            monuments = held[b + _MON_FIRST : b + _MON_END]
            bonus = MONUMENT_VARIETY[len(monuments) - monuments.count(0)]
            if max(monuments) >= _FIRST_SAME:
                bonus += sum(map(_monument_same, monuments))
            total = disk_totals[p]
            if total == sun_most:
                bonus += SUN_DISK_MOST
            elif total == sun_fewest:
                bonus += SUN_DISK_FEWEST
            after = (after if after > 0 else 0) + bonus if twice else after + bonus
        new_scores.append(after if after > 0 else 0)
    return new_scores


# An epoch's scoring as the hot path keeps it: (epoch, held tiles, final, disk totals, scores before, final floor),
# what `score_epoch` needs for the breakdown rows, which are only built when a state's `epoch_scores` is read.
Unscored = tuple[int, tuple[int, ...], bool, list[int], list[int], str]
# An epoch ended but not yet added to the scores: the same without the scores before (the state's `points` adds it).
Due = tuple[int, tuple[int, ...], bool, list[int], str]


def built_scoring(unscored: Unscored) -> EpochScoring:
    """One epoch's scoring with its breakdown rows, from what the epoch's end kept (the same `score_epoch`)."""
    epoch, held, final, totals, before, floor = unscored
    return {"epoch": epoch, "players": score_epoch(held, len(before), final, totals, before, floor)[1]}


def winners(scores: Sequence[int], best_disks: Sequence[int]) -> tuple[list[int], bool]:
    """§9.4: the highest score wins; a tie goes to the tied player holding the highest disk. Returns (seats, tie)."""
    top = max(scores)
    tied = [p for p, s in enumerate(scores) if s == top]
    if len(tied) == 1:
        return tied, False
    return [max(tied, key=lambda p: best_disks[p])], True
