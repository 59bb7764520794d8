"""Time you can read in "My games": each table says whether it is turn-based or live, and at a clocked table whose
turn is the reader's, how long is left to move and by when (in the reader's locale)."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from conftest import Server

PASSWORD = "a long password"


def test_my_games_says_turn_based_and_the_time_left_to_move(page: Page, server: Server) -> None:
    page.goto(server.base + "/account")
    form = page.locator("#sign-up-form")
    form.locator("input[name=name]").fill("Tessa")
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page.locator("#account-name")).to_have_text("Tessa")
    pace = {"kind": "turn", "per_move": 86400, "timeout": "bot", "level": "easy"}
    seats = [{"kind": "person", "name": "Tessa"}, {"kind": "bot", "bot": "random"}]
    table = server.post("/api/tables", {"game": "ra", "seats": seats, "pace": pace})
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "ra_csrf")
    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert page.request.post(server.base + "/api/account/seats", data=claim, headers={"X-CSRF-Token": csrf}).ok
    page.goto(server.base + table["seats"][0]["invite"])  # the table runs, and its clocks with it, once joined
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    deadline = time.monotonic() + 30
    while not page.request.get(server.base + "/api/account/games").json()["games"][0]["your_turn"]:
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.2)
    page.goto(server.base + "/games")
    game = page.locator(f'.my-game[data-id="{table["id"]}"]')
    expect(game.locator(".pace-kind")).to_have_text("turn-based")
    left = game.locator(".time-left")
    expect(left).to_contain_text("left to move")
    # A whole day a move: "1 d 0 h left to move · to move by <tomorrow, in this browser's locale>".
    said = left.inner_text()
    assert re.fullmatch(r"(\d+ d \d+ h|\d+ h \d\d min) left to move · to move by .*\d.*", said), said
