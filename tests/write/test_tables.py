"""The rules tables (rules/ra-and-write.md §1, §2, §5, §6, §7) and the action notation."""

from __future__ import annotations

import pytest

import ra.games.write as write
from ra.core.errors import InvalidNotationError
from ra.games import game_module
from ra.games.write import tables
from ra.games.write.actions import NOTATION


def test_module_api_is_complete() -> None:
    mod = game_module("write")
    assert mod.GAME == "write" == write.GAME == write.State.GAME
    for name in ("NUM_ACTIONS", "State", "action_to_str", "str_to_action", "render_text", "from_view", "Options"):
        assert hasattr(write, name)


def test_s1_deck_has_110_cards_in_the_published_counts() -> None:
    counts = write.DECK_COUNTS
    assert len(write.DECK) == 110
    assert sum(v for k, v in counts.items() if k.startswith("god:")) == 20
    assert sum(v for k, v in counts.items() if k.startswith("nile:")) == 20
    assert counts["pharaoh"] == 17
    assert sum(v for k, v in counts.items() if k.startswith("civ:")) == 20
    assert all(counts[f"civ:{t}"] == 4 for t in write.CIV_TYPES)
    assert sum(v for k, v in counts.items() if k.startswith("monument:")) == 24
    assert all(counts[f"monument:{t}"] == 3 for t in write.MONUMENT_TYPES)
    assert counts["ra"] == 9


def test_s1_god_and_nile_numbers_default_one_to_twenty() -> None:
    assert tuple(range(1, 21)) == write.GOD_NUMBERS
    assert tuple(range(1, 21)) == write.NILE_NUMBERS
    assert len(write.CIV_TYPES) == 5
    assert len(write.MONUMENT_TYPES) == 8
    assert "step_pyramid" in write.MONUMENT_TYPES


def test_s2_s7_sheet_layout_defaults() -> None:
    assert write.PHARAOH_SPACES == 12
    assert write.PHARAOH_NILE_SYMBOLS == (3, 6, 9, 12)
    assert write.NILE_PARTS == ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12))
    assert write.GOD_BONUS_NUMBER == 20
    assert write.NILE_BONUS_NUMBERS == (1, 20)
    assert write.KINGDOMS == ("old", "middle", "new")
    assert tables.SYMBOL_AT[2] == 0 and tables.SYMBOL_AT[11] == 3 and tables.SYMBOL_AT[0] == -1
    assert tables.PART_OF[0] == 0 and tables.PART_OF[11] == 3


def test_s5_civilization_table() -> None:
    assert write.CIV_TABLE == (-5, 0, 0, 5, 10, 15)


def test_s6_end_bonuses_are_ten_each() -> None:
    assert write.END_BONUS_POINTS == 10
    assert write.END_BONUSES == (
        "all_gods", "all_pharaohs", "all_nile", "all_monument_columns", "full_monument_columns",
    )


def test_card_names_are_documented_forms() -> None:
    names = set(write.CARD_NAMES)
    for name in ("god:17", "nile:4", "pharaoh", "civ:art", "monument:step_pyramid", "ra"):
        assert name in names


def test_notation_round_trips_for_every_id() -> None:
    assert write.NUM_ACTIONS == len(NOTATION) == len(set(NOTATION))
    for i in range(write.NUM_ACTIONS):
        assert write.str_to_action(write.action_to_str(i)) == i


def test_notation_examples() -> None:
    assert write.action_to_str(0) == "reveal"
    for text in ("card2", "card1>god4", "card3>nile7", "card1>civ:old", "bonus>god9", "bonus>pharaoh",
                 "bonus>nile5=12", "bonus>civ:new:art", "bonus>monument:sphinx", "decline"):
        assert write.action_to_str(write.str_to_action(text)) == text
    assert write.str_to_action(" Card1>God4 ") == write.str_to_action("card1>god4")


@pytest.mark.parametrize("text", ["", "card4", "card1>god10", "bonus>nile1=21", "bonus>nile13=1", "draw", "god:17"])
def test_invalid_notation_raises(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        write.str_to_action(text)


@pytest.mark.parametrize("action", [-1, write.NUM_ACTIONS, 10**6])
def test_invalid_action_id_has_no_notation(action: int) -> None:
    with pytest.raises(InvalidNotationError):
        write.action_to_str(action)


def test_s2_total_boxes_are_not_addressable_by_any_action() -> None:
    # §2: total boxes never receive an entry: no action names a total box (Gods spaces are 1..9 only).
    assert not any("total" in n for n in NOTATION)
    gods = [n for n in NOTATION if ">god" in n]
    assert {int(n.split(">god")[1]) for n in gods} == set(range(1, 10))
