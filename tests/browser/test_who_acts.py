"""Who acts for a seat, in the browser: "Your turn" only while the person is to act, also once a time-out hands
their seat to a bot; the bot's moves told as the bot's ("A bot played for you: …"), never as the person's own; and
no "You <verb>s" anywhere in the log (on a clock the test moves, `ra serve --test-time-file`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from conftest import Server
from ra.server.time_source import write_offset

# Every drawing of the page, as it was: the turn the shell set and the board's turn sentence.
WATCH = """() => {
  window.seen = [];
  const note = () => window.seen.push({turn: document.body.dataset.turn || '',
    text: document.querySelector('#board .turn-text')?.textContent || ''});
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ['data-turn']});
  note();
}"""
# "You bids", "You wins": a seat named or read as "You" with a third-person verb ("You pass" is right).
THIRD_PERSON_YOU = re.compile(r"\bYou [a-z]*[^s\W]s\b")


ASKS_YOU = re.compile(r"your (turn|bid)", re.IGNORECASE)


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


def test_your_turn_only_while_the_person_acts_and_a_stand_in_bot_is_told_as_the_bot(
    browser: Browser, clocked: tuple[Server, Path]
) -> None:
    server, clock = clocked
    pace = {"kind": "live", "bank": 60, "increment": 0, "timeout": "lose", "level": "easy"}
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    created = server.post("/api/tables", {"game": "ra", "options": {}, "seats": seats, "pace": pace})
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        ann = context.new_page()
        ann.goto(f"{server.base}{created['seats'][0]['invite']}")
        ann.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=30_000)
        # The person is to act: a draw ("Your turn: …") or, when the bot invoked Ra first, a bid ("…: your bid …").
        expect(ann.locator("#board .turn-text")).to_contain_text(ASKS_YOU)
        write_offset(clock, 61)  # Ann's minute is over: she loses on time, a bot plays her seat to the end
        ann.wait_for_selector('.clock-row[data-out="lost"]', timeout=15_000)
        ann.evaluate(WATCH)  # from the drawing that shows the loss on
        ann.wait_for_function("() => document.body.dataset.phase === 'over'", timeout=60_000)
        seen = ann.evaluate("() => window.seen")
        assert seen, "the page never drew again"
        assert all(s["turn"] != "mine" for s in seen), [s for s in seen if s["turn"] == "mine"][:3]
        assert not any(ASKS_YOU.search(s["text"]) for s in seen), seen[:5]
        log = ann.locator("#log li").all_inner_texts()
        assert any("A bot played for you: Ann " in line for line in log), log[-10:]
        assert not [line for line in log if THIRD_PERSON_YOU.search(line)]
        stood_in = [line for line in log if "A bot played for you" in line]
        assert not [line for line in stood_in if re.search(r"\bYou\b|\byou (bid|passed|drew)", line.split(":", 1)[1])]
    finally:
        context.close()
