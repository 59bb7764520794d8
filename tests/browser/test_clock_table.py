"""A live clock in the browser, on a clock the test moves (`ra serve --test-clock-file`): the table is created with a
clock from the lobby form, the seat's clock counts down on the page, runs out, the seat shows the bot playing while
its person is away, and the person's "I'm back" hands the seat back; leaving the game asks first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lobby_form import create, fill_seats
from playwright.sync_api import Browser, expect

from conftest import Server
from ra.server.clock import write_offset


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    clock = tmp_path / "clock"
    write_offset(clock, 0)
    server = Server(tmp_path, ("--test-clock-file", str(clock), "--clock-sweep", "0.2", "--bot-workers", "0"))
    server.start()
    try:
        yield server, clock
    finally:
        server.stop()


@pytest.mark.slow
def test_a_live_clock_runs_out_the_bot_plays_the_seat_and_the_player_returns(
    browser: Browser, clocked: tuple[Server, Path], shots: Path
) -> None:
    server, clock = clocked
    ann_context = browser.new_context(viewport={"width": 1300, "height": 900})
    bob_context = browser.new_context(viewport={"width": 1300, "height": 900})
    try:
        ann = ann_context.new_page()
        ann.goto(f"{server.base}/")
        fill_seats(ann, [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}])
        expect(ann.locator("#pace-bank")).to_be_hidden()
        ann.select_option("#pace-kind", "live")
        ann.select_option("#pace-bank", "60")
        ann.select_option("#pace-increment", "0")
        ann.select_option("#pace-timeout", "bot")
        ann.select_option("#pace-level", "easy")
        ann.locator("#pace").screenshot(path=str(shots / "lobby-pace.png"))
        mine = create(ann)
        bob_link = str(ann.locator("#created-links .invite-row input").first.input_value())
        ann.goto(f"{server.base}{mine}" if mine.startswith("/") else mine)
        bob = bob_context.new_page()
        bob.goto(bob_link)
        for page in (ann, bob):
            page.wait_for_function("() => document.body.dataset.status === 'running'")
            expect(page.locator("#clocks")).to_be_visible()
        # Whose clock runs: that seat's page has the turn.
        ann.wait_for_function("() => ['mine', 'other'].includes(document.body.dataset.turn)")
        mover, other = (ann, bob) if ann.evaluate("() => document.body.dataset.turn") == "mine" else (bob, ann)
        expect(mover.locator("#board .chip-clock.running")).to_have_count(1)
        running = mover.locator(".seat-clock.running")
        expect(running).to_have_count(1)
        first = running.inner_text()
        expect(running).not_to_have_text(first, timeout=5000)  # it counts down on the page, second by second
        write_offset(clock, 61)  # the mover's minute is over
        expect(mover.locator("#back-button")).to_be_visible(timeout=15_000)
        expect(mover.locator('.clock-row[data-away="true"]')).to_have_count(1)
        expect(other.locator('.clock-row[data-away="true"] .seat-state')).to_be_visible()
        expect(other.locator("#board .chip-clock.away")).to_have_count(1)  # on the seat's chip in the board too
        # The bot plays the away seat's move: the other person is to act.
        other.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=30_000)
        mover.screenshot(path=str(shots / "clock-away.png"))
        mover.click("#back-button")
        expect(mover.locator("#back-button")).to_be_hidden(timeout=10_000)
        expect(other.locator('.clock-row[data-away="true"]')).to_have_count(0)
        # Leaving asks first; staying changes nothing.
        mover.click("#leave-button")
        expect(mover.locator("#leave-dialog")).to_be_visible()
        mover.click("#leave-no")
        expect(mover.locator("#leave-button")).to_be_visible()
        mover.click("#leave-button")
        mover.click("#leave-yes")
        expect(other.locator('.clock-row[data-out="left"]')).to_have_count(1, timeout=10_000)
        expect(mover.locator("#leave-button")).to_be_hidden()
    finally:
        ann_context.close()
        bob_context.close()
