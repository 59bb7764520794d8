"""docs/rules/ra.md §10 edge cases E1-E24 (and R2, R4)."""

from __future__ import annotations

import pytest
from ra_helpers import G2, G3, act, give, held, notations, play_random, present, put_on_track, scenario, seat0_wins

from ra.core import IllegalActionError
from ra.games.ra import State
from ra.games.ra import scoring as S
from ra.games.ra import tables as T

JUNK = ["pharaoh"] * 4


def lone_seat0(order: list[str]) -> State:
    """2 players; seat 1 spends all four disks winning four pharaohs; seat 0 (9 6 5 2) is alone to play."""
    st = scenario(2, JUNK + order, G2)
    for disk in (3, 4, 7, 8):
        act(st, "draw", "ra", "pass", f"bid:{disk}")
    assert st.up[1] == () and st.current_players() == (0,)
    return st


def test_e1_lone_active_player_takes_consecutive_turns() -> None:
    st = lone_seat0(["gold", "nile"])
    act(st, "draw")
    assert st.current_players() == (0,)
    act(st, "draw")
    assert st.current_players() == (0,) and st.view()["auction_track"] == ["gold", "nile"]


def test_e2_lone_player_may_pass_a_drawn_ra_and_plays_again() -> None:
    st = lone_seat0(["gold"])
    act(st, "draw", "draw")  # gold, then a Ra tile
    assert st.phase == 1 and notations(st) == ["pass", "bid:2", "bid:5", "bid:6", "bid:9"]
    act(st, "pass")
    assert st.view()["auction_track"] == ["gold"] and st.current_players() == (0,)


def test_e3_lone_player_invoking_must_bid_and_the_last_disk_ends_the_epoch() -> None:
    st = lone_seat0(["gold"])
    act(st, "draw", "ra")
    assert "pass" not in notations(st)
    act(st, "bid:2", "ra", "bid:5", "ra", "bid:6")
    assert st.epoch == 1
    give(st, 0, "art")
    put_on_track(st, "war")
    act(st, "ra", "bid:9")  # the war resolves (art lost), then the epoch ends
    assert st.epoch == 2 and st.discard[T.ART] == 1


def test_e4_lone_player_full_track_invoke_and_pass_discards_the_lot() -> None:
    st = lone_seat0(["gold"] * 5 + ["nile"] * 3)
    act(st, *["draw"] * 8)
    assert notations(st) == ["ra"]
    act(st, "ra")
    assert notations(st)[0] == "pass", "invoked_full: no forced bid"
    act(st, "pass")
    assert st.track == [] and st.current_players() == (0,)


def test_e5_a_player_without_face_up_disks_neither_plays_nor_bids() -> None:
    st = lone_seat0(["gold"])
    act(st, "draw", "ra")
    assert present(st.view()["auction"])["bids"] == [{"player": 1, "disk": None}]


def test_e6_funeral_and_drought_are_forced_war_and_earthquake_are_chosen() -> None:
    st = give(give(scenario(3, [], G3), 0, "pharaoh", 3), 0, "flood", 1)
    give(st, 0, "nile", 2)
    seat0_wins(st, "funeral", "drought")
    assert st.phase == 0 and held(st, 0) == {"pharaoh": 1, "nile": 1}
    st = give(give(scenario(3, [], G3), 0, "art", 2), 0, "writing", 1)
    seat0_wins(st, "war")
    assert present(st.view()["disaster"])["player"] == 0 and st.current_players() == (0,)


def test_e7_a_god_may_take_a_disaster_and_it_hits_the_god_user() -> None:
    st = give(give(scenario(3, ["war"], G3), 1, "god"), 1, "art", 2)
    act(st, "draw", "god:war")
    assert held(st, 1) == {} and st.discard[T.WAR] == 1


def test_e8_a_god_takes_neither_a_god_nor_a_ra_tile() -> None:
    st = give(scenario(3, ["god"], G3), 1, "god")
    act(st, "draw")
    for text in ("god:god", "god:ra"):
        with pytest.raises(IllegalActionError):
            act(st, text)


def test_e9_disaster_tiles_are_discarded_even_when_they_destroy_nothing() -> None:
    st = seat0_wins(scenario(3, [], G3), "earthquake")
    assert held(st, 0) == {} and st.discard[T.EARTHQUAKE] == 1


def test_e10_a_disaster_hits_tiles_won_with_it() -> None:
    st = seat0_wins(scenario(3, [], G3), "pharaoh", "pharaoh", "pharaoh", "funeral")
    assert held(st, 0) == {"pharaoh": 1}


def test_e11_floods_score_discard_and_nile_stays() -> None:
    st = give(give(scenario(3, [], G3), 0, "nile", 2), 0, "flood", 1)
    while st.epoch == 1:
        act(st, "pass" if st.phase == 1 else "draw")
    assert st.epoch_scores[0]["players"][0]["categories"]["river"] == 3
    assert held(st, 0) == {"nile": 2}


def test_e12_floor_is_on_the_running_total_after_netting() -> None:
    held_tiles = [0] * (2 * T.NUM_KINDS)
    held_tiles[T.GOLD] = 1  # +3 gold, -5 civilization: net -2 on a total of 1 -> 0, not 1 - 5 + 3
    scores, _ = S.score_epoch(held_tiles, 2, False, [0, 0], [1, 1], "once")
    assert scores == [0, 0]


def test_e13_ties_get_the_full_bonus_and_all_equal_scores_nothing() -> None:
    assert S.most_fewest([1, 1, 0, 0], 5, -2) == [5, 5, -2, -2]
    assert S.most_fewest([4, 4], 5, -2) == [0, 0]
    assert S.winners([7, 7], [9, 8]) == ([0], True)


def test_e14_the_bag_never_runs_out() -> None:
    for seed in range(5):  # §8.5: a Ra tile is always left in the bag while an epoch runs
        st = State.new({"players": 5}, seed=seed)
        while not st.is_terminal():
            assert T.RA in st.bag
            st.push(st.legal_actions()[0])  # draw whenever possible: the longest epochs
        assert st.bag.count(T.RA) + st.discard[T.RA] == 30


def test_e15_highest_disk_starts_every_epoch() -> None:
    st = scenario(3, [], G3)
    act(st, "ra", "pass", "pass", "bid:13")  # 13 becomes central; seat 1's 12 is now the highest
    while st.epoch == 1:
        act(st, "pass" if st.phase == 1 else "draw")
    assert st.current_players() == (1,)


def test_e16_two_players_use_their_own_disks_and_six_ra_tiles() -> None:
    st = State.new({"players": 2}, seed=4)
    assert sorted(st.up) == [(8, 7, 4, 3), (9, 6, 5, 2)] and st.ra_len == 6
    assert st.view()["ra_track"]["length"] == 6


def test_e17_a_full_track_does_not_start_an_auction() -> None:
    st = scenario(3, ["gold"] * 5 + ["nile"] * 3, G3)
    act(st, *["draw"] * 8)
    assert st.view()["auction"] is None and st.view()["phase"] == "turn"


def test_e18_invoke_with_an_empty_track_forces_a_bid_for_the_disk_alone() -> None:
    st = scenario(3, [], G3)
    act(st, "ra", "pass", "pass")
    assert "pass" not in notations(st)
    act(st, "bid:8")
    assert held(st, 0) == {} and st.down[0] == (1,) and st.central == 8


def test_e19_ra_drawn_with_an_empty_track_everyone_may_pass() -> None:
    st = scenario(3, ["ra"], G3)
    act(st, "draw", "pass", "pass")
    assert notations(st)[0] == "pass"
    act(st, "pass")
    assert st.central == 1 and st.current_players() == (1,)


def test_e20_gods_on_a_full_track_reopen_drawing() -> None:
    st = give(scenario(3, ["gold"] * 5 + ["nile"] * 3, G3), 2, "god")
    act(st, *["draw"] * 8)
    act(st, "god:gold")
    assert "draw" in notations(st)


def test_e21_spent_gods_score_nothing_unspent_gods_score_two_then_go() -> None:
    st = give(scenario(3, ["gold"], G3), 1, "god", 2)
    act(st, "draw", "god:gold")
    while st.epoch == 1:
        act(st, "pass" if st.phase == 1 else "draw")
    assert st.epoch_scores[0]["players"][1]["categories"]["gods"] == 2
    assert held(st, 1) == {} and st.discard[T.GOD] == 2


def test_e22_all_held_disks_count_for_sun_disks_central_excluded() -> None:
    st = play_random(3, seed=11)
    totals = [sum(st.up[p]) + sum(st.down[p]) for p in range(3)]
    assert present(st.view()["result"])["disk_totals"] == totals
    assert sum(totals) + st.central == sum(range(1, 14))


def test_e23_final_ra_tile_discards_the_lot_without_an_auction() -> None:
    st = scenario(2, ["gold", "pharaoh"], G2)
    act(st, "draw", "draw")
    for _ in range(5):
        act(st, "draw", "pass", "pass")
    act(st, "draw")
    assert st.epoch == 2 and st.discard[T.PHARAOH] == 1 and all(c == 0 for c in st.held)


def test_e24_bids_never_tie() -> None:
    st = scenario(3, ["gold"], G3)
    act(st, "draw", "ra", "bid:7")
    assert all(int(n.split(":")[1]) > 7 for n in notations(st) if n.startswith("bid:"))
    with pytest.raises(IllegalActionError, match="disk 5 does not beat the high bid 7"):
        act(st, "bid:5")
