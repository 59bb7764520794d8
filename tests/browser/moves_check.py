"""The check that the page offers exactly the engine's legal actions, shared by the Ra and RA and Write tests.

Every element that sends an action carries `data-move` (its notation). Elements of a local first step carry
`data-step` and send nothing: RA and Write's face-up cards (choose a card, then a space of the own sheet) and a
Nile bonus space with several numbers (a space, then a number). Those are the only multi-step flows: the union of
what the page offers after each first step must equal the engine's legal actions, and no step may offer more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page

if TYPE_CHECKING:
    from conftest import Server

CLICKABLE = "els => els.map(e => e.dataset.move)"


def clickable(page: Page) -> set[str]:
    """The notations of every element of the board that sends an action now."""
    return set(page.eval_on_selector_all("#board [data-move]", CLICKABLE))


def engine_legal(server: Server, table_id: str, seat: int, token: str) -> tuple[int, set[str]]:
    """The server's seq and the engine's legal notations for the seat (from the seat's own view)."""
    data: dict[str, Any] = server.get(f"/api/tables/{table_id}/view?seat={seat}&token={token}")
    return int(data["seq"]), {a["notation"] for a in data["view"]["legal_actions"]}


def offered(page: Page) -> tuple[set[str], list[set[str]]]:
    """Everything the page offers now and after each first step: (union, the set seen at each moment)."""
    seen = [clickable(page)]
    cards = page.locator("#board .w-card[data-step]")
    for i in range(cards.count()):
        card = cards.nth(i)
        if "selected" not in (card.get_attribute("class") or ""):
            card.click()
        seen.append(clickable(page))
    spaces = page.locator("#board .ws-cell[data-step]")
    for i in range(spaces.count()):
        spaces.nth(i).click()
        seen.append(clickable(page))
    return set().union(*seen), seen


def assert_offers_engine_moves(page: Page, server: Server, table_id: str, seat: int, token: str) -> None:
    """The page's clickable elements are the engine's legal actions for the seat: no more, no fewer."""
    for _ in range(50):
        seq, legal = engine_legal(server, table_id, seat, token)
        shown = int(page.evaluate("() => Number(document.body.dataset.seq)"))
        union, seen = offered(page)
        seq_after, legal_after = engine_legal(server, table_id, seat, token)
        if not shown == seq == seq_after or legal != legal_after:
            page.wait_for_timeout(100)  # a bot moved meanwhile: look again
            continue
        for moment in seen:
            assert moment <= legal, f"clickable but not legal: {sorted(moment - legal)}"
        missing, extra = sorted(legal - union), sorted(union - legal)
        assert union == legal, f"legal but not offered: {missing}; offered but not legal: {extra}"
        return
    raise AssertionError("the table never held still long enough to compare the page with the engine")
