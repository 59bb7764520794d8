"""ra.core.text: message ids with parameters, their English reading and their JSON form."""

from __future__ import annotations

import pytest

from ra.core.text import Items, Seat, Text, about, english, items, placeholders, t, tn, tp


def test_a_sentence_reads_in_english_with_its_parameters() -> None:
    text = t("{player} bid sun disk {disk}.", player=Seat(2, "Ana"), disk=13)
    assert str(text) == "Ana bid sun disk 13."


def test_plural_forms_follow_the_count() -> None:
    assert str(tn("{n} tile", "{n} tiles", 1)) == "1 tile"
    assert str(tn("{n} tile", "{n} tiles", 0)) == "0 tiles"
    assert str(tn("{n} tile", "{n} tiles", 5)) == "5 tiles"


def test_the_subjects_own_seat_reads_the_second_person() -> None:
    text = about(1, t("{player} wins.", player=Seat(1, "Ana")), t("You win."))
    assert english(text) == "Ana wins."
    assert english(text, seat=0) == "Ana wins."
    assert english(text, seat=1) == "You win."


def test_nested_texts_and_lists_read_inside_a_sentence() -> None:
    tiles = items([tp("tile", "Gold"), tn("{n} Pharaoh", "{n} Pharaohs", 2), tp("tile", "Drought")])
    text = t("{player} took {tiles}.", player=Seat(0, "Bo"), tiles=tiles)
    assert str(text) == "Bo took Gold, 2 Pharaohs and Drought."
    assert str(t("{tiles}", tiles=items([], empty=t("nothing")))) == "nothing"
    assert str(Items((tp("tile", "Gold"),))) == "Gold"


def test_a_seat_without_a_name_reads_as_its_number() -> None:
    assert str(Seat(0)) == "Player 1"


def test_json_round_trips_every_kind_of_parameter() -> None:
    text = about(
        3,
        t("{player} took {tiles} for {score} points.", player=Seat(3, "Cy"), tiles=items([tp("tile", "Gold")]),
          score=2.5),
        tn("You took {n} tile.", "You took {n} tiles.", 1),
    )
    data = text.as_json()
    assert Text.from_json(data) == text
    assert data["s"] == 3 and data["you"]["pl"] == "You took {n} tiles."


@pytest.mark.parametrize("data", [{}, {"m": 3}, {"m": "x", "p": {"a": [1]}}, {"m": "x", "p": {"a": {"q": 1}}},
                                  {"m": "x", "s": "one", "you": {"m": "y"}}, {"m": "x", "p": {"a": True}}])
def test_json_that_is_not_a_text_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Text.from_json(data)


def test_a_text_cannot_be_glued_to_a_string() -> None:
    with pytest.raises(TypeError):
        _ = "Score: " + t("Gold")  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = t("Gold") + "!"  # type: ignore[operator]


def test_braces_and_unknown_names_are_kept() -> None:
    assert str(t("{{literal}} {missing}")) == "{literal} {missing}"
    assert placeholders("{player} has {n} {{not}} tiles") == {"player", "n"}
