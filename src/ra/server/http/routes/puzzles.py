"""Puzzles from real play in the browser (docs/PUZZLES.md): the `/puzzles/{game}` page and its JSON API.

`GET /api/puzzles/{game}/next` gives a puzzle: a guest (no session) walks a fixed sequence, the committed puzzles
easiest first, by the `index` it sends (the page keeps it); a signed-in player gets the unanswered puzzle nearest
their puzzle rating. `POST /api/puzzles/{game}/{puzzle_id}/answer` judges a legal action (by notation or id) and
says why the solution is best; a signed-in player's first answer to a puzzle moves both ratings (openskill, the
solver against the puzzle: `ra.server.ratings.puzzles`). The puzzles are package data (`ra.puzzles`), read once.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from ra.bots.registry import game_bots
from ra.core.text import t
from ra.games import game_module
from ra.i18n.render import Reader, render
from ra.puzzles.model import Puzzle, PuzzleSet, bundled
from ra.server.accounts.errors import AccountError
from ra.server.accounts.service import in_thread
from ra.server.accounts.sessions import CSRF_HEADER, csrf_matches
from ra.server.guards.closed import Closed
from ra.server.http.errors import errors
from ra.server.http.languages import html_page, page_language
from ra.server.http.routes.pages import STATIC
from ra.server.http.signed_in import MaybeSignedIn, PeopleParts
from ra.server.ratings.puzzles import PuzzleRatings
from ra.server.ratings.rating import shown
from ra.server.tables.errors import ServiceError

PAGE = STATIC / "puzzles.html"
GAMES = ("ra", "write")
MAX_INDEX = 1_000_000  # a guest's place in the sequence (taken modulo the puzzles there are)
MAX_NOTATION = 64
MAX_ACTION_ID = 100_000
GameName = Annotated[
    str, PathParam(min_length=1, max_length=20, pattern=r"^[a-z_]+$", json_schema_extra={"enum": list(GAMES)})
]
PuzzleId = Annotated[str, PathParam(min_length=1, max_length=64, pattern=r"^[a-z0-9_-]+$")]

router = APIRouter()


# -- bodies and answers -----------------------------------------------------------------------------------------


class Answer(Closed):
    """The player's answer: a legal action of the puzzle's position, by its notation or its id."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: Annotated[str, Field(min_length=1, max_length=MAX_NOTATION)] | Annotated[int, Field(ge=0, le=MAX_ACTION_ID)]


class Choice(BaseModel):
    """A legal action of the position: its id, notation and the instruction in the game's words."""

    id: int
    notation: str
    words: str


class Solver(BaseModel):
    """A signed-in player's puzzle rating (mu - 3 sigma, as ratings are shown), answers and right answers."""

    rating: float
    mu: float
    sigma: float
    answers: int
    solved: int


class PuzzleOut(BaseModel):
    """GET next: a puzzle's position as its seat sees it, the answers to choose from, and where it stands."""

    game: str
    id: str
    index: int  # its place in the guests' sequence
    next: int  # the guests' next place
    total: int
    seat: int
    players: int
    view: dict[str, Any]
    choices: list[Choice]
    rating: float  # the puzzle's rating (mu)
    task: str  # what the player is asked, in their language
    theme: str  # what the puzzle teaches ("When to invoke Ra"), in their language ("" if none)
    solver: Solver | None = None


class Judged(BaseModel):
    """POST answer: right or wrong, the solution and why; for a signed-in player, what the ratings did."""

    correct: bool
    chosen: str
    solution: str
    solution_words: str
    verdict: str
    reason: dict[str, Any]  # the Text (rendered by the browser's i18n)
    why: str  # the same, in the request's language
    rating: dict[str, Any] | None = None


# -- the puzzles --------------------------------------------------------------------------------------------------


@cache
def book(game: str) -> PuzzleSet:
    """The committed puzzles of `game`; 404 for a game without any."""
    puzzles = bundled(game) if game in GAMES else None
    if puzzles is None or not puzzles.puzzles:
        raise ServiceError(
            "not_found", t("no puzzles for {game}: there are {games}", game=repr(game[:20]), games=", ".join(GAMES))
        )
    return puzzles


@cache
def sequence(game: str) -> list[Puzzle]:
    """The guests' fixed sequence: easiest first (the starting ratings), then the file's order."""
    puzzles = book(game).puzzles
    order = sorted(range(len(puzzles)), key=lambda i: (puzzles[i].rating, i))
    return [puzzles[i] for i in order]


@lru_cache(maxsize=4096)
def view_of(game: str, puzzle_id: str) -> dict[str, Any]:
    """A puzzle's position as its seat sees it (replayed once per process)."""
    puzzles = book(game)
    puzzle = puzzles.by_id(puzzle_id)
    assert puzzle is not None
    return puzzles.view(puzzle)


def puzzle_of(game: str, puzzle_id: str) -> Puzzle:
    puzzle = book(game).by_id(puzzle_id)
    if puzzle is None:
        raise ServiceError("not_found", t("there is no puzzle {id}", id=repr(puzzle_id)))
    return puzzle


def choices(game: str, view: dict[str, Any], reader: Reader) -> list[Choice]:
    module = game_module(game)
    return [
        Choice(id=int(e["id"]), notation=str(e["notation"]), words=render(module.legal_phrase(view, e), reader))
        for e in view.get("legal_actions", [])
    ]


def nearest(puzzles: list[Puzzle], ratings: dict[str, tuple[float, float]], mu: float, done: set[str]) -> Puzzle:
    """The unanswered puzzle whose rating is nearest `mu` (all answered: the nearest of all, to practise)."""
    fresh = [p for p in puzzles if p.id not in done] or puzzles
    return min(fresh, key=lambda p: (abs(ratings.get(p.id, (p.rating, 0.0))[0] - mu), p.id))


# -- routes -------------------------------------------------------------------------------------------------------


@router.get("/puzzles/{game}", include_in_schema=False)
async def puzzles_page(game: GameName, request: Request) -> Response:
    """The puzzle page (one page for both games: it reads the game from its address)."""
    book(game)
    return html_page(PAGE, request)


@router.get("/api/puzzles/{game}/next", responses=errors(400, 404))
async def next_puzzle(
    game: GameName,
    request: Request,
    parts: PeopleParts,
    who: MaybeSignedIn,
    index: Annotated[int, Query(ge=0, le=MAX_INDEX)] = 0,
) -> PuzzleOut:
    """The next puzzle: a guest's at `index` of the fixed sequence, a signed-in player's nearest their rating."""
    order = sequence(game)
    place = index % len(order)
    solver = None
    puzzle = order[place]
    if who is not None:
        store = PuzzleRatings(parts.ratings.engine)
        (mu, sigma), answers, solved = await in_thread(store.solver, who.account.id, game)
        done = await in_thread(store.answered, who.account.id, game)
        moved = await in_thread(store.puzzles, game)
        puzzle = nearest(order, moved, mu, done)
        place = order.index(puzzle)
        solver = Solver(rating=shown(mu, sigma), mu=round(mu, 3), sigma=round(sigma, 3), answers=answers, solved=solved)
        rating = moved.get(puzzle.id, (puzzle.rating, 0.0))[0]
    else:
        rating = puzzle.rating
    view = view_of(game, puzzle.id)
    reader = Reader(page_language(request), puzzle.seat)
    return PuzzleOut(
        game=game,
        id=puzzle.id,
        index=place,
        next=(place + 1) % len(order),
        total=len(order),
        seat=puzzle.seat,
        players=puzzle.players,
        view=view,
        choices=choices(game, view, reader),
        rating=round(rating, 2),
        task=render(t("Find the best move. One move is clearly better than every other here."), reader),
        theme=theme_title(game, puzzle.theme, reader),
        solver=solver,
    )


@router.post("/api/puzzles/{game}/{puzzle_id}/answer", responses=errors(400, 403, 404, 413, 415))
async def answer_puzzle(
    game: GameName, puzzle_id: PuzzleId, body: Answer, request: Request, parts: PeopleParts, who: MaybeSignedIn
) -> Judged:
    """Judge an answer (a legal action of the puzzle, by notation or id): right or wrong, the solution and why."""
    puzzle = puzzle_of(game, puzzle_id)
    view = view_of(game, puzzle.id)
    legal = view.get("legal_actions", [])
    entry = next((e for e in legal if body.action in (e["id"], e["notation"])), None)
    if entry is None:
        raise ServiceError("bad_message", t("{action} is not a legal action in this puzzle", action=str(body.action)))
    solution = next(e for e in legal if e["notation"] == puzzle.solution)
    correct = entry["notation"] == puzzle.solution
    reader = Reader(page_language(request), puzzle.seat)
    moved = None
    if who is not None:
        if not csrf_matches(who.secret, request.headers.get(CSRF_HEADER)):
            raise AccountError(403, "forbidden", t("This request lacks its CSRF token; reload the page."))
        store = PuzzleRatings(parts.ratings.engine)
        moved = (await in_thread(store.answer, who.account.id, game, puzzle.id, puzzle.rating, correct)).as_json()
    verdict = (
        t("Right!") if correct else t("Wrong: the best move was {move}.", move=solution_phrase(game, view, solution))
    )
    return Judged(
        correct=correct,
        chosen=str(entry["notation"]),
        solution=puzzle.solution,
        solution_words=render(solution_phrase(game, view, solution), reader),
        verdict=render(verdict, reader),
        reason=puzzle.reason.as_json(),
        why=render(puzzle.reason, reader),
        rating=moved,
    )


def theme_title(game: str, theme: str, reader: Reader) -> str:
    """A theme's title in the reader's language ("" for a puzzle without a known theme)."""
    title = game_bots(game).themes.get(theme)
    return render(title, reader) if title is not None else ""


def solution_phrase(game: str, view: dict[str, Any], entry: dict[str, Any]) -> Any:
    return game_module(game).legal_phrase(view, entry)
