"""docs/rules/ra.md §6 (god tiles) and §7 (disasters)."""

from __future__ import annotations

import pytest
from ra_helpers import G3, act, give, held, notations, put_on_track, scenario, seat0_wins

from ra.core import IllegalActionError
from ra.games.ra import State
from ra.games.ra import tables as T


def gods_table(gods: int = 2) -> State:
    st = scenario(3, ["pharaoh", "funeral"], G3)
    act(st, "draw", "draw")
    return give(st, 2, "god", gods)


def test_s6_one_god_takes_one_tile_and_ends_the_turn() -> None:
    st = gods_table(1)
    assert notations(st) == ["draw", "ra", "god:pharaoh", "god:funeral"]
    act(st, "god:pharaoh")
    assert held(st, 2) == {"pharaoh": 1} and st.view()["auction_track"] == ["funeral"]
    assert st.discard[T.GOD] == 1, "E21: spent gods leave the game"
    assert st.current_players() == (0,)


def test_s6_several_gods_are_a_sequence_and_done_stops() -> None:
    st = gods_table(2)
    put_on_track(st, "gold")
    act(st, "god:gold")
    assert st.view()["phase"] == "gods" and st.current_players() == (2,)
    assert notations(st) == ["done", "god:pharaoh", "god:funeral"]
    act(st, "done")
    assert held(st, 2) == {"god": 1, "gold": 1} and st.current_players() == (0,)


def test_s6_spending_ends_when_no_god_is_left() -> None:
    st = gods_table(2)
    act(st, "god:pharaoh", "god:funeral")
    assert st.view()["phase"] == "turn" and st.current_players() == (0,)


def test_s6_spending_ends_when_only_gods_are_left_on_the_track() -> None:
    st = scenario(3, ["gold", "god"], G3)
    act(st, "draw", "draw")
    give(st, 2, "god", 3)
    act(st, "god:gold")
    assert st.view()["phase"] == "turn" and held(st, 2) == {"god": 2, "gold": 1}


def test_s6_a_god_cannot_take_a_god_tile() -> None:
    st = scenario(3, ["god", "gold"], G3)
    act(st, "draw", "draw")
    give(st, 2, "god")
    assert "god:god" not in notations(st)
    with pytest.raises(IllegalActionError, match="a god cannot take a god tile"):
        act(st, "god:god")
    with pytest.raises(IllegalActionError, match="cannot take a Ra tile"):
        act(st, "god:ra")


def test_s6_no_god_without_a_non_god_tile_on_the_track() -> None:
    st = scenario(3, ["god"], G3)
    act(st, "draw")
    give(st, 1, "god")
    assert notations(st) == ["draw", "ra"]


def test_s6_gods_may_take_disasters_resolved_after_all_tiles_are_placed() -> None:
    st = gods_table(2)
    act(st, "god:funeral")
    assert st.view()["gods"] == {"player": 2, "disasters": {"funeral": 1}}
    act(st, "god:pharaoh")  # the pharaoh taken after the funeral is still lost (§7.1)
    assert held(st, 2) == {}
    assert st.discard[T.FUNERAL] == 1 and st.discard[T.PHARAOH] == 1


def test_s6_gods_on_a_full_track() -> None:
    st = scenario(3, ["gold", "pharaoh", "nile", "art", "fortress", "obelisk", "palace", "temple"], G3)
    act(st, *["draw"] * 8)
    give(st, 2, "god")
    assert notations(st)[:1] == ["ra"] and "god:temple" in notations(st)
    act(st, "god:temple")
    assert notations(st)[:2] == ["draw", "ra"], "E20: the next player may draw again"


def test_s7_funeral_removes_two_pharaohs() -> None:
    st = give(scenario(3, [], G3), 0, "pharaoh", 3)
    seat0_wins(st, "funeral")
    assert held(st, 0) == {"pharaoh": 1} and st.discard[T.FUNERAL] == 1


def test_s7_funeral_with_one_pharaoh_removes_it_and_two_funerals_add_up() -> None:
    st = give(scenario(3, [], G3), 0, "pharaoh", 1)
    seat0_wins(st, "funeral")
    assert held(st, 0) == {}
    st = give(scenario(3, [], G3), 0, "pharaoh", 5)
    seat0_wins(st, "funeral", "funeral")
    assert held(st, 0) == {"pharaoh": 1}


def test_s7_drought_takes_floods_first() -> None:
    st = give(give(scenario(3, [], G3), 0, "flood", 1), 0, "nile", 3)
    seat0_wins(st, "drought")
    assert held(st, 0) == {"nile": 2}
    st = give(give(scenario(3, [], G3), 0, "flood", 3), 0, "nile", 2)
    seat0_wins(st, "drought")
    assert held(st, 0) == {"nile": 2, "flood": 1}


def test_s7_several_droughts() -> None:
    st = give(give(scenario(3, [], G3), 0, "flood", 1), 0, "nile", 5)
    seat0_wins(st, "drought", "drought")
    assert held(st, 0) == {"nile": 2}


def test_s7_war_lets_the_winner_choose() -> None:
    st = give(give(give(scenario(3, [], G3), 0, "art", 2), 0, "religion"), 0, "writing")
    seat0_wins(st, "war")
    v = st.view(0)
    assert v["phase"] == "disaster" and v["disaster"] == {"player": 0, "war": 2, "earthquake": 0, "after": 0}
    assert notations(st) == ["lose:art", "lose:religion", "lose:writing"]
    act(st, "lose:art", "lose:writing")
    assert held(st, 0) == {"art": 1, "religion": 1}
    assert st.view()["phase"] == "turn" and st.current_players() == (1,)


def test_s7_war_without_a_real_choice_resolves_itself() -> None:
    st = give(scenario(3, [], G3), 0, "art", 3)  # one type only
    seat0_wins(st, "war")
    assert held(st, 0) == {"art": 1} and st.view()["phase"] == "turn"
    st = give(give(scenario(3, [], G3), 0, "art"), 0, "religion")  # exactly two tiles
    seat0_wins(st, "war")
    assert held(st, 0) == {}


def test_s7_earthquake_choice_and_lot_tiles_can_be_lost() -> None:
    st = give(scenario(3, [], G3), 0, "pyramid", 1)
    seat0_wins(st, "earthquake", "temple", "sphinx")  # E10: tiles from the same lot can be lost
    assert notations(st) == ["lose:pyramid", "lose:sphinx", "lose:temple"]
    act(st, "lose:sphinx")
    assert notations(st) == ["lose:pyramid", "lose:temple"]
    act(st, "lose:pyramid")
    assert held(st, 0) == {"temple": 1}


def test_s7_war_and_earthquake_together() -> None:
    st = give(give(scenario(3, [], G3), 0, "art", 2), 0, "astronomy", 2)
    give(st, 0, "statue", 2)
    give(st, 0, "palace", 2)
    seat0_wins(st, "war", "earthquake")
    act(st, "lose:art", "lose:astronomy")
    assert notations(st) == ["lose:palace", "lose:statue"]
    act(st, "lose:palace", "lose:palace")
    assert held(st, 0) == {"art": 1, "astronomy": 1, "statue": 2}


def test_s7_disasters_are_discarded_never_held() -> None:
    st = seat0_wins(scenario(3, [], G3), "funeral", "drought", "war", "earthquake")
    assert held(st, 0) == {}
    assert [st.discard[k] for k in T.DISASTERS] == [1, 1, 1, 1]
