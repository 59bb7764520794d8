"""The puzzles' API (/api/puzzles/{game}): a guest's fixed sequence, answers judged with the reason, a signed-in
player's rating moving once per puzzle, and bounded inputs with clear errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_helpers import csrf, people_app, sign_up
from fastapi.testclient import TestClient

from ra.bots.registry import game_bots
from ra.core.text import english
from ra.puzzles.model import bundled

GAMES = ("ra", "write")


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with people_app(tmp_path_factory.mktemp("puzzles")) as client:
        yield client


def next_puzzle(client: TestClient, game: str, index: int | None = None) -> dict[str, Any]:
    query = "" if index is None else f"?index={index}"
    r = client.get(f"/api/puzzles/{game}/next{query}")
    assert r.status_code == 200, r.text
    return dict(r.json())


def answer(client: TestClient, game: str, puzzle: str, action: object, **headers: str) -> Any:
    return client.post(f"/api/puzzles/{game}/{puzzle}/answer", json={"action": action}, headers=headers)


def wrong_notation(puzzle: dict[str, Any]) -> str:
    solution = bundled(puzzle["game"]).by_id(puzzle["id"]).solution  # type: ignore[union-attr]
    return str(next(c["notation"] for c in puzzle["choices"] if c["notation"] != solution))


@pytest.mark.parametrize("game", GAMES)
def test_a_guest_walks_a_fixed_sequence_easiest_first(api: TestClient, game: str) -> None:
    first = [next_puzzle(api, game, i) for i in range(4)]
    again = [next_puzzle(api, game, i) for i in range(4)]
    assert [p["id"] for p in first] == [p["id"] for p in again]
    assert len({p["id"] for p in first}) == 4
    assert [p["index"] for p in first] == [0, 1, 2, 3] and [p["next"] for p in first] == [1, 2, 3, 4]
    assert [p["rating"] for p in first] == sorted(p["rating"] for p in first)
    total = first[0]["total"]
    assert total == len(bundled(game).puzzles)  # type: ignore[union-attr]
    assert next_puzzle(api, game, total)["id"] == first[0]["id"]  # the sequence starts again
    assert first[0]["solver"] is None and first[0]["view"]["viewer"] == first[0]["seat"]
    assert [c["notation"] for c in first[0]["choices"]] == [e["notation"] for e in first[0]["view"]["legal_actions"]]
    titles = {english(title) for title in game_bots(game).themes.values()}
    assert all(p["theme"] in titles for p in first)  # each names what it teaches


@pytest.mark.parametrize("game", GAMES)
def test_the_right_answer_is_right_and_a_wrong_one_names_the_solution(api: TestClient, game: str) -> None:
    puzzle = next_puzzle(api, game, 5)
    solution = bundled(game).by_id(puzzle["id"]).solution  # type: ignore[union-attr]
    right = answer(api, game, puzzle["id"], solution)
    assert right.status_code == 200, right.text
    data = right.json()
    assert data["correct"] is True and data["solution"] == solution and data["rating"] is None
    assert data["why"] and data["reason"]["m"] and data["verdict"] == "Right!"
    wrong = answer(api, game, puzzle["id"], wrong_notation(puzzle)).json()
    assert wrong["correct"] is False and wrong["solution"] == solution
    assert wrong["solution_words"] in wrong["verdict"] and wrong["why"] == data["why"]
    by_id = next(c["id"] for c in puzzle["choices"] if c["notation"] == solution)
    assert answer(api, game, puzzle["id"], by_id).json()["correct"] is True


def test_the_words_come_in_the_requests_language(api: TestClient) -> None:
    puzzle = next_puzzle(api, "ra", 0)
    english = answer(api, "ra", puzzle["id"], wrong_notation(puzzle)).json()
    r = api.post(f"/api/puzzles/ra/{puzzle['id']}/answer?lang=de", json={"action": wrong_notation(puzzle)})
    german = r.json()
    assert german["verdict"] != english["verdict"] and german["why"] != english["why"]


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/api/puzzles/ra/{id}/answer", {"action": "not-a-move"}, 400),
        ("/api/puzzles/ra/{id}/answer", {"action": 99999}, 400),
        ("/api/puzzles/ra/{id}/answer", {"action": True}, 400),
        ("/api/puzzles/ra/{id}/answer", {"action": "x" * 65}, 400),
        ("/api/puzzles/ra/{id}/answer", {"action": "pass", "more": 1}, 400),
        ("/api/puzzles/ra/{id}/answer", {}, 400),
        ("/api/puzzles/ra/ra-0-0-999999/answer", {"action": "pass"}, 404),
        ("/api/puzzles/chess/{id}/answer", {"action": "pass"}, 404),
    ],
)
def test_bad_answers_are_refused_with_a_clear_error(api: TestClient, path: str, body: Any, status: int) -> None:
    puzzle = next_puzzle(api, "ra", 0)
    r = api.post(path.format(id=puzzle["id"]), json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"]


@pytest.mark.parametrize("query", ["?index=-1", "?index=1000001", "?index=x"])
def test_a_bad_index_is_refused(api: TestClient, query: str) -> None:
    r = api.get(f"/api/puzzles/ra/next{query}")
    assert r.status_code == 400 and r.json()["error"]


def test_an_unknown_game_has_no_puzzles(api: TestClient) -> None:
    assert api.get("/api/puzzles/chess/next").status_code == 404
    assert api.get("/puzzles/chess").status_code == 404
    assert api.get("/puzzles/ra").status_code == 200


def test_a_signed_in_players_rating_moves_once_per_puzzle(tmp_path: Path) -> None:
    with people_app(tmp_path) as client:
        sign_up(client, "Solver")
        first = next_puzzle(client, "ra")
        assert first["solver"]["answers"] == 0
        start = first["solver"]["rating"]
        solution = bundled("ra").by_id(first["id"]).solution  # type: ignore[union-attr]
        assert answer(client, "ra", first["id"], solution).status_code == 403  # no CSRF token
        moved = answer(client, "ra", first["id"], solution, **csrf(client)).json()["rating"]
        assert moved["rated"] is True and moved["before"] == start and moved["rating"] > start
        assert moved["puzzle"] < moved["puzzle_before"]  # solved: the puzzle looks easier
        again = answer(client, "ra", first["id"], wrong_notation(first), **csrf(client)).json()["rating"]
        assert again["rated"] is False and again["rating"] == moved["rating"]
        second = next_puzzle(client, "ra")
        assert second["id"] != first["id"]  # answered puzzles are not offered again
        assert second["solver"]["answers"] == 1 and second["solver"]["solved"] == 1
        wrong = answer(client, "ra", second["id"], wrong_notation(second), **csrf(client)).json()["rating"]
        assert wrong["rated"] is True and wrong["rating"] < wrong["before"]
        assert wrong["puzzle"] > wrong["puzzle_before"]
