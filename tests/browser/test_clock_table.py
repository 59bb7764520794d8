"""A live clock in the browser, on a clock the test moves (`ra serve --test-time-file`): the table is created with a
clock from the lobby form, the seat's clock counts down on the page, runs out, the seat shows the bot playing while
its person is away, and the person's "I'm back" hands the seat back; leaving the game asks first."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from lobby_form import create, fill_seats
from playwright.sync_api import Browser, expect
from test_write_table import new_stats, play_step

from conftest import Server
from ra.server.time_source import write_offset

# Both seats are to act (a simultaneous choice): the page marks each seat to act in the clocks panel.
BOTH_TO_ACT = "() => document.querySelectorAll('#clocks .seat-clock.running').length === 2"


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    clock = tmp_path / "clock"
    write_offset(clock, 0)
    server = Server(tmp_path, ("--test-time-file", str(clock), "--clock-sweep", "0.2", "--bot-workers", "0"))
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


@pytest.mark.slow
def test_write_simultaneous_choices_run_both_clocks_and_a_bot_chooses_for_the_late_one(
    browser: Browser, clocked: tuple[Server, Path], shots: Path
) -> None:
    server, clock = clocked
    pace = {"kind": "live", "bank": 60, "increment": 0, "timeout": "bot", "level": "easy"}
    # Three persons: while one reveals, the other two choose at once (rules: "The other players choose at the same
    # time").
    seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
    table = server.post("/api/tables", {"game": "write", "seats": seats, "pace": pace})
    contexts = [browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce") for _ in "abc"]
    rng, stats = random.Random(7), new_stats(1)
    try:
        pages = [context.new_page() for context in contexts]
        for seat, page in enumerate(pages):
            page.goto(server.base + table["seats"][seat]["invite"])
        for page in pages:
            page.wait_for_function("() => document.body.dataset.status === 'running'")
        for _ in range(20):  # whoever must reveal does, until two choose at once
            if pages[0].evaluate(BOTH_TO_ACT):
                break
            mover = next((p for p in pages if p.evaluate("() => document.body.dataset.turn") == "mine"), None)
            if mover is None:
                pages[0].wait_for_timeout(100)
                continue
            play_step(mover, rng, stats, shots)
        else:
            raise AssertionError("two never chose at once")
        chooser, late = (p for p in pages if p.evaluate("() => document.body.dataset.turn") == "mine")
        expect(chooser.locator("#clocks .seat-clock.running")).to_have_count(2)  # both clocks run during the choice
        chooser.screenshot(path=str(shots / "write-clocks-both-running.png"))
        for _ in range(10):  # one makes their choice (and any bonus it brings): that clock stops, the other runs on
            if chooser.evaluate("() => document.body.dataset.turn") != "mine":
                break
            play_step(chooser, rng, stats, shots)
        expect(late.locator("#clocks .seat-clock.running")).to_have_count(1)
        assert late.evaluate("() => document.body.dataset.turn") == "mine"
        seq = int(late.evaluate("() => Number(document.body.dataset.seq)"))
        write_offset(clock, 61)  # the late one's minute is over: a bot chooses for them
        expect(late.locator("#back-button")).to_be_visible(timeout=15_000)
        expect(chooser.locator('.clock-row[data-away="true"]')).to_have_count(1)
        late.wait_for_function("(seq) => Number(document.body.dataset.seq) > seq", arg=seq, timeout=30_000)
        late.click("#back-button")
        expect(late.locator("#back-button")).to_be_hidden(timeout=10_000)
        expect(chooser.locator('.clock-row[data-away="true"]')).to_have_count(0)
    finally:
        for context in contexts:
            context.close()
