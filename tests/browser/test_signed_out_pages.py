"""Every page, visited signed out, loads without a console error or a failed request: a page asks for the account
only while the browser holds a session (docs/PROTOCOL.md, `GET /api/account`), so nobody signed out sees a 401."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from playwright.sync_api import ConsoleMessage, Page, Request, Response

if TYPE_CHECKING:
    from conftest import Server


def _finished_table(server: Server) -> str:
    """A 2-player Ra game of two random bots, played to its end."""
    seats = [{"kind": "bot", "bot": "random"}] * 2
    table = str(server.post("/api/tables", {"game": "ra", "options": {}, "seats": seats})["id"])
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{table}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.3)
    return table


def _pages(server: Server) -> list[str]:
    """Every page of the site: the lobby, a table (watched), a replay, the tutorials, the puzzles, the rules and the
    pages of people (a player's page too)."""
    finished = _finished_table(server)
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    running = server.post("/api/tables", {"game": "write", "seats": seats})["id"]
    player = server.post("/api/account/sign-up", {"name": "Petra", "password": "a long password"})["player"]
    games = ("ra", "write")
    return [
        "/",
        f"/t/{running}",
        f"/replay/{finished}",
        *(f"/learn/{game}" for game in games),
        *(f"/puzzles/{game}" for game in games),
        *(f"/rules/{game}" for game in games),
        "/account",
        "/games",  # sends a signed-out reader on to the account page
        "/ratings",
        f"/players/{player}",
    ]


def test_no_page_shows_a_console_error_or_a_failed_request_while_signed_out(page: Page, server: Server) -> None:
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text} ({message.location.get('url', '')})")

    def on_response(response: Response) -> None:
        if response.status >= 400:
            problems.append(f"{response.status} {response.request.method} {response.url}")

    def on_failed(request: Request) -> None:
        problems.append(f"failed {request.method} {request.url}: {request.failure}")

    page.on("console", on_console)
    page.on("response", on_response)
    page.on("requestfailed", on_failed)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    for path in _pages(server):
        page.goto(server.base + path)
        page.wait_for_load_state("networkidle")
        assert not problems, f"{path}: {problems}"
    assert not [url for url in asked if url.endswith("/api/account")], "a signed-out page asked for the account"
