"""Browser tests of accounts (issue 29): sign up, create a listed, rated table, take its open seat from the lobby in
a second browser, find it under "my games" on a third, chat (mute, report), finish the game and see both ratings
move on the leaderboard and the player pages."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from lobby_form import create, fill_seats
from playwright.sync_api import Browser, BrowserContext, Page, expect
from websockets.sync.client import connect

from conftest import Server

PASSWORD = "a long enough password"


def new_page(browser: Browser, errors: list[str]) -> tuple[BrowserContext, Page]:
    """A fresh browser (its own cookies) and a page in it; JavaScript errors are collected."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page


def sign_up(page: Page, server: Server, name: str) -> None:
    page.goto(server.base + "/account")
    form = page.locator("#sign-up-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page.locator("#account-name")).to_have_text(name)


def sign_in(page: Page, server: Server, name: str) -> None:
    page.goto(server.base + "/account")
    form = page.locator("#sign-in-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page.locator("#account-name")).to_have_text(name)


def play_out(server: Server, links: list[str]) -> None:
    """Play the table to its end through its seats' WebSockets (first legal action each turn)."""
    base = server.base.replace("http://", "ws://")
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(base + "/ws/" + link.removeprefix("/t/"))) for link in links]

        def state_at(ws: Any, seq: int) -> dict[str, Any]:
            while True:
                message = json.loads(ws.recv(timeout=30))
                if message["type"] == "state" and message["seq"] >= seq:
                    return dict(message)

        states = [state_at(ws, 0) for ws in sockets]
        while states[0]["table"]["status"] != "finished":
            seq = states[0]["seq"]
            mover = next(i for i, s in enumerate(states) if s["view"]["legal_actions"])
            action = states[mover]["view"]["legal_actions"][0]["id"]
            sockets[mover].send(json.dumps({"type": "action", "seq": seq, "action": action}))
            states = [state_at(ws, seq + 1) for ws in sockets]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server of its own: Ann and Bob play a rated game from one machine (one address), which a public server
    takes for rating farming (docs/ACCOUNTS.md, "Ratings"); here the check is off, as a club's operator would set."""
    server = Server(tmp_path, ("--rating-shared-days", "0"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_accounts_open_seats_my_games_chat_and_ratings(browser: Browser, server: Server, shots: Path) -> None:
    errors: list[str] = []
    ann_context, ann = new_page(browser, errors)
    bob_context, bob = new_page(browser, errors)
    phone_context, phone = new_page(browser, errors)
    try:
        sign_up(ann, server, "Ann")
        ann.goto(server.base + "/")
        expect(ann.locator("#account .account-link")).to_have_text("Ann")
        fill_seats(ann, [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Someone"}])
        ann.check("#listing input[name=open_seats]")
        ann.check("#listing input[name=rated]")
        ann_link = create(ann)
        table_id = ann_link.split("/t/")[1].split("?")[0]

        sign_up(bob, server, "Bob")
        bob.goto(server.base + "/")
        seat = bob.locator(f'#open-tables li[data-id="{table_id}"] .join-seat[data-seat="1"]')
        expect(seat).to_be_visible(timeout=15000)
        seat.click()
        bob.wait_for_url(f"**/t/{table_id}**")
        expect(bob.locator("#chat .chat-form")).to_be_visible()

        sign_in(phone, server, "Bob")
        phone.goto(server.base + "/games")
        expect(phone.locator(f'#live-games li[data-id="{table_id}"]')).to_be_visible()
        bob_games = phone.request.get(server.base + "/api/account/games").json()["games"]
        bob_link = next(g["link"] for g in bob_games if g["id"] == table_id)

        ann.goto(server.base + ann_link)
        expect(ann.locator("#chat .chat-form")).to_be_visible()
        ann.fill("#chat .chat-input", "hello from Ann")
        ann.press("#chat .chat-input", "Enter")
        said = bob.locator("#chat .chat-message", has_text="hello from Ann")
        expect(said).to_be_visible()
        said.locator(".chat-report").click()
        expect(bob.locator(".toast", has_text="Reported")).to_be_visible()
        ann.click('#chat .chat-canned button[data-canned="good_game"]')
        expect(bob.locator("#chat .chat-message", has_text="Good game!")).to_be_visible()
        bob.locator("#chat .chat-message", has_text="Good game!").locator(".chat-mute").click()
        expect(bob.locator("#chat .chat-message", has_text="Ann")).to_have_count(0)
        bob.screenshot(path=str(shots / "accounts-chat.png"))

        ann_games = ann.request.get(server.base + "/api/account/games").json()["games"]
        ann_seat = next(g["link"] for g in ann_games if g["id"] == table_id)
        play_out(server, [ann_seat, bob_link])

        deadline = time.monotonic() + 30  # the results sweep records the game within a few seconds
        while len(ann.request.get(server.base + "/api/ratings/ra").json()["players"]) < 2:
            assert time.monotonic() < deadline, "the game was not rated"
            time.sleep(0.2)
        ann.goto(server.base + "/ratings?game=ra")
        rows = ann.locator("#leaderboard tr")
        expect(rows.filter(has_text="Ann")).to_have_count(1, timeout=15000)
        expect(rows.filter(has_text="Bob")).to_have_count(1)
        ann.screenshot(path=str(shots / "accounts-leaderboard.png"))
        rows.filter(has_text="Bob").locator("a").click()
        expect(ann.locator("#player-name")).to_have_text("Bob")
        expect(ann.locator(".rating-plot circle")).to_have_count(1)
        expect(ann.locator("#win-shares tr")).to_have_count(1)
        ann.screenshot(path=str(shots / "accounts-player.png"))

        phone.goto(server.base + "/games")
        expect(phone.locator(f'#finished-games li[data-id="{table_id}"] a', has_text="Replay")).to_be_visible()
    finally:
        for context in (ann_context, bob_context, phone_context):
            context.close()
    assert not errors, f"JavaScript errors on the pages: {errors}"
