"""Placement rules and bonus entries of each scoresheet section (docs/rules/ra-and-write.md §2)."""

from __future__ import annotations

import pytest

from ra.core.errors import IllegalActionError
from ra.games.write import State, action_to_str, str_to_action
from ra.games.write.sheet import (
    all_tops_at,
    civ_at,
    civ_bonus_at,
    god_at,
    god_bonus_at,
    god_total_at,
    monument_at,
    nile_at,
    nile_part_at,
    pending_at,
    pharaoh_symbol_at,
    pharaohs_at,
)
from ra.games.write.tables import CIV_TYPES, KINGDOMS, MONUMENT_TYPES

A = str_to_action
FACE = ["god:17", "nile:5", "civ:art"]


def revealed(cards: list[str] | None = None, players: int = 2, **opts: object) -> State:
    """A game whose first reveal shows `cards` (active player 0)."""
    st = State.new({"players": players, "first_player": 0, **opts}, order=cards or FACE)
    st.apply(A("reveal"))
    return st


def notations(st: State, p: int = 0) -> list[str]:
    return [action_to_str(a) for a in st.legal_actions(p)]


def others_choose(st: State) -> bool:
    """True once the active player's part of the turn is over (§3.3)."""
    return st.view()["phase"] == "others_choice"


def tops(st: State, count: int) -> None:
    """Seat 0 has the top space of the first `count` Monument columns marked."""
    for t in MONUMENT_TYPES[:count]:
        st.sheets[monument_at(0, t)] = 1


# --- Gods ----------------------------------------------------------------------------------------------------------
def test_s2_gods_card_any_empty_space_any_kingdom() -> None:
    st = revealed()
    gods = [n for n in notations(st) if n.startswith("card1>")]
    assert gods == [f"card1>god{i}" for i in range(1, 10)]
    st.sheets[god_at(0, 5)] = 3
    assert "card1>god5" not in notations(st)
    with pytest.raises(IllegalActionError, match="Gods space 5 is already filled"):
        st.apply(A("card1>god5"))


def test_s2_gods_third_space_writes_total_and_earns_pharaoh_bonus_per_kingdom() -> None:
    st = revealed()
    st.sheets[god_at(0, 4)], st.sheets[god_at(0, 5)] = 2, 9
    st.apply(A("card1>god6"))
    assert st.sheets[god_total_at(0, "middle")] == 28 and st.sheets[god_bonus_at(0, "middle")] == 1
    assert st.sheets[pending_at(0)] and notations(st) == ["bonus>pharaoh", "decline"]
    st.apply(A("bonus>pharaoh"))
    assert st.sheets[pharaohs_at(0)] == 1 and others_choose(st)
    assert st.sheets[god_total_at(0, "old")] == st.sheets[god_total_at(0, "new")] == -1  # other Kingdoms' untouched


def test_s2_gods_bonus_entry_writes_twenty() -> None:
    st = revealed(["monument:temple", "nile:5", "civ:art"])
    tops(st, 7)
    st.apply(A("card1"))  # the 8th top -> any-section bonus
    assert "bonus>god1" in notations(st)
    st.apply(A("bonus>god1"))
    assert st.sheets[god_at(0, 1)] == 20


# --- Pharaohs ------------------------------------------------------------------------------------------------------
def test_s2_pharaoh_marked_in_leftmost_space_and_nile_symbol_bonus() -> None:
    st = revealed(["pharaoh", "nile:5", "civ:art"])
    st.sheets[pharaohs_at(0)] = 2
    assert [n for n in notations(st) if n.startswith("card1")] == ["card1"]
    st.apply(A("card1"))
    assert st.sheets[pharaohs_at(0)] == 3 and st.sheets[pharaoh_symbol_at(0, 3)] == 1  # space 3: the first Nile symbol
    assert "bonus>nile1=1" in notations(st) and "bonus>nile12=20" in notations(st)
    st.apply(A("bonus>nile4=7"))
    assert st.sheets[nile_at(0, 4)] == 7


def test_s2_pharaoh_space_without_symbol_earns_nothing() -> None:
    st = revealed(["pharaoh", "nile:5", "civ:art"])
    st.apply(A("card1"))
    assert st.sheets[pharaohs_at(0)] == 1 and not st.sheets[pending_at(0)] and others_choose(st)


# --- Nile ----------------------------------------------------------------------------------------------------------
def test_s2_nile_non_decreasing_with_blank_gaps() -> None:
    st = revealed(["nile:7", "nile:5", "nile:10"])
    st.sheets[nile_at(0, 3)], st.sheets[nile_at(0, 6)] = 5, 9
    legal = notations(st)
    assert [n for n in legal if n.startswith("card1")] == ["card1>nile4", "card1>nile5"]
    assert [n for n in legal if n.startswith("card2")] == [f"card2>nile{i}" for i in (1, 2, 4, 5)]
    assert [n for n in legal if n.startswith("card3")] == [f"card3>nile{i}" for i in range(7, 13)]
    with pytest.raises(IllegalActionError, match="the Nile must not decrease: 7 is left of 5"):
        st.apply(A("card1>nile1"))
    with pytest.raises(IllegalActionError, match="the Nile must not decrease: 9 is left of 7"):
        st.apply(A("card1>nile8"))


def test_s2_nile_equal_numbers_allowed() -> None:
    st = revealed(["nile:5", "nile:6", "nile:10"])
    st.sheets[nile_at(0, 3)] = 5
    st.sheets[nile_at(0, 5)] = 5
    assert "card1>nile4" in notations(st) and "card2>nile4" not in notations(st)


def test_s2_nile_bonus_numbers_bounded_by_neighbours() -> None:
    st = revealed(["pharaoh", "nile:5", "civ:art"])
    st.sheets[pharaohs_at(0)] = 2
    st.sheets[nile_at(0, 2)], st.sheets[nile_at(0, 4)] = 4, 8
    st.apply(A("card1"))
    legal = notations(st)
    assert [n for n in legal if n.startswith("bonus>nile3=")] == [f"bonus>nile3={v}" for v in range(4, 9)]
    assert [n for n in legal if n.startswith("bonus>nile1=")] == [f"bonus>nile1={v}" for v in range(1, 5)]
    assert "bonus>nile12=20" in legal


def test_s2_nile_part_bonus_is_a_civilization_entry() -> None:
    st = revealed(["nile:5", "god:1", "civ:art"])
    st.sheets[nile_at(0, 4)], st.sheets[nile_at(0, 6)] = 4, 6
    st.apply(A("card1>nile5"))
    assert st.sheets[nile_part_at(0, 2)] == 1
    legal = notations(st)
    assert "bonus>civ:old:agriculture" in legal and "bonus>civ:new:writing" in legal
    st.apply(A("bonus>civ:middle:writing"))
    assert st.sheets[civ_at(0, "middle", "writing")] == 1


# --- Civilization --------------------------------------------------------------------------------------------------
def test_s2_civilization_any_line_of_its_type() -> None:
    st = revealed(["civ:art", "god:1", "nile:5"])
    st.sheets[civ_at(0, "old", "art")] = 1
    assert [n for n in notations(st) if n.startswith("card1")] == ["card1>civ:middle", "card1>civ:new"]
    with pytest.raises(IllegalActionError, match="Art space of the Old Kingdom line is already filled"):
        st.apply(A("card1>civ:old"))


def test_s2_civilization_third_mark_in_a_line_earns_monument_bonus_once() -> None:
    st = revealed(["civ:art", "god:1", "nile:5"])
    st.sheets[civ_at(0, "old", "agriculture")] = st.sheets[civ_at(0, "old", "astronomy")] = 1
    st.apply(A("card1>civ:old"))
    assert st.sheets[civ_bonus_at(0, "old")] == 1
    assert notations(st)[:2] == ["bonus>monument:fortress", "bonus>monument:obelisk"]
    st.apply(A("bonus>monument:palace"))
    assert st.sheets[monument_at(0, "palace")] == 1
    st2 = revealed(["civ:writing", "god:1", "nile:5"])
    for civ_type in ("agriculture", "art", "astronomy"):
        st2.sheets[civ_at(0, "old", civ_type)] = 1
    st2.sheets[civ_bonus_at(0, "old")] = 1
    st2.apply(A("card1>civ:old"))  # 4th mark: the line's symbol is already crossed out
    assert not st2.sheets[pending_at(0)]


# --- Monuments -----------------------------------------------------------------------------------------------------
def test_s2_monuments_topmost_space_of_the_column() -> None:
    st = revealed(["monument:sphinx", "god:1", "nile:5"])
    st.sheets[monument_at(0, "sphinx")] = 1
    st.apply(A("card1"))
    assert st.sheets[monument_at(0, "sphinx")] == 2


def test_s2_monuments_all_tops_any_section_bonus_once_per_game() -> None:
    st = revealed(["monument:temple", "monument:sphinx", "nile:5"], players=2)
    tops(st, 7)
    st.apply(A("card1"))
    assert st.sheets[all_tops_at(0)] == 1
    legal = notations(st)
    assert {"bonus>god1", "bonus>pharaoh", "bonus>nile1=1", "bonus>civ:old:art", "bonus>monument:sphinx",
            "decline"} <= set(legal)
    st.apply(A("decline"))
    assert st.sheets[all_tops_at(0)] == 1 and not st.sheets[pending_at(0)]  # declined: the symbol stays crossed out


def test_s2_all_tops_bonus_not_earned_twice() -> None:
    st = revealed(["monument:temple", "god:1", "nile:5"])
    tops(st, 7)
    st.sheets[all_tops_at(0)] = 1
    st.apply(A("card1"))
    assert not st.sheets[pending_at(0)]


# --- decline, lost entries, the variant ----------------------------------------------------------------------------
def test_s2_bonus_may_be_declined() -> None:
    st = revealed(["pharaoh", "god:1", "nile:5"])
    st.sheets[pharaohs_at(0)] = 2
    st.apply(A("card1"))
    st.apply(A("decline"))
    assert st.sheets[pharaoh_symbol_at(0, 3)] == 1 and [st.sheets[nile_at(0, j)] for j in range(1, 13)] == [0] * 12
    assert others_choose(st)
    with pytest.raises(IllegalActionError):
        st.apply(A("decline"), 1)


def test_s2_card_without_legal_space_is_lost() -> None:
    st = revealed(["nile:3", "pharaoh", "civ:art"])
    st.sheets[nile_at(0, 1)] = 5  # every space right of 5 needs >= 5
    assert [n for n in notations(st) if n.startswith("card1")] == ["card1"]
    st.apply(A("card1"))
    assert st.lost == [(1, 0, st.face[0])]
    assert st.view(None)["lost"] == [{"turn": 1, "player": 0, "entry": "card", "card": "nile:3", "bonus": None}]


def test_s2_full_pharaoh_row_loses_the_card() -> None:
    st = revealed(["pharaoh", "god:1", "civ:art"])
    st.sheets[pharaohs_at(0)] = 12
    st.apply(A("card1"))
    assert st.sheets[pharaohs_at(0)] == 12 and st.lost[0][1] == 0


def test_s2_a_card_with_a_legal_space_must_be_entered() -> None:
    st = revealed()
    with pytest.raises(IllegalActionError, match="has a legal space"):
        st.apply(A("card1"))


def test_s2_bonus_without_legal_space_is_lost() -> None:
    st = revealed(["nile:5", "god:1", "civ:art"])
    st.sheets[nile_at(0, 4)], st.sheets[nile_at(0, 6)] = 4, 6
    for kingdom in KINGDOMS:
        for civ_type in CIV_TYPES:
            st.sheets[civ_at(0, kingdom, civ_type)] = 1
    st.apply(A("card1>nile5"))
    assert not st.sheets[pending_at(0)] and st.lost == [(1, 0, -3)]
    assert st.view(None)["lost"][0]["bonus"] == "civilization"


def test_s2_kingdom_limited_variant_closes_other_kingdoms() -> None:
    st = revealed(["god:4", "civ:art", "nile:5"], kingdom_limited=True)
    legal = notations(st)
    assert [n for n in legal if n.startswith("card1")] == ["card1>god1", "card1>god2", "card1>god3"]
    assert [n for n in legal if n.startswith("card2")] == ["card2>civ:old"]
    with pytest.raises(IllegalActionError, match="Gods spaces of the Middle Kingdom are closed in the "
                       "kingdom-limited variant"):
        st.apply(A("card1>god4"))
    with pytest.raises(IllegalActionError, match="Civilization lines of the New Kingdom are closed"):
        st.apply(A("card2>civ:new"))


def test_s2_kingdom_limited_full_kingdom_loses_god_card() -> None:
    st = revealed(["god:4", "civ:art", "nile:5"], kingdom_limited=True)
    st.sheets[god_at(0, 1)], st.sheets[god_at(0, 2)], st.sheets[god_at(0, 3)] = 1, 2, 3
    assert [n for n in notations(st) if n.startswith("card1")] == ["card1"]


def test_s2_errors_leave_state_unchanged() -> None:
    st = revealed(["nile:7", "nile:5", "god:3"])
    st.sheets[nile_at(0, 3)] = 5
    before = st.to_json()
    for text in ("card1>nile1", "card3>nile1", "bonus>pharaoh", "decline", "reveal", "card1"):
        with pytest.raises(IllegalActionError):
            st.apply(A(text))
    assert st.to_json() == before

