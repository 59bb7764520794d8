"""Browser tests of the RA and Write table: lobby → a complete 3-player game played by clicks → scores → replay.

The fixtures (a real `ra serve`, Debian's Chromium via Playwright, the screenshot folder) come from conftest.py.
A choice takes two clicks, as for a person: a face-up card (a local first step, `data-step`), then a highlighted
space on the viewer's own sheet (`data-move`); a Nile bonus is a space, then a number. <body> says what the
page shows: data-seq, data-phase, data-turn ("mine", "other", "over"). At every decision the page must offer
exactly the engine's legal actions (moves_check.py).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

import pytest
from lobby_form import create, fill_seats, option
from moves_check import assert_offers_engine_moves
from playwright.sync_api import Browser, Page, expect

from ra.games import replay

if TYPE_CHECKING:
    from conftest import Server

pytestmark = pytest.mark.browser

READY = "() => document.body.dataset.seq !== undefined"
MY_TURN_OR_OVER = (
    "() => ['mine', 'over'].includes(document.body.dataset.turn) && !document.body.classList.contains('pending')"
)
# How many log entries are the viewer's own moves (the log tells them in the second person, "You took…"; a line
# told before the page knew its seat starts with the mover's name and a space).
# Waiting on this rather than on data-seq matters here: the bots' simultaneous choices change the seq before ours lands.
MY_MOVES = """(name) => [...document.querySelectorAll('#log li')]
  .map((li) => li.textContent.replace(/^\\s*\\d+\\s*/, ''))
  .filter((said) => said.startsWith(name + ' ') || said.startsWith('You ')).length"""
ME = "Ann <b>&"
SHEET = "#board .w-sheet.big"


def new_stats(start: int) -> dict[str, int]:
    """Counters of play_step; starting at 1 means "already done": no screenshots, no declining."""
    keys = ("prompts", "bonus", "declined", "nile_numbers", "shot_bonus", "reveals", "cards", "lost")
    return dict.fromkeys(keys, start)


def shoot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def table_id_of(page: Page) -> str:
    match = re.search(r"/t/([^?]+)", page.url)
    assert match, page.url
    return match.group(1)


def wait_turn(page: Page, timeout: float = 30_000) -> str:
    page.wait_for_function(MY_TURN_OR_OVER, timeout=timeout)
    return str(page.evaluate("() => document.body.dataset.turn"))


# The element's box, measured within one script run once the element is shown. The bots choose at the same time as
# we do, so the board may be drawn anew between a locator's lookup and its measurement (bounding_box() then gives None).
BOX_OF = """(selector) => {
  const rect = document.querySelector(selector)?.getBoundingClientRect();
  return rect && rect.width > 0 ? {x: rect.x, width: rect.width} : null;
}"""


def box_of(page: Page, selector: str) -> dict[str, float]:
    return dict(page.wait_for_function(BOX_OF, arg=selector).json_value())


def only_me_to_act(page: Page) -> bool:
    current = page.locator("#board .w-player.current")
    return current.count() == 1 and page.locator("#board .w-player.current.me").count() == 1


def create_write_table(page: Page, server: Server, seats: list[dict[str, str]], *, limited: bool) -> Checker:
    """Create an RA and Write table in the lobby's form and go to the first person's seat."""
    page.goto(server.base + "/")
    # The form shows the selected game's own options (GET /api/meta): Kingdom-limited belongs to RA and Write.
    expect(page.locator(option("kingdom_limited"))).to_have_count(0)
    page.select_option("#game", "write")
    expect(page.locator(option("kingdom_limited"))).to_be_visible()
    expect(page.locator(option("scores_visible"))).to_have_count(0)
    fill_seats(page, seats)
    if limited:
        page.check(option("kingdom_limited"))
    mine = create(page)
    expect(page.locator("#created-links .spectate input")).to_have_value(re.compile(r"/t/[^?]+$"))
    page.click("#go-seat")
    page.wait_for_function(READY)
    return Checker(page, server, mine)


class Checker:
    """Checks that a seat's page offers exactly the engine's legal actions (the test keeps the seat's token)."""

    def __init__(self, page: Page, server: Server, invite: str) -> None:
        query = parse_qs(urlparse(invite).query)
        self.page, self.server = page, server
        self.table_id = urlparse(invite).path.rsplit("/", 1)[-1]
        self.seat, self.token = int(query["seat"][0]), query["token"][0]

    def __call__(self) -> None:
        assert_offers_engine_moves(self.page, self.server, self.table_id, self.seat, self.token)


def act(page: Page, locator: Any) -> None:
    """Click an action element and wait until our move is in the log (or the page shows an error)."""
    before = page.evaluate(MY_MOVES, ME)
    page.evaluate("() => { document.querySelector('#message').hidden = true; }")  # an older message is not an answer
    locator.click()
    page.wait_for_function(
        f"([name, n]) => ({MY_MOVES})(name) > n || !document.querySelector('#message').hidden", arg=[ME, before]
    )


def pick_random(page: Page, selector: str, rng: random.Random) -> Any:
    items = page.locator(selector)
    count = items.count()
    assert count > 0, f"nothing matches {selector}"
    return items.nth(rng.randrange(count))


def play_step(page: Page, rng: random.Random, stats: dict[str, int], shots: Path) -> None:
    """One decision of ours, made as a person would: reveal, card then space, or a bonus prompt."""
    if page.locator("#board .w-decision.bonus").count():
        stats["prompts"] += 1
        if page.locator(".w-numbers").count():
            # Second step of a Nile bonus: the numbers offered for the picked space.
            if not stats["nile_numbers"]:
                shoot(page, shots, "w02-bonus-prompt-nile")
            stats["nile_numbers"] += 1
            act(page, pick_random(page, "#board .w-numbers [data-move]", rng))
            stats["bonus"] += 1
            return
        if not stats["shot_bonus"]:
            stats["shot_bonus"] = 1
            shoot(page, shots, "w02-bonus-prompt")
        # Decline one bonus in the game (it is a right, not a duty); make all the others.
        if stats["bonus"] >= 2 and not stats["declined"]:
            stats["declined"] += 1
            act(page, page.locator("#board .w-decline[data-move]"))
            return
        spaces = f"{SHEET} .ws-cell[data-move], {SHEET} .ws-cell[data-step]"
        target = pick_random(page, spaces, rng)
        if target.get_attribute("data-step"):
            target.click()  # a Nile space: the numbers appear in the panel, nothing is sent yet
            expect(page.locator("#board .w-numbers [data-move]").first).to_be_visible()
            return
        act(page, target)
        stats["bonus"] += 1
        return
    reveal = page.locator("#board .w-deck-button[data-move]")
    if reveal.count():
        act(page, reveal)
        stats["reveals"] += 1
        return
    if not page.locator("#board .w-card.selected").count():
        pick_random(page, "#board .w-card.selectable", rng).click()
        expect(page.locator("#board .w-card.selected")).to_have_count(1)
    lose = page.locator("#board .w-lose[data-move]")
    if lose.count():
        act(page, lose)
        stats["lost"] += 1
        return
    act(page, pick_random(page, f"{SHEET} .ws-cell[data-move]", rng))
    stats["cards"] += 1


def test_full_write_game_by_clicks(page: Page, server: Server, shots: Path) -> None:
    """One person and two bots play a complete game; bonus prompts, a reload, Kingdom tables, result, replay."""
    check = create_write_table(page, server, [
        {"kind": "person", "name": ME},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "bot", "bot": "random"},
    ], limited=False)  # fmt: skip
    table_id = table_id_of(page)
    expect(page.locator(f"{SHEET} .ws-header .player-name")).to_have_text(ME)  # markup in a name stays text
    expect(page.locator("#board .w-other")).to_have_count(2)
    expect(page.locator("#board .w-ra")).to_have_count(9)
    shoot(page, shots, "w01-start")

    rng = random.Random(7)
    stats = new_stats(0)
    steps = 0
    reloaded = False
    while wait_turn(page) == "mine":
        if page.locator("#board .kingdom-scores").count() and not stats.get("shot_kingdom"):
            stats["shot_kingdom"] = 1
            # The whole page: an element screenshot fails when a bot's move re-renders the board meanwhile.
            shoot(page, shots, "w03-kingdom-scores")
            # The scoring was announced above the board, section by section for every player (the panel tells the
            # news of this page's session: after a reload it is not shown again; test_story_table covers it fully).
            if not reloaded:
                expect(page.locator("#news h2")).to_contain_text("Kingdom is scored")
                expect(page.locator("#news thead th")).to_have_count(4)
        if page.locator("#board .w-numbers").count() == 0:  # not halfway through a Nile bonus of ours
            check()
        play_step(page, rng, stats, shots)
        steps += 1
        if steps >= 25 and not reloaded and wait_turn(page) == "mine" and only_me_to_act(page):
            # Reload mid-game (when no bot can move meanwhile): the page comes back to the same seq and sheet.
            reloaded = True
            filled = page.locator(f"{SHEET} .ws-cell.filled").count()
            seq = page.evaluate("() => document.body.dataset.seq")
            page.reload()
            page.wait_for_function(READY)
            assert page.evaluate("() => document.body.dataset.seq") == seq
            expect(page.locator(f"{SHEET} .ws-cell.filled")).to_have_count(filled)
    assert reloaded
    assert stats["reveals"] > 3 and stats["cards"] > 10, stats
    # At least one bonus chain was made through the prompts, and its symbols are crossed out on our sheet.
    assert stats["bonus"] >= 1 and stats["prompts"] >= 1, stats
    assert page.locator(f"{SHEET} .ws-bonus.used").count() >= 1

    # The result and the scores shown equal the engine's replay of the record.
    expect(page.locator(".w-result")).to_be_visible()
    shoot(page, shots, "w04-final-result")
    record: dict[str, Any] = server.get(f"/api/tables/{table_id}/record")
    state = replay(record)
    assert state.is_terminal()
    expected = state.scores()
    shown = page.eval_on_selector_all(
        ".final-scores li", "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.score)])"
    )
    assert sorted(map(tuple, shown)) == sorted(enumerate(expected))
    expect(page.locator(f"{SHEET} .ws-box.grand")).to_have_attribute("data-score", str(expected[0]))
    final_row = page.locator(".end-bonuses tr.grand td")
    for seat, score in enumerate(expected):
        expect(final_row.nth(seat)).to_have_text(str(score))
    # One table per Kingdom; the totals of the three plus the end bonuses are the final score.
    expect(page.locator(".kingdom-scores[data-kingdom]")).to_have_count(3)
    view = server.get(f"/api/tables/{table_id}/view")["view"]
    for seat, score in enumerate(expected):
        kingdoms = sum(e["players"][seat]["total"] for e in view["kingdom_scores"])
        assert kingdoms + view["end_bonuses"][seat]["total"] == score
    for seat in state.winners():
        expect(page.locator(f'.w-player[data-seat="{seat}"]')).to_have_class(re.compile(r"\bwinner\b"))
    expect(page).to_have_title(re.compile("Game over"))

    # The replay page draws RA and Write views too.
    page.goto(f"{server.base}/replay/{table_id}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    expect(page.locator("#board .w-sheet")).to_have_count(3)
    last = len(record["moves"])
    page.click("#last")
    page.wait_for_function(f"() => document.body.dataset.step === '{last}'")
    expect(page.locator(".w-result")).to_be_visible()
    page.locator("#slider").fill(str(last // 2))
    page.wait_for_function(f"() => document.body.dataset.step === '{last // 2}'")
    expect(page.locator("#board [data-move], #board [data-step]")).to_have_count(0)
    shoot(page, shots, "w05-replay")


def test_write_at_phone_width(browser: Browser, server: Server, shots: Path) -> None:
    """At 390 px: the own sheet fits and is readable, the others fold; the Kingdom-limited option reaches the sheet."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True, reduced_motion="reduce"
    )
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        create_write_table(page, server, [
            {"kind": "person", "name": ME},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ], limited=True)  # fmt: skip
        # Kingdom-limited: in the Old Kingdom the Middle and New Gods blocks and Civilization lines are closed.
        expect(page.locator(f"{SHEET} .ws-kblock.closed")).to_have_count(2)
        expect(page.locator(f"{SHEET} .ws-civ-grid .closed")).to_have_count(2)
        rng = random.Random(3)
        stats = new_stats(1)
        for _ in range(8):
            if wait_turn(page) == "over":
                break
            play_step(page, rng, stats, shots)
        wait_turn(page)
        # The others' sheets are folded on a phone; unfolding one keeps it unfolded across views.
        expect(page.locator("#board details.w-other:not([open])")).to_have_count(2)
        page.locator("#board details.w-other > summary").first.click()
        expect(page.locator("#board details.w-other[open]")).to_have_count(1)
        widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], f"horizontal overflow at phone width: {widths}"
        box = box_of(page, SHEET)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        # Readable: a space of the own sheet is at least 24 CSS pixels wide.
        cell = box_of(page, f"{SHEET} .ws-cell")
        assert cell["width"] >= 24, cell
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, shots, "w06-phone")
        # Scrolled down to the own sheet, the status line stays in sight (what a phone screen shows).
        page.locator(f"{SHEET} .ws-gods").scroll_into_view_if_needed()
        expect(page.locator("#board .w-status")).to_be_in_viewport()
        page.screenshot(path=str(shots / "w07-phone-sheet.png"))
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_write_table_resumes_after_server_restart(page: Page, own_server: Server) -> None:
    """The server stops and starts again: the page reconnects by itself, shows the same state and play goes on."""
    answer = own_server.post("/api/tables", {
        "game": "write", "options": {},
        "seats": [{"kind": "person", "name": ME}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    })  # fmt: skip
    page.goto(own_server.base + answer["seats"][0]["invite"])
    page.wait_for_function(READY)
    rng = random.Random(5)
    stats = new_stats(1)
    for _ in range(3):
        wait_turn(page)
        play_step(page, rng, stats, Path("."))
    # Stop the server while only we can move, so no bot move lands in between.
    while wait_turn(page) == "mine" and not only_me_to_act(page):
        play_step(page, rng, stats, Path("."))
    seq = page.evaluate("() => document.body.dataset.seq")
    filled = page.locator(f"{SHEET} .ws-cell.filled").count()
    own_server.stop()
    expect(page.locator("#conn")).to_have_class(re.compile("conn-closed"), timeout=10_000)
    own_server.start()
    expect(page.locator("#conn")).to_have_class(re.compile("conn-open"), timeout=20_000)
    assert page.evaluate("() => document.body.dataset.seq") == seq
    expect(page.locator(f"{SHEET} .ws-cell.filled")).to_have_count(filled)
    assert wait_turn(page) == "mine"
    moves = page.evaluate(MY_MOVES, ME)
    play_step(page, rng, stats, Path("."))
    if page.locator("#board .w-numbers [data-move]").count():
        play_step(page, rng, stats, Path("."))  # a Nile space was picked: its numbers are the step that sends
    page.wait_for_function(f"([name, n]) => ({MY_MOVES})(name) > n", arg=[ME, moves], timeout=15_000)
    page.wait_for_function("(s) => Number(document.body.dataset.seq) > Number(s)", arg=seq, timeout=15_000)
