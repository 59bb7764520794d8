"""ra.i18n: language choice and rendering a text for one reader in a shipped language."""

from __future__ import annotations

import pytest

from ra.core.text import Seat, about, items, t, tn, tp
from ra.i18n import CODES, Reader, closest, language, negotiate, render
from ra.i18n.catalogs import plural_categories


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("zh-CN,zh;q=0.9", "zh-Hans"),
        ("zh-TW", "zh-Hans"),
        ("fr-FR, de;q=0.3", "de"),
        ("fr-FR, it", "en"),
        ("de;q=0, zh;q=0.1", "zh-Hans"),
        ("*", "en"),
        ("de;q=abc, zh", "zh-Hans"),
        ("x" * 10_000, "en"),
    ],
)
def test_accept_language_picks_the_best_shipped_language(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


def test_tags_find_their_language_and_unknown_ones_are_refused() -> None:
    assert closest("de-AT") == "de" and closest("ZH-hans") == "zh-Hans" and closest("klingon") is None
    assert [language(code).code for code in CODES] == ["en", "de", "zh-Hans"]
    with pytest.raises(ValueError, match="expected one of en, de, zh-Hans"):
        language("fr")


def test_the_readers_seat_and_names_decide_the_person_and_the_names() -> None:
    text = about(1, t("{player} wins.", player=Seat(1, "Ana")), t("You win."))
    assert render(text) == "Ana wins."
    assert render(text, Reader(seat=1)) == "You win."
    assert render(text, Reader(seat=0, names=["Bo", "Ana Maria"])) == "Ana Maria wins."


def test_untranslated_messages_read_in_english_in_every_language() -> None:
    text = tn("{n} made-up message that no catalog has", "{n} made-up messages that no catalog has", 2)
    for code in CODES:
        assert render(text, Reader(code)) == "2 made-up messages that no catalog has"


def test_lists_and_numbers_follow_the_readers_language() -> None:
    text = t("{a} {b}", a=items(["x", "y", "z"]), b=3.5)
    assert render(text, Reader("en")) == "x, y and z 3.5"
    assert render(text, Reader("de")) == "x, y und z 3,5"
    assert render(text, Reader("zh-Hans")) == "x、y和z 3.5"


def test_a_nameless_seat_reads_as_a_numbered_player() -> None:
    assert render(t("{player}", player=Seat(2))) == "Player 3"
    assert render(tp("seat", "Player {number}", number=3)) == "Player 3"


def test_plural_categories_map_the_browsers_rules_to_the_catalogs_forms() -> None:
    assert plural_categories("en") == {"one": 0, "other": 1}
    assert plural_categories("de") == {"one": 0, "other": 1}
    assert plural_categories("zh-Hans") == {"other": 0}
