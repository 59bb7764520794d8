"""Chat at a table and in the lobby: who may speak, cleaning and limits, the history, reports, fan-out between two
processes' hubs over Redis."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_helpers import people_app, sign_up
from fastapi.testclient import TestClient
from server_helpers import bot, create, person
from services import RedisServer

from ra.server.chat.hub import ChatHub
from ra.server.chat.room import cleaned
from ra.server.storage.schema import chat_reports_t


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data", chat_messages=3, chat_window=60) as client:
        yield client


def history(ws: Any) -> dict[str, Any]:
    message = dict(ws.receive_json())
    assert message["type"] == "history", message
    return message


def test_a_seat_speaks_under_its_name_and_a_spectator_reads(web: TestClient) -> None:
    table = create(web, [person("Ann"), person("Bob")])
    seat = table["seats"][0]["token"]
    with (
        web.websocket_connect(f"/ws/chat/{table['id']}?seat=0&token={seat}") as ann,
        web.websocket_connect(f"/ws/chat/{table['id']}") as watcher,
    ):
        assert history(ann)["you"] == {"key": "s:0", "name": "Ann"}
        assert history(watcher)["can_send"] is False
        ann.send_json({"type": "say", "text": "  hello\u202e   there\u200b  "})
        said = watcher.receive_json()
        assert said["type"] == "said" and said["text"] == "hello there" and said["sender"]["name"] == "Ann"
        assert ann.receive_json()["id"] == said["id"]
        watcher.send_json({"type": "say", "text": "me too"})
        assert watcher.receive_json()["code"] == "forbidden"
        ann.send_json({"type": "say", "canned": "good_game"})
        assert watcher.receive_json()["canned"] == "good_game"
    with web.websocket_connect(f"/ws/chat/{table['id']}") as late:
        assert [m["text"] for m in history(late)["messages"]] == ["hello there", None]


def test_limits_of_length_rate_and_shape(web: TestClient) -> None:
    table = create(web, [person("Ann"), bot()])
    with web.websocket_connect(f"/ws/chat/{table['id']}?seat=0&token={table['seats'][0]['token']}") as ann:
        history(ann)
        ann.send_json({"type": "say", "text": "x" * 301})
        assert ann.receive_json()["code"] == "too_big"
        ann.send_json({"type": "say", "text": "x" * 1001})
        assert ann.receive_json()["code"] == "bad_message"
        ann.send_json({"type": "say", "text": "\u200b\u200b"})
        assert ann.receive_json()["code"] == "bad_message"
        ann.send_json({"type": "say", "canned": "rude"})
        assert ann.receive_json()["code"] == "bad_message"
        ann.send_json({"type": "say", "text": "a", "canned": "hello"})
        assert ann.receive_json()["code"] == "bad_message"
        ann.send_text("not json")
        assert ann.receive_json()["code"] == "bad_message"
        for i in range(3):
            ann.send_json({"type": "say", "text": f"m{i}"})
            assert ann.receive_json()["text"] == f"m{i}"
        ann.send_json({"type": "say", "text": "one more"})
        assert ann.receive_json()["code"] == "too_many"
        ann.send_json({"type": "ping"})
        assert ann.receive_json() == {"type": "pong"}


def test_the_lobby_is_for_signed_in_players(web: TestClient) -> None:
    with web.websocket_connect("/ws/chat/lobby") as guest:
        assert history(guest)["can_send"] is False
        sign_up(web, "Ann")
        session = {"Cookie": f"ra_session={web.cookies['ra_session']}"}  # a browser sends it over wss
        with web.websocket_connect("/ws/chat/lobby", headers=session) as ann:
            me = history(ann)["you"]
            assert me["name"] == "Ann" and me["key"].startswith("p:")
            ann.send_json({"type": "say", "text": "anyone for Ra?"})
            assert guest.receive_json()["sender"] == me


def test_a_report_stores_the_message_as_it_was_said(web: TestClient) -> None:
    table = create(web, [person("Ann"), person("Bob")])
    tokens = [s["token"] for s in table["seats"]]
    with (
        web.websocket_connect(f"/ws/chat/{table['id']}?seat=0&token={tokens[0]}") as ann,
        web.websocket_connect(f"/ws/chat/{table['id']}?seat=1&token={tokens[1]}") as bob,
    ):
        history(ann), history(bob)
        ann.send_json({"type": "say", "text": "something rude"})
        said = bob.receive_json()
        ann.receive_json()
        bob.send_json({"type": "report", "id": said["id"], "text": "a forged text"})
        assert bob.receive_json() == {"type": "reported", "id": said["id"]}
        bob.send_json({"type": "report", "id": "nope"})
        assert bob.receive_json()["code"] == "not_found"
    engine = web.app.state.people.reports.engine  # type: ignore[attr-defined]
    with engine.connect() as c:
        rows = [dict(r._mapping) for r in c.execute(chat_reports_t.select())]
    assert len(rows) == 1 and rows[0]["text"] == "something rude" and rows[0]["sender"] == "Ann"
    assert rows[0]["sender_key"] == "s:0" and rows[0]["reporter_key"] == "s:1"


def test_unknown_rooms_and_bad_room_names_are_refused(web: TestClient) -> None:
    with web.websocket_connect("/ws/chat/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "not_found"
    with web.websocket_connect("/ws/chat/b%C3%A4d") as ws:
        assert ws.receive_json()["code"] == "bad_message"


def test_other_origins_are_refused(web: TestClient) -> None:
    with web.websocket_connect("/ws/chat/lobby", headers={"Origin": "https://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "forbidden"


def test_cleaning_keeps_what_people_read() -> None:
    assert cleaned("ｆｕｌｌ width\tand\nlines") == "ｆｕｌｌ width and lines"
    assert cleaned("\u202eevil\u2066") == "evil" and cleaned("日本語 ok") == "日本語 ok"


def test_two_hubs_share_a_room_over_redis(redis_server: RedisServer) -> None:
    async def run() -> list[dict[str, Any]]:
        one, two = ChatHub(redis_url=redis_server.url), ChatHub(redis_url=redis_server.url)
        await one.start()
        await two.start()
        try:
            queue = two.join("lobby")
            for _ in range(100):  # until the subscription stands
                one.say({"id": one.new_id(), "room": "lobby", "text": "hi"})
                try:
                    return [await asyncio.wait_for(queue.get(), 0.1)]
                except TimeoutError:
                    continue
            return []
        finally:
            await one.stop()
            await two.stop()

    heard = asyncio.run(run())
    assert heard and heard[0]["text"] == "hi" and json.dumps(heard)
