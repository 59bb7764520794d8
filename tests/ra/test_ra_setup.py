"""rules/ra.md §1 (tiles), §2 (setup), options validation, notation round trip."""

from __future__ import annotations

import pytest
from ra_helpers import G3, notations, scenario

import ra.games.ra as ra
from ra.core import InvalidNotationError
from ra.games.ra import NUM_ACTIONS, State, action_to_str, str_to_action
from ra.games.ra import tables as T


def test_s1_there_are_180_tiles_with_the_reference_counts() -> None:
    counts = dict(zip(T.KINDS, T.COUNTS, strict=True))
    assert sum(T.COUNTS) == 180
    assert counts["ra"] == 30 and counts["god"] == 8 and counts["gold"] == 5
    assert counts["pharaoh"] == 25 and counts["nile"] == 25 and counts["flood"] == 12
    assert sum(counts[T.KINDS[k]] for k in T.CIVILIZATION) == 25
    assert sum(counts[T.KINDS[k]] for k in T.MONUMENTS) == 40
    assert (counts["funeral"], counts["drought"], counts["war"], counts["earthquake"]) == (2, 2, 4, 2)


def test_s1_scarab_tiles_are_pharaoh_nile_and_monuments() -> None:
    assert sum(T.COUNTS[k] for k in T.SCARAB) == 90
    assert set(T.DISCARDED_AT_EPOCH_END) == {T.GOD, T.GOLD, T.FLOOD, *T.CIVILIZATION}


@pytest.mark.parametrize(
    ("players", "ra_tiles", "sums"),
    [(2, 6, [22, 22]), (3, 8, [28, 30, 32]), (4, 9, [21, 22, 23, 24]), (5, 10, [25, 26, 27, 28, 29])],
)
def test_s2_disk_groups_and_ra_track_length(players: int, ra_tiles: int, sums: list[int]) -> None:
    assert sorted(sum(g) for g in T.DISK_GROUPS[players]) == sums
    assert T.RA_TRACK_LENGTH[players] == ra_tiles
    st = State.new({"players": players}, seed=3)
    assert st.ra_len == ra_tiles and st.central == 1
    assert sorted(st.up) == sorted(T.DISK_GROUPS[players])
    assert st.scores() == [10] * players
    top = max(d for g in T.DISK_GROUPS[players] for d in g)
    assert top in st.up[st.current_players()[0]], "§2: the holder of the highest disk starts"
    assert len(st.bag) == 180 and st.track == [] and st.ra_filled == 0


def test_s2_disk_groups_are_dealt_at_random_and_recorded() -> None:
    deals = {tuple(State.new({"players": 3}, seed=s).up) for s in range(30)}
    assert len(deals) > 1
    st = State.new({"players": 3}, seed=5)
    rec = st.record()
    assert rec["options"]["disk_groups"] == [list(g) for g in st.up]
    assert rec["seed"] == 5 and rec["order"] is None


def test_s2_same_seed_same_game_and_default_seed_zero() -> None:
    assert State.new({"players": 4}, seed=9) == State.new({"players": 4}, seed=9)
    assert State.new({"players": 4}) == State.new({"players": 4}, seed=0)
    assert State.new({"players": 4}, seed=1).bag != State.new({"players": 4}, seed=2).bag


def test_s2_order_prefix_then_canonical_remainder() -> None:
    st = scenario(3, ["gold", "war"], G3)
    draws = list(reversed(st.bag))
    assert draws[:3] == [T.GOLD, T.WAR, T.RA]
    assert sorted(draws) == sorted(k for k in range(T.NK) for _ in range(T.COUNTS[k]))
    assert st.record()["order"] == ["gold", "war"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "'players' is required"),
        ({"players": 6}, "2 to 5 players"),
        ({"players": 3, "names": ["a"]}, "list of 3 strings"),
        ({"players": 3, "scores_visible": "yes"}, "scores_visible"),
        ({"players": 3, "final_floor": "never"}, "final_floor"),
        ({"players": 3, "disk_groups": [[13, 8], [12, 9], [11, 10]]}, "exactly once"),
        ({"players": 3, "colour": "red"}, "unknown Ra option"),
    ],
)
def test_options_are_validated(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        State.new(options, seed=1)


def test_order_is_validated() -> None:
    with pytest.raises(ValueError, match="not a tile kind"):
        State.new({"players": 3}, order=["dragon"])
    with pytest.raises(ValueError, match="more than 2 funeral"):
        State.new({"players": 3}, order=["funeral"] * 3)


def test_names_default_and_custom() -> None:
    assert State.new({"players": 2}).view()["names"] == ["Player 1", "Player 2"]
    assert State.new({"players": 2, "names": ["Ann", "Bo"]}).view()["names"] == ["Ann", "Bo"]


def test_notation_round_trips_for_every_id() -> None:
    for i in range(NUM_ACTIONS):
        assert str_to_action(action_to_str(i)) == i
    assert action_to_str(0) == "draw" and action_to_str(1) == "ra" and str_to_action("bid:13") == 16
    assert str_to_action("god:pharaoh") == ra.actions.GOD_BASE + T.PHARAOH
    assert str_to_action(" Lose:Art ") == str_to_action("lose:art")


@pytest.mark.parametrize("text", ["bid:17", "bid:0", "lose:pharaoh", "god:dragon", "", "fly"])
def test_bad_notation_raises(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        str_to_action(text)


def test_module_exports_the_game_module_names() -> None:
    for name in ("GAME", "NUM_ACTIONS", "State", "action_to_str", "str_to_action", "render_text", "from_view"):
        assert hasattr(ra, name)
    assert ra.GAME == "ra" and State.GAME == "ra"
    assert notations(State.new({"players": 3})) == ["draw", "ra"]
