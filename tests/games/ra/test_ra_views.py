"""docs/VIEWS.md: the view's shape (RaView), its rules data, hidden scores (R3) and from_view's estimates.

Every game's views are also checked in tests/games/test_conformance.py (hidden bag order, from_view round trip).
"""

from __future__ import annotations

import random
from typing import Any

from ra_helpers import G3, act, check_invariants, give, play_random, present, scenario, seat0_wins

from ra.games.ra import RaLegalAction, RaView, State, from_view, views
from ra.games.ra import tables as T

VIEW_KEYS = {
    "game", "viewer", "num_players", "names", "options", "epoch", "phase", "current_player", "ra_track",
    "auction_track", "central_disk", "disks", "tiles", "scores", "bag", "bag_total", "auction", "disaster",
    "legal_actions", "epoch_scores", "result", "last_move",
}  # fmt: skip
RULES_KEYS = {"auction_track_spaces", "epochs", "kind_groups", "scarab_kinds"}  # rules data for browsers


def test_view_has_exactly_the_documented_keys_and_its_typeddict_says_so() -> None:
    v = State.new({"players": 3}, seed=2).view(0)
    assert set(v) == set(RaView.__annotations__) == VIEW_KEYS | {"discarded", "gods"} | RULES_KEYS
    assert v["game"] == "ra" and v["viewer"] == 0 and v["phase"] == "turn" and v["auction"] is None
    assert v["bag_total"] == 180 and sum(v["bag"].values()) == 180
    assert "seed" not in v["options"]


def test_the_rules_data_of_a_view_groups_every_kind_and_names_the_kinds_kept_between_epochs() -> None:
    st = give(give(give(scenario(3, [], G3), 0, "pharaoh"), 0, "flood"), 0, "temple")
    v = st.view(None)
    assert v["auction_track_spaces"] == 8 and v["epochs"] == 3
    grouped = [k for g in v["kind_groups"] for k in g["kinds"]]
    assert sorted(grouped) == sorted(set(T.KINDS) - {"ra"}), "every kind a player may gain, in exactly one group"
    assert [g["key"] for g in v["kind_groups"]] == [key for key, _ in T.KIND_GROUPS]
    assert next(g for g in v["kind_groups"] if g["key"] == "civilization")["title"] == "Civilization"
    # §8.2.4, checked on the engine itself: the kinds a seat still holds after an epoch's end are the scarab kinds.
    for kind in grouped:
        if kind not in ("funeral", "drought", "war", "earthquake"):
            give(st, 1, kind)
    while st.epoch == 1:
        act(st, "pass" if st.phase == 1 else "draw")
    assert sorted(st.view(None)["tiles"][1]) == sorted(v["scarab_kinds"])
    assert st.view(None)["kind_groups"] is v["kind_groups"], "shared rules data: building a view stays cheap"


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
    assert rows[0] is None and rows[1] is None and present(rows[2])["after"] == 5


def test_legal_actions_in_the_view_only_for_the_deciding_seat() -> None:
    st = act(scenario(3, ["gold"], G3), "draw", "ra", "pass", "pass")
    v = st.view(1)
    assert [a["notation"] for a in v["legal_actions"]] == ["bid:3", "bid:6", "bid:9", "bid:12"]
    assert v["legal_actions"][0] == {"id": 6, "notation": "bid:3", "kind": "bid", "disk": 3}
    assert set(v["legal_actions"][0]) <= set(RaLegalAction.__annotations__)
    assert st.view(0)["legal_actions"] == [] and st.view(None)["legal_actions"] == []
    assert present(v["auction"])["kind"] == "invoked_nonfull" and present(v["auction"])["to_act"] == 1


def test_result_at_the_end() -> None:
    st = play_random(4, seed=8)
    r = present(st.view(None)["result"])
    assert r["winners"] == st.winners() and r["scores"] == st.scores() and isinstance(r["tie_break"], bool)
    assert st.view(None)["current_player"] is None


def test_from_view_estimates_hidden_scores_and_keeps_the_decision() -> None:
    for players in (2, 3, 4, 5):
        st = State.new({"players": players}, seed=players)
        rng = random.Random(players)
        for _ in range(60):
            if st.is_terminal():
                break
            st.push(rng.choice(st.legal_actions()))
        for viewer in (None, 0):
            guess = from_view(st.view(viewer), random.Random(9))
            check_invariants(guess)
            assert guess.legal_actions() == st.legal_actions()
            assert guess.view(None) == st.view(None), "the spectator's view comes back too"
            if viewer is not None:
                hidden = [p for p in range(players) if p != viewer]
                assert all(guess.scores()[p] == st.scores()[viewer] for p in hidden), "hidden: the viewer's own"


def test_from_view_refuses_a_view_that_miscounts_tiles() -> None:
    view: Any = dict(State.new({"players": 3}, seed=1).view(0))
    view["discarded"] = {"gold": 1}
    try:
        from_view(view, random.Random(1))
    except ValueError as exc:
        assert "gold" in str(exc)
    else:
        raise AssertionError("a view with a tile too many was accepted")


def test_from_view_mid_disaster_and_gods() -> None:
    st = give(give(scenario(3, [], G3), 0, "art", 2), 0, "religion", 2)
    seat0_wins(st, "war")
    guess = from_view(st.view(1), random.Random(1))
    act(guess, "lose:art", "lose:art")
    act(st, "lose:art", "lose:art")
    assert guess.view(1)["tiles"] == st.view(1)["tiles"] and guess.current_players() == st.current_players()


def test_epoch_scores_match_scores() -> None:
    st = play_random(3, seed=9)
    rows = st.view(None)["epoch_scores"]
    assert [r["after"] for r in rows[-1]["players"] if r is not None] == st.scores()
    for e in rows:
        for r in e["players"]:
            assert r is not None and r["net"] == sum(r["categories"].values())


def test_views_made_at_once_equal_each_viewers_own_view() -> None:
    """`views` (the server's views of a version, sharing what every viewer sees) equals `view` for each viewer, in
    any order of viewers, through whole games with hidden and with open scores (R3)."""
    rng = random.Random(11)
    states = 0
    for players, visible in ((2, False), (3, False), (4, True), (5, False)):
        state = State.new({"players": players, "scores_visible": visible}, seed=players)
        while True:
            viewers: list[int | None] = [None, *range(players)]
            rng.shuffle(viewers)
            for viewer, view in zip(viewers, views(state, viewers), strict=True):
                assert view == state.view(viewer), viewer
            states += 1
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    assert states > 400
