"""Every word of RA and Write in the reader's language (docs/TRANSLATING.md): whole seeded games' narration, every
explanation and the text board rendered in German and Chinese for a spectator and for each seat, with nothing left
in English and no parameter unfilled; in English, the viewer's own seat reads the second person and counts take their
plural forms; every error a player can meet, the options and every move's words translated as well."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Sequence

import pytest

from ra.bots.write import LEVELS
from ra.core.errors import GameOverError, IllegalActionError, InvalidNotationError, text_of
from ra.core.text import Items, Text
from ra.games.write import (
    NUM_ACTIONS,
    OPTIONS,
    State,
    explain,
    legal_phrase,
    move_text,
    narrate,
    render_text,
    str_to_action,
)
from ra.i18n import Reader, render

NAMES = ["Ana", "Ben", "Cleo", "Dana", "Eli"]
LANGUAGES = ("de", "zh-Hans")
# Words that stay as they are in every language (the glossaries): the god's name, the game's title.
KEPT = re.compile(r"RA and Write|(?<![A-Za-z])Ra(?![A-Za-z])")
# English words no German sentence of ours uses: one of them in a German line is an untranslated word.
ENGLISH = re.compile(
    r"\b(the|and|of|you|your|with|this|card|cards|space|spaces|Kingdom|Gods|Nile|Pharaohs|Monuments|took|revealed|"
    r"score|marks|column|columns|none|filled|marked|turn|bonus entry|left|choose|chooses|wins?)\b"
)
THIRD_PERSON_YOU = re.compile(r"\bYou \w+s\b")
ONE_PLURAL = re.compile(r"(?<![\d.])1 (spaces|marks|columns|cards|points|tiles)\b")


def play(players: int, seed: int) -> Iterator[tuple[State, list[Text]]]:
    """A seeded game of random legal moves: the state after each move and the move's narration (spectator views)."""
    rng = random.Random(seed)
    st = State.new({"players": players, "names": NAMES[:players]}, seed=seed)
    while not st.is_terminal():
        current = st.current_players()
        player = current[0] if len(current) == 1 else rng.choice(current)
        before = st.view(None)
        st.apply(rng.choice(st.legal_actions(player)), player)
        yield st, narrate(before, st.view(None), st.history[-1])


def readers(players: int, language: str) -> list[Reader]:
    """A spectator and every seat, reading `language`."""
    return [Reader(language, seat, NAMES[:players]) for seat in (None, *range(players))]


def english_of(reader: Reader) -> Reader:
    """The same reader, reading English."""
    return Reader("en", reader.seat, reader.names)


def code(text: Text | str) -> list[str]:
    """The plain strings a text is given (notation, option names, signed numbers): the same in every language."""
    if isinstance(text, str):
        return []
    found: list[str] = []
    for value in text.params.values():
        for item in value.items if isinstance(value, Items) else (value,):
            if isinstance(item, str):
                found.append(item)
            elif isinstance(item, Text):
                found += code(item)
    return found + (code(text.you) if text.you is not None else [])


def assert_translated(text: str, english: str, reader: Reader, kept: Sequence[str] = ()) -> None:
    """`text` (a rendered line) is in the reader's language: not the English line unless it has no words, no
    parameter left unfilled, and no English word in it (beyond names and `kept`, the code it quotes)."""
    assert "{" not in text and "}" not in text, text
    bare = KEPT.sub("", text)
    for name in (*reader.names, *sorted(kept, key=len, reverse=True)):
        bare = bare.replace(name, "")
    if text == english:
        assert not re.search(r"[A-Za-z]{2,}", bare), (reader.language, text)
    if reader.language == "de":
        assert not ENGLISH.search(bare), (text, ENGLISH.search(bare))
    else:
        assert not re.search(r"[A-Za-z]{2,}", bare), (text, english)


def check_all(texts: Sequence[Text | str], reader: Reader) -> None:
    """Every text rendered for `reader` is translated."""
    for text in texts:
        assert_translated(render(text, reader), render(text, english_of(reader)), reader, code(text))


def check_board(view: dict[str, object], reader: Reader) -> None:
    """The text board of `view`, in full and short, line by line."""
    for full in (True, False):
        translated = render_text(view, full, words=lambda text: render(text, reader)).splitlines()
        english = render_text(view, full, words=lambda text: render(text, english_of(reader))).splitlines()
        assert len(translated) == len(english)
        for line, original in zip(translated, english, strict=True):
            assert_translated(line, original, reader)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2)])
def test_a_whole_game_reads_in_german_and_chinese_for_every_reader(players: int, seed: int) -> None:
    told = 0
    for index, (st, lines) in enumerate(play(players, seed)):
        for language in LANGUAGES:
            for reader in readers(players, language):
                check_all(lines, reader)
                told += len(lines)
                if index % 7 == 0 or st.is_terminal():  # every board and explanation kind, not every move's
                    view = dict(st.view(reader.seat))
                    check_all(list(explain(view)["elements"].values()), reader)
                    check_board(view, reader)
                    check_all([legal_phrase(view, entry) for entry in st.view(reader.seat)["legal_actions"]], reader)
    assert told > 1000


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2)])
def test_in_english_the_viewers_own_seat_reads_the_second_person_and_counts_their_plurals(
    players: int, seed: int
) -> None:
    yours = 0
    for index, (st, lines) in enumerate(play(players, seed)):
        for seat in range(players):
            reader = Reader("en", seat, ["You" if p == seat else NAMES[p] for p in range(players)])
            said = [render(line, reader) for line in lines]
            if index % 5 == 0 or st.is_terminal():
                view = dict(st.view(seat))
                said += [render(text, reader) for text in explain(view)["elements"].values()]
                said += render_text(view, words=functools.partial(render, reader=reader)).splitlines()
            for line in said:
                assert not THIRD_PERSON_YOU.search(line), line
                assert not ONE_PLURAL.search(line), line
            yours += sum(1 for line in said if line.startswith("You "))
        # A spectator reads the names: never "You" but in the names of a table that calls a player so.
        assert not any(render(line).startswith("You ") for line in lines)
    assert yours > 50


def test_the_seat_that_acts_reads_its_own_move_in_the_second_person() -> None:
    st = State.new({"players": 3, "names": NAMES[:3], "first_player": 0},
                   order=["god:9", "nile:4", "civ:art", "ra", "ra", "ra", "god:1", "god:2", "god:3"])
    before = st.view(None)
    st.apply(str_to_action("reveal"))
    lines = narrate(before, st.view(None), st.history[-1])
    assert render(lines[0], Reader("en", 0, NAMES[:3])) == "You revealed God 9, Nile 4 and an Art card."
    assert render(lines[0], Reader("en", 1, NAMES[:3])) == "Ana revealed God 9, Nile 4 and an Art card."
    assert render(lines[0], Reader("de", 0, NAMES[:3])) == "Du hast Gott 9, Nil 4 und eine Kunstkarte aufgedeckt."
    assert render(lines[-1], Reader("zh-Hans", 0, NAMES[:3])).endswith("你先选。")
    assert str(lines[-1]).endswith("Ana chooses first.")


def errors_met(seed: int, players: int, **options: object) -> Iterator[tuple[Exception, Reader]]:
    """Every error a seated player meets in a seeded game: each illegal action of every seat at every position
    (the seat's own words: it reads them as its reader), then after the end."""
    rng = random.Random(seed)
    st = State.new({"players": players, "names": NAMES[:players], **options}, seed=seed)
    while not st.is_terminal():
        for seat in range(players):
            legal = set(st.legal_actions(seat)) if seat in st.current_players() else set()
            for action in range(0, NUM_ACTIONS, 1 if seat in st.current_players() else 97):
                if action in legal:
                    continue
                try:
                    st.clone().apply(action, seat)
                except IllegalActionError as exc:
                    yield exc, Reader("en", seat, NAMES[:players])
        current = st.current_players()
        player = current[0] if len(current) == 1 else rng.choice(current)
        st.apply(rng.choice(st.legal_actions(player)), player)
    with pytest.raises(GameOverError) as over:
        st.apply(0, 0)
    yield over.value, Reader("en", 0, NAMES[:players])


def test_every_error_a_player_can_meet_is_translated() -> None:
    seen: dict[str, Text] = {}
    met = [*errors_met(3, 3), *errors_met(4, 2, kingdom_limited=True)]
    checked: set[str] = set()
    for exc, reader in met:
        text = text_of(exc)
        assert isinstance(exc.args[0], Text), exc  # raised with a text, not an English string
        seen.setdefault(text.msgid, text)
        if render(text, reader) in checked:  # the same words: the same translation
            continue
        checked.add(render(text, reader))
        for language in LANGUAGES:
            translated = Reader(language, reader.seat, reader.names)
            assert_translated(render(text, translated), render(text, reader), translated, code(text))
    # Errors of notation, options and records are texts too.
    for call in (
        lambda: str_to_action("card9>nowhere"),
        lambda: str_to_action(3),  # type: ignore[arg-type]
        lambda: State.new({"players": 9}),
        lambda: State.new({"players": 3, "names": ["A"]}),
        lambda: State.new({"players": 3, "first_player": 5}),
        lambda: State.new({"players": 3, "colour": "red"}),
        lambda: State.new({"players": 3}, order=["dragon"]),
        lambda: State.new({"players": 3}, order=["ra"] * 10),
        lambda: State.new({"players": 3}).apply(NUM_ACTIONS),
        lambda: State.new({"players": 3}).apply(0, 7),
    ):
        with pytest.raises((ValueError, InvalidNotationError)) as raised:
            call()
        text = text_of(raised.value)
        assert isinstance(raised.value.args[0], Text), raised.value
        seen.setdefault(text.msgid, text)
        for language in LANGUAGES:
            assert_translated(render(text, Reader(language)), render(text), Reader(language), code(text))
    # The rules' reasons, each met at least once (the "not available" fallbacks stand behind a precise reason).
    wanted = {
        "it is {player} (seat {seat})'s turn to reveal the cards",
        "the active player {player} (seat {seat}) chooses a card first",
        "{player} (seat {seat}) has already entered a card this turn",
        "the cards are already revealed this turn",
        "first make or decline the bonus entry {section}",
        "there is no bonus entry to make",
        "there is no bonus entry to decline",
        "the bonus entry is in the {section} section, not Gods",
        "the bonus entry is in the {section} section, not {wanted}",
        "that card is reserved by the active player",
        "card {slot} ({card}) has a legal space: enter it in a space of the {section} section (only a card with no "
        "legal space is lost)",
        "card {slot} is {card}, which is not entered in the {section} section",
        "Gods space {space} is already filled",
        "Nile space {space} is already filled",
        "the Nile must not decrease: {left} is left of {right}",
        "the {type} space of the {kingdom} line is already filled",
        "Gods spaces of the {kingdom} are closed in the kingdom-limited variant",
        "Civilization lines of the {kingdom} are closed in the kingdom-limited variant",
        "the game is over: the 9th Ra has ended the New Kingdom",
    }
    assert wanted <= set(seen), sorted(wanted - set(seen))


def test_a_players_own_error_reads_in_the_second_person() -> None:
    st = State.new({"players": 3, "names": NAMES[:3], "first_player": 0}, order=["god:9", "nile:4", "civ:art"])
    st.apply(str_to_action("reveal"))
    st.apply(str_to_action("card1>god1"), 0)
    st.apply(str_to_action("card2>nile1"), 1)
    with pytest.raises(IllegalActionError) as raised:
        st.apply(str_to_action("card3"), 1)
    assert str(raised.value) == "Ben (seat 1) has already entered a card this turn"
    assert render(text_of(raised.value), Reader("en", 1)) == "you have already entered a card this turn"
    assert render(text_of(raised.value), Reader("de", 1)) == "du hast in diesem Zug schon eine Karte eingetragen"


@pytest.mark.parametrize("language", LANGUAGES)
def test_options_bot_levels_and_every_moves_words_are_translated(language: str) -> None:
    reader = Reader(language)
    check_all([spec.label for spec in OPTIONS] + [spec.help for spec in OPTIONS], reader)
    check_all([level.description for level in LEVELS], reader)  # the bots' levels, as the lobby offers them
    revealed = ("god:9", "ra", "civ:art", "pharaoh")
    check_all([move_text(action, revealed if action == 0 else ()) for action in range(NUM_ACTIONS)], reader)
