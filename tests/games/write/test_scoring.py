"""Scoring a Kingdom (docs/rules/ra-and-write.md §5), end bonuses, final score and the tie-break (§6)."""

from __future__ import annotations

import pytest

from ra.games.write import State, str_to_action
from ra.games.write.scoring import end_bonuses, majority_points, score_kingdom, totals, winners
from ra.games.write.sheet import Sheets, blank_block, civ_at, god_at, god_total_at, monument_at, nile_at, pharaohs_at
from ra.games.write.tables import CIV_TABLE, CIV_TYPES, MONUMENT_TYPES


def sheets(players: int) -> Sheets:
    return blank_block() * players


def test_s5_gods_highest_gains_five_lowest_loses_five_with_three_players() -> None:
    assert majority_points([10, 5, 1]) == [5, 0, -5]
    assert majority_points([10, 10, 1]) == [5, 5, -5]
    assert majority_points([10, 1, 1]) == [5, -5, -5]


def test_s5_two_players_no_minus_five() -> None:
    assert majority_points([3, 9]) == [0, 5]


def test_s5_all_equal_scores_zero() -> None:
    assert majority_points([4, 4, 4, 4]) == [0, 0, 0, 0]
    assert majority_points([0, 0]) == [0, 0]


def test_s5_kingdom_scoring_breakdown() -> None:
    s = sheets(3)
    s[god_at(0, 4)], s[god_at(0, 5)] = 7, 8  # seat 0: Middle Kingdom Gods 15 (empty space counts 0)
    s[god_at(1, 4)] = 20  # seat 1: Middle 20
    s[god_at(2, 1)] = 20  # seat 2: Old 20, Middle 0
    s[pharaohs_at(0)], s[pharaohs_at(1)], s[pharaohs_at(2)] = 4, 4, 1
    for space in (1, 5, 10):
        s[nile_at(0, space)] = space
    for civ_type in CIV_TYPES[:4]:
        s[civ_at(0, "middle", civ_type)] = 1  # seat 0: 4 marks in the Middle line
    s[civ_at(1, "old", "agriculture")] = 1  # seat 1: a mark in the Old line only
    s[monument_at(0, "fortress")], s[monument_at(0, "pyramid")] = 3, 1
    counts, points = score_kingdom(s, 3, 1)
    assert counts[:5] == [15, 4, 3, 4, 2] and points[:5] == [0, 5, 3, 10, 2]
    assert counts[5:10] == [20, 4, 0, 0, 0] and points[5:10] == [5, 5, 0, -5, 0]
    assert counts[10:] == [0, 1, 0, 0, 0] and points[10:] == [-5, -5, 0, -5, 0]
    assert s[god_total_at(0, "middle")] == 15 and s[god_total_at(2, "middle")] == 0
    assert s[god_total_at(0, "old")] == -1  # only this Kingdom's box


def test_s5_gods_total_box_not_rewritten_at_scoring() -> None:
    s = sheets(2)
    s[god_at(0, 1)], s[god_at(0, 2)], s[god_at(0, 3)] = 1, 2, 3
    s[god_total_at(0, "old")] = 6
    score_kingdom(s, 2, 0)
    assert s[god_total_at(0, "old")] == 6


@pytest.mark.parametrize("marks", range(6))
def test_s5_civilization_table(marks: int) -> None:
    s = sheets(2)
    for civ_type in CIV_TYPES[:marks]:
        s[civ_at(0, "new", civ_type)] = 1
    _, points = score_kingdom(s, 2, 2)
    assert points[3] == CIV_TABLE[marks] == (-5, 0, 0, 5, 10, 15)[marks]


def test_s5_nile_counts_all_spaces_and_monuments_count_columns() -> None:
    s = sheets(2)
    for space in range(1, 13):
        s[nile_at(0, space)] = space
    for monument_type, marks in zip(MONUMENT_TYPES, [1, 2, 3, 1, 1, 1, 1, 1], strict=True):
        s[monument_at(0, monument_type)] = marks
    _, points = score_kingdom(s, 2, 0)
    assert points[2] == 12 and points[4] == 8


def test_s6_end_bonuses() -> None:
    s = sheets(2)
    for space in range(1, 10):
        s[god_at(0, space)] = 1
    s[pharaohs_at(0)] = 12
    for space in range(1, 13):
        s[nile_at(0, space)] = 5
    for monument_type, marks in zip(MONUMENT_TYPES, [3, 3, 1, 1, 1, 1, 1, 2], strict=True):
        s[monument_at(0, monument_type)] = marks
    s[monument_at(1, "fortress")] = 3
    assert end_bonuses(s, 2) == [10, 10, 10, 10, 20, 0, 0, 0, 0, 10]
    assert totals(2, [[1, 2, 3, 4, 5, 0, 0, 0, 0, -5]], end_bonuses(s, 2)) == [75, 5]


def test_s6_tie_break_by_highest_god_numbers() -> None:
    s = sheets(3)
    s[god_at(0, 1)], s[god_at(0, 2)] = 20, 5
    s[god_at(1, 1)], s[god_at(1, 2)] = 20, 7
    s[god_at(2, 1)] = 19
    assert winners(s, [30, 30, 30]) == ([1], True)
    assert winners(s, [30, 31, 30]) == ([1], False)


def test_s6_tie_break_player_who_runs_out_of_numbers_loses() -> None:
    s = sheets(2)
    s[god_at(0, 1)], s[god_at(0, 2)] = 20, 5
    s[god_at(1, 1)], s[god_at(1, 2)], s[god_at(1, 3)] = 20, 5, 1
    assert winners(s, [10, 10]) == ([1], True)


def test_s6_still_tied_shares_the_win() -> None:
    s = sheets(3)
    s[god_at(0, 9)], s[god_at(1, 3)] = 12, 12
    s[god_at(2, 1)] = 3
    assert winners(s, [8, 8, 8]) == ([0, 1], True)


def test_s6_final_score_in_a_full_game_adds_kingdoms_and_bonuses() -> None:
    st = State.new({"players": 2, "first_player": 0}, order=["ra"] * 9)
    st.apply(str_to_action("reveal"))
    assert st.scores() == [-15, -15]
    v = st.view()
    assert [k["kingdom"] for k in v["kingdom_scores"]] == ["old", "middle", "new"]
    assert v["end_bonuses"] is not None and v["end_bonuses"][0]["total"] == 0
    assert v["result"] == {"scores": [-15, -15], "winners": [0, 1], "tie_break": True, "god_numbers": [[], []]}
