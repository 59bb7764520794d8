"""Browser test of the in-page turn notice (issue 30, notices): turned on on the account page (Chromium's
notifications permission granted through the browser context), the table page's toggle shows it on, and a browser
notification appears when the turn comes while the page is hidden; turned off at the table, the title blinks."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser_accounts import sign_up
from websockets.sync.client import connect

if TYPE_CHECKING:
    from conftest import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The page's visibility, set by the test (a headless page is never hidden by itself), and every notification made.
WATCH = """
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden, configurable: true });
window.__shown = [];
const Real = window.Notification;
class Recorded extends Real {
  constructor(title, options) { super(title, options); window.__shown.push({ title, body: options && options.body }); }
}
Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
Recorded.requestPermission = (...args) => Real.requestPermission(...args);
window.Notification = Recorded;
"""


def state_at(ws: Any, seq: int) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "state" and message["seq"] >= seq:
            return dict(message)


def play_until_turn_of(server: Server, links: list[str], seat: int) -> None:
    """Play first legal actions over both seats' WebSockets until `seat` must act after a move of the other."""
    base = server.base.replace("http://", "ws://")
    paths = [base + "/ws/" + link.removeprefix("/t/") for link in links]
    with connect(paths[0]) as first, connect(paths[1]) as second:
        sockets = [first, second]
        states = [state_at(ws, 0) for ws in sockets]
        moved_other = False
        while not (moved_other and states[seat]["view"]["legal_actions"]):
            seq = states[0]["seq"]
            mover = next(i for i, s in enumerate(states) if s["view"]["legal_actions"])
            moved_other = mover != seat
            action = states[mover]["view"]["legal_actions"][0]["id"]
            sockets[mover].send(json.dumps({"type": "action", "seq": seq, "action": action}))
            states = [state_at(ws, seq + 1) for ws in sockets]


def hide(page: Page, hidden: bool) -> None:
    page.evaluate("h => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }", hidden)


def test_the_notification_toggle_and_a_notice_on_a_hidden_page(browser: Browser, server: Server) -> None:
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce")
    context.grant_permissions(["notifications"], origin=server.base)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        sign_up(page, server, "Nora")
        form = page.locator("#notices-form")
        expect(form).to_be_visible()
        expect(page.locator("#notices-state")).to_contain_text("sends no e-mail")  # no SMTP on this server
        form.locator("input[name=browser]").check()
        form.locator("button[type=submit]").click()
        expect(page.locator(".toast").last).to_be_visible()
        assert page.evaluate("() => localStorage.getItem('ra.notify')") == "1"
        assert page.request.get(server.base + "/api/account/notices").json()["browser"] is True

        seats = [{"kind": "person", "name": "Nora"}, {"kind": "person", "name": "Otto"}]
        table = server.post("/api/tables", {"game": "ra", "seats": seats})
        links = [s["invite"] for s in table["seats"]]
        page.goto(server.base + links[0])
        page.locator("#settings > summary").click()  # the table's settings menu
        expect(page.locator("#notify-toggle")).to_be_visible()
        expect(page.locator("#notify")).to_be_checked()
        page.wait_for_function("() => document.title !== 'Ra — table'")  # the first state has come

        hide(page, True)
        play_until_turn_of(server, links, 0)
        page.wait_for_function("() => window.__shown.length > 0", timeout=15000)
        shown = page.evaluate("() => window.__shown")
        assert shown[0]["title"] == "Your turn" and shown[0]["body"] == "It is your turn at Ra."
        hide(page, False)

        page.locator("#notify").uncheck()  # off at the table: the title blinks instead
        assert page.evaluate("() => localStorage.getItem('ra.notify')") == "0"
        hide(page, True)
        play_until_turn_of(server, links, 0)
        page.wait_for_function("() => document.title.startsWith('○')", timeout=15000)
        assert len(page.evaluate("() => window.__shown")) == 1
        hide(page, False)
        page.wait_for_function("() => !document.title.startsWith('○')", timeout=5000)
        assert not errors, errors
    finally:
        context.close()
