"""Browser tests of the pages' security and resilience (issue 10, the browser side).

- No inline script or style anywhere: the static files are checked, and the pages run under the server's strict
  Content-Security-Policy (script-src and style-src 'self') without a single violation.
- The seat page takes its token out of the address bar (kept in this tab's sessionStorage) and survives a reload;
  an invite link still works in another browser.
- The creator recovers a table's invite links with the creator token the lobby keeps.
- The server's answers reach the player: an `unavailable` error (storage down) is shown and the action retried;
  an illegal action gets the engine's own words.
"""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lobby_form import create, fill_seats, option
from moves_check import clickable
from playwright.sync_api import Browser, Page, Response, WebSocketRoute, expect

if TYPE_CHECKING:
    from conftest import Server

STATIC = Path(__file__).resolve().parents[2] / "src" / "ra" / "server" / "static"
READY = "() => document.body.dataset.seq !== undefined"
MY_TURN = "() => document.body.dataset.turn === 'mine' && !document.body.classList.contains('pending')"
# Ways of putting markup, styles or code in from strings, none of which the browser code may use.
FORBIDDEN_JS = re.compile(
    r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|setAttribute\(\s*[\"']style|\.style\.cssText|"
    r"\beval\(|new Function\(|setTimeout\(\s*[\"'`]|setInterval\(\s*[\"'`]"
)


class InlineFinder(HTMLParser):
    """Collects inline scripts, inline styles and inline event handlers of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        self.found += [f"{tag}[{name}]" for name in names if name == "style" or name.startswith("on")]


def test_static_files_have_no_inline_script_or_style() -> None:
    """HTML without inline script, style or handlers; JS that never writes markup, styles or code from strings."""
    pages = sorted(STATIC.glob("*.html"))
    assert pages, STATIC
    for page in pages:
        finder = InlineFinder()
        finder.feed(page.read_text(encoding="utf-8"))
        assert not finder.found, f"{page.name}: {finder.found}"
    for script in sorted((STATIC / "js").rglob("*.js")):
        for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
            assert not FORBIDDEN_JS.search(line), f"{script.relative_to(STATIC)}:{number}: {line.strip()}"


def strict(page: Page) -> tuple[list[str], list[str]]:
    """Collect the policy violations the browser reports and the Content-Security-Policy of every page loaded.

    The pages get the server's own policy (a page fulfilled by the test instead would lose its loopback address,
    and Chromium's local-network checks would then refuse its WebSocket).
    """
    violations: list[str] = []
    policies: list[str] = []

    def on_response(response: Response) -> None:
        if response.request.resource_type == "document":
            policies.append(response.headers.get("content-security-policy", ""))

    page.on("response", on_response)
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) => console.error("
        "'Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
    )
    return violations, policies


def assert_strict(policy: str) -> None:
    """The policy allows scripts and styles from the server only: no inline code, no inline style."""
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    for name in ("script-src", "style-src"):
        assert directives.get(name) == ["'self'"], f"{name} in {policy!r}"


def play(page: Page, moves: int) -> None:
    """Make a few moves of the viewer by clicking the first legal element each time (RA and Write: two steps)."""
    for _ in range(moves):
        page.wait_for_function(MY_TURN, timeout=30_000)
        seq = page.evaluate("() => document.body.dataset.seq")
        step = page.locator("#board .w-card[data-step]:not(.selected)")
        if not clickable(page) and step.count():
            step.first.click()
        page.locator("#board [data-move]").first.click()
        if page.locator("#confirm[open]").count():  # a bid with the viewer's highest sun disk asks first
            page.click("#confirm-yes")
        page.wait_for_function("(s) => document.body.dataset.seq !== s", arg=seq, timeout=30_000)


def finished_table(server: Server) -> str:
    """A 2-player Ra game of two random bots, played to its end."""
    answer = server.post("/api/tables", {
        "game": "ra", "options": {}, "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    })  # fmt: skip
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{answer['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.5)
    return str(answer["id"])


def test_pages_run_under_a_strict_csp(page: Page, server: Server) -> None:
    """Lobby, both games' tables and the replay page work under script-src/style-src 'self' with no violation."""
    violations, policies = strict(page)
    page.goto(server.base + "/")
    expect(page.locator(option("scores_visible"))).to_be_visible()
    fill_seats(page, [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    page.goto(server.base + create(page))
    page.wait_for_function(READY)
    play(page, 3)

    page.goto(server.base + "/")
    page.select_option("#game", "write")
    fill_seats(page, [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    page.goto(server.base + create(page))
    page.wait_for_function(READY)
    play(page, 3)
    # The sheet's grids take their column count from the view through a CSS custom property, not a style attribute.
    assert page.evaluate("() => getComputedStyle(document.querySelector('.ws-civ-grid')).getPropertyValue('--cols')")

    page.goto(f"{server.base}/replay/{finished_table(server)}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.click("#last")
    expect(page.locator(".result")).to_be_visible()
    assert not violations, violations
    assert len(policies) >= 5, policies
    for policy in policies:
        assert_strict(policy)


def new_table(server: Server, *people: str) -> dict[str, Any]:
    """A Ra table of these persons, then random bots up to three seats, made through the API; the answer."""
    seats = [{"kind": "person", "name": name} for name in people]
    seats += [{"kind": "bot", "bot": "random"}] * (3 - len(seats))
    return dict(server.post("/api/tables", {"game": "ra", "options": {}, "seats": seats}))


def test_the_seat_token_leaves_the_address_bar(browser: Browser, server: Server) -> None:
    """The token moves to sessionStorage: not in the URL, still the seat after a reload, a spectator in a new tab."""
    answer = new_table(server, "Ann", "Bob")
    table_id = answer["id"]
    ann_ctx = browser.new_context()
    bob_ctx = browser.new_context()
    try:
        ann = ann_ctx.new_page()
        ann.goto(server.base + answer["seats"][0]["invite"])
        ann.wait_for_function(READY)
        assert ann.url == f"{server.base}/t/{table_id}", ann.url
        assert "token" not in ann.evaluate("() => location.href + document.referrer")
        stored = json.loads(ann.evaluate(f"() => sessionStorage.getItem('ra.seat.{table_id}')"))
        assert stored["seat"] == 0 and stored["token"]
        ann.reload()
        ann.wait_for_function(READY)
        expect(ann.locator("#me")).to_be_visible()
        expect(ann.locator("#rename-input")).to_have_value("Ann")
        expect(ann.locator("#spectator-note")).to_be_hidden()
        # Another tab of the same browser, without a link, only watches.
        watcher = ann_ctx.new_page()
        watcher.goto(f"{server.base}/t/{table_id}")
        watcher.wait_for_function(READY)
        expect(watcher.locator("#spectator-note")).to_be_visible()
        # An invite link opened in another browser still seats its player, and leaves the address bar too.
        bob = bob_ctx.new_page()
        bob.goto(server.base + answer["seats"][1]["invite"])
        bob.wait_for_function(READY)
        assert "token" not in bob.url
        expect(bob.locator("#rename-input")).to_have_value("Bob")
        # Whoever is to move can, from the page they reloaded or opened.
        mover = ann if ann.evaluate("() => document.body.dataset.turn") == "mine" else bob
        play(mover, 1)
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_the_creator_recovers_the_invite_links(browser: Browser, server: Server) -> None:
    """The lobby keeps the creator token per table: "Invite links" and "My seat" work after the page is gone."""
    ann_ctx = browser.new_context()
    bob_ctx = browser.new_context()
    try:
        ann = ann_ctx.new_page()
        ann.goto(server.base + "/")
        fill_seats(ann, [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"},
                         {"kind": "bot", "bot": "random"}])  # fmt: skip
        create(ann)
        bob_link = ann.locator("#created-links .invite input").first.input_value()
        table_id = re.sub(r"^.*/t/([^?]+).*$", r"\1", bob_link)
        creator = json.loads(ann.evaluate(f"() => localStorage.getItem('ra.created.{table_id}')"))
        assert creator["creator"] and creator["mySeat"] == 0
        ann.reload()  # the creation answer is gone from the page
        item = ann.locator(f'#live-tables li[data-id="{table_id}"]')
        item.locator(".show-invites").click()
        links = item.locator(".table-invites .invite input")
        expect(links).to_have_count(2)
        expect(links.nth(1)).to_have_value(bob_link)
        # Bob opens the recovered link in his own browser.
        bob = bob_ctx.new_page()
        bob.goto(bob_link)
        bob.wait_for_function(READY)
        expect(bob.locator("#rename-input")).to_have_value("Bob")
        # "My seat" takes Ann to her own seat.
        ann.goto(server.base + "/")
        ann.locator(f'#live-tables li[data-id="{table_id}"] .my-seat').click()
        ann.wait_for_function(READY)
        expect(ann.locator("#rename-input")).to_have_value("Ann")
        assert "token" not in ann.url
        # Her table page offers the links of the seats still free (none: Bob took his).
        expect(ann.locator("#invites")).to_be_visible()
    finally:
        ann_ctx.close()
        bob_ctx.close()


# The first clickable move is sent at once: no second look at a bid with the highest sun disk.
NO_CONFIRM = "localStorage.setItem('ra.confirm', '0')"


def intercept_first_action(page: Page, reply: Any) -> dict[str, Any]:
    """Route the page's WebSocket through the test: `reply(route, server, message)` handles the first action.

    Every other message goes through unchanged. Returns what was seen: the actions sent.
    """
    seen: dict[str, Any] = {"actions": []}

    def handler(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "action":
                seen["actions"].append(msg)
                if len(seen["actions"]) == 1:
                    reply(ws, server, msg)
                    return
            server.send(message)

        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/"), handler)
    return seen


def test_storage_down_is_explained_and_the_move_retried(page: Page, server: Server) -> None:
    """An `unavailable` answer shows "cannot save moves right now; retrying" and the page sends the move again."""

    def unavailable(ws: WebSocketRoute, _server: WebSocketRoute, _msg: dict[str, Any]) -> None:
        ws.send(json.dumps({"type": "error", "code": "unavailable", "message": "the database is not answering"}))

    seen = intercept_first_action(page, unavailable)
    page.add_init_script(NO_CONFIRM)
    page.goto(server.base + new_table(server, "Ann")["seats"][0]["invite"])
    page.wait_for_function(MY_TURN)
    seq = page.evaluate("() => document.body.dataset.seq")
    page.locator("#board [data-move]").first.click()
    expect(page.locator("#message")).to_contain_text("cannot save moves right now; retrying")
    expect(page.locator("#message")).to_have_attribute("data-code", "unavailable")
    # The retry (after about a second) goes through: the move lands and the message goes away.
    page.wait_for_function("(s) => Number(document.body.dataset.seq) > Number(s)", arg=seq, timeout=15_000)
    expect(page.locator("#message")).to_be_hidden()
    assert len(seen["actions"]) == 2 and seen["actions"][0] == seen["actions"][1], seen


def test_an_illegal_move_gets_the_engines_words(page: Page, server: Server) -> None:
    """A move the engine refuses (here: rewritten on its way) is answered in the engine's words, and nothing moves."""

    def rewrite(_ws: WebSocketRoute, to_server: WebSocketRoute, msg: dict[str, Any]) -> None:
        # "done" ends spending gods, which the viewer never starts a decision with: illegal whatever the phase.
        to_server.send(json.dumps({**msg, "move": "done"}))

    intercept_first_action(page, rewrite)
    page.add_init_script(NO_CONFIRM)
    page.goto(server.base + new_table(server, "Ann")["seats"][0]["invite"])
    page.wait_for_function(MY_TURN)
    seq = page.evaluate("() => document.body.dataset.seq")
    move = page.locator("#board [data-move]").first
    notation = move.get_attribute("data-move")
    move.click()
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#message")).to_have_attribute("data-code", "illegal")
    expect(page.locator("#message")).not_to_be_empty()
    assert page.evaluate("() => document.body.dataset.seq") == seq
    # The player can go on: the same click now goes through.
    page.locator(f'#board [data-move="{notation}"]').first.click()
    page.wait_for_function("(s) => document.body.dataset.seq !== s", arg=seq)
