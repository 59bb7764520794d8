"""The frames the table socket sends are its models' messages (ra.server.http.outgoing): every frame that moves,
an undo, a rename, a clock, explanations pushed or asked for, a kept log and errors make validates against the model
of its `type`, with the model's fields in order at its top and no key the model does not declare anywhere."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, ws_url

from ra.server.http.messages import SERVER_MESSAGES, StateMessage, type_of
from ra.server.http.outgoing import STATE_NOW, STATE_SEAT, STATE_SHARED, Members, state_frame

MODELS = {type_of(model): model for model in SERVER_MESSAGES}


def checked(text: str) -> dict[str, Any]:
    """A frame as its model reads it: the same keys and values, nothing undeclared, the fields in order."""
    data = dict(json.loads(text))
    model = MODELS[data["type"]]
    message = model.model_validate_json(text)
    assert list(data) == list(model.model_fields), f"{model.__name__}: the fields in the model's order"
    assert message.model_dump(exclude_unset=True) == data, f"{model.__name__}: a key the model does not declare"
    return data


def receive(ws: Any, frames: list[dict[str, Any]]) -> dict[str, Any]:
    frame = checked(ws.receive_text())
    frames.append(frame)
    return frame


def until(ws: Any, frames: list[dict[str, Any]], seq: int) -> dict[str, Any]:
    while (frame := receive(ws, frames))["type"] != "state" or frame["seq"] < seq:
        pass
    return frame


def reply(ws: Any, frames: list[dict[str, Any]]) -> dict[str, Any]:
    """The next frame that is not a state (each state before it checked too)."""
    while (frame := receive(ws, frames))["type"] == "state":
        pass
    return frame


def test_every_frame_of_a_game_is_its_model(client: TestClient) -> None:
    pace = {"kind": "live", "bank": 60, "increment": 5, "timeout": "bot", "level": "easy"}
    r = client.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), person("Bob")], "pace": pace})
    table, frames = r.json(), list[dict[str, Any]]()
    ann = client.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"]
    asks = ws_url(table, 1 - ann) + "&explain=ask&log=tail"
    with ExitStack() as stack:
        mover, other, spectator = (
            stack.enter_context(client.websocket_connect(url)) for url in (ws_url(table, ann), asks, ws_url(table))
        )
        first = until(other, frames, 0)
        assert first["explain"] is None and first["table"]["clock"]["pace"]["bank"] == 60
        until(mover, frames, 0)
        mover.send_text(json.dumps({"type": "action", "seq": 0, "move": "ra"}))
        offered = until(other, frames, 1)
        assert offered["undo"] == {"player": ann, "seq": 1} and offered["log_from"] == 0
        until(mover, frames, 1)
        mover.send_text(json.dumps({"type": "undo", "seq": 1}))
        undone = until(other, frames, 2)
        assert undone["log_from"] == 1 and undone["log"][0]["undoes"] == 1  # only the entry it had not had
        other.send_text(json.dumps({"type": "rename", "name": "Bea"}))
        renamed = until(other, frames, 2)
        assert renamed["table"]["seats"][1 - ann]["name"] == "Bea"
        other.send_text(json.dumps({"type": "explain"}))
        assert reply(other, frames)["type"] == "explain"
        for message in ({"type": "ping"}, {"type": "action", "seq": 9, "move": "ra"}, {"type": "dance"}):
            other.send_text(json.dumps(message))
            assert reply(other, frames)["type"] in ("pong", "error")
        spectator.send_text(json.dumps({"type": "hint"}))
        assert reply(spectator, frames)["code"] == "forbidden"
    assert {frame["type"] for frame in frames} == {"state", "explain", "pong", "error"}


def test_the_frames_of_a_bots_game_are_the_models(client: TestClient) -> None:
    table, frames = create(client, [bot(), bot()], game="write"), list[dict[str, Any]]()
    with client.websocket_connect(ws_url(table)) as spectator:
        while receive(spectator, frames)["seq"] < 20:
            pass
    assert len(frames) > 1 and all(frame["log"] for frame in frames[1:])


def test_a_frame_is_written_in_the_models_field_order() -> None:
    assert Members(StateMessage, "log_from", "log").write("0", "[]") == '"log_from":0,"log":[]'
    with pytest.raises(ValueError, match="StateMessage has no fields log, log_from in this order"):
        Members(StateMessage, "log", "log_from")
    with pytest.raises(ValueError, match="no fields seq, explain"):
        Members(StateMessage, "seq", "explain")  # `view` left out
    with pytest.raises(ValueError, match="no fields colour"):
        Members(StateMessage, "colour")
    assert STATE_SEAT.names + STATE_SHARED.names + STATE_NOW.names == tuple(StateMessage.model_fields)


def test_a_versions_frame_is_made_once_and_sent_with_now_last(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    snap = client.app.state.service.tables.peek(table["id"]).snap()  # type: ignore[attr-defined]
    assert state_frame(snap, 0) is state_frame(snap, 0, True, 0) is state_frame(snap, 0, log_from=99)
    assert state_frame(snap, 0, explained=False) is not state_frame(snap, 0)
    sent = state_frame(snap, None).at(1700000000.12345)
    assert sent.endswith(',"undo":null,"now":1700000000.123}') and checked(sent)["now"] == 1700000000.123
