"""Layouts that hold from 320 to 1,440 px (issue 31, items 6 and 7): the lobby, a Ra table in an auction, an RA and
Write table a few moves in, both tutorials a few steps in, both rules pages and an analysed replay (issue 42), each
at 320, 390 and 1,440 px.

On each, layout_check.py's measure: the page no wider than the window, no name or chip broken inside a word or
clipped (an ellipsis keeps the whole name in a title), no two controls overlapping, no control over other words.
On a phone (320 and 390 px, in en, de and zh-Hans), the controls of the decision (issue 44): a Ra auction's bids
and Pass on the first screen, an RA and Write table's cards there and a chosen card's spaces on the screen under the
status line, no label broken inside a word; a tutorial sharing the screen with nothing over its board; a long name
never moving a player's disks. The fixtures (a real `ra serve`, Debian's Chromium) come from conftest.py; each
width has its own browser context (a phone width with touch, as a phone has). The whole walk is `slow`; one page at
one width runs by default.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from layout_check import assert_layout_holds, layout_problems
from moves_check import clickable
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_analysis_page import analysed_replay
from test_learn_pages import advance

if TYPE_CHECKING:
    from conftest import Server

WIDTHS = [320, 390, 1440]
READY = "() => document.body.dataset.seq !== undefined"
MY_TURN_OR_OVER = (
    "() => ['mine', 'over'].includes(document.body.dataset.turn) && !document.body.classList.contains('pending')"
)
ANSWERED = "(seq) => document.body.dataset.seq !== seq || !document.querySelector('#message').hidden"
# Long bot-like names with a suffix, as the issue saw them break ("Ankhesenam|un (easy)").
PERSON = "Ankhesenamun Nebetah"


def context_at(browser: Browser, width: int) -> BrowserContext:
    phone = width < 500
    return browser.new_context(
        viewport={"width": width, "height": 844 if phone else 900},
        has_touch=phone, reduced_motion="reduce",
    )  # fmt: skip


@pytest.fixture
def at_width(browser: Browser) -> Iterator[Any]:
    """Open pages at a width; after the test, no JavaScript error on any of them."""
    errors: list[str] = []
    contexts: list[BrowserContext] = []

    def open_at(width: int) -> Page:
        context = context_at(browser, width)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield open_at
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def wait_turn(page: Page) -> str:
    page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
    return str(page.evaluate("() => document.body.dataset.turn"))


def click_and_wait(page: Page, notation: str) -> None:
    seq = page.evaluate("() => document.body.dataset.seq")
    page.locator(f'#board [data-move="{notation}"]').first.click()
    page.wait_for_function(f"(seq) => ({ANSWERED})(seq) || document.querySelector('#confirm').open", arg=seq)
    if page.evaluate("() => document.querySelector('#confirm').open"):
        page.click("#confirm-yes")
        page.wait_for_function(ANSWERED, arg=seq)


def new_table(server: Server, game: str, options: dict[str, Any]) -> str:
    seats = [{"kind": "person", "name": PERSON}] + [{"kind": "bot", "bot": "random"}] * 2
    answer = server.post("/api/tables", {"game": game, "options": options, "seats": seats})
    return str(answer["seats"][0]["invite"])


def ra_in_auction(page: Page, server: Server) -> None:
    """A Ra table with hints and the lot helper, played until the viewer may bid or pass in an auction."""
    page.goto(server.base + new_table(server, "ra", {"hints": True, "lot_helper": True}))
    page.wait_for_function(READY)
    rng = random.Random(7)
    for _ in range(200):
        assert wait_turn(page) == "mine", "the game ended before an auction where we may bid"
        notations = sorted(clickable(page))
        if "pass" in notations and any(n.startswith("bid:") for n in notations):
            return
        if "invoke" in notations and page.locator("#board .auction-track .tile").count() >= 2:
            click_and_wait(page, "invoke")
        elif "draw" in notations:
            click_and_wait(page, "draw")
        else:
            click_and_wait(page, "pass" if "pass" in notations else rng.choice(notations))
    raise AssertionError("no auction where we may bid")


def write_few_moves(page: Page, server: Server) -> None:
    """An RA and Write table a few of the viewer's moves in, a card chosen (the sheet shows where it may go)."""
    page.goto(server.base + new_table(server, "write", {"hints": True}))
    page.wait_for_function(READY)
    rng = random.Random(3)
    for _ in range(4):
        assert wait_turn(page) == "mine"
        if page.locator("#board .w-deck-button[data-move]").count():
            click_and_wait(page, "reveal")
            continue
        cards = page.locator("#board .w-card.selectable")
        if cards.count():
            cards.nth(rng.randrange(cards.count())).click()
        moves = sorted(clickable(page))
        click_and_wait(page, rng.choice(moves))
    wait_turn(page)
    cards = page.locator("#board .w-card.selectable")
    if cards.count():
        cards.first.click()


def tutorial_steps_in(page: Page, server: Server, game: str, steps: int = 4) -> None:
    tutorial = server.get(f"/api/learn/{game}")
    page.goto(f"{server.base}/learn/{game}?delay=0")
    page.wait_for_function("() => ['yours', 'done', 'finished', 'error'].includes(document.body.dataset.learnState)")
    for _ in range(steps):
        advance(page, tutorial)


def lobby(page: Page, server: Server) -> None:
    page.goto(server.base + "/")
    expect(page.locator("#seats > li").first).to_be_visible()
    expect(page.locator("#learn-links a").first).to_be_visible()


def rules(game: str) -> Any:
    def open_rules(page: Page, server: Server) -> None:
        page.goto(f"{server.base}/rules/{game}")

    return open_rules


PAGES: dict[str, Any] = {
    "lobby": lobby,
    "ra-table": ra_in_auction,
    "write-table": write_few_moves,
    "learn-ra": lambda page, server: tutorial_steps_in(page, server, "ra"),
    "learn-write": lambda page, server: tutorial_steps_in(page, server, "write"),
    "rules-ra": rules("ra"),
    "rules-write": rules("write"),
    "replay-analysis": analysed_replay,
}


def look(page: Page, shots: Path, name: str, width: int) -> None:
    # A rules page is tens of thousands of pixels long: its screenshot is the window's.
    page.screenshot(path=str(shots / f"layout-{name}-{width}.png"), full_page=not name.startswith("rules"))
    assert_layout_holds(page, name)


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_holds_at_the_width(at_width: Any, server: Server, shots: Path, width: int) -> None:
    failures: list[str] = []
    for name, open_page in PAGES.items():
        page = at_width(width)
        open_page(page, server)
        try:
            look(page, shots, name, width)
        except AssertionError as problem:
            failures.append(str(problem))
        page.close()
    assert not failures, "\n".join(failures)


def test_a_ra_table_in_an_auction_holds_at_phone_width(at_width: Any, server: Server, shots: Path) -> None:
    page = at_width(320)
    ra_in_auction(page, server)
    look(page, shots, "ra-table-smoke", 320)


# ---- the controls of the decision on a phone's first screen, in every language -------------------------------
LANGUAGES = ["en", "de", "zh-Hans"]
PHONES = [320, 390]
# The viewport's rectangles of the elements matched, measured from the page's top (the page scrolled to it).
RECTS = """(selector) => { window.scrollTo(0, 0);
  return [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility())
    .map((e) => { const r = e.getBoundingClientRect();
      return [e.dataset.move || e.dataset.step || '', r.top, r.bottom]; }); }"""
# What lies under the middle of each element: the element itself (or a part of it), or what covers it.
COVERED = """(selector) => [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility()).flatMap((e) => {
  const r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const mine = top && (e.contains(top) || top.contains(e));
  return mine ? [] : [`${e.dataset.move || e.className} under ${top?.className}`];
})"""


def in_language(browser: Browser, server: Server, width: int, code: str) -> Page:
    context = context_at(browser, width)
    context.add_cookies([{"name": "ra_lang", "value": code, "url": server.base}])
    return context.new_page()


def broken_words(page: Page) -> list[str]:
    return [p for p in layout_problems(page) if "break" in p]


def off_screen(page: Page, selector: str, below: float = 0) -> list[str]:
    """The elements of `selector` not wholly inside the first screen (under `below`, a sticky line's bottom)."""
    height = page.evaluate("() => window.innerHeight")
    rects = page.evaluate(RECTS, selector)
    assert rects, f"nothing matches {selector}"
    return [f"{name} at {top:.0f}-{bottom:.0f}" for name, top, bottom in rects if top < below or bottom > height]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", PHONES)
def test_a_ra_auction_bids_and_pass_on_the_first_screen(
    browser: Browser, server: Server, shots: Path, width: int, code: str
) -> None:
    page = in_language(browser, server, width, code)
    ra_in_auction(page, server)
    missing = off_screen(page, '#board [data-move^="bid:"], #board [data-move="pass"]')
    if width == 390 and code != "en":
        page.screenshot(path=str(shots / f"phone-ra-auction-{code}-{width}.png"))
    assert not missing, f"{code} at {width} px: the auction's controls below the fold: {missing}"
    assert not page.evaluate(COVERED, '#board [data-move^="bid:"], #board [data-move="pass"]')
    assert not broken_words(page), broken_words(page)
    page.context.close()


def write_card_decision(page: Page, server: Server) -> None:
    """An RA and Write table played until the viewer chooses among face-up cards (no card selected yet)."""
    page.goto(server.base + new_table(server, "write", {}))
    page.wait_for_function(READY)
    rng = random.Random(11)
    for _ in range(60):
        assert wait_turn(page) == "mine", "the game ended before a card to choose"
        if page.locator("#board .w-deck-button[data-move]").count():
            click_and_wait(page, "reveal")
            continue
        cards = page.locator("#board .w-card.selectable")
        if cards.count() > 1:
            return
        if cards.count() == 1:  # selected at once: the decision is the sheet's
            cards.first.click()
            if page.locator("#board .w-card.selected").count() == 0:
                return
        click_and_wait(page, rng.choice(sorted(clickable(page))))
    raise AssertionError("no card to choose")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", PHONES)
def test_an_ra_and_write_choice_and_its_spaces_on_the_screen(
    browser: Browser, server: Server, shots: Path, width: int, code: str
) -> None:
    page = in_language(browser, server, width, code)
    write_card_decision(page, server)
    missing = off_screen(page, "#board .w-card.selectable")
    assert not missing, f"{code} at {width} px: the cards to choose below the fold: {missing}"
    page.locator("#board .w-card.selectable").first.click()
    status = page.evaluate("() => document.querySelector('#board .w-status').getBoundingClientRect().bottom")
    height = page.evaluate("() => window.innerHeight")
    spaces = page.evaluate(
        "() => [...document.querySelectorAll('#board .w-sheet.big [data-move]')].map((e) => {"
        " const r = e.getBoundingClientRect(); return [e.dataset.move, r.top, r.bottom]; })"
    )
    if width == 390 and code != "en":
        page.screenshot(path=str(shots / f"phone-write-card-{code}-{width}.png"))
    if spaces:  # a card with no space on the sheet is taken by a button of the decision panel
        outside = [f"{m} at {t:.0f}-{b:.0f}" for m, t, b in spaces if t < status - 1 or b > height]
        assert not outside, f"{code} at {width} px: the card's spaces off the screen or under the status: {outside}"
        assert not page.evaluate(COVERED, "#board .w-sheet.big [data-move]")
    assert not broken_words(page), broken_words(page)
    page.context.close()


LONG = "Ankhesenamun Nebetah Meritaten Sitamun"


def disks_offset(page: Page, server: Server, name: str) -> float:
    seats = [{"kind": "person", "name": name}] + [{"kind": "bot", "bot": "random"}] * 2
    answer = server.post("/api/tables", {"game": "ra", "options": {}, "seats": seats})
    page.goto(server.base + str(answer["seats"][0]["invite"]))
    page.wait_for_function(READY)
    return float(page.evaluate(
        "() => { const card = document.querySelector('#board .player.viewer');"
        " return card.querySelector('.disks').getBoundingClientRect().top - card.getBoundingClientRect().top; }"
    ))  # fmt: skip


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_a_long_name_does_not_move_the_disks(at_width: Any, server: Server, width: int) -> None:
    page = at_width(width)
    short = disks_offset(page, server, "Ann")
    long = disks_offset(page, server, LONG)
    assert long == short, f"at {width} px the disks sit {long - short:.0f} px lower under a long name"
    name = page.locator("#board .player.viewer .player-name")
    assert name.get_attribute("title") == LONG
    assert not layout_problems(page) or not [p for p in layout_problems(page) if "player-name" in p]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", PHONES)
@pytest.mark.parametrize("game", ["ra", "write"])
def test_a_tutorial_on_a_phone_shares_the_screen(
    browser: Browser, server: Server, shots: Path, game: str, width: int, code: str
) -> None:
    page = in_language(browser, server, width, code)
    tutorial_steps_in(page, server, game, steps=3)
    height = page.evaluate("() => window.innerHeight")
    # The board's scrolling box: the board and the scoring news above it.
    lesson, board, dock = (page.locator(s).bounding_box() for s in ("#lesson", ".learn-board", "#dock"))
    assert lesson and board and dock
    # The lesson leaves most of the first screen to the board and the learner's move.
    assert lesson["y"] + lesson["height"] < height / 2, f"the lesson fills the screen: {lesson}"
    assert board["y"] < height / 2 and board["height"] > height / 4, f"the board has no room: {board}"
    # Nothing lies over the board: the learner's move is below it, on the screen.
    assert dock["y"] >= board["y"] + board["height"] - 1, f"the dock covers the board: {dock} over {board}"
    assert dock["y"] + dock["height"] <= height + 1
    if width == 390 and code != "en":
        page.screenshot(path=str(shots / f"phone-learn-{game}-{code}-{width}.png"))
    # The board scrolls in its own box: what shows of it is its own, never under the lesson or the dock.
    shown = "#board [data-move], #board [data-step]"
    box = page.evaluate(
        "() => { const r = document.querySelector('.learn-board').getBoundingClientRect(); return [r.top, r.bottom]; }"
    )
    inside = page.evaluate(
        "([selector, top, bottom]) => [...document.querySelectorAll(selector)].filter((e) => {"
        " const r = e.getBoundingClientRect(); const y = r.top + r.height / 2; return y > top && y < bottom; })"
        ".map((e) => { const r = e.getBoundingClientRect();"
        " const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        " return at && (e.contains(at) || at.contains(e)) ? '' : e.className; }).filter(Boolean)",
        [shown, *box],
    )
    assert not inside, f"covered on the board: {inside}"
    page.context.close()
