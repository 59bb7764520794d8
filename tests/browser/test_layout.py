"""Layouts that hold from 320 to 1,440 px (issue 31, items 6 and 7): the lobby, a Ra table in an auction, an RA and
Write table a few moves in, both tutorials a few steps in, both rules pages and an analysed replay (issue 42), each
at 320, 390 and 1,440 px.

On each, layout_check.py's measure: the page no wider than the window, no name or chip broken inside a word or
clipped (an ellipsis keeps the whole name in a title), no two controls overlapping, no control over other words.
The fixtures (a real `ra serve`, Debian's Chromium) come from conftest.py; each width has its own browser context
(a phone width with touch, as a phone has). The whole walk is `slow`; one page at one width runs by default.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from layout_check import assert_layout_holds
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
