"""docs/VIEWS.md: view schema, hidden scores (R3), render_text, from_view, JSON and records."""

from __future__ import annotations

import json
import random

from ra_helpers import G3, act, check_invariants, give, play_random, scenario, seat0_wins

from ra.games import replay
from ra.games.ra import State, from_view, render_text

VIEW_KEYS = {
    "game", "viewer", "num_players", "names", "options", "epoch", "phase", "current_player", "ra_track",
    "auction_track", "central_disk", "disks", "tiles", "scores", "bag", "bag_total", "auction", "disaster",
    "legal_actions", "epoch_scores", "result", "last_move",
}  # fmt: skip


def test_view_has_every_documented_key() -> None:
    v = State.new({"players": 3}, seed=2).view(0)
    assert set(v) >= VIEW_KEYS
    assert v["game"] == "ra" and v["viewer"] == 0 and v["phase"] == "turn" and v["auction"] is None
    assert v["bag_total"] == 180 and sum(v["bag"].values()) == 180
    assert "seed" not in v["options"]


def test_r3_scores_hidden_except_own_until_the_end() -> None:
    st = State.new({"players": 3}, seed=2)
    assert st.view(1)["scores"] == [None, 10, None]
    assert st.view(None)["scores"] == [None, None, None]
    shown = State.new({"players": 3, "scores_visible": True}, seed=2)
    assert shown.view(None)["scores"] == [10, 10, 10]
    done = play_random(3, seed=2)
    assert done.view(None)["scores"] == done.scores()
    assert all(r is not None for e in done.view(None)["epoch_scores"] for r in e["players"])


def test_epoch_score_rows_hidden_where_scores_are() -> None:
    st = scenario(3, [], G3)
    while st.epoch == 1:
        act(st, "pass" if st.phase == 1 else "draw")
    rows = st.view(2)["epoch_scores"][0]["players"]
    assert rows[0] is None and rows[1] is None and rows[2]["after"] == 5


def test_legal_actions_in_the_view_only_for_the_deciding_seat() -> None:
    st = act(scenario(3, ["gold"], G3), "draw", "ra", "pass", "pass")
    v = st.view(1)
    assert [a["notation"] for a in v["legal_actions"]] == ["bid:3", "bid:6", "bid:9", "bid:12"]
    assert v["legal_actions"][0] == {"id": 6, "notation": "bid:3", "kind": "bid", "disk": 3}
    assert st.view(0)["legal_actions"] == [] and st.view(None)["legal_actions"] == []
    assert v["auction"]["kind"] == "invoked_nonfull" and v["auction"]["to_act"] == 1


def test_result_at_the_end() -> None:
    st = play_random(4, seed=8)
    r = st.view(None)["result"]
    assert r["winners"] == st.winners() and r["scores"] == st.scores() and isinstance(r["tie_break"], bool)
    assert st.view(None)["current_player"] is None


def test_views_do_not_depend_on_the_undrawn_bag_order() -> None:
    a = State.new({"players": 3}, seed=5)
    for _ in range(20):
        a.push(a.legal_actions()[0])
    b = a.clone()
    random.Random(1).shuffle(b.bag)
    assert a.bag != b.bag
    for viewer in (None, 0, 1, 2):
        assert a.view(viewer) == b.view(viewer)
        text = json.dumps(a.view(viewer))
        assert "seed" not in text and "order" not in text


def test_render_text_draws_the_table() -> None:
    st = give(scenario(3, ["gold"], G3, names=["Ann", "Bo", "Cy"]), 0, "pharaoh", 2)
    act(st, "draw", "ra", "bid:4")
    text = render_text(st.view(0))
    for part in (
        "epoch 1 of 3",
        "Ra track",
        "[X X . . . . . . . .]",
        "Auction track [gold",
        "Central sun disk: 1",
        "pharaoh 2",
        "Ann",
        "Bo",
        "Cy",
        "Bag: 177 tiles",
        "invoked_nonfull",
        "To decide: Ann",
        "bid:13",
    ):
        assert part in text, part
    over = render_text(play_random(3, seed=1).view(None))
    assert "Game over" in over and "Winner" in over


def test_render_text_shows_disasters_and_gods() -> None:
    st = give(give(scenario(3, [], G3), 0, "art", 2), 0, "religion", 2)
    seat0_wins(st, "war")
    assert "must still lose 2 to war" in render_text(st.view(None))


def test_from_view_is_consistent_with_the_view() -> None:
    for players in (2, 3, 4, 5):
        st = State.new({"players": players}, seed=players)
        rng = random.Random(players)
        for _ in range(60):
            if st.is_terminal():
                break
            st.push(rng.choice(st.legal_actions()))
        for viewer in (None, 0):
            v = st.view(viewer)
            guess = from_view(v, random.Random(9))
            check_invariants(guess)
            w = guess.view(viewer)
            assert {k: x for k, x in w.items() if k != "last_move"} == {k: x for k, x in v.items() if k != "last_move"}
            assert guess.legal_actions() == st.legal_actions()
            hidden = [p for p in range(players) if v["scores"][p] is None]
            if viewer is not None:
                assert all(guess.scores()[p] == st.scores()[viewer] for p in hidden)


def test_from_view_mid_disaster_and_gods() -> None:
    st = give(give(scenario(3, [], G3), 0, "art", 2), 0, "religion", 2)
    seat0_wins(st, "war")
    guess = from_view(st.view(1), random.Random(1))
    act(guess, "lose:art", "lose:art")
    act(st, "lose:art", "lose:art")
    assert guess.view(1)["tiles"] == st.view(1)["tiles"] and guess.current_players() == st.current_players()


def test_json_round_trip_and_equal_behaviour() -> None:
    st = play_random(3, seed=4)
    assert State.from_json(st.to_json()) == st
    mid = State.new({"players": 4}, seed=4)
    for a in [0, 0, 0, 1]:
        mid.push(a) if a in mid.legal_actions() else None
    copy = State.from_json(json.loads(json.dumps(mid.to_json())))
    rng1, rng2 = random.Random(3), random.Random(3)
    while not mid.is_terminal():
        mid.push(rng1.choice(mid.legal_actions()))
        copy.push(rng2.choice(copy.legal_actions()))
    assert mid == copy


def test_record_replays_and_draws_only_record_gives_the_same_public_view() -> None:
    st = play_random(5, seed=6)
    rec = st.record()
    assert rec["game"] == "ra" and rec["moves"][0]["player"] == st.history[0].player
    assert replay(rec) == st
    stripped = dict(rec, seed=None, order=None)
    assert replay(stripped).view(None) == st.view(None)


def test_score_breakdown_matches_scores() -> None:
    st = play_random(3, seed=9)
    rows = st.score_breakdown()
    assert [r["after"] for r in rows[-1]["players"]] == st.scores()
    for e in rows:
        for r in e["players"]:
            assert r["net"] == sum(r["categories"].values())
