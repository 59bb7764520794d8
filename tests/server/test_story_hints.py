"""Hints (issue 12): with the table option `hints`, a seat asks `{"type":"hint"}` and gets what the `hard` bot would
play for it, decided in the bot pool, with a one-line reason; each connection may ask a few a minute."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from core_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url

from ra.server.bots import runner as botrunner
from ra.server.bots.decisions import Decision, HintTask, decide, pack_hint, reason_of, unpack_hint
from ra.server.http import connection as ws


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    """An app whose bots (and hints) decide in threads of the test process."""
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


def next_reply(socket: Any) -> dict[str, Any]:
    """The next message that is not a state update."""
    message = dict(socket.receive_json())
    while message["type"] == "state":
        message = dict(socket.receive_json())
    return message


def first_seat(client: TestClient, table: dict[str, Any]) -> int:
    return int(client.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"])


def test_a_hint_is_the_hard_bots_move_for_the_seat_with_a_reason(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    seat = first_seat(quick, table)
    with quick.websocket_connect(ws_url(table, seat)) as socket:
        state = read_until(socket, 0)
        socket.send_json({"type": "hint"})
        hint = next_reply(socket)
    assert hint["type"] == "hint" and hint["seq"] == 0, hint
    legal = {a["notation"]: a["id"] for a in state["view"]["legal_actions"]}
    assert legal[hint["notation"]] == hint["id"]
    assert hint["text"][:1].isupper() and hint["reason"]
    assert "guesses" in hint["reason"] or "trial games" in hint["reason"]  # how much the bot searched


def test_hints_are_refused_where_they_do_not_apply(quick: TestClient) -> None:
    off = create(quick, [person("Ann"), person("Bob")])
    with quick.websocket_connect(ws_url(off, first_seat(quick, off))) as socket:
        read_until(socket, 0)
        socket.send_json({"type": "hint"})
        assert next_reply(socket)["code"] == "forbidden"  # hints are off at this table
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    waiting = 1 - first_seat(quick, table)
    with quick.websocket_connect(ws_url(table, waiting)) as socket, quick.websocket_connect(ws_url(table)) as watcher:
        read_until(socket, 0)
        read_until(watcher, 0)
        socket.send_json({"type": "hint"})
        assert next_reply(socket)["code"] == "not_your_turn"
        watcher.send_json({"type": "hint"})
        assert next_reply(watcher)["code"] == "forbidden"


def test_hints_are_rate_limited_per_connection(quick: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(botrunner, "HINT_LEVEL", "mcts:iterations=20")  # quick answers: only the limit matters
    monkeypatch.setattr(ws, "HINTS_PER_WINDOW", 3)
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    seat = first_seat(quick, table)
    with quick.websocket_connect(ws_url(table, seat)) as socket:
        read_until(socket, 0)
        for _ in range(3):
            socket.send_json({"type": "hint"})
            assert next_reply(socket)["type"] == "hint"
        socket.send_json({"type": "hint"})
        refused = next_reply(socket)
        assert refused["code"] == "too_many" and "3 hints a minute" in refused["message"]
    with quick.websocket_connect(ws_url(table, seat)) as again:  # the limit is the connection's
        read_until(again, 0)
        again.send_json({"type": "hint"})
        assert next_reply(again)["type"] == "hint"


def test_one_hint_at_a_time(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    with quick.websocket_connect(ws_url(table, first_seat(quick, table))) as socket:
        read_until(socket, 0)
        socket.send_json({"type": "hint"})
        socket.send_json({"type": "hint"})
        replies = [next_reply(socket), next_reply(socket)]
    assert sorted(r["type"] for r in replies) == ["error", "hint"]
    assert next(r for r in replies if r["type"] == "error")["code"] == "too_many"


class Simulator:
    """A bot that exposes its simulations' figures, as the hint's reason reads them."""

    name = "simulator"
    last_iterations = 1000

    def __init__(self) -> None:
        self.last_stats = {7: (640, 0.612), 8: (360, 0.4)}

    def choose(self, _view: Any) -> int:
        return 7


class Sampler:
    """A bot that exposes each move's average lead over sampled deals."""

    name = "sampler"
    last_samples = 10

    def __init__(self) -> None:
        self.last_leads = {3: 4.25, 4: -1.0}

    def choose(self, _view: Any) -> int:
        return 3


def test_the_reason_comes_from_the_bots_figures_when_it_has_them() -> None:
    assert reason_of(Simulator(), 7) == (
        "the best of your moves in the bot's trial games from here: it won 61% of 640 (the bot is quite sure)"
    )
    assert reason_of(Sampler(), 3) == (
        "puts you about 4.2 points ahead of the best opponent, judged over 10 guesses of the hidden tiles or cards "
        "(a rough guess)"
    )
    # A move that trails reads as the least bad one, never as a loss in the bot's figures (issue 31, item 4).
    assert reason_of(Sampler(), 4).startswith("loses least: you stay about 1.0 points behind the best opponent")
    assert "trails" not in reason_of(Sampler(), 4)
    assert reason_of(Sampler(), 5) == "the best of your moves over 10 guesses of the hidden tiles or cards"
    assert reason_of(object(), 3) == "the move the hard bot judges best here"
    for action, reason in ((0, "wins 61% of 640 simulated games"), (77, "—é ünïcode"), (5, "")):
        hint = unpack_hint(pack_hint(action, reason))
        assert hint.action == action and hint.reason == (reason or "the move the hard bot judges best here")


def test_a_hint_task_answers_through_the_pools_integer_channel() -> None:
    from ra.games import game_module

    state = game_module("ra").State.new({"players": 2}, seed=1)
    view = dict(state.view(state.current_players()[0]))
    hint = unpack_hint(decide(HintTask("ra", "mcts:iterations=30", 1, view)))
    assert hint.action in {a["id"] for a in view["legal_actions"]}
    assert hint.reason == "the best of your moves in 30 trial games the bot played from here"
    assert decide(Decision("ra", "mcts:iterations=30", 1, view)) == hint.action  # a plain decision: the id alone
