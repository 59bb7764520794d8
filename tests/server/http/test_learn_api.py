"""The tutorials' API (/api/learn/{game}): every place of both tutorials loads, every scripted learner move is
accepted where it is asked, and a wrong move is explained in the game's words; inputs are bounded."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient

from ra.server.http.security import CSP
from ra.tutorials import GAMES, tutorial

LEARNER = 0


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app for the module: the tutorials' API stores nothing, so no test depends on another's tables."""
    with TestClient(app_with(tmp_path_factory.mktemp("learn"))) as c:
        yield c


def position(api: TestClient, game: str, step: int, move: int = 0) -> dict[str, Any]:
    """POST position; the 200 answer."""
    r = api.post(f"/api/learn/{game}/position", json={"step": step, "move": move})
    assert r.status_code == 200, r.text
    return dict(r.json())


def attempt(api: TestClient, game: str, step: int, move: int, notation: str) -> dict[str, Any]:
    """POST try; the 200 answer."""
    r = api.post(f"/api/learn/{game}/try", json={"step": step, "move": move, "notation": notation})
    assert r.status_code == 200, r.text
    return dict(r.json())


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_lists_its_steps_with_links_to_the_rules_pages(api: TestClient, game: str) -> None:
    data = api.get(f"/api/learn/{game}").json()
    lesson = tutorial(game)
    assert data["game"] == game and data["learner"] == lesson.learner
    assert [s["key"] for s in data["steps"]] == [s.key for s in lesson.steps]
    for step in data["steps"]:
        assert step["rule_link"].startswith(f"/rules/{game}#"), step["rule"]
        assert step["rule_title"], f"{step['rule']} names no heading of the rules page"
        for move in step["moves"]:
            assert move["learner"] == (move["seat"] == LEARNER)
            assert ("highlight" in move) == move["learner"]
            assert "draws" not in move  # what a draw brings is for the board to show when it happens
    assert "order" not in data
    for page in {step["rule_link"].partition("#")[0] for step in data["steps"]}:
        assert api.get(page).status_code == 200, page
    assert data["ending"]["bots"] == "easy" and data["ending"]["players"] == lesson.options["players"]


@pytest.mark.parametrize("language", ["en", "de", "zh-Hans"])
def test_rule_links_are_labelled_with_the_rules_title_not_its_id(api: TestClient, language: str) -> None:
    data = api.get(f"/api/learn/ra?lang={language}").json()
    cited = [c for step in data["steps"] for c in (step, *step["notes"])]
    titles = {c["rule"].partition("#")[2]: c["rule_title"] for c in cited}
    assert "e18-invoking-ra-with-an-empty-track" in titles and "a1-epoch-3-clamp-once-or-twice" in titles
    for anchor, title in titles.items():
        assert title and not re.match(r"[A-Z]\d+\.", title), (anchor, title)
    if language == "en":
        assert titles["e18-invoking-ra-with-an-empty-track"] == "Invoking Ra with an empty track"


@pytest.mark.parametrize("game", GAMES)
def test_every_place_loads_and_every_scripted_move_is_accepted(api: TestClient, game: str) -> None:
    lesson = tutorial(game)
    asked = 0
    for i, step in enumerate(lesson.steps):
        for j in range(len(step.moves) + 1):
            answer = position(api, game, i, j)
            view = answer["view"]
            assert (answer["step"], answer["move"], view["viewer"]) == (i, j, LEARNER)
            if j == len(step.moves) or step.moves[j].seat != LEARNER:
                assert "ask" not in answer
                continue
            notation = step.moves[j].action
            assert answer["ask"]["notation"] == notation and answer["ask"]["phrase"]
            assert notation in {a["notation"] for a in view["legal_actions"]}
            assert attempt(api, game, i, j, notation) == {"ok": True}
            asked += 1
    assert asked >= 20


@pytest.mark.parametrize("game", GAMES)
def test_the_facts_a_step_states_are_in_the_learners_view(api: TestClient, game: str) -> None:
    lesson = tutorial(game)
    for i, step in enumerate(lesson.steps):
        if not step.facts:
            continue
        view = position(api, game, i, len(step.moves))["view"]
        for fact in step.facts:
            assert fact.read(view) == fact.value, fact.says


def test_each_move_is_told_in_the_games_words(api: TestClient) -> None:
    start = position(api, "ra", 0, 0)
    assert start["said"] == [] and start["ask"]["phrase"] == "Draw a tile"
    assert start["explain"]["elements"], "the board's elements are explained as on the table page"
    after_draw = position(api, "ra", 0, 1)
    assert after_draw["said"] and after_draw["said"][0].startswith("You ")
    # A step's first place tells the last move of the step before it.
    assert position(api, "ra", 1, 0)["said"][0].startswith("Khufu ")


def test_a_legal_move_that_is_not_the_steps_gets_the_steps_hint(api: TestClient) -> None:
    lesson = tutorial("ra")
    i = next(k for k, s in enumerate(lesson.steps) if s.key == "auction")
    verdict = attempt(api, "ra", i, 0, "bid:13")
    assert verdict == {"ok": False, "message": str(lesson.steps[i].hint)}


def test_an_illegal_move_is_explained_by_the_engine(api: TestClient) -> None:
    lesson = tutorial("ra")
    i = next(k for k, s in enumerate(lesson.steps) if s.key == "auction")
    verdict = attempt(api, "ra", i, 0, "draw")
    assert not verdict["ok"] and verdict["message"].startswith("The rules do not allow draw: ")
    assert "auction" in verdict["message"]
    unknown = attempt(api, "write", 0, 0, "bid:5")
    assert not unknown["ok"] and "is not RA and Write notation" in unknown["message"]
    other_card = attempt(api, "write", 0, 1, "card2>nile1")
    assert other_card == {"ok": False, "message": str(tutorial("write").steps[0].hint)}


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/api/learn/ra/position", {"step": 999}, 400),  # past the last step, within the bound
        ("/api/learn/ra/position", {"step": 0, "move": 7}, 400),
        ("/api/learn/ra/position", {"step": -1}, 400),
        ("/api/learn/ra/position", {"step": 1.0}, 400),
        ("/api/learn/ra/position", {"step": True}, 400),
        ("/api/learn/ra/position", {"step": 0, "extra": 1}, 400),
        ("/api/learn/ra/position", {"move": 0}, 400),
        ("/api/learn/ra/try", {"step": 0, "move": 1, "notation": "draw"}, 400),  # Hatshepsut's move
        ("/api/learn/ra/try", {"step": 0, "move": 6, "notation": "draw"}, 400),  # the step is done there
        ("/api/learn/ra/try", {"step": 0, "move": 0, "notation": "x" * 65}, 400),
        ("/api/learn/ra/try", {"step": 0, "move": 0, "notation": ""}, 400),
        ("/api/learn/chess/position", {"step": 0}, 404),
        ("/api/learn/RA/position", {"step": 0}, 400),
    ],
)
def test_inputs_are_bounded(api: TestClient, path: str, body: Any, status: int) -> None:
    r = api.post(path, json=body)
    assert r.status_code == status, r.text
    assert set(r.json()) <= {"error", "text"} and r.json()["error"]


def test_bodies_are_json_only(api: TestClient) -> None:
    r = api.post("/api/learn/ra/position", content=b"step=0", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415


def test_the_page_is_served_under_the_strict_csp(api: TestClient) -> None:
    r = api.get("/learn/write")
    assert r.status_code == 200 and r.headers["content-security-policy"] == CSP
    assert '<script type="module" src="/static/js/learn.js"></script>' in r.text
    assert "style=" not in r.text and "<script>" not in r.text
    assert api.get("/learn/chess").status_code == 404
    assert api.get("/api/learn/ra").headers["cache-control"] == "no-store"


def test_the_lobby_links_each_tutorial(api: TestClient) -> None:
    # The lobby builds its tutorial and rules links from meta (docs/PROTOCOL.md): no game is named in its page.
    games = {game["name"]: game for game in api.get("/api/meta").json()["games"]}
    for game in GAMES:
        assert games[game]["tutorial"] is True
        assert games[game]["rules"] == f"/rules/{game}"
        assert api.get(f"/learn/{game}").status_code == 200


def test_the_operations_are_in_the_openapi_schema(api: TestClient) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    assert paths["/api/learn/{game}"]["get"]["operationId"] == "get_tutorial"
    assert paths["/api/learn/{game}/position"]["post"]["operationId"] == "get_position"
    assert paths["/api/learn/{game}/try"]["post"]["operationId"] == "try_move"
    assert "/learn/{game}" not in paths
