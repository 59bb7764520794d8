"""axe-core's WCAG 2.2 AA rules over every kind of page: 0 violations.

The lobby, both rules pages and tutorials, a Ra and an RA and Write table mid-game and at the end, a replay, the
account pages signed out and in (its bots and a token just made), a table's invite panel with a bot account invited,
the ratings page and a player page. axe-core is an npm devDependency
(`npm ci` installs it); it is injected into each page, so the contexts bypass the pages' CSP for that script only.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from lobby_form import create, fill_seats
from playwright.sync_api import Browser, BrowserContext, Page, expect
from websockets.sync.client import connect

if TYPE_CHECKING:
    from conftest import Server

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PASSWORD = "a long enough password"
LESSON_READY = "() => document.body.dataset.learnState === 'yours'"
RUN_AXE = """async (tags) => {
  const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
  return result.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(" | "));
}"""

pytestmark = pytest.mark.skipif(not AXE.exists(), reason="node_modules/axe-core is missing (run `npm ci`)")


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    # bypass_csp: the pages allow only their own scripts, and axe is injected as an inline one.
    context = browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce", bypass_csp=True)
    try:
        yield context
    finally:
        context.close()


def violations(page: Page) -> list[str]:
    """What axe finds on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    return list(page.evaluate(RUN_AXE, TAGS))


def check(page: Page, url: str, ready: str = "() => true") -> list[str]:
    """Open `url`, wait until it has drawn (`ready`, then the network at rest) and run axe: its findings, named."""
    page.goto(url)
    page.wait_for_function(ready)
    page.wait_for_load_state("networkidle")
    return [f"{url}: {found}" for found in violations(page)]


def play_to_end(server: Server, invite: str) -> None:
    """Play the seat of `invite` to the game's end (its first legal action each time) while bots play theirs."""
    base = server.base.replace("http://", "ws://")
    with connect(base + "/ws/" + invite.removeprefix("/t/")) as ws:
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] != "state":
                continue
            if message["view"]["phase"] == "over":
                return
            legal = message["view"]["legal_actions"]
            if legal:
                ws.send(json.dumps({"type": "action", "seq": message["seq"], "action": legal[0]["id"]}))


def new_table(server: Server, game: str) -> str:
    """A table of one person and one random bot: the person's seat link."""
    answer: dict[str, Any] = server.post("/api/tables", {
        "game": game, "options": {}, "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
    })  # fmt: skip
    return str(answer["seats"][0]["invite"])


def test_no_violations_on_plain_pages(context: BrowserContext, server: Server) -> None:
    page = context.new_page()
    found: list[str] = []
    for path in ("/", "/rules/ra", "/rules/write", "/ratings?game=ra", "/account", "/games"):
        found += check(page, server.base + path)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_no_violations_on_game_pages(context: BrowserContext, server: Server, game: str) -> None:
    """The tutorial, a table mid-game (the viewer to act) and at its end, and its replay."""
    page = context.new_page()
    found = check(page, f"{server.base}/learn/{game}?delay=0", LESSON_READY)
    invite = new_table(server, game)
    found += check(page, server.base + invite, "() => document.body.dataset.turn === 'mine'")
    play_to_end(server, invite)
    found += check(page, server.base + invite, "() => document.body.dataset.turn === 'over'")
    table_id = invite.removeprefix("/t/").split("?")[0]
    found += check(page, f"{server.base}/replay/{table_id}", "() => document.querySelector('#final') !== null")
    assert not found, "\n".join(found)


def sign_up(page: Page, server: Server, name: str) -> None:
    page.goto(server.base + "/account")
    form = page.locator("#sign-up-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page.locator("#account-name")).to_have_text(name)


def test_no_violations_on_people_pages(context: BrowserContext, server: Server) -> None:
    """Signed in: the account (with a bot, its token just made), a table's invite panel with a bot invited, my games,
    a rated game played against a rated bot, the leaderboard, a player page."""
    page = context.new_page()
    found = check(page, server.base + "/account")
    sign_up(page, server, "Axel")
    page.fill("#bot-form input[name=name]", "Axbot")
    page.click("#bot-form button[type=submit]")
    bot = page.locator('#bot-list .bot-item[data-name="Axbot"]')
    bot.locator(".token-form input[name=label]").fill("laptop")
    bot.locator(".create-token").click()
    expect(bot.locator(".new-token-value")).to_be_visible()
    found += [f"/account signed in: {v}" for v in violations(page)]
    page.goto(server.base + "/")
    fill_seats(page, [{"kind": "person", "name": "Axel"}, {"kind": "person", "name": ""}])
    invited = create(page)
    page.goto(server.base + invited)
    page.fill('#invite-list form.bot-invite[data-seat="1"] input[name=bot]', "Axbot")
    page.click('#invite-list form.bot-invite[data-seat="1"] button[type=submit]')
    waiting = "() => document.querySelector('.bot-invite-status')?.textContent.includes('waiting')"
    page.wait_for_function(waiting)
    found += check(page, server.base + invited, waiting)
    page.goto(server.base + "/")
    fill_seats(page, [{"kind": "person", "name": "Axel"}, {"kind": "bot", "bot": "random"}])
    page.check("#listing input[name=rated]")
    page.check("#listing input[name=rated_bots]")
    link = create(page)
    play_to_end(server, link)
    found += check(page, server.base + "/games", "() => document.querySelector('#finished-games li') !== null")
    deadline = time.monotonic() + 90  # the sweep rates it within seconds; a loaded CI machine has taken over 30
    while not (players := page.request.get(server.base + "/api/ratings/ra").json()["players"]):
        assert time.monotonic() < deadline, "the game was not rated"
        time.sleep(0.2)
    found += check(page, server.base + "/ratings?game=ra", "() => document.querySelector('#leaderboard tr a') !== null")
    me = page.request.get(server.base + "/api/account").json()["player"]
    found += check(page, f"{server.base}/players/{me}", "() => document.querySelector('.rating-plot') !== null")
    assert players
    assert not found, "\n".join(found)
