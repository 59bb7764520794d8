"""Browser tests of `ra serve`'s pages: lobby → table → a complete game by clicking the board → replay.

Each test drives Debian's Chromium through Playwright against a real server (conftest.py). The page exposes what
it shows on <body>: data-seq (actions applied), data-phase, and data-turn ("mine" when the viewer must act,
"other", "over"); board elements that send a legal action carry data-move (its notation). At every decision of
the viewer the page must offer exactly the engine's legal actions (moves_check.py).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

from lobby_form import create, fill_seats
from moves_check import assert_offers_engine_moves, clickable
from playwright.sync_api import Browser, Page, expect

from ra.games import replay

if TYPE_CHECKING:
    from conftest import Server

PENDING_DONE = "() => !document.body.classList.contains('pending')"
READY = "() => document.body.dataset.seq !== undefined"
MY_TURN_OR_OVER = (
    "() => ['mine', 'over'].includes(document.body.dataset.turn) && !document.body.classList.contains('pending')"
)


def table_id_of(page: Page) -> str:
    match = re.search(r"/t/([^?]+)", page.url)
    assert match, page.url
    return match.group(1)


class Seat:
    """A person seat of a table: its page and the secrets the test keeps to ask the server what is legal."""

    def __init__(self, page: Page, server: Server, invite: str) -> None:
        query = parse_qs(urlparse(invite).query)
        self.page, self.server = page, server
        self.table_id = urlparse(invite).path.rsplit("/", 1)[-1]
        self.seat, self.token = int(query["seat"][0]), query["token"][0]

    def check(self) -> None:
        """The page offers exactly the engine's legal actions for this seat."""
        assert_offers_engine_moves(self.page, self.server, self.table_id, self.seat, self.token)


def wait_turn(page: Page, timeout: float = 30_000) -> str:
    """Wait until the viewer must act or the game is over; returns "mine" or "over"."""
    page.wait_for_function(MY_TURN_OR_OVER, timeout=timeout)
    return str(page.evaluate("() => document.body.dataset.turn"))


def legal_notations(page: Page) -> list[str]:
    return sorted(clickable(page))


ANSWERED = "(seq) => document.body.dataset.seq !== seq || !document.querySelector('#message').hidden"


def click_action(page: Page, notation: str) -> None:
    """Click the board element of a legal action (confirming it if the page asks) and wait for the server's answer."""
    seq = page.evaluate("() => document.body.dataset.seq")
    page.locator(f'#board [data-move="{notation}"]').first.click()
    page.wait_for_function(f"(seq) => ({ANSWERED})(seq) || document.querySelector('#confirm').open", arg=seq)
    if page.evaluate("() => document.querySelector('#confirm').open"):  # a bid with our highest sun disk
        page.click("#confirm-yes")
        page.wait_for_function(ANSWERED, arg=seq)


def choose(notations: list[str], rng: random.Random, want: set[str]) -> str:
    """A random legal action, preferring kinds we still want a screenshot of (gods), and drawing often."""
    for prefix in sorted(want):
        hits = [n for n in notations if n.startswith(prefix)]
        if hits:
            return rng.choice(hits)
    if "draw" in notations and rng.random() < 0.5:
        return "draw"
    return rng.choice(notations)


def shoot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def create_in_lobby(page: Page, server: Server, seats: list[dict[str, str]]) -> str:
    """Fill the lobby's form with `seats` ({"kind": "person", "name"} / {"kind": "bot", "bot"}) and create.

    Returns the creator's own seat link.
    """
    page.goto(server.base + "/")
    fill_seats(page, seats)
    return create(page)


def play_until_over(seat: Seat, rng: random.Random, folder: Path, reload_at: int) -> int:
    """Play the viewer's seat by clicking legal board elements until the game ends; returns our move count.

    Before each of our moves the page is checked to offer exactly the engine's legal actions.
    """
    page = seat.page
    want = {"god:"}
    shot: set[str] = set()
    moves = 0
    while wait_turn(page) == "mine":
        seat.check()
        phase = page.evaluate("() => document.body.dataset.phase")
        if phase == "auction" and "auction" not in shot:
            shot.add("auction")
            shoot(page, folder, "02-auction")
        if phase in ("gods", "disaster") and phase not in shot:
            shot.add(phase)
            shoot(page, folder, f"03-{phase}")
        if page.locator(".epoch-scores").count() and "epoch" not in shot:
            shot.add("epoch")
            page.locator(".epoch-scores").first.scroll_into_view_if_needed()
            shoot(page, folder, "04-epoch-scoring")
        notations = legal_notations(page)
        bids = [n for n in notations if n.startswith("bid:")]
        if "god:" in want and bids and page.locator("#board .auction-track .k-god").count():
            # Win gods when we can, so that the game also shows a god spend.
            notation = max(bids, key=lambda n: int(n.split(":")[1]))
        else:
            notation = choose(notations, rng, want)
        if notation.startswith("god:") and "god" not in shot:
            shot.add("god")
            want.discard("god:")
            shoot(page, folder, "03-god-spend")  # the auction track's tiles glow as god targets
        click_action(page, notation)
        moves += 1
        if moves == reload_at:
            page.reload()
            page.wait_for_function(READY)
    return moves


def test_full_game_through_the_page(page: Page, server: Server, shots: Path) -> None:
    """Lobby → one person and two bots → a complete 3-player game by clicks, with a reload in the middle."""
    mine = create_in_lobby(page, server, [
        {"kind": "person", "name": "Ann <b>&"},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "bot", "bot": "random"},
    ])  # fmt: skip
    # The invite panel lists the spectator link; only the creator's own seat is behind the button.
    expect(page.locator("#created-links .spectate input")).to_have_value(re.compile(r"/t/[^?]+$"))
    page.click("#go-seat")
    page.wait_for_function(READY)
    table_id = table_id_of(page)
    seat = Seat(page, server, mine)
    # A name with markup stays text.
    expect(page.locator(".player.viewer .player-name")).to_have_text("Ann <b>&")
    shoot(page, shots, "01-start")

    moves = play_until_over(seat, random.Random(2024), shots, reload_at=15)
    assert moves > 10

    expect(page.locator(".result")).to_be_visible()
    page.locator(".result").scroll_into_view_if_needed()
    shoot(page, shots, "05-final-result")
    shown = page.eval_on_selector_all(
        ".final-scores li", "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.score)])"
    )
    record: dict[str, Any] = server.get(f"/api/tables/{table_id}/record")
    state = replay(record)
    assert state.is_terminal()
    expected = state.scores()
    assert sorted(map(tuple, shown)) == sorted(enumerate(expected))
    # The winner is marked on the board and named in the result.
    winners = state.winners()
    for winner in winners:
        expect(page.locator(f'.player[data-seat="{winner}"]')).to_have_class(re.compile(r"\bwinner\b"))
    # Three epoch tables; each one's last row ends at the score the next one starts from, the last at the final.
    expect(page.locator(".epoch-scores")).to_have_count(3)
    final_row = page.locator('.epoch-scores[data-epoch="3"] tr.total td')
    for column, score in enumerate(expected):
        expect(final_row.nth(column)).to_have_text(re.compile(rf"→ {score}$"))
    expect(page).to_have_title(re.compile("Game over"))

    # The finished table is listed in the lobby with a replay link; the replay steps through every move.
    page.goto(server.base + "/")
    link = page.locator(f'#finished-tables li[data-id="{table_id}"] a', has_text="Replay")
    expect(link).to_be_visible(timeout=10_000)
    link.click()
    page.wait_for_function("() => document.body.dataset.step === '0'")
    last = len(record["moves"])
    expect(page.locator("#slider")).to_have_attribute("max", str(last))
    page.click("#forward")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    expect(page.locator("#move-text")).not_to_be_empty()
    page.click("#back")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.click("#last")
    page.wait_for_function(f"() => document.body.dataset.step === '{last}'")
    expect(page.locator(".result")).to_be_visible()
    page.locator("#slider").fill(str(last // 2))
    page.wait_for_function(f"() => document.body.dataset.step === '{last // 2}'")
    shoot(page, shots, "06-replay")
    # Whoever spent a god or chose a War/Earthquake loss, the replay shows that moment (step i + 1 follows move i).
    for prefix, name in (("god:", "06-replay-god-spend"), ("lose:", "06-replay-disaster")):
        index = next((i for i, m in enumerate(record["moves"]) if m["action"].startswith(prefix)), None)
        if index is not None:
            step = index if prefix == "lose:" else index + 1  # a loss: the choice still open; a god: the tile taken
            page.locator("#slider").fill(str(step))
            page.wait_for_function(f"() => document.body.dataset.step === '{step}'")
            shoot(page, shots, name)


def test_second_player_joins_by_invite(browser: Browser, server: Server, shots: Path) -> None:
    """A second browser context opens the invite link, renames itself and moves for its seat; both screens agree."""
    ann_ctx = browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce")
    bob_ctx = browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce")
    try:
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        mine = create_in_lobby(ann, server, [
            {"kind": "person", "name": "Ann"},
            {"kind": "person", "name": "Bob"},
            {"kind": "bot", "bot": "random"},
        ])  # fmt: skip
        invite = ann.locator("#created-links .invite input").first.input_value()
        assert "seat=1" in invite and "token=" in invite
        ann.click("#go-seat")
        ann.wait_for_function(READY)
        # The creator's table page offers the invite link of the still free seat.
        expect(ann.locator("#invites")).to_be_visible()
        expect(ann.locator("#invite-list .invite input").first).to_have_value(invite)

        bob.goto(invite)
        bob.wait_for_function(READY)
        seats = {"ann": Seat(ann, server, mine), "bob": Seat(bob, server, invite)}
        # The rules panel is at hand and cites the rules' sections.
        bob.click("#rules summary")
        expect(bob.locator("#rules-body")).to_contain_text("§5")
        # A spectator sees the board but has nothing to click.
        spectator = ann_ctx.new_page()
        spectator.goto(f"{server.base}/t/{table_id_of(ann)}")
        spectator.wait_for_function(READY)
        expect(spectator.locator("#spectator-note")).to_be_visible()
        expect(spectator.locator("#board [data-move], #board [data-step]")).to_have_count(0)
        spectator.close()
        bob.fill("#rename-input", "Bobby")
        bob.click("#rename-form button[type=submit]")
        expect(ann.locator('.player[data-seat="1"] .player-name')).to_have_text("Bobby")

        rng = random.Random(5)
        bob_moves = 0
        idle_checked = False
        for _ in range(200):
            if bob_moves >= 3:
                break
            ann.wait_for_function(READY)
            turns = {name: p.evaluate("() => document.body.dataset.turn") for name, p in (("ann", ann), ("bob", bob))}
            if "over" in turns.values():
                break
            if turns["bob"] == "mine" and not idle_checked:
                # While Bob decides, Ann's board offers nothing, as the engine says (no legal action of hers).
                seats["ann"].check()
                expect(ann.locator("#board .bag-button")).to_be_disabled()
                idle_checked = True
            for name, p in (("ann", ann), ("bob", bob)):
                if turns[name] == "mine":
                    seats[name].check()
                    seq = p.evaluate("() => document.body.dataset.seq")
                    click_action(p, choose(legal_notations(p), rng, set()))
                    if name == "bob":
                        bob_moves += 1
                        # Bob's move reaches Ann's screen and log.
                        ann.wait_for_function("(s) => Number(document.body.dataset.seq) > Number(s)", arg=seq)
                        expect(ann.locator("#log")).to_contain_text("Bobby")
            if "mine" not in turns.values():
                ann.wait_for_timeout(50)
        assert bob_moves >= 3
        assert idle_checked
        shoot(bob, shots, "07-second-player")
    finally:
        ann_ctx.close()
        bob_ctx.close()


def _person_and_bots(server: Server) -> str:
    answer = server.post("/api/tables", {
        "game": "ra", "options": {"scores_visible": True},
        "seats": [{"kind": "person", "name": "Nefertari"}, {"kind": "bot", "bot": "random"},
                  {"kind": "bot", "bot": "random"}],
    })  # fmt: skip
    return str(answer["seats"][0]["invite"])


def test_phone_width_has_no_horizontal_overflow(browser: Browser, server: Server, shots: Path) -> None:
    """At 390 px the lobby and the board fit the screen width."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        expect(page.locator("#seats > li")).to_have_count(3)
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        shoot(page, shots, "08-phone-lobby")

        page.goto(server.base + _person_and_bots(server))
        page.wait_for_function(READY)
        rng = random.Random(11)
        for _ in range(12):  # a few moves so the board holds tiles and disks have moved
            if wait_turn(page) == "over":
                break
            click_action(page, choose(legal_notations(page), rng, set()))
        wait_turn(page)
        widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], f"horizontal overflow at phone width: {widths}"
        box = page.locator(".board").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        shoot(page, shots, "09-phone-table")
    finally:
        context.close()


def test_page_resumes_after_server_restart(page: Page, own_server: Server) -> None:
    """The server goes away and comes back: the page reconnects by itself and play goes on."""
    page.goto(own_server.base + _person_and_bots(own_server))
    page.wait_for_function(READY)
    rng = random.Random(3)
    wait_turn(page)
    click_action(page, choose(legal_notations(page), rng, set()))
    wait_turn(page)
    seq = page.evaluate("() => document.body.dataset.seq")
    own_server.stop()
    expect(page.locator("#conn")).to_have_class(re.compile("conn-closed"), timeout=10_000)
    own_server.start()
    expect(page.locator("#conn")).to_have_class(re.compile("conn-open"), timeout=20_000)
    assert page.evaluate("() => document.body.dataset.seq") == seq
    assert wait_turn(page) == "mine"
    click_action(page, choose(legal_notations(page), rng, set()))
    page.wait_for_function("(s) => Number(document.body.dataset.seq) > Number(s)", arg=seq)


def test_wrong_token_is_explained(page: Page, server: Server) -> None:
    """A mistyped invite link gets the server's refusal on the page, not a silent spectator board."""
    invite = _person_and_bots(server)
    page.goto(server.base + re.sub(r"token=[^&]+", "token=wrong", invite))
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#message")).not_to_be_empty()
    expect(page.locator("#board [data-move]")).to_have_count(0)
