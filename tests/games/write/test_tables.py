"""The rules tables against the rules and the documents (docs/rules/ra-and-write.md §1, §2; docs/WRITE_ACTIONS.md,
docs/VIEWS_WRITE.md), the notation's documented forms, the options and the view's declared shape."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import ra.games.write as write
from ra.core.errors import InvalidNotationError
from ra.games.write import tables
from ra.games.write.mechanics import FIELDS, STORED, WriteRules

DOCS = Path(__file__).resolve().parents[3] / "docs"


def test_s1_deck_has_110_cards_in_the_published_counts() -> None:
    counts = write.DECK_COUNTS
    assert len(write.DECK) == 110
    by_kind: dict[str, int] = {}
    for name, count in counts.items():
        by_kind[name.partition(":")[0]] = by_kind.get(name.partition(":")[0], 0) + count
    assert by_kind == {"god": 20, "nile": 20, "pharaoh": 17, "civ": 20, "monument": 24, "ra": 9}
    assert all(counts[f"civ:{t}"] == 4 for t in write.CIV_TYPES)
    assert all(counts[f"monument:{t}"] == 3 for t in write.MONUMENT_TYPES)


def test_card_names_are_the_documented_forms() -> None:
    names = set(write.CARD_NAMES)
    for name in ("god:17", "nile:4", "pharaoh", "civ:art", "monument:step_pyramid", "ra"):
        assert name in names


def test_documented_id_ranges_match_the_notation() -> None:
    """Each row of docs/WRITE_ACTIONS.md's table: its first and last ids have the row's notation."""
    text = (DOCS / "WRITE_ACTIONS.md").read_text(encoding="utf-8")
    assert f"`NUM_ACTIONS = {write.NUM_ACTIONS}`" in text
    rows = re.findall(r"^\| (\d+)(?:–(\d+))? \| `([^`]+)`(?:\.\.`([^`]+)`)?", text, flags=re.M)
    assert len(rows) == 11
    covered = 0
    for low, high, first, last in rows:
        for action, pattern in ((int(low), first), (int(high or low), last or first)):
            form = re.sub(r"\\\{\w+\\\}", r"\\w+", re.escape(pattern))  # card{i}>god{s} -> card\w+>god\w+
            assert re.fullmatch(form, write.action_to_str(action)), (action, pattern)
        covered += int(high or low) - int(low) + 1
    assert covered == write.NUM_ACTIONS


def test_notation_examples() -> None:
    assert write.action_to_str(0) == "reveal"
    for text in ("card2", "card1>god4", "card3>nile7", "card1>civ:old", "bonus>god9", "bonus>pharaoh",
                 "bonus>nile5=12", "bonus>civ:new:art", "bonus>monument:sphinx", "decline"):
        assert write.action_to_str(write.str_to_action(text)) == text
    assert write.str_to_action(" Card1>God4 ") == write.str_to_action("card1>god4")


@pytest.mark.parametrize("text", ["card4", "card1>god10", "bonus>nile1=21", "bonus>nile13=1", "draw", "god:17"])
def test_invalid_notation_raises(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        write.str_to_action(text)


@pytest.mark.parametrize("action", [-1, write.NUM_ACTIONS, 10**6])
def test_invalid_action_id_has_no_notation(action: int) -> None:
    with pytest.raises(InvalidNotationError):
        write.action_to_str(action)


def test_s2_total_boxes_are_not_addressable_by_any_action() -> None:
    # §2: total boxes never receive an entry: no action names a total box (Gods spaces are 1..9 only).
    notations = [write.action_to_str(a) for a in range(write.NUM_ACTIONS)]
    assert not any("total" in n for n in notations)
    assert {int(n.split(">god")[1]) for n in notations if ">god" in n} == set(range(1, 10))


def test_the_starting_seat_is_an_internal_option() -> None:
    """kingdom_limited is for people; first_player is drawn at setup and only replayed from records."""
    assert [spec.name for spec in write.OPTIONS] == ["kingdom_limited"]
    assert write.Options.from_mapping({"players": 3, "first_player": 2}).first_player == 2
    with pytest.raises(ValueError, match=r"first_player must be a seat 0\.\.2"):
        write.Options.from_mapping({"players": 3, "first_player": 3})


def test_the_state_declares_each_field_once_with_its_type() -> None:
    """FIELDS (how each field is copied) and WriteRules' annotations (its type) name the same fields; the moves and
    the used cards are properties over the lists clones share instead."""
    slotted = [name for name in FIELDS if name not in STORED]
    assert slotted == list(WriteRules.__annotations__) == list(WriteRules.__slots__)
    assert STORED == ("used", "history") and all(isinstance(getattr(WriteRules, name), property) for name in STORED)


def keys(typed: Any) -> set[str]:
    return set(typed.__required_keys__)


def test_view_shapes_follow_the_tables_and_the_document() -> None:
    """Rows keyed by section or bonus name carry exactly the tables' names; every view key is documented."""
    assert keys(write.WriteKingdomRow) == {*tables.SECTIONS, "total"}
    assert keys(write.WriteEndBonuses) == {*tables.END_BONUSES, "total"}
    assert keys(write.WriteLayout) == set(write.State.new({"players": 2}).view()["layout"])
    doc = (DOCS / "VIEWS_WRITE.md").read_text(encoding="utf-8")
    assert all(f"`{key}`" in doc for key in keys(write.WriteView))
    assert all(f'"{key}"' in doc for key in keys(write.WriteLegalAction) | keys(write.WriteSheetView))
