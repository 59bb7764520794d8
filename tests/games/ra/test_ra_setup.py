"""docs/rules/ra.md §1 (tiles), §2 (setup), the table options and Ra's notation.

Tables are checked against totals quoted from the rules text and against each other, not restated.
"""

from __future__ import annotations

import pytest
from ra_helpers import G3, disks_in_use, notations, scenario

import ra.games.ra as ra
from ra.core import InvalidNotationError
from ra.games.ra import OPTIONS, Options, State, str_to_action
from ra.games.ra import tables as T


def test_s1_tile_totals_match_the_rules_text() -> None:
    # §1.1: "Check: 30 + 8 + 5 + 25 + 25 + 12 + 25 + 40 + 10 = 180. The scarab tiles number 25 + 25 + 40 = 90."
    assert [T.COUNTS[k] for k in (T.RA, T.GOD, T.GOLD, T.PHARAOH, T.NILE, T.FLOOD)] == [30, 8, 5, 25, 25, 12]
    assert [sum(T.COUNTS[k] for k in g) for g in (T.CIVILIZATION, T.MONUMENTS, T.DISASTERS)] == [25, 40, 10]
    assert sum(T.COUNTS) == T.TOTAL_TILES == 180
    assert sum(T.COUNTS[k] for k in T.SCARAB) == 90


def test_s1_every_kind_belongs_to_exactly_one_fate() -> None:
    """Ra tiles go to the Ra track, disasters are discarded at once, the rest is kept (scarab) or discarded (§8.2.4)."""
    fates = [{T.RA}, set(T.DISASTERS), set(T.SCARAB), set(T.DISCARDED_AT_EPOCH_END)]
    assert sorted(k for fate in fates for k in fate) == list(range(T.NUM_KINDS))
    assert set(T.DISASTER_TARGETS) == set(T.DISASTERS) and set(T.CHOSEN_DISASTERS) <= set(T.DISASTERS)
    assert all(k not in T.DISASTERS and k != T.RA for ts in T.DISASTER_TARGETS.values() for k in ts)


def test_s9_score_tables_fit_the_tile_groups() -> None:
    assert len(T.CIV_POINTS) == len(T.CIVILIZATION) + 1, "one entry per number of civilization types, 0 included"
    assert len(T.MONUMENT_VARIETY) == len(T.MONUMENTS) + 1
    assert len(T.MONUMENT_SAME) == max(T.COUNTS[k] for k in T.MONUMENTS) + 1, "one entry per count of one type"
    # §9.2: "The most a player can reach is 15 + 8 x 15 = 135."
    assert T.MONUMENT_VARIETY[-1] + len(T.MONUMENTS) * T.MONUMENT_SAME[-1] == 135


@pytest.mark.parametrize(
    ("players", "ra_tiles", "unused", "sums"),
    [(2, 6, 4, [22, 22]), (3, 8, 2, [28, 30, 32]), (4, 9, 1, [21, 22, 23, 24]), (5, 10, 0, [25, 26, 27, 28, 29])],
)
def test_s2_setup_matches_the_rules_table(players: int, ra_tiles: int, unused: int, sums: list[int]) -> None:
    assert sorted(sum(g) for g in T.DISK_GROUPS[players]) == sums, "§2 'Group sums'"
    assert T.RA_TRACK_SPACES - T.RA_TRACK_LENGTH[players] == unused
    assert T.EPOCHS * T.RA_TRACK_LENGTH[players] <= T.COUNTS[T.RA], "§8.5: the bag cannot run out of Ra tiles"
    assert disks_in_use(players) == list(range(1, disks_in_use(players)[-1] + 1)), "disks 1..N, none twice"
    st = State.new({"players": players}, seed=3)
    assert st.ra_len == ra_tiles and st.central == T.CENTRAL_START_DISK == 1
    assert sorted(st.up) == sorted(T.DISK_GROUPS[players])
    assert st.scores() == [10] * players
    assert max(disks_in_use(players)) in st.up[st.current_players()[0]], "§2: the holder of the highest disk starts"
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
    assert sorted(draws) == sorted(k for k in range(T.NUM_KINDS) for _ in range(T.COUNTS[k]))
    assert st.record()["order"] == ["gold", "war"]


def test_options_list_what_people_set_and_keep_disk_groups_internal() -> None:
    assert [(o.name, o.kind, o.default) for o in OPTIONS] == [
        ("scores_visible", "bool", False),
        ("final_floor", "choice", "once"),
    ]
    assert OPTIONS[1].choices == T.FINAL_FLOOR_RULES == ("once", "twice")
    defaults = Options.from_mapping({"players": 3})
    assert all(getattr(defaults, o.name) == o.default for o in OPTIONS)
    assert defaults.disk_groups is None, "dealt at setup from the seed"
    given = Options.from_mapping({"players": 2, "disk_groups": [[2, 3, 4, 5], [6, 7, 8, 9]]})
    assert given.disk_groups == ((5, 4, 3, 2), (9, 8, 7, 6)), "accepted, though not a table option"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "'players' is required"),
        ({"players": 6}, "2 to 5 players"),
        ({"players": 3, "names": ["a"]}, "list of 3 strings"),
        ({"players": 3, "scores_visible": "yes"}, "'scores_visible' must be true or false"),
        ({"players": 3, "final_floor": "never"}, r"'final_floor' must be one of \['once', 'twice'\]"),
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


def test_notation_ids_are_the_documented_ones() -> None:
    """docs/RA_ACTIONS.md: 0 draw, 1 ra, 2 pass, 3 done, bid:d = 3 + d, god:k = 20 + kind index, lose 43..55."""
    assert [ra.action_to_str(i) for i in range(4)] == ["draw", "ra", "pass", "done"]
    assert str_to_action("bid:1") == 4 and str_to_action("bid:16") == 19
    assert str_to_action("god:ra") == 20 and str_to_action("god:pharaoh") == 20 + T.PHARAOH
    assert str_to_action("lose:art") == 43 and str_to_action("lose:temple") == 55 == ra.NUM_ACTIONS - 1
    assert str_to_action(" Lose:Art ") == 43 and str_to_action("invoke") == 1


@pytest.mark.parametrize("text", ["bid:17", "bid:0", "lose:pharaoh", "god:dragon", "fly"])
def test_bad_notation_raises(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        str_to_action(text)


def test_a_new_game_offers_draw_and_ra() -> None:
    assert ra.GAME == State.GAME == "ra" and ra.TITLE == "Ra"
    assert notations(State.new({"players": 3})) == ["draw", "ra"]
