"""docs/rules/ra.md §3 (turns), §4 (Ra track), §5 (auctions)."""

from __future__ import annotations

from ra_helpers import G2, G3, act, held, notations, present, scenario

from ra.games.ra import tables as T

EIGHT = ["gold", "pharaoh", "nile", "art", "fortress", "obelisk", "palace", "temple"]


def test_s3_turn_passes_to_the_left_after_a_draw() -> None:
    st = scenario(3, ["gold", "nile"], G3)
    assert st.current_players() == (0,)
    act(st, "draw")
    assert st.current_players() == (1,) and st.view()["auction_track"] == ["gold"]
    act(st, "draw")
    assert st.current_players() == (2,)


def test_s3_full_track_forbids_drawing_and_does_not_start_an_auction() -> None:
    st = scenario(3, EIGHT, G3)
    act(st, *["draw"] * 8)
    assert len(st.track) == 8 and st.phase == 0  # turn, no automatic auction (E17)
    assert notations(st) == ["ra"]


def test_s3_player_without_face_up_disks_is_skipped() -> None:
    st = scenario(3, ["gold"], G3)
    st.up[1], st.down[1] = (), (12, 9, 6, 3)  # seat 1 has used every disk
    act(st, "draw")
    assert st.current_players() == (2,)


def test_s4_ra_tile_goes_to_the_ra_track_and_starts_an_auction() -> None:
    st = scenario(3, ["gold", "ra"], G3)
    act(st, "draw", "draw")
    v = st.view()
    assert v["ra_track"] == {"length": 8, "filled": 1, "spaces": 10}
    assert present(v["auction"])["kind"] == "ra_drawn" and present(v["auction"])["ra_player"] == 1
    assert v["auction_track"] == ["gold"] and st.current_players() == (2,)


def test_s4_last_ra_tile_ends_the_epoch_without_an_auction() -> None:
    st = scenario(2, ["gold", "nile"], G2)  # then Ra tiles: 6 per epoch with 2 players
    act(st, "draw", "draw")
    for _ in range(5):  # five Ra auctions in which everyone passes: the lot stays
        act(st, "draw", "pass", "pass")
        assert st.view()["auction_track"] == ["gold", "nile"]
    assert st.ra_filled == 5 and st.epoch == 1
    act(st, "draw")
    assert st.epoch == 2 and st.ra_filled == 0 and st.track == [] and st.phase == 0
    assert st.discard[T.GOLD] == 1 and st.discard[T.NILE] == 1 and st.discard[T.RA] == 6
    assert st.central == 1, "§4.3: the central disk stays"
    assert st.history[-1].draws == ("ra",)


def test_s5_bidding_order_starts_left_of_the_ra_player_and_ends_with_him() -> None:
    st = scenario(3, ["gold"], G3)
    act(st, "draw", "ra")  # seat 1 invokes
    assert st.current_players() == (2,)
    act(st, "bid:4")
    assert st.current_players() == (0,)
    act(st, "bid:5")
    assert st.current_players() == (1,)
    bids = present(st.view()["auction"])["bids"]
    assert bids == [{"player": 2, "disk": 4}, {"player": 0, "disk": 5}]


def test_s5_auction_types() -> None:
    st = scenario(3, EIGHT, G3)
    act(st, "ra")
    assert present(st.view()["auction"])["kind"] == "invoked_nonfull"
    st = scenario(3, EIGHT, G3)
    act(st, *["draw"] * 8, "ra")
    assert present(st.view()["auction"])["kind"] == "invoked_full"


def test_s5_forced_bid_after_invoking_with_a_non_full_track() -> None:
    st = scenario(3, ["gold"], G3)
    act(st, "draw", "ra", "pass", "pass")
    assert st.current_players() == (1,)
    assert notations(st) == ["bid:3", "bid:6", "bid:9", "bid:12"], "§5: no pass for the Ra player"


def test_s5_no_forced_bid_when_someone_else_bid() -> None:
    st = scenario(3, ["gold"], G3)
    act(st, "draw", "ra", "bid:4", "pass")
    assert notations(st) == ["pass", "bid:6", "bid:9", "bid:12"]
    act(st, "pass")
    assert held(st, 2) == {"gold": 1} and st.central == 4


def test_s5_ra_drawn_nobody_bids_the_lot_stays() -> None:
    st = scenario(3, ["gold", "ra"], G3)
    act(st, "draw", "draw", "pass", "pass", "pass")
    assert st.view()["auction_track"] == ["gold"] and st.central == 1
    assert st.current_players() == (2,), "§3: next turn left of the Ra player"


def test_s5_invoked_full_nobody_bids_all_tiles_are_discarded() -> None:
    st = scenario(3, EIGHT, G3)
    act(st, *["draw"] * 8, "ra", "pass", "pass", "pass")
    assert st.track == [] and st.central == 1
    assert sum(st.discard) == 8 and st.current_players() == (0,)


def test_s5_winner_takes_the_lot_and_swaps_disks() -> None:
    st = scenario(3, ["gold", "pharaoh", "ra"], G3)
    act(st, "draw", "draw", "draw", "bid:5", "bid:9", "pass")
    assert held(st, 1) == {"gold": 1, "pharaoh": 1}
    assert st.up[1] == (12, 6, 3) and st.down[1] == (1,), "§5.3: the central disk face down"
    assert st.central == 9, "§5.4: the winning disk goes to the centre"
    assert st.up[0] == (13, 8, 5, 2), "§5.5: other bidders keep their disks face up"
    assert st.track == [] and st.current_players() == (0,)


def test_s5_an_empty_lot_wins_only_the_central_disk() -> None:
    st = scenario(3, [], G3)
    act(st, "ra", "pass", "pass", "bid:2")
    assert st.down[0] == (1,) and st.central == 2 and held(st, 0) == {}


def test_s5_players_who_cannot_beat_the_high_bid_pass_automatically() -> None:
    st = scenario(3, ["gold"], G3)
    act(st, "draw", "ra", "pass", "bid:13")  # nobody can beat 13: seat 1 passes without a decision
    assert held(st, 0) == {"gold": 1} and st.central == 13
    assert present(st.view()["last_move"])["notation"] == "bid:13"
    assert [m.action for m in st.history].count(2) == 1  # only seat 2's own pass is a recorded action


def test_s5_bid_must_beat_the_high_bid() -> None:
    st = scenario(3, ["gold"], G3)
    act(st, "draw", "ra", "bid:10")
    assert notations(st) == ["pass", "bid:13"]
