"""A turn-based game between two browsers over simulated days (issue 30; docs/ACCOUNTS.md "Turn notices"): on a
clock the test moves (`ra serve --test-time-file`) and a local SMTP server (aiosmtpd writing a Maildir), Ann creates
a turn-based table from the lobby, Bob keeps his invited seat, and whoever must wait closes the page. The move that
hands them the turn mails them once, after the grace; the mail's link brings their signed-in browser to the seat and
they move. The other player, watching, gets no mail; a day later their time per move runs out and a bot plays for
them until they say they are back."""

from __future__ import annotations

import mailbox
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox
from lobby_form import create, fill_seats
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_browser_accounts import PASSWORD
from test_browser_table import READY, click_action, legal_notations, wait_turn

from conftest import Server
from ra.server.time_source import write_offset

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DAY = 86400
GRACE = 600  # a turn's mail waits this long (simulated): a player who moves at once is not mailed


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Days:
    """The server, the file of its clock's offset (seconds ahead of the system time) and the mail it sent."""

    server: Server
    clock: Path
    mail: Path

    def set(self, seconds: float) -> None:
        write_offset(self.clock, seconds)

    def mails_to(self, address: str, checks: bool = False) -> list[Message]:
        """The notices `address` received (with `checks`: the mails that confirm it instead)."""
        box = mailbox.Maildir(self.mail, create=False)
        found = [message for message in box if address in str(message["To"])]
        return [message for message in found if ("/account/verify?" in mail_text(message)) == checks]


@pytest.fixture
def days(tmp_path: Path) -> Iterator[Days]:
    smtp_port = free_port()
    controller = Controller(Mailbox(tmp_path / "mail"), hostname="127.0.0.1", port=smtp_port)
    controller.start()
    clock = tmp_path / "clock"
    write_offset(clock, 0)
    server = Server(tmp_path)
    server.extra = (
        "--test-time-file", str(clock), "--clock-sweep", "0.2", "--bot-workers", "0",
        "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp_port), "--no-smtp-starttls",
        "--notice-seconds", "0.2", "--notice-grace", str(GRACE), "--base-url", server.base,
    )  # fmt: skip
    server.start()
    try:
        yield Days(server, clock, tmp_path / "mail")
    finally:
        server.stop()
        controller.stop()


def sign_up(page: Page, days: Days, name: str, email: str) -> None:
    """Sign up with an address, then open the link of the mail that confirms it (no notice goes to it before)."""
    page.goto(days.server.base + "/account")
    form = page.locator("#sign-up-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("input[name=email]").fill(email)
    form.locator("button[type=submit]").click()
    expect(page.locator("#account-name")).to_have_text(name)
    expect(page.locator("#email-again")).to_be_visible()  # stored, not confirmed yet
    [check] = days.mails_to(email, checks=True)
    found = re.search(r"\S+/account/verify\?\S+", mail_text(check))
    assert found is not None
    page.goto(found.group())
    expect(page.locator("#account-news")).to_be_visible()
    assert page.url.endswith("/account?email=verified")
    expect(page.locator("#email-again")).to_be_hidden()


def mail_text(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(message.get_content_charset() or "utf-8")


def test_a_turn_based_game_over_days_mails_the_waiting_player_who_follows_the_link(
    browser: Browser, days: Days, shots: Path
) -> None:
    server = days.server
    contexts: list[BrowserContext] = [
        browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce") for _ in "ab"
    ]
    errors: list[str] = []
    try:
        ann, bob = (context.new_page() for context in contexts)
        for page in (ann, bob):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        addresses = ["ann@example.org", "bob@example.org"]
        sign_up(ann, days, "Ann", addresses[0])
        sign_up(bob, days, "Bob", addresses[1])

        ann.goto(server.base + "/")
        fill_seats(ann, [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}])
        ann.select_option("#pace-kind", "turn")
        ann.select_option("#pace-per-move", str(DAY))
        ann.select_option("#pace-timeout", "bot")
        ann.select_option("#pace-level", "easy")
        mine = create(ann)
        invite = str(ann.locator("#created-links .invite-row input").first.input_value())
        ann.goto(mine if mine.startswith("http") else server.base + mine)
        bob.goto(invite)
        bob.click("#keep-seat-button")  # the invited seat is Bob's: "My games" lists it, and turns are mailed
        expect(bob.locator("#keep-seat a")).to_be_visible()
        pages = [ann, bob]
        for page in pages:
            page.wait_for_function(READY)
            page.wait_for_function("() => document.body.dataset.status === 'running'")
        table_id = re.search(r"/t/([^?]+)", ann.url).group(1)  # type: ignore[union-attr]

        # Day 0: the first to act stays; the other closes the page (goes to the lobby) and waits for the mail.
        ann.wait_for_function("() => ['mine', 'other'].includes(document.body.dataset.turn)")
        first = 0 if ann.evaluate("() => document.body.dataset.turn") == "mine" else 1
        mover, waiter = pages[first], pages[1 - first]
        waiter.goto(server.base + "/")
        assert wait_turn(mover) == "mine"
        click_action(mover, "draw")
        mover.wait_for_function("() => document.body.dataset.turn === 'other'", timeout=10_000)
        days.set(GRACE / 2)
        mover.wait_for_timeout(1000)  # five rounds of the sender: within the grace, nothing is sent
        assert not days.mails_to(addresses[1 - first])

        # Two hours later the mail has come, once, with the link to the seat.
        days.set(2 * 3600)
        for _ in range(100):
            if days.mails_to(addresses[1 - first]):
                break
            mover.wait_for_timeout(100)
        [mail] = days.mails_to(addresses[1 - first])
        assert mail["Subject"] == "Your turn at Ra"
        link = f"{server.base}/t/{table_id}/mine?seat={1 - first}"
        assert link in mail_text(mail)
        assert not days.mails_to(addresses[first])  # the mover watched the table

        # The link brings the signed-in waiter to the seat; they move.
        waiter.goto(link)
        waiter.wait_for_function(READY)
        assert wait_turn(waiter) == "mine"
        notations = legal_notations(waiter)
        click_action(waiter, "draw" if "draw" in notations else notations[0])
        waiter.screenshot(path=str(shots / "days-followed-link.png"))

        # The mover watches and so gets no mail; a day later their time per move is up and a bot plays for them.
        mover.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=10_000)
        days.set(2 * 3600 + DAY + 60)
        expect(mover.locator("#back-button")).to_be_visible(timeout=15_000)
        waiter.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=30_000)
        assert not days.mails_to(addresses[first])
        mover.click("#back-button")
        expect(mover.locator("#back-button")).to_be_hidden(timeout=10_000)
        assert len(days.mails_to(addresses[1 - first])) == 1  # one mail for one turn, however long it waited
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()
