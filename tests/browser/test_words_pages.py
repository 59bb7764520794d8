"""Every word of the browser in the reader's language (docs/TRANSLATING.md, docs/PROTOCOL.md's languages): a whole
Ra game and a whole RA and Write game against bots, and both tutorials played to the end, in German and in
Simplified Chinese, at phone size (390×844).

On every page looked at: `<html lang>` is the language; no visible text is an English message whose translation
differs (the English of every catalog part, against that language's translations; player names and numbers are
not messages); no element sticks out of its parent or of the viewport. The language comes from the `ra_lang`
cookie the picker sets (the first page is also opened with `?lang=`), one browser context per language and flow.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from babel.messages.catalog import Catalog
from lobby_form import create, fill_seats
from moves_check import clickable
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from test_learn_pages import advance, learn_state, place

from ra.i18n.catalogs import po_path, read_catalog
from ra.i18n.messages import extract

if TYPE_CHECKING:
    from conftest import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ["de", "zh-Hans"]
PHONE: ViewportSize = {"width": 390, "height": 844}
ME = "Ana"
MY_TURN_OR_OVER = (
    "() => ['mine', 'over'].includes(document.body.dataset.turn) && !document.body.classList.contains('pending')"
)
ANSWERED = "(seq) => document.body.dataset.seq !== seq || !document.querySelector('#message').hidden"

# The page's visible words: one entry per text node shown (whitespace collapsed), outside <select> (its options
# are data: bot specs, the languages' own names) and outside player names (<bdi>, .player-name).
VISIBLE_TEXT = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent.replace(/\\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!words || !parent || parent.closest('select, script, style, [hidden], bdi, .player-name')) continue;
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    found.push(words);
  }
  return found;
}"""

# Elements that stick out: of the viewport, or of a parent that does not clip or scroll them (absolutely placed
# badges and popovers excepted: they overhang by design).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const clipped = (e) => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' && a !== document.body && a !== document.documentElement) return true;
    }
    return false;
  };
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > width + 1) found.push(`the page is ${pageWidth}px wide`);
  for (const e of document.body.querySelectorAll('*')) {
    if (e instanceof SVGElement || !e.checkVisibility({ checkVisibilityCSS: true })) continue;
    const style = getComputedStyle(e);
    if (style.position === 'absolute' || style.position === 'fixed' || style.display === 'contents') continue;
    const box = e.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const inScroller = clipped(e);
    if (!inScroller && (box.right > width + 1 || box.left < -1)) found.push(`${name(e)} leaves the viewport`);
    const parent = e.parentElement;
    if (!parent || inScroller) continue;
    const outer = parent.getBoundingClientRect();
    const parentStyle = getComputedStyle(parent);
    if (parentStyle.display === 'inline' || parentStyle.display === 'contents') continue;
    const out = box.right > outer.right + 2 || box.left < outer.left - 2;
    if (out) found.push(`${name(e)} sticks out of ${name(parent)}`);
  }
  return [...new Set(found)];
}"""


def english_words(code: str) -> tuple[set[str], list[re.Pattern[str]]]:
    """The English messages (of every part) whose translation into `code` differs: whole ones, and patterns of
    those with parameters (each {parameter} any words)."""
    whole: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for part, template in extract().items():
        catalog: Catalog = read_catalog(po_path(code, part), code)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id, context=message.context)
            if found is None or not found.string:
                continue
            english = list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]
            translated = set(found.string) if isinstance(found.string, (tuple, list)) else {found.string}
            for form in english:
                words = " ".join(form.split())
                if not words or words in translated:
                    continue
                if "{" not in words:
                    if re.search(r"[A-Za-z]{2}", words):
                        whole.add(words)
                    continue
                literal = re.sub(r"\{\w+\}", "", words)
                if len(re.findall(r"[A-Za-z]", literal)) < 6:
                    continue  # too little of its own to tell it from names and numbers
                pieces = re.split(r"\{\w+\}", words)
                patterns.append(re.compile("^" + ".+".join(re.escape(p) for p in pieces) + "$"))
    return whole, patterns


@pytest.fixture(scope="module")
def english() -> dict[str, tuple[set[str], list[re.Pattern[str]]]]:
    return {code: english_words(code) for code in LANGUAGES}


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[Any]:
    """A phone-sized context reading `code` (its cookie), and after the test no JavaScript error on its pages."""
    errors: list[str] = []
    contexts: list[BrowserContext] = []

    def open_in(code: str) -> Page:
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, has_touch=True, reduced_motion="reduce", locale="en-US"
        )
        context.add_cookies([{"name": "ra_lang", "value": code, "url": server.base}])
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield open_in
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def look(page: Page, code: str, english: dict[str, tuple[set[str], list[re.Pattern[str]]]], where: str) -> None:
    """The page is in `code`: its <html lang>, no English message left, nothing sticking out."""
    assert page.evaluate("() => document.documentElement.lang") == code, where
    whole, patterns = english[code]
    left = [text for text in page.evaluate(VISIBLE_TEXT) if text in whole or any(p.match(text) for p in patterns)]
    assert not left, f"English on the {where} page in {code}: {sorted(set(left))[:20]}"
    sticking = page.evaluate(OVERFLOWING)
    assert not sticking, f"overflow on the {where} page in {code}: {sticking[:12]}"


def wait_turn(page: Page) -> str:
    page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
    return str(page.evaluate("() => document.body.dataset.turn"))


def click_and_wait(page: Page, locator: Any) -> None:
    """Click an action element (confirming a bid with the highest disk) and wait for the server's answer."""
    seq = page.evaluate("() => document.body.dataset.seq")
    page.evaluate("() => { document.querySelector('#message').hidden = true; }")
    locator.click()
    page.wait_for_function(f"(seq) => ({ANSWERED})(seq) || document.querySelector('#confirm').open", arg=seq)
    if page.evaluate("() => document.querySelector('#confirm').open"):
        page.click("#confirm-yes")
        page.wait_for_function(ANSWERED, arg=seq)


def open_table(page: Page, server: Server, code: str, game: str, english: Any) -> None:
    """The lobby in `code` (looked at), then a new table of `game` with the viewer and two bots."""
    page.goto(f"{server.base}/?lang={code}")
    expect(page.locator("#seats > li").first).to_be_visible()
    expect(page.locator("#learn-links a").first).to_be_visible()
    page.wait_for_function(
        "() => !document.querySelector('#live-tables .none') || "
        "document.querySelector('#live-tables .none').dataset.t === undefined"
    )
    look(page, code, english, "lobby")
    page.locator("#game").select_option(game)
    seats = [{"kind": "person", "name": ME}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
    fill_seats(page, seats)
    page.goto(server.base + create(page))
    page.wait_for_function("() => document.body.dataset.seq !== undefined")


def finish_on_replay(page: Page, server: Server, code: str, english: Any) -> None:
    """The finished table, then its replay at the start and at the end."""
    look(page, code, english, "finished table")
    table = re.search(r"/t/([^?#]+)", page.url)
    assert table, page.url
    page.goto(f"{server.base}/replay/{table.group(1)}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    look(page, code, english, "replay")
    page.click("#last")
    page.wait_for_function("() => document.body.dataset.step !== '0'")
    look(page, code, english, "replay's end")


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_ra_game_reads_in_the_language(phone: Any, server: Server, shots: Path, english: Any, code: str) -> None:
    page = phone(code)
    open_table(page, server, code, "ra", english)
    rng = random.Random(5)
    moves = 0
    while wait_turn(page) == "mine":
        if moves % 7 == 0:
            look(page, code, english, f"Ra table (move {moves})")
        notations = sorted(clickable(page))
        notation = "draw" if "draw" in notations and rng.random() < 0.6 else rng.choice(notations)
        click_and_wait(page, page.locator(f'#board [data-move="{notation}"]').first)
        moves += 1
    page.screenshot(path=str(shots / f"words-ra-{code}.png"), full_page=True)
    finish_on_replay(page, server, code, english)


def write_step(page: Page, rng: random.Random) -> None:
    """One decision of ours in RA and Write: reveal, a card then a space, a bonus (a Nile space then a number)."""
    sheet = "#board .w-sheet.big"
    if page.locator("#board .w-decision.bonus").count():
        if page.locator("#board .w-numbers [data-move]").count():
            numbers = page.locator("#board .w-numbers [data-move]")
            click_and_wait(page, numbers.nth(rng.randrange(numbers.count())))
            return
        spaces = page.locator(f"{sheet} .ws-cell[data-move], {sheet} .ws-cell[data-step]")
        target = spaces.nth(rng.randrange(spaces.count()))
        if target.get_attribute("data-step"):
            target.click()  # local: the numbers appear in the panel
            return
        click_and_wait(page, target)
        return
    reveal = page.locator("#board .w-deck-button[data-move]")
    if reveal.count():
        click_and_wait(page, reveal)
        return
    if not page.locator("#board .w-card.selected").count():
        cards = page.locator("#board .w-card.selectable")
        cards.nth(rng.randrange(cards.count())).click()
    lose = page.locator("#board .w-lose[data-move]")
    if lose.count():
        click_and_wait(page, lose)
        return
    cells = page.locator(f"{sheet} .ws-cell[data-move]")
    click_and_wait(page, cells.nth(rng.randrange(cells.count())))


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_ra_and_write_game_reads_in_the_language(
    phone: Any, server: Server, shots: Path, english: Any, code: str
) -> None:
    page = phone(code)
    open_table(page, server, code, "write", english)
    rng = random.Random(11)
    steps = 0
    while wait_turn(page) == "mine":
        if steps % 9 == 0:
            look(page, code, english, f"RA and Write table (step {steps})")
        write_step(page, rng)
        steps += 1
    page.screenshot(path=str(shots / f"words-write-{code}.png"), full_page=True)
    finish_on_replay(page, server, code, english)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", ["ra", "write"])
def test_a_tutorial_reads_in_the_language(
    phone: Any, server: Server, shots: Path, english: Any, code: str, game: str
) -> None:
    page = phone(code)
    tutorial = server.get(f"/api/learn/{game}")
    page.goto(f"{server.base}/learn/{game}?delay=0&lang={code}")
    page.wait_for_function("() => ['yours', 'done', 'finished', 'error'].includes(document.body.dataset.learnState)")
    look(page, code, english, f"{game} tutorial (start)")
    # The learner's seat is named in the language on the board (its name chips are names, not looked at above).
    names = page.locator("#board bdi, #board .player-name").all_text_contents()
    assert {"de": "Du", "zh-Hans": "你"}[code] in {n.strip() for n in names} and "You" not in " ".join(names), names
    learner_moves = sum(m["learner"] for s in tutorial["steps"] for m in s["moves"])
    state = learn_state(page)
    for turn in range(learner_moves + len(tutorial["steps"]) + 5):
        if state == "finished":
            break
        if turn % 5 == 0:
            look(page, code, english, f"{game} tutorial ({place(page)})")
        state = advance(page, tutorial)
    assert state == "finished", place(page)
    look(page, code, english, f"{game} tutorial (end)")
    page.screenshot(path=str(shots / f"words-learn-{game}-{code}.png"), full_page=True)
