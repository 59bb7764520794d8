"""Errors a player reads, in the player's language (issue 28): every `error` message carries its reason as a text
(`text`, rendered by the reader's browser) besides the English `message`; the engines' refusals travel as the
engine's own text, the service's and the socket's refusals as theirs, and the HTTP refusals of the table routes
carry the same `text`."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url

from ra.core.text import Text
from ra.i18n import Reader, render


def next_error(socket: Any) -> dict[str, Any]:
    message = dict(socket.receive_json())
    while message["type"] == "state":
        message = dict(socket.receive_json())
    assert message["type"] == "error", message
    return message


def in_every_language(error: dict[str, Any], seat: int | None = None) -> dict[str, str]:
    """The error's words per language; English equal to `message`, the others translated and filled in."""
    text = Text.from_json(error["text"])
    said = {code: render(text, Reader(code, seat, ["Ann", "Bob"])) for code in ("en", "de", "zh-Hans")}
    assert said["en"] == error["message"] or seat is not None, said
    for code in ("de", "zh-Hans"):
        assert said[code] != said["en"] and not re.search(r"\{\w*\}", said[code]), (code, said)
    return said


def test_an_illegal_move_and_a_stale_seq_are_answered_in_german(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    seat = int(client.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"])
    with client.websocket_connect(ws_url(table, seat)) as socket:
        read_until(socket, 0)
        socket.send_json({"type": "action", "seq": 0, "move": "bid:13"})  # no auction: the engine refuses
        illegal = next_error(socket)
        assert illegal["code"] == "illegal"
        german = in_every_language(illegal, seat)["de"]
        assert "Versteigerung" in german or "Sonne" in german, german
        socket.send_json({"type": "action", "seq": 0, "move": "draw"})
        read_until(socket, 1)
        socket.send_json({"type": "action", "seq": 0, "move": "draw"})  # the same message again: stale
        stale = next_error(socket)
        assert stale["code"] == "stale"
        assert in_every_language(stale)["de"] == "veralteter Zug: du hast seq 0 gesehen, der Tisch ist bei seq 1"
        socket.send_json({"type": "action", "seq": 1, "move": "nonsense"})  # not Ra notation: the engine's words
        assert next_error(socket)["code"] == "bad_message"
        socket.send_json({"type": "action", "seq": 1})  # the model's own refusal
        missing = next_error(socket)
        assert missing["message"] == "an action message needs an integer action id"
        in_every_language(missing)
        socket.send_json({"type": "huh"})
        in_every_language(next_error(socket))


def test_a_spectator_and_a_wrong_seat_link_are_told_in_their_language(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    with client.websocket_connect(ws_url(table)) as watcher:
        read_until(watcher, 0)
        watcher.send_json({"type": "action", "seq": 0, "move": "draw"})
        said = in_every_language(next_error(watcher))
        assert said["de"] == "ein Zuschauer kann nicht ziehen; öffne den Einladungslink deines Platzes"
    link = f"/ws/{table['id']}?seat=0&token=mistyped&fallback=spectator"
    with client.websocket_connect(link) as socket:
        notice = next_error(socket)
        assert notice["code"] == "forbidden"
        assert in_every_language(notice)["de"].endswith("du schaust als Zuschauer zu")


def test_http_refusals_of_the_table_routes_carry_the_text(client: TestClient) -> None:
    answer = client.get("/api/tables/nosuchtable")
    assert answer.status_code == 404
    assert render(Text.from_json(answer.json()["text"]), Reader("de")) == "es gibt keinen Tisch 'nosuchtable'"
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "alphazero"}]
    bad = client.post("/api/tables", json={"game": "ra", "seats": seats})
    assert bad.status_code == 400 and set(bad.json()) == {"error", "text"}
    assert render(Text.from_json(bad.json()["text"]), Reader("zh-Hans")).startswith("座位 1：")
    many = client.post("/api/tables", json={"game": "ra", "options": {"players": 3}, "seats": seats[:1] * 2})
    assert render(Text.from_json(many.json()["text"]), Reader("de")) == (
        "die Option players ist 3, aber es gibt 2 Plätze"
    )
