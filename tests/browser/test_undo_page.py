"""The table page's Undo button (ra.core.undo): it appears for the seat that may take its action back, takes a bid
back (the other page's log tells it, struck through), and is gone once the next player acts or a draw revealed a
tile."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser_table import READY, click_action, legal_notations, wait_turn

if TYPE_CHECKING:
    from conftest import Server

SEQ = "() => Number(document.body.dataset.seq)"


def seq_of(page: Page) -> int:
    return int(page.evaluate(SEQ))


def wait_seq(page: Page, seq: int) -> None:
    page.wait_for_function(f"(s) => ({SEQ})() >= s", arg=seq)


@pytest.mark.slow
def test_undo_appears_after_a_bid_takes_it_back_and_is_gone_after_a_draw(browser: Browser, server: Server) -> None:
    table = server.post("/api/tables", {"game": "ra", "seats": [{"kind": "person", "name": "Ann"},
                                                                {"kind": "person", "name": "Bob"}]})  # fmt: skip
    first = int(server.get(f"/api/tables/{table['id']}/view")["view"]["current_player"])
    contexts = [browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce") for _ in "ab"]
    try:
        pages = [context.new_page() for context in contexts]
        for seat, page in enumerate(pages):
            page.goto(server.base + table["seats"][seat]["invite"])
            page.wait_for_function(READY)
            expect(page.locator("#undo")).to_be_hidden()  # nothing to take back yet
        invoker, bidder = pages[first], pages[1 - first]
        assert wait_turn(invoker) == "mine"
        click_action(invoker, "ra")  # invoking Ra draws nothing: it may be taken back
        expect(invoker.locator("#undo")).to_be_visible()
        assert wait_turn(bidder) == "mine"
        bid = next(n for n in legal_notations(bidder) if n.startswith("bid:"))
        click_action(bidder, bid)
        expect(bidder.locator("#undo")).to_be_visible()
        expect(invoker.locator("#undo")).to_be_hidden()  # Bob acted after Ann: her invoke stands
        seq = seq_of(bidder)
        bidder.click("#undo-button")
        wait_seq(bidder, seq + 1)
        wait_seq(invoker, seq + 1)
        expect(bidder.locator("#undo")).to_be_hidden()
        name = ["Ann", "Bob"][1 - first]
        expect(invoker.locator("#log li").last).to_contain_text(f"{name} took back")
        expect(bidder.locator("#log li").last).to_contain_text("You took back")
        expect(invoker.locator(f'#log li.undone[data-seq="{seq}"]')).to_have_count(1)
        assert bid in legal_notations(bidder)  # the same decision again
        # Play on until a seat draws: right after its draw the page offers no Undo.
        for _ in range(40):
            turns = [page.evaluate("() => document.body.dataset.turn") for page in pages]
            if "mine" not in turns:
                pages[0].wait_for_timeout(50)
                continue
            page = pages[turns.index("mine")]
            notations = legal_notations(page)
            if "draw" in notations:
                click_action(page, "draw")
                page.wait_for_function("() => !document.body.classList.contains('pending')")
                expect(page.locator("#undo")).to_be_hidden()
                last = page.locator("#log li").last
                expect(last).not_to_have_class("undo")
                break
            click_action(page, "pass" if "pass" in notations else notations[0])
        else:
            raise AssertionError("nobody drew a tile")
    finally:
        for context in contexts:
            context.close()
