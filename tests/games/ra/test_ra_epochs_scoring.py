"""docs/rules/ra.md §8 (end of an epoch) and §9 (scoring, floor, winner), with the rules' worked examples."""

from __future__ import annotations

import pytest
from ra_helpers import G2, G3, act, give, held, scenario

from ra.games.ra import State
from ra.games.ra import scoring as S
from ra.games.ra import tables as T


def end_epoch_by_ra(st: State) -> State:
    """Draw until the epoch ends, everyone passing every Ra auction (the bag remainder is all Ra)."""
    epoch = st.epoch
    while st.epoch == epoch and not st.is_terminal():
        act(st, "pass" if st.phase == 1 else "draw")
    return st


def test_s8_1b_epoch_ends_when_no_face_up_disk_is_left() -> None:
    st = scenario(2, [], G2)  # seat 0: 9 6 5 2, seat 1: 8 7 4 3
    for disk0, disk1 in ((2, 3), (5, 4), (6, 7)):
        act(st, "ra", "pass", f"bid:{disk0}", "ra", "pass", f"bid:{disk1}")
    act(st, "ra", "pass", "bid:9")  # seat 0's last disk; seat 1 is still active
    assert st.epoch == 1 and st.current_players() == (1,)
    act(st, "ra", "bid:8")  # seat 0 passes automatically; seat 1 must bid its last disk
    assert st.epoch == 2 and len(st.epoch_scores) == 1


def test_s8_2_discards_keep_scarab_tiles_and_turn_disks_face_up() -> None:
    st = scenario(3, ["gold"], G3)
    for kind in ("god", "gold", "pharaoh", "nile", "flood", "art", "fortress"):
        give(st, 1, kind)
    act(st, "draw", "ra", "pass", "pass", "bid:12")  # seat 1 wins the gold with 12, gets disk 1 face down
    end_epoch_by_ra(st)
    assert held(st, 1) == {"pharaoh": 1, "nile": 1, "fortress": 1}
    assert st.down == [(), (), ()] and sorted(st.up[1]) == [1, 3, 6, 9]
    assert st.central == 12, "§8.2.1: the central disk stays"


def test_s8_3_highest_disk_starts_the_next_epoch() -> None:
    st = scenario(3, [], G3)
    act(st, "ra", "pass", "pass", "bid:13")  # 13 goes to the centre
    end_epoch_by_ra(st)
    assert st.epoch == 2 and st.current_players() == (1,), "the holder of 12 starts when 13 is central"


def test_s9_pharaohs_most_fewest_ties_and_all_equal() -> None:
    assert S.most_fewest([3, 1, 1], 5, -2) == [5, -2, -2]
    assert S.most_fewest([3, 3, 0], 5, -2) == [5, 5, -2]
    assert S.most_fewest([2, 2, 2], 5, -2) == [0, 0, 0]
    assert S.most_fewest([0, 4], 5, -2) == [-2, 5]


def test_s9_river_needs_a_flood() -> None:
    assert S.river_points(5, 0) == 0
    assert S.river_points(5, 1) == 6
    assert S.river_points(0, 2) == 2


def test_s9_1_worked_example_an_epochs_scoring_in_a_game() -> None:
    """§9.1 example: Ana, Ben and Cleo at 10 points end an epoch; net 0, +21, -1; then only scarab tiles stay."""
    st = scenario(3, [], G3, names=["Ana", "Ben", "Cleo"])
    holdings = [
        {"god": 1, "pharaoh": 2, "nile": 3, "art": 2, "writing": 1},
        {"gold": 1, "pharaoh": 4, "nile": 2, "flood": 1, "art": 1, "religion": 1, "astronomy": 1, "writing": 1},
        {"gold": 2, "pharaoh": 2},
    ]
    for seat, tiles in enumerate(holdings):
        for kind, count in tiles.items():
            give(st, seat, kind, count)
    end_epoch_by_ra(st)
    rows = st.epoch_scores[0]["players"]
    assert [r["categories"] for r in rows] == [
        {"gods": 2, "gold": 0, "pharaohs": -2, "river": 0, "civilization": 0},
        {"gods": 0, "gold": 3, "pharaohs": 5, "river": 3, "civilization": 10},
        {"gods": 0, "gold": 6, "pharaohs": -2, "river": 0, "civilization": -5},
    ]
    assert [r["net"] for r in rows] == [0, 21, -1] and st.scores() == [10, 31, 9]
    assert held(st, 0) == {"pharaoh": 2, "nile": 3} and held(st, 1) == {"pharaoh": 4, "nile": 2}


def test_s9_2_worked_example_monuments_score_20() -> None:
    """§9.2 example: 4 Pyramids, 3 Temples, 2 Obelisks, 1 Fortress, 1 Sphinx: 5 types + 10 + 5 = 20."""
    counts = dict.fromkeys(T.MONUMENTS, 0) | {T.PYRAMID: 4, T.TEMPLE: 3, T.OBELISK: 2, T.FORTRESS: 1, T.SPHINX: 1}
    assert S.monument_points([counts[k] for k in T.MONUMENTS]) == 20


def test_s9_2_monument_tiers_and_variety() -> None:
    assert S.monument_points([0] * 8) == 0
    assert S.monument_points([1] * 6 + [0, 0]) == 6, "1-6 types: 1 point per type"
    assert S.monument_points([1] * 7 + [0]) == 10 and S.monument_points([1] * 8) == 15
    assert S.monument_points([5] * 8) == 135, "§9.2: the most a player can reach"
    assert S.monument_points([2, 0, 0, 0, 0, 0, 0, 0]) == 1, "2 alike add nothing"


def test_s9_2_worked_example_sun_disks() -> None:
    """§9.2 example: totals 33, 26 and 26 (disk 6 in the centre): +5 for Ana, Ben and Cleo tie for lowest, -5."""
    totals = [13 + 9 + 8 + 3, 12 + 7 + 5 + 2, 11 + 10 + 4 + 1]
    assert S.most_fewest(totals, T.SUN_DISK_MOST, T.SUN_DISK_FEWEST) == [5, -5, -5]


def test_s9_gods_gold_and_a_full_epoch_row() -> None:
    held_tiles = [0] * (2 * T.NUM_KINDS)
    held_tiles[T.GOD] = 2
    held_tiles[T.GOLD] = 1
    held_tiles[T.PHARAOH] = 1
    held_tiles[T.NILE], held_tiles[T.FLOOD] = 2, 1
    for k in T.CIVILIZATION[:3]:
        held_tiles[k] = 1
    scores, rows = S.score_epoch(held_tiles, 2, False, [0, 0], [10, 10], "once")
    assert rows[0]["categories"] == {"gods": 4, "gold": 3, "pharaohs": 5, "river": 3, "civilization": 5}
    assert rows[1]["categories"] == {"gods": 0, "gold": 0, "pharaohs": -2, "river": 0, "civilization": -5}
    assert scores == [30, 3] and rows[1] == {"categories": rows[1]["categories"], "net": -7, "before": 10, "after": 3}


def test_s9_2_sun_disks_highest_and_lowest_total() -> None:
    held_tiles = [0] * (3 * T.NUM_KINDS)
    _, rows = S.score_epoch(held_tiles, 3, True, [30, 28, 30], [50, 50, 50], "once")
    assert [r["categories"]["sun_disks"] for r in rows] == [5, -5, 5]
    _, rows = S.score_epoch(held_tiles, 3, True, [30, 30, 30], [50, 50, 50], "once")
    assert [r["categories"]["sun_disks"] for r in rows] == [0, 0, 0]


def test_s9_3_worked_example_the_floor_is_applied_to_the_net() -> None:
    """§9.3 example: Dana has 2 points; -2 pharaohs, -5 civilization, +3 gold: net -4, so 0, not -2."""
    held_tiles = [0] * (2 * T.NUM_KINDS)
    held_tiles[T.GOLD] = 1  # Dana (seat 0): the gold, no pharaoh, no civilization
    held_tiles[T.NUM_KINDS + T.PHARAOH] = 1
    scores, rows = S.score_epoch(held_tiles, 2, False, [0, 0], [2, 10], "once")
    assert rows[0]["net"] == -4 and scores[0] == 0


@pytest.mark.parametrize(("floor", "after"), [("once", 3), ("twice", 6)])
def test_s9_3_worked_example_a1_once_or_twice(floor: str, after: int) -> None:
    """§9.3 example A1: Eli has 4 points; regular categories net -7, monuments and sun disks +6."""
    held_tiles = [0] * (2 * T.NUM_KINDS)
    held_tiles[T.FORTRESS] = 1  # Eli (seat 0): -2 fewest pharaohs, -5 no civilization; +1 monuments, +5 sun disks
    held_tiles[T.NUM_KINDS + T.PHARAOH] = 1
    scores, rows = S.score_epoch(held_tiles, 2, True, [30, 20], [4, 10], floor)
    assert rows[0]["net"] == -7 + 6 and scores[0] == after


def test_s9_3_final_floor_option_reaches_the_engine() -> None:
    st = State.new({"players": 2, "final_floor": "twice"}, seed=1)
    assert st.options.final_floor == "twice" and st.view()["options"]["final_floor"] == "twice"


def test_s9_4_tie_break_by_highest_disk() -> None:
    assert S.winners([20, 25, 25], [13, 9, 12]) == ([2], True)
    assert S.winners([30, 25, 25], [1, 16, 12]) == ([0], False)


def test_s9_scoring_happens_inside_the_epoch_ending_action() -> None:
    st = scenario(3, [], G3)
    end_epoch_by_ra(st)
    e = st.epoch_scores[0]
    assert e["epoch"] == 1 and [r["net"] for r in e["players"]] == [-5, -5, -5]  # no civilization
    assert st.scores() == [5, 5, 5]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s9_three_epochs_then_the_game_ends(players: int) -> None:
    from ra_helpers import play_random

    st = play_random(players, seed=players)
    assert st.is_terminal() and st.current_players() == () and len(st.epoch_scores) == 3
    assert set(st.epoch_scores[2]["players"][0]["categories"]) == {
        "gods", "gold", "pharaohs", "river", "civilization", "monuments", "sun_disks"
    }  # fmt: skip
    assert len(st.winners()) == 1 and not st.legal_actions()
