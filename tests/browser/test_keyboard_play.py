"""A whole game of each, played with the keyboard alone, as a screen reader's user plays it.

Only page.keyboard acts (Tab, Shift+Tab, Enter, Space): no click, no script that clicks. At every turn the focus
must already be on the decision (a board element that sends a move or takes a first step), every control of the
board must have a name in the accessibility tree, and the table's live region (#announce, role="status") must say
what is asked now; after each move of ours it says what we did, and at the end that the game is over.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from conftest import Server

MY_TURN_OR_OVER = (
    "() => ['mine', 'over'].includes(document.body.dataset.turn) && !document.body.classList.contains('pending')"
)
ON_DECISION = """() => {
  const a = document.activeElement;
  return !!a && document.querySelector('#board').contains(a) && a.matches('[data-move], [data-step]');
}"""
ASKED = "() => document.querySelector('#board [data-announce]')?.textContent.trim() ?? ''"
SAID = "() => [...document.querySelectorAll('#announce p')].map((p) => p.textContent)"
# A control in the accessibility tree without a name: "- button" with nothing quoted after it.
UNNAMED = re.compile(r"^\s*- (button|checkbox|radio|link)(\s*\[[^\]]*\])*:?\s*$", re.MULTILINE)


def tab_to_decision(page: Page, hops: int) -> None:
    """Tab `hops` decisions further (skipping what is not one), coming back with Shift+Tab if Tab left them all."""
    for _ in range(hops):
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate(ON_DECISION):
                break
    for _ in range(200):
        if page.evaluate(ON_DECISION):
            return
        page.keyboard.press("Shift+Tab")
    raise AssertionError("Shift+Tab found no decision on the board")


def play_by_keyboard(page: Page, server: Server, game: str, seed: int) -> list[list[str]]:
    """Play a table of ours and one random bot to its end by keyboard; returns what the live region said."""
    answer: dict[str, Any] = server.post("/api/tables", {
        "game": game, "options": {}, "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
    })  # fmt: skip
    page.goto(server.base + answer["seats"][0]["invite"])
    expect(page.locator("#announce")).to_have_attribute("role", "status")
    rng = random.Random(seed)
    heard: list[list[str]] = []
    for _ in range(2000):
        page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
        if page.evaluate("() => document.body.dataset.turn") == "over":
            break
        assert page.evaluate(ON_DECISION), "the turn came, but the focus is not on the decision"
        unnamed = UNNAMED.findall(page.locator("#board").aria_snapshot())
        assert not unnamed, f"controls without a name: {unnamed}"
        said = page.evaluate(SAID)
        assert page.evaluate(ASKED) in said, f"the live region does not say what is asked: {said}"
        heard.append(said)
        tab_to_decision(page, rng.randrange(3))
        page.keyboard.press(rng.choice(["Enter", " "]))
        if page.locator("#confirm[open]").count():
            page.keyboard.press("Enter")  # the dialog's first button, "Yes", has the focus
    else:
        raise AssertionError("the game did not end")
    heard.append(page.evaluate(SAID))
    return heard


@pytest.mark.parametrize(
    ("game", "over"),
    [("ra", "Game over"), pytest.param("write", "The game is over.", marks=pytest.mark.slow)],  # write: ~25 s
)
def test_whole_game_by_keyboard(page: Page, server: Server, game: str, over: str) -> None:
    heard = play_by_keyboard(page, server, game, seed=7)
    lines = [line for said in heard for line in said]
    assert any(line.startswith("You ") for line in lines), "the live region never said what we did"
    assert any(over in line for line in heard[-1]), f"the end is not announced: {heard[-1]}"
