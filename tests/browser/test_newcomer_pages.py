"""What a newcomer reads (issue 31): one grammar for the viewer's seat over whole games (item 1), a finished game
with no live control and its final score shown, at the table and on its replay (item 8), and the rules linked
from every table and tutorial (item 2).

The fixtures (a real `ra serve`, Debian's Chromium) come from conftest.py. The grammar walks play a whole game of
each game in the browser, the viewer against two bots, and read the page's whole text after every move of ours:
never "You <verb>s" with a verb the narration and the boards use for a player ("You wins", "You is bidding"),
never "1 <plural noun>" with a noun the words count ("1 spaces", "1 marks", "over 1 sampled deals"). The verbs and
nouns are read from the English messages of every catalog part, so a new sentence is checked too.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from layout_check import assert_layout_holds
from moves_check import clickable
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from test_words_pages import write_step

from ra.i18n.messages import extract

if TYPE_CHECKING:
    from conftest import Server

PHONE: ViewportSize = {"width": 390, "height": 844}
MY_TURN_OR_OVER = (
    "() => ['mine', 'over'].includes(document.body.dataset.turn) && !document.body.classList.contains('pending')"
)
ANSWERED = "(seq) => document.body.dataset.seq !== seq || !document.querySelector('#message').hidden"
ME = "Ankhesenamun Nebetah"
# Verbs a sentence gives a player in the third person that the catalogs' own {player} messages may not show
# (the narration's are mostly in the past tense), and nouns the words count without a plural message.
MORE_VERBS = {"bids", "draws", "passes", "invokes", "takes", "loses", "scores", "gets", "writes", "enters", "declines"}
MORE_VERBS |= {"wins"}
MORE_NOUNS = {"points", "pts", "deals", "disks", "entries", "bonuses", "epochs", "kingdoms", "seconds"}
LIVE_CONTROLS = "#board [data-move], .ra-statue, .bag-button, .ra-chance, .w-deck-button"


def grammar() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The patterns of a third-person verb after "You" and of a plural noun after 1, from every catalog part."""
    verbs, nouns = set(MORE_VERBS), set(MORE_NOUNS)
    for template in extract().values():
        for message in template:
            ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
            for english in ids:
                verbs.update(re.findall(r"\{(?:player|players|name)\}\s+([a-z]+s)\b", english or ""))
            if isinstance(message.id, (list, tuple)):
                nouns.update(re.findall(r"\{n\}\s+(?:[a-z-]+\s+)?([a-z]+s)\b", message.id[1]))
    verbs -= {"players", "strings"}  # "{players} players": not verbs
    you = re.compile(r"\b[Yy]ou (?:" + "|".join(sorted(verbs)) + r")\b")
    one = re.compile(r"(?<![\d.,])\b1 (?:[a-z-]+ )?(?:" + "|".join(sorted(nouns)) + r")\b")
    return you, one


@pytest.fixture(scope="module")
def patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return grammar()


def test_the_patterns_catch_the_words_issue_31_saw(patterns: tuple[re.Pattern[str], re.Pattern[str]]) -> None:
    you, one = patterns
    for wrong in ["You wins", "Game over — You wins", "You is bidding", "you draws a tile", "You spends gods"]:
        assert you.search(wrong), wrong
    for wrong in ["1 spaces", "1 marks", "over 1 sampled deals", "1 tiles left", "Ann 1 pts"]:
        assert one.search(wrong), wrong
    for right in [
        "You win",
        "You are bidding",
        "You pass.",
        "Yours is",
        "1 space",
        "11 spaces",
        "§9.1 points",
        "2.1 marks",
    ]:
        assert not you.search(right) and not one.search(right), right


@pytest.fixture
def phone(browser: Browser) -> Iterator[Any]:
    errors: list[str] = []
    contexts: list[BrowserContext] = []

    def open_page() -> Page:
        context = browser.new_context(viewport=PHONE, has_touch=True, reduced_motion="reduce")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def wait_turn(page: Page) -> str:
    page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
    return str(page.evaluate("() => document.body.dataset.turn"))


def click_ra(page: Page, notation: str) -> None:
    seq = page.evaluate("() => document.body.dataset.seq")
    page.locator(f'#board [data-move="{notation}"]').first.click()
    page.wait_for_function(f"(seq) => ({ANSWERED})(seq) || document.querySelector('#confirm').open", arg=seq)
    if page.evaluate("() => document.querySelector('#confirm').open"):
        page.click("#confirm-yes")
        page.wait_for_function(ANSWERED, arg=seq)


def open_seat(page: Page, server: Server, game: str) -> str:
    seats = [{"kind": "person", "name": ME}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
    answer = server.post("/api/tables", {"game": game, "options": {}, "seats": seats})
    page.goto(server.base + answer["seats"][0]["invite"])
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    return str(answer["id"])


def page_lines(page: Page) -> list[str]:
    return [line.strip() for line in str(page.evaluate("() => document.body.innerText")).splitlines()]


def read_whole_game(page: Page, patterns: Any, step: Any) -> list[str]:
    """Play our seat to the end with `step`, reading the page before each of our moves and at the end; the lines
    that break the viewer's grammar or a count's."""
    lines: set[str] = set()
    while wait_turn(page) == "mine":
        lines.update(page_lines(page))
        step(page)
    lines.update(page_lines(page))
    # The walk read the viewer's own lines (the log tells our moves as "You …"), else it proves nothing.
    assert sum(bool(re.search(r"\bYou [a-z]", line)) for line in lines) >= 5, sorted(lines)[:40]
    return sorted(line for line in lines if any(p.search(line) for p in patterns))


def assert_finished_table(page: Page, server: Server, table_id: str) -> None:
    """No live control in the markup, no chance of a next draw, the hint gone; the final scores shown."""
    assert page.locator(LIVE_CONTROLS).count() == 0, page.eval_on_selector_all(
        LIVE_CONTROLS, "els => els.map(e => e.outerHTML.slice(0, 80))"
    )
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#sound-toggle")).to_be_hidden()
    expect(page.locator("#confirm-toggle")).to_be_hidden()
    assert "chance the next draw" not in str(page.evaluate("() => document.body.innerText"))
    view = server.get(f"/api/tables/{table_id}/replay")["steps"][-1]["view"]
    result = page.locator("#board .result")
    expect(result).to_be_visible()
    for seat, score in enumerate(view["result"]["scores"]):
        expect(result.locator("li", has_text=view["names"][seat])).to_contain_text(f"{score} pt")


@pytest.mark.slow
def test_a_whole_ra_game_reads_you_and_counts_right(phone: Any, server: Server, patterns: Any) -> None:
    page = phone()
    table_id = open_seat(page, server, "ra")
    rng = random.Random(17)

    def step(page: Page) -> None:
        notations = sorted(clickable(page))
        click_ra(page, "draw" if "draw" in notations and rng.random() < 0.6 else rng.choice(notations))

    wrong = read_whole_game(page, patterns, step)
    assert not wrong, wrong
    assert_finished_table(page, server, table_id)


@pytest.mark.slow
def test_a_whole_ra_and_write_game_reads_you_and_counts_right(phone: Any, server: Server, patterns: Any) -> None:
    page = phone()
    table_id = open_seat(page, server, "write")
    rng = random.Random(23)
    wrong = read_whole_game(page, patterns, lambda page: write_step(page, rng))
    assert not wrong, wrong
    assert_finished_table(page, server, table_id)


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, str]:
    """A table of bots for each game, played to the end (the bots play fast on the test server): game → id."""
    games = ["ra", "write"]
    seats = [{"kind": "bot", "bot": "random"}] * 2  # two players: the shortest games
    ids = {game: str(server.post("/api/tables", {"game": game, "options": {}, "seats": seats})["id"]) for game in games}
    deadline = time.monotonic() + 180
    waiting = dict(ids)
    while waiting and time.monotonic() < deadline:
        for game, table_id in list(waiting.items()):
            if server.get(f"/api/tables/{table_id}")["status"] == "finished":
                del waiting[game]
        time.sleep(0.3)
    assert not waiting, f"the bots did not finish {waiting}"
    return ids


@pytest.mark.parametrize("game", ["ra", "write"])
def test_a_finished_game_keeps_no_live_control_and_shows_the_final_score(
    phone: Any, server: Server, finished: dict[str, str], game: str
) -> None:
    table_id = finished[game]
    page = phone()
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_function("() => document.body.dataset.turn === 'over'")
    assert_finished_table(page, server, table_id)
    assert_layout_holds(page, f"the finished {game} table")
    # The rules are one click away from the table (item 2).
    meta = next(g for g in server.get("/api/meta")["games"] if g["name"] == game)
    expect(page.locator("#rules-link")).to_have_attribute("href", meta["rules"])
    expect(page.locator("#rules-link")).to_have_text(f"Rules of {meta['title']}")
    # The replay opens at the start and shows the score at the move shown: the start's, then the final one.
    page.goto(f"{server.base}/replay/{table_id}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    steps = server.get(f"/api/tables/{table_id}/replay")["steps"]
    final = page.locator("#final")
    expect(final).to_be_visible()
    expect(final.locator("h2")).to_have_text("Score at the start of the game")
    for seat, score in enumerate(steps[0]["view"]["scores"]):
        expect(final.locator("li", has_text=steps[0]["view"]["names"][seat])).to_contain_text(f"{score} pt")
    assert steps[0]["view"]["scores"] != steps[-1]["view"]["result"]["scores"]  # else the test proves nothing
    page.keyboard.press("End")
    expect(final.locator("h2")).to_have_text("Final score")
    for seat, score in enumerate(steps[-1]["view"]["result"]["scores"]):
        expect(final.locator("li", has_text=steps[-1]["view"]["names"][seat])).to_contain_text(f"{score} pt")
    assert page.locator("#board [data-move]").count() == 0  # a replay's positions are looked at, never played


@pytest.mark.parametrize("game", ["ra", "write"])
def test_each_tutorial_links_the_rules_of_its_game(phone: Any, server: Server, game: str) -> None:
    meta = next(g for g in server.get("/api/meta")["games"] if g["name"] == game)
    page = phone()
    page.goto(f"{server.base}/learn/{game}?delay=0")
    link = page.locator("#rules-link")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", meta["rules"])
    expect(link).to_have_text(f"Rules of {meta['title']}")
    assert page.request.get(server.base + meta["rules"]).ok
