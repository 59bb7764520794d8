"""Every word of Ra in the reader's language (docs/TRANSLATING.md): a whole seeded game's narration, every explanation
and the board, read in German and Simplified Chinese by a spectator and by each seat, with nothing left in English
and no parameter left unfilled; in English the viewer's own seat reads the second person ("You win", never "You
wins"); and every error a player can meet, translated."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Iterator

import pytest
from ra_helpers import G3, act, give, scenario, seat0_wins

from ra.core.errors import IllegalActionError, InvalidNotationError, text_of
from ra.core.text import Text
from ra.games.ra import NUM_ACTIONS, OPTIONS, TABLE_OPTIONS, RaView, State, explain, narrate, render_text, str_to_action
from ra.i18n import Reader, render
from ra.i18n.messages import extract

NAMES = ["Ana", "Ben", "Cleo", "Dana", "Eli"]
LANGUAGES = ("de", "zh-Hans")
LEFT_OVER = re.compile(r"\{\w*\}")
# English words that a German line never needs (the game's own terms differ in German; "Ra" and names do not).
ENGLISH = re.compile(r"\b(the|and|you|your|of|with|is|are|tile|tiles|disk|disks|bid|pass|epoch|score)\b", re.I)
SECOND_PERSON_SLIP = re.compile(r"\bYou \w+s\b")  # "You wins", "You holds": a third-person verb after "You"
# What a Chinese line may keep in Latin letters: the names, "Ra", the rules' section labels, notation and code
# names (options, their values, a person's quoted input).
KEPT_LATIN = re.compile(
    r"(?<![A-Za-z])(?:Ana|Ben|Cleo|Dana|Eli|Ra|E\d+|draw|ra|pass|done|true|false|once|twice)(?![A-Za-z])"
    r"|[a-z_]+:<?[a-z_ -]*>?|'[^']*'"
)


def readers(players: int) -> list[int | None]:
    return [None, *range(players)]


def check_line(text: Text | str, seat: int | None) -> None:
    """`text` read at `seat` in each language: translated wherever the English has words, every parameter filled."""
    english = render(text, Reader("en", seat))
    assert not LEFT_OVER.search(english), english
    words = re.sub(r"\b(?:Ana|Ben|Cleo|Dana|Eli|Ra)\b|[^A-Za-z]", "", english)
    for code in LANGUAGES:
        line = render(text, Reader(code, seat))
        assert not LEFT_OVER.search(line), (code, line)
        if words:
            assert line != english, (code, english)
        if code == "de":
            assert not ENGLISH.search(KEPT_LATIN.sub("", line)), (line, english)
        else:
            latin = re.findall(r"[A-Za-z]{2,}", KEPT_LATIN.sub("", line))
            assert not latin, (line, latin)
    if seat is not None:
        assert not SECOND_PERSON_SLIP.search(english), english


def words_for(code: str, seat: int | None) -> Callable[[Text | str], str]:
    """The board's words for a reader."""
    return lambda text: render(text, Reader(code, seat))


def played(players: int, seed: int) -> Iterator[tuple[State, dict[int | None, tuple[RaView, RaView]]]]:
    """A seeded random game: after each move, the state and every reader's views before and after it."""
    rng = random.Random(seed)
    st = State.new({"players": players, "names": NAMES[:players]}, seed=seed)
    while not st.is_terminal():
        before = {v: st.view(v) for v in readers(players)}
        st.apply(rng.choice(st.legal_actions()))
        yield st, {v: (before[v], st.view(v)) for v in readers(players)}


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2)])
def test_a_whole_game_is_told_explained_and_drawn_in_every_language_for_every_reader(players: int, seed: int) -> None:
    lines = 0
    for index, (st, views) in enumerate(played(players, seed)):
        for seat, (before, after) in views.items():
            for line in narrate(before, after, st.history[-1]):
                check_line(line, seat)
                lines += 1
            if index % 15 == 0 or st.is_terminal():
                for text in explain(after)["elements"].values():
                    check_line(text, seat)
                for full in (True, False):
                    boards = {code: render_text(after, full, words_for(code, seat)) for code in LANGUAGES}
                    assert render_text(after, full) != boards["de"] != boards["zh-Hans"]
                    for code, board in boards.items():
                        assert not LEFT_OVER.search(board), board
                        if code == "de":
                            assert not ENGLISH.search(board), board
                        else:
                            assert not re.findall(r"[A-Za-z]{2,}", KEPT_LATIN.sub("", board)), board
    assert lines > 300


def test_the_board_aligns_the_seats_by_their_width_on_screen_in_chinese() -> None:
    st = State.new({"players": 3, "names": ["Ana", "Hatschepsut", "Ben"]}, seed=1)
    board = render_text(st.view(0), words=lambda x: render(x, Reader("zh-Hans", 0)))
    seats = [line for line in board.splitlines() if "分数" in line]
    columns = [
        sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line[: line.index("分数")]) for line in seats
    ]
    assert len(seats) == 3 and len(set(columns)) == 1, seats
    assert seats[0].startswith("  Ana（你）") or seats[0].startswith("▶ Ana（你）")


def test_the_viewers_own_seat_reads_the_second_person() -> None:
    st = scenario(3, ["ra"], G3, names=NAMES[:3])
    before = st.view(0)
    act(st, "draw")
    told = narrate(before, st.view(0), st.history[-1])
    assert str(told[1]).startswith("Ana becomes the Ra player")
    assert render(told[1], Reader("en", 0)).startswith("You become the Ra player")
    assert render(told[1], Reader("de", 0)).startswith("Du wirst Ra-Spieler")
    assert render(told[1], Reader("zh-Hans", 0)).startswith("你成为 Ra 玩家")
    assert render(told[1], Reader("de", 1)).startswith("Ana wird Ra-Spieler")


def illegal_errors() -> Iterator[tuple[Exception, int | None]]:
    """Every illegal action of many positions in every phase (and the seat that tried it)."""
    positions: list[State] = []
    for seed in range(6):
        rng = random.Random(seed)
        st = State.new({"players": 3}, seed=seed)
        while not st.is_terminal():
            if rng.random() < 0.2:
                positions.append(st.clone())
            st.apply(rng.choice(st.legal_actions()))
        positions.append(st)
    full = act(scenario(3, ["gold"] * 5 + ["nile"] * 3, G3), *["draw"] * 8)
    war = give(give(scenario(3, [], G3), 0, "art", 2), 0, "religion", 2)
    seat0_wins(war, "war")
    quake = give(give(scenario(3, [], G3), 0, "temple", 2), 0, "pyramid", 2)
    seat0_wins(quake, "earthquake")
    gods = give(scenario(3, ["god", "gold", "nile"], G3), 0, "god", 2)
    act(gods, "draw", "draw", "draw", "god:gold")
    positions += [full, war, quake, gods, scenario(3, [], G3)]
    for st in positions:
        legal = set(st.legal_actions())
        for action in range(NUM_ACTIONS):
            if action in legal:
                continue
            try:
                st.clone().apply(action, st.cur if not st.is_terminal() else None)
            except IllegalActionError as exc:
                yield exc, st.cur
        if not st.is_terminal():
            try:
                st.clone().apply(0, (st.cur + 1) % st.num_players)
            except IllegalActionError as exc:
                yield exc, (st.cur + 1) % st.num_players
    for bad in (-1, 10_000):
        try:
            State.new({"players": 3}, seed=1).apply(bad)
        except IllegalActionError as exc:
            yield exc, None
    for notation in ("bid:99", "?!"):
        try:
            str_to_action(notation)
        except InvalidNotationError as exc:
            yield exc, None


def test_every_error_a_player_can_meet_is_translated() -> None:
    met: set[str] = set()
    for error, seat in illegal_errors():
        text = text_of(error)
        check_line(text, seat)
        met.add(text.msgid)
    checks = {m.id for m in extract()["ra"] if any(path == "games/ra/checks.py" for path, _ in m.locations)}
    checks = {m[0] if isinstance(m, tuple) else m for m in checks}
    # Fallbacks no position leads to (apply refuses a move after the end before asking why).
    unreachable = {"you cannot spend a god on {tile} now", "the game is over"}
    assert checks - unreachable <= met, sorted(checks - unreachable - met)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 9},
        {"players": 3, "names": ["a"]},
        {"players": 3, "scores_visible": "yes"},
        {"players": 3, "final_floor": "never"},
        {"players": 3, "disk_groups": [[13, 8], [12, 9], [11, 10]]},
        {"players": 3, "colour": "red"},
    ],
)
def test_option_errors_are_translated(options: dict[str, object]) -> None:
    with pytest.raises(ValueError) as caught:
        State.new(options, seed=1)
    check_line(text_of(caught.value), None)


def test_option_labels_and_help_are_translated() -> None:
    for spec in (*OPTIONS, *TABLE_OPTIONS):
        assert isinstance(spec.label, Text) and isinstance(spec.help, Text)
        check_line(spec.label, None)
        check_line(spec.help, None)
