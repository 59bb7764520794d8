"""The pages of the browser UI (lobby, table, replay, account, my games, ratings, player: our HTML from
`ra/server/static/`), the rules of each game as a page, and the API's reference (Swagger UI at /docs). None is in the
API's schema."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response

from ra.games import GAMES
from ra.server.http.errors import error
from ra.server.http.languages import html_page, page_language
from ra.server.http.rules_pages import rules_page
from ra.server.http.security import docs_csp

STATIC = Path(__file__).parents[2] / "static"  # src/ra/server/static, served under /static
PAGES = {
    "index.html": "Ra — lobby",
    "table.html": "Ra — table",
    "replay.html": "Ra — replay",
    "account.html": "Ra — your account",
    "games.html": "Ra — my games",
    "ratings.html": "Ra — ratings",
    "player.html": "Ra — player",
    "moderation.html": "Ra — moderation",
}

router = APIRouter(include_in_schema=False)


def page(name: str, request: Request) -> Response:
    """A UI page from static/ in the request's language, or a minimal placeholder while the UI is absent."""
    path = STATIC / name
    if path.is_file():
        return html_page(path, request)
    title = PAGES[name]
    return HTMLResponse(
        f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head>"
        f"<body><h1>{title}</h1><p>The browser UI is not installed; the API is at /api/meta.</p></body></html>"
    )


_DOCS_PAGE = get_swagger_ui_html(openapi_url="/openapi.json", title="ra — HTTP API")
_DOCS_HEADERS = {"content-security-policy": docs_csp(bytes(_DOCS_PAGE.body).decode())}


@router.get("/docs")
async def docs() -> Response:
    return HTMLResponse(bytes(_DOCS_PAGE.body), headers=_DOCS_HEADERS)


@router.get("/")
async def lobby(request: Request) -> Response:
    return page("index.html", request)


@router.get("/t/{table_id}")
async def table_page(table_id: str, request: Request) -> Response:
    return page("table.html", request)


@router.get("/replay/{table_id}")
async def replay_page(table_id: str, request: Request) -> Response:
    return page("replay.html", request)


@router.get("/rules/{game}")
async def rules(game: str, request: Request) -> Response:
    """A game's complete rules as a page, its sections linkable (`/rules/ra#5-auctions`)."""
    if game not in GAMES:
        return error(404, f"there are no rules of a game {game[:40]!r} here")
    answer = HTMLResponse(rules_page(game, page_language(request)))
    answer.headers["vary"] = "Accept-Language, Cookie"
    return answer


@router.get("/moderation")
async def moderation_page(request: Request) -> Response:
    """The moderators' page (docs/MODERATION.md): its data comes from routes that refuse anyone without a role."""
    return page("moderation.html", request)


@router.get("/account")
async def account_page(request: Request) -> Response:
    """Sign in or up; the account's sessions, e-mail, password, data and deletion (docs/ACCOUNTS.md)."""
    return page("account.html", request)


@router.get("/games")
async def my_games_page(request: Request) -> Response:
    """The signed-in player's games, on any device."""
    return page("games.html", request)


@router.get("/ratings")
async def ratings_page(request: Request) -> Response:
    """A leaderboard per game."""
    return page("ratings.html", request)


@router.get("/players/{player_id}")
async def player_page(player_id: str, request: Request) -> Response:
    """A player's ratings, history, win shares and games."""
    return page("player.html", request)
