"""Browser tests of the puzzle pages (/puzzles/ra, /puzzles/write): a guest sees the first puzzle of the fixed
sequence on the game's own board, the right answer is called right with the reason, a wrong one wrong with the
solution; at phone width nothing overflows. <body> says where the page is: data-puzzle-state ("loading",
"asking", "pending", "answered", "error"), data-puzzle-id and data-puzzle-verdict ("right", "wrong")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from ra.puzzles.model import bundled

if TYPE_CHECKING:
    from conftest import Server

pytestmark = pytest.mark.browser

DESKTOP: ViewportSize = {"width": 1300, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
ASKING = "() => ['asking', 'error'].includes(document.body.dataset.puzzleState)"


@pytest.fixture
def problems() -> list[str]:
    return []


def open_puzzles(browser: Browser, server: Server, game: str, size: ViewportSize, problems: list[str]) -> Page:
    phone = size["width"] < 500
    context = browser.new_context(viewport=size, device_scale_factor=2 if phone else 1, has_touch=phone)
    page = context.new_page()
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(f"{server.base}/puzzles/{game}")
    page.wait_for_function(ASKING)
    assert page.evaluate("document.body.dataset.puzzleState") == "asking", page.locator("#puzzle-message").inner_text()
    return page


def solution_of(page: Page, game: str) -> str:
    puzzle_id = page.evaluate("document.body.dataset.puzzleId")
    puzzles = bundled(game)
    assert puzzles is not None
    puzzle = puzzles.by_id(puzzle_id)
    assert puzzle is not None
    return puzzle.solution


@pytest.fixture
def closing(problems: list[str]) -> Iterator[list[Page]]:
    pages: list[Page] = []
    yield pages
    for page in pages:
        page.context.close()
    assert not problems, problems


@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_right_answer_is_right_with_why_and_a_wrong_one_shows_the_solution(
    browser: Browser, server: Server, game: str, problems: list[str], closing: list[Page], shots: object
) -> None:
    page = open_puzzles(browser, server, game, DESKTOP, problems)
    closing.append(page)
    puzzles = bundled(game)
    assert puzzles is not None
    first = page.evaluate("document.body.dataset.puzzleId")
    assert first == min(puzzles.puzzles, key=lambda p: p.rating).id  # a guest starts the fixed sequence
    expect(page.locator("#board [data-move], #board .board, #board *").first).to_be_attached()
    solution = solution_of(page, game)
    page.locator(f'#choices button[data-answer="{solution}"]').click()
    page.wait_for_function("() => document.body.dataset.puzzleState === 'answered'")
    assert page.evaluate("document.body.dataset.puzzleVerdict") == "right"
    expect(page.locator("#verdict-text")).to_have_text("Right!")
    assert len(page.locator("#verdict-why").inner_text()) > 20

    page.locator("#next-puzzle").click()
    page.wait_for_function(f"() => document.body.dataset.puzzleId !== {first!r} && ({ASKING})()")
    solution = solution_of(page, game)
    wrong = page.locator(f'#choices button:not([data-answer="{solution}"])').first
    wrong.click()
    page.wait_for_function("() => document.body.dataset.puzzleState === 'answered'")
    assert page.evaluate("document.body.dataset.puzzleVerdict") == "wrong"
    verdict = page.locator("#verdict-text").inner_text()
    assert verdict.startswith("Wrong")
    expect(page.locator(f'#choices button[data-answer="{solution}"]')).to_have_class(re.compile(r"\bright\b"))
    assert page.locator("#verdict-why").inner_text()

    page.reload()  # the guest's place is kept: the second puzzle again
    page.wait_for_function(ASKING)
    assert page.evaluate("document.body.dataset.puzzleId") != first


def test_the_page_fits_a_phone(browser: Browser, server: Server, problems: list[str], closing: list[Page]) -> None:
    page = open_puzzles(browser, server, "ra", PHONE, problems)
    closing.append(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    button = page.locator("#choices button").first
    box = button.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"] and box["height"] >= 30  # a thumb can hit it


def test_the_lobby_leads_to_each_games_puzzles(
    browser: Browser, server: Server, problems: list[str], closing: list[Page]
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    closing.append(page)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(server.base)
    links = page.locator("#puzzle-links a")
    expect(links).to_have_count(2)
    assert [links.nth(i).get_attribute("href") for i in range(2)] == ["/puzzles/ra", "/puzzles/write"]
    links.first.click()
    page.wait_for_function(ASKING)
    assert page.url.endswith("/puzzles/ra")
    expect(page.locator("#puzzle-theme")).not_to_be_empty()
