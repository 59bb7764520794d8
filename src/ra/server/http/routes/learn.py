"""The guided tutorials in the browser: the `/learn/{game}` page and its stateless JSON API (docs/UI.md).

A tutorial is data (`ra.tutorials`): a whole game on a fixed order, every move scripted. `GET /api/learn/{game}`
gives its steps; `POST .../position` replays it to a place (step, move) and answers the learner's view there with
the story of the move just played; `POST .../try` judges a click with the engine's own words (`judge`). Nothing is
stored on the server: the browser keeps its progress. Every answer depends only on (game, place), so it is built
once per process.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from ra.core.text import Text, t
from ra.i18n.render import Reader, render
from ra.server.guards.closed import Closed
from ra.server.http.errors import errors
from ra.server.http.languages import html_page, page_language
from ra.server.http.routes.pages import STATIC
from ra.server.http.rules_pages import rule_place
from ra.server.tables.errors import ServiceError
from ra.server.tables.story import explanation, narration_texts
from ra.tutorials import GAMES, Play, Tutorial, judge, phrase, play, tutorial

PAGE = STATIC / "learn.html"
MAX_INDEX = 1000  # far above any tutorial's steps or moves; the precise range is checked per tutorial
MAX_NOTATION = 64  # the longest notation of either game has 28 characters
GameName = Annotated[
    str, PathParam(min_length=1, max_length=20, pattern=r"^[a-z_]+$", json_schema_extra={"enum": list(GAMES)})
]

router = APIRouter()


# -- bodies -----------------------------------------------------------------------------------------------------


class Place(Closed):
    """A place in a tutorial: before move `move` of step `step` (`move` = the step's move count: the step done)."""

    model_config = ConfigDict(extra="forbid", strict=True)  # 1.0 or true is not an index
    step: int = Field(ge=0, le=MAX_INDEX)
    move: int = Field(0, ge=0, le=MAX_INDEX)


class Attempt(Place):
    """The learner's click at a place where the learner is to move: the notation of the action clicked."""

    notation: str = Field(min_length=1, max_length=MAX_NOTATION)


# -- answers ----------------------------------------------------------------------------------------------------


class LearnMove(BaseModel):
    """A scripted move: the learner's carries what to highlight, the hint for a wrong click, and what to say."""

    seat: int
    action: str
    learner: bool
    highlight: list[str] | None = None
    hint: str | None = None
    say: str | None = None


class LearnFact(BaseModel):
    """A number the step's text states, and where the learner's view shows it."""

    path: list[str | int]
    value: int
    says: str


class LearnNote(BaseModel):
    """A rule met later in a real game, in a sentence, and the rules section to read (a page link, its heading)."""

    text: str
    rule: str
    rule_link: str | None = None
    rule_title: str | None = None


class LearnStep(BaseModel):
    """One idea: its text, the rules section it cites (as a page link with its heading), its moves and facts, and
    the rules it only tells (notes)."""

    key: str
    title: str
    text: str
    rule: str
    rule_link: str | None = None
    rule_title: str | None = None
    moves: list[LearnMove]
    facts: list[LearnFact]
    notes: list[LearnNote] = []


class LearnEnding(BaseModel):
    """The real game offered at the end: the bot level, the player count, the same in the terminal."""

    text: str
    bots: str
    players: int
    command: str


class LearnTutorial(BaseModel):
    """GET /api/learn/{game}: the tutorial's steps."""

    game: str
    title: str
    intro: str
    learner: int
    steps: list[LearnStep]
    ending: LearnEnding


class Asked(BaseModel):
    """The learner's move expected now: its notation, what it does in the game's words, the step's words for it."""

    notation: str
    phrase: str
    say: str | None = None


class LearnPosition(BaseModel):
    """POST /api/learn/{game}/position: the learner's view at the place, the story of the move before it, what
    the learner is asked (none while other seats move or once the step is done), and the board's explanations."""

    game: str
    step: int
    move: int
    view: dict[str, Any]
    said: list[str]
    ask: Asked | None = None
    explain: dict[str, Any] | None = None


class Verdict(BaseModel):
    """POST /api/learn/{game}/try: ok, or why not in the game's words (the engine's message or the step's hint)."""

    ok: bool
    message: str | None = None


# -- the tutorial as data ---------------------------------------------------------------------------------------


def lesson_of(game: str) -> Tutorial:
    """The tutorial of `game`; 404 for a game without one."""
    if game not in GAMES:
        raise ServiceError(
            "not_found", t("no tutorial for {game}: there are {games}", game=repr(game[:20]), games=", ".join(GAMES))
        )
    return tutorial(game)


def words_of(lesson: Tutorial, language: str) -> Callable[[Text | str], str]:
    """The tutorial's words as its learner reads them in `language` (the second person for the learner's seat)."""
    reader = Reader(language, lesson.learner)
    return lambda text: render(text, reader)


@cache
def tutorial_answer(game: str, language: str = "en") -> LearnTutorial:
    """The tutorial as the browser walks it (no draws: what comes out of the bag is for the game to show), its words
    in `language` (the learn page's: docs/PROTOCOL.md, languages)."""
    lesson = lesson_of(game)
    data = lesson.as_json(words_of(lesson, language))
    for step in data["steps"]:
        for cited in (step, *step["notes"]):
            cited["rule_link"], cited["rule_title"] = rule_place(cited["rule"], language)
    return LearnTutorial.model_validate(data)


def checked(lesson: Tutorial, place: Place, learner_move: bool = False) -> None:
    """400 unless `place` is in the tutorial; with `learner_move`, unless the learner is to move there."""
    if place.step >= len(lesson.steps):
        raise ServiceError(
            "bad_message", t("step is 0 to {last}, not {step}", last=len(lesson.steps) - 1, step=place.step)
        )
    moves = lesson.steps[place.step].moves
    if place.move > len(moves) or (learner_move and place.move == len(moves)):
        last = len(moves) - 1 if learner_move else len(moves)
        raise ServiceError(
            "bad_message",
            t("move of step {step} is 0 to {last}, not {move}", step=place.step, last=last, move=place.move),
        )
    if learner_move and moves[place.move].seat != lesson.learner:
        raise ServiceError(
            "bad_message",
            t("move {move} of step {step} is another seat's, not yours", move=place.move, step=place.step),
        )


def previous(lesson: Tutorial, step: int, move: int) -> tuple[int, int] | None:
    """The place of the move played just before (step, move), or None at the start of the game."""
    if move > 0:
        return step, move - 1
    for earlier in range(step - 1, -1, -1):
        if lesson.steps[earlier].moves:
            return earlier, len(lesson.steps[earlier].moves) - 1
    return None


def asked(lesson: Tutorial, step: int, move: int, view: dict[str, Any], language: str = "en") -> Asked | None:
    """What the learner is asked at (step, move): None once the step is done or while another seat moves."""
    moves = lesson.steps[step].moves
    if move >= len(moves) or moves[move].seat != lesson.learner:
        return None
    expected: Play = moves[move]
    words = words_of(lesson, language)
    say = None if expected.say is None else words(expected.say)
    named = words(phrase(lesson.module, view, expected.action))
    return Asked(notation=expected.action, phrase=named, say=say or None)


@lru_cache(maxsize=1024)
def position_answer(game: str, step: int, move: int, language: str = "en") -> LearnPosition:
    """The learner's view at a place (checked already), the story of the move before it, and what is asked."""
    lesson = tutorial(game)
    module = lesson.module
    words = words_of(lesson, language)
    said: list[str] = []
    before = previous(lesson, step, move)
    if before is None:
        state = lesson.position(step, move, words)
    else:
        state = lesson.position(*before, words=words)
        seen = state.view(lesson.learner)
        play(module, state, lesson.steps[before[0]].moves[before[1]])
        said = [words(line) for line in narration_texts(module, seen, state.view(lesson.learner), state.history[-1])]
    view = dict(state.view(lesson.learner))
    return LearnPosition(
        game=game,
        step=step,
        move=move,
        view=view,
        said=said,
        ask=asked(lesson, step, move, view, language),
        explain=explanation(module, view, {}),  # as a casual table shows it: every helper at its default
    )


# -- routes -----------------------------------------------------------------------------------------------------


@router.get("/learn/{game}", include_in_schema=False)
async def learn_page(game: GameName, request: Request) -> Response:
    """The tutorial page (the same page for every game: it reads the game from its address)."""
    lesson_of(game)
    return html_page(PAGE, request)


@router.get("/api/learn/{game}", response_model_exclude_none=True, responses=errors(400, 404))
def get_tutorial(game: GameName, request: Request) -> LearnTutorial:
    """A game's guided tutorial: its steps, each with its text, rules link, scripted moves and facts, in the
    request's language (as its page: `?lang`, the `ra_lang` cookie, Accept-Language)."""
    return tutorial_answer(game, page_language(request))


@router.post("/api/learn/{game}/position", response_model_exclude_none=True, responses=errors(400, 404, 413, 415))
def get_position(game: GameName, body: Place, request: Request) -> LearnPosition:
    """The learner's view before move `move` of step `step`, with the story of the move just before it."""
    lesson = lesson_of(game)
    checked(lesson, body)
    return position_answer(game, body.step, body.move, page_language(request))


@router.post("/api/learn/{game}/try", response_model_exclude_none=True, responses=errors(400, 404, 413, 415))
def try_move(game: GameName, body: Attempt, request: Request) -> Verdict:
    """Judge the learner's click: ok if it is the step's move, else why not (the engine's words or a hint)."""
    lesson = lesson_of(game)
    checked(lesson, body, learner_move=True)
    step = lesson.steps[body.step]
    expected = step.moves[body.move]
    words = words_of(lesson, page_language(request))
    state = lesson.position(body.step, body.move, words)
    message = judge(lesson.module, state, expected, body.notation, hint=step.hint)
    return Verdict(ok=message is None, message=None if message is None else words(message))
