"""Explanations on demand (issue 26): a client that connects with `explain=ask` gets state messages without the
explanation and asks for it with an `explain` message; the engine explains each (version, seat) once, however many
connections ask, and a version nobody asks about is never explained."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url

from ra.core.text import Text
from ra.i18n.render import Reader, render
from ra.server.http.messages import ExplainMessage
from ra.server.tables import snapshot, story


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


@pytest.fixture
def explained(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every seat view the engine is asked to explain."""
    calls: list[Any] = []
    real = story.explanation

    def counting(module: Any, view: Any, options: Any) -> Any:
        calls.append(view["viewer"])
        return real(module, view, options)

    monkeypatch.setattr(snapshot, "explanation", counting)
    return calls


def reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] != "state":
            return message


def test_a_client_that_asks_gets_the_explanation_of_its_own_view(quick: TestClient, explained: list[Any]) -> None:
    table = create(quick, [person("Ann"), person("Bob")])
    with quick.websocket_connect(ws_url(table, 0) + "&explain=ask") as ann:
        state = read_until(ann, 0)
        assert state["explain"] is None and explained == []  # nothing explained until asked
        ann.send_json({"type": "explain"})
        answer = reply(ann)
    assert ExplainMessage.model_validate(answer).seq == state["seq"] == 0
    with quick.websocket_connect(ws_url(table, 0)) as pushed:  # a client that does not ask gets it in each state
        assert read_until(pushed, 0)["explain"] == answer["explain"]
    assert "You" in render(Text.from_json(answer["explain"]["elements"]["tile:pharaoh"]), Reader("en", 0))
    assert explained == [0], "one explanation of Ann's view, for both of her connections"


def test_each_version_and_seat_is_explained_once_however_many_ask(quick: TestClient, explained: list[Any]) -> None:
    table = create(quick, [person("Ann"), person("Bob")])
    first = quick.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"]
    spectators = [quick.websocket_connect(ws_url(table) + "?explain=ask") for _ in range(3)]
    with quick.websocket_connect(ws_url(table, first) + "&explain=ask") as mover:
        read_until(mover, 0)  # its seat is taken now: the table's version after it is the one asked about
        explained.clear()  # (the HTTP view above carried the spectator's explanation of the version before)
        opened = [ws.__enter__() for ws in spectators]
        try:
            for ws in opened:
                read_until(ws, 0)
                ws.send_json({"type": "explain"})
                assert reply(ws)["explain"]["elements"]
            assert explained == [None]  # the spectators share one explanation
            mover.send_json({"type": "action", "seq": 0, "move": "draw"})
            read_until(mover, 1)
            for ws in opened:
                read_until(ws, 1)
            assert explained == [None], "a new version is not explained until someone asks"
            opened[0].send_json({"type": "explain"})
            assert reply(opened[0])["seq"] == 1
            assert explained == [None, None]
        finally:
            for ws in spectators:
                ws.__exit__(None, None, None)
