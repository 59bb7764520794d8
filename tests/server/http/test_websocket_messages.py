"""The WebSocket's message models: client messages refused in their fields' words, every message the server sends
is one of the models, and docs/PROTOCOL.md's tables are the ones the models generate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url

from ra.server.http import protocol_doc
from ra.server.http.messages import (
    Action,
    ErrorMessage,
    Ping,
    Pong,
    Refused,
    Rename,
    StateMessage,
    read_client_message,
)

DOCUMENT = Path(__file__).resolve().parents[3] / "docs" / "PROTOCOL.md"


def test_the_protocol_document_shows_the_messages_the_models_define() -> None:
    text = DOCUMENT.read_text(encoding="utf-8")
    assert protocol_doc.current(text) == text, "run: python -m ra.server.http.protocol_doc"
    assert protocol_doc.main([str(DOCUMENT), "--check"]) == 0
    for name in ("action", "rename", "hint", "ping", "state", "error", "pong"):
        assert f'#### `{{"type":"{name}"}}`' in text


def test_a_changed_model_makes_the_document_stale(tmp_path: Path) -> None:
    stale = tmp_path / "PROTOCOL.md"
    stale.write_text(DOCUMENT.read_text(encoding="utf-8").replace("the table's seq the sender saw", "a seq"))
    assert protocol_doc.main([str(stale), "--check"]) == 1
    assert protocol_doc.main([str(stale)]) == 0  # written anew
    assert stale.read_text(encoding="utf-8") == DOCUMENT.read_text(encoding="utf-8")


def refusal(data: Any, spectator: bool = False) -> tuple[str, str]:
    with pytest.raises(Refused) as refused:
        read_client_message(data, spectator)
    return refused.value.code, refused.value.message


def test_client_messages_are_refused_in_the_words_of_their_fields() -> None:
    assert refusal([1, 2]) == ("bad_message", "a message is a JSON object with a type")
    assert refusal({"type": "dance"}) == ("bad_message", "unknown message type 'dance'")
    assert refusal({}) == refusal({"type": ["action"]}) == ("bad_message", "unknown message type '?'")
    assert refusal({"type": "action", "move": "x" * 65, "seq": 0})[1].startswith("move is an action's notation")
    assert refusal({"type": "action", "move": "draw"})[1] == "an action message needs the integer seq the sender saw"
    assert refusal({"type": "action", "seq": True, "action": 1})[1].startswith("an action message needs the integer")
    assert refusal({"type": "action", "seq": 0, "action": 1.0})[1] == "an action message needs an integer action id"
    assert refusal({"type": "action", "seq": 0})[1] == "an action message needs an integer action id"
    assert refusal({"type": "rename", "name": 5}) == ("bad_message", "a name is a non-empty text")


def test_a_spectator_is_refused_what_needs_a_seat_whatever_its_fields() -> None:
    assert refusal({"type": "action", "seq": "x"}, spectator=True)[0] == "forbidden"
    assert refusal({"type": "rename", "name": 5}, spectator=True)[0] == "forbidden"
    assert refusal({"type": "hint"}, spectator=True)[0] == "forbidden"
    assert isinstance(read_client_message({"type": "ping", "padding": "x"}, spectator=True), Ping)


def test_valid_client_messages_become_their_models() -> None:
    action = read_client_message({"type": "action", "seq": 3, "move": "draw", "extra": 1}, spectator=False)
    assert isinstance(action, Action) and (action.seq, action.move, action.action) == (3, "draw", None)
    assert "action" not in action.model_fields_set
    rename = read_client_message({"type": "rename", "name": "Ann"}, spectator=False)
    assert isinstance(rename, Rename) and rename.name == "Ann"


def next_reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state update; every state update before it must be a `StateMessage`."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] != "state":
            return message
        assert list(StateMessage.model_validate(message).model_dump()) == list(message)  # the fields, in order


def test_every_message_the_server_sends_is_one_of_the_models(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    first = client.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"]
    with client.websocket_connect(ws_url(table, first)) as ws:
        state = read_until(ws, 0)
        assert list(StateMessage.model_validate(state).model_dump()) == list(state)  # the same fields, in order
        ws.send_json({"type": "ping"})
        assert Pong.model_validate(next_reply(ws)) == Pong()
        ws.send_json({"type": "action", "seq": 5, "action": 0})
        error = next_reply(ws)
        shape = ErrorMessage.model_validate(error).model_dump(exclude_none=True)  # `text` only when there is one
        assert list(shape) == list(error) and error["code"] == "stale"
        ws.send_json({"type": "action", "seq": 0, "move": "draw"})
        moved = read_until(ws, 1)
        assert StateMessage.model_validate(moved).seq == 1 and moved["log"][-1]["notation"] == "draw"
