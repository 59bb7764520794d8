"""A hint's reason in a player's words (issue 31, item 4): what the move is for, from the game's own figures, and
how sure the bot is, from its own counts; the reader addressed as "you", plural forms right, in every language."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ra.bots import make_bot
from ra.bots.hints import ONLY_MOVE, reason
from ra.bots.ra.hints import purpose as ra_purpose
from ra.bots.write.hints import purpose as write_purpose
from ra.core.text import Text
from ra.games import game_module
from ra.i18n import Reader, render

LOSS_WORDS = {"trails", "behind", "loses", "losing", "lead"}  # how a hint must not read (issue 31, item 4)


def played(game: str, players: int, seed: int, moves: list[str]) -> Any:
    """A state after `moves` (notation), each played by the seat to act."""
    module = game_module(game)
    state = module.State.new({"players": players}, seed=seed)
    for notation in moves:
        state.apply(module.str_to_action(notation), state.current_players()[0])
    return state


def seat_view(state: Any) -> tuple[int, dict[str, Any]]:
    seat = state.current_players()[0]
    return seat, dict(state.view(seat))


def entry(view: dict[str, Any], notation: str) -> int:
    return next(int(a["id"]) for a in view["legal_actions"] if a["notation"] == notation)


def assert_reads_everywhere(text: Text, seat: int) -> None:
    """The text has no English left in German and Chinese, no parameter unfilled, and never reads like a loss."""
    english = render(text, Reader("en", seat))
    assert not LOSS_WORDS & set(re.findall(r"[a-z]+", english.lower())), english
    for code in ("de", "zh-Hans"):
        line = render(text, Reader(code, seat))
        assert line != english and not re.search(r"\{\w*\}", line), (code, line)


def test_a_ra_lot_worth_points_reads_as_what_it_is_worth_to_you() -> None:
    state = played("ra", 3, 7, ["draw"] * 5)  # Fortress, Art, Nile, Sphinx, Fortress on the track
    seat, view = seat_view(state)
    assert view["auction_track"] == ["fortress", "art", "nile", "sphinx", "fortress"]
    draw, call = (str(ra_purpose(view, entry(view, n))) for n in ("draw", "ra"))
    assert draw == "Let the lot grow: it is worth only 7 points to you so far."
    assert call == (
        "Call an auction now: the lot is worth 7 points to you, at most 7 to anyone else. "
        "Most of it comes from your Civilization (+5)."  # Art; the rest from the monuments at the end
    )
    assert_reads_everywhere(ra_purpose(view, entry(view, "ra")), seat)  # type: ignore[arg-type]


def test_a_ra_auction_says_what_the_lot_is_worth_and_one_point_is_singular() -> None:
    state = played("ra", 3, 3, ["draw"] * 2)  # Agriculture, then a Ra tile: an auction for one Agriculture
    seat, view = seat_view(state)
    assert view["phase"] == "auction" and view["auction_track"] == ["agriculture"]
    bid = ra_purpose(view, entry(view, "bid:3"))
    assert str(bid) == (
        "Win the lot: it is worth 5 points to you as things stand (Player 1: 5). It all comes from your Civilization."
    )
    assert str(ra_purpose(view, entry(view, "pass"))) == (
        "Let the lot go: at 5 points for you it is not worth one of your sun disks."
    )
    assert isinstance(bid, Text)
    one = bid.params["first"]
    assert isinstance(one, Text)
    one = one.with_params(n=1)
    assert render(one, Reader("en", seat)).startswith("Win the lot: it is worth 1 point to you")
    assert "1 Punkt wert" in render(one, Reader("de", seat))
    assert_reads_everywhere(bid, seat)


# A game of seed 2 played on (draws and bids) until the lot holds a disaster that costs the mover points.
CALLED = [
    "draw",
    "draw",
    "draw",
    "draw",
    "bid:6",
    "bid:7",
    "bid:13",
    "draw",
    "ra",
    "bid:5",
    "bid:12",
    "draw",
    "pass",
    "bid:7",
    "bid:8",
    "draw",
    "draw",
    "draw",
    "draw",
    "draw",
    "bid:5",
    "bid:9",
    "pass",
    "ra",
    "bid:6",
    "bid:10",
    "ra",
    "bid:11",
    "draw",
    "ra",
    "pass",
    "bid:4",
    "bid:5",
    "draw",
    "draw",
    "bid:2",
    "bid:6",
    "bid:7",
    "draw",
    "draw",
    "ra",
    "bid:2",
    "bid:6",
    "ra",
    "pass",
    "bid:4",
    "draw",
    "ra",
    "pass",
    "bid:2",
    "draw",
    "draw",
    "pass",
    "draw",
    "draw",
]


def test_a_disaster_in_the_lot_is_told_as_what_it_takes_back() -> None:
    state = played("ra", 3, 2, CALLED)
    seat, view = seat_view(state)
    why = ra_purpose(view, entry(view, "ra"))
    assert why is not None
    assert str(why) == (
        "Call an auction now: the lot is worth 1 point to you and nothing to anyone else. "
        "It brings you +5 in Monuments, but the rest of the lot costs you 4 points."
    ), str(why)
    assert_reads_everywhere(why, seat)


def test_a_ra_auction_without_tiles_is_for_the_sun_disk() -> None:
    state = played("ra", 3, 1, ["draw"])
    _, view = seat_view(state)
    assert view["phase"] == "auction" and view["auction_track"] == []
    assert "sun disk in the middle" in str(ra_purpose(view, entry(view, "bid:3")))
    assert "sun disk in the middle" in str(ra_purpose(view, entry(view, "pass")))


def test_a_write_entry_says_which_section_it_serves_and_what_it_adds() -> None:
    state = played("write", 3, 3, ["reveal"])
    seat, view = seat_view(state)
    why = write_purpose(view, entry(view, "card1>civ:old"))
    assert str(why) == (
        "It marks your Civilization: 3 or more marks in a Kingdom's own line score 5 to 15 points when it is scored. "
        "The bot reckons it adds about 5 points to your final score."
    )
    assert why is not None
    assert_reads_everywhere(why, seat)
    assert str(write_purpose(view, entry(view, "card3>nile1"))).startswith("It fills a Nile space")


def test_a_forced_move_says_so_and_a_spectator_gets_no_purpose() -> None:
    state = played("write", 3, 3, [])
    _, view = seat_view(state)
    assert reason(object(), "write", view, entry(view, "reveal")) == ONLY_MOVE
    spectator = dict(state.view(None))
    assert write_purpose(spectator, 0) is None
    assert ra_purpose(dict(played("ra", 2, 1, []).view(None)), 0) is None


@pytest.mark.parametrize(
    ("game", "spec", "moves"),
    [("ra", "search:samples=3,depth=1", ["draw"] * 3), ("write", "search:samples=4", ["reveal"])],
)
def test_the_hard_bots_reason_joins_purpose_and_sureness(game: str, spec: str, moves: list[str]) -> None:
    state = played(game, 3, 7, moves)
    seat, view = seat_view(state)
    bot = make_bot(spec, game, 1)
    action = bot.choose(view)
    why = reason(bot, game, view, action)
    first, second = str(why.params["first"]), str(why.params["second"])
    samples = bot.last_samples  # type: ignore[attr-defined]
    best = bot.last_best[action]  # type: ignore[attr-defined]
    assert 0 < best <= samples and f" {best} of the {samples} deals the bot imagined." in second, second
    assert first and first[:1].isupper()
    assert_reads_everywhere(why, seat)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_a_purpose_never_says_the_move_again(game: str) -> None:
    """A hint reads "{move} — {purpose}" (and an analysis names the move before a purpose that does not): the
    purpose says what the move is for, never the move's own words ("Draw a tile — Draw a tile: ...")."""
    module = game_module(game)
    purpose = ra_purpose if game == "ra" else write_purpose
    told = 0
    for seed in range(3):
        state = module.State.new({"players": 3}, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat, view = seat_view(state)
            for action in view["legal_actions"]:
                said = purpose(view, action["id"])
                if said is not None:
                    told += 1
                    move = render(module.legal_phrase(view, action), Reader("en", seat))
                    assert not render(said, Reader("en", seat)).startswith(move), (move, said)
            state.apply(rng.choice(list(state.legal_actions(seat))), seat)
    assert told > 100
