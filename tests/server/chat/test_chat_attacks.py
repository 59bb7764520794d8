"""The chat attacked (issue 41): floods of pings and reports on one socket, reports repeated and past the day's
number, a speaker in many rooms, and sockets that kept speaking after their session ended (sign-out, revoke, a new
password, deletion), in one process and across two over Redis."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from account_helpers import PASSWORD, csrf, people_app, sign_up
from fastapi.testclient import TestClient
from processes import Pair
from server_helpers import create, person
from services import RedisServer
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ra.server.chat.hub import ChatHub
from ra.server.storage.schema import chat_reports_t

FLOOD = 1000  # far fewer than the 20,000 of the finding, far more than the burst of 200 the socket allows


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data", chat_messages=3, chat_window=60, chat_reports_per_day=3) as client:
        yield client


def history(ws: Any) -> dict[str, Any]:
    message = dict(ws.receive_json())
    assert message["type"] == "history", message
    return message


def report_rows(web: TestClient) -> list[dict[str, Any]]:
    engine = web.app.state.people.reports.engine  # type: ignore[attr-defined]
    with engine.connect() as c:
        return [dict(r._mapping) for r in c.execute(chat_reports_t.select())]


def closed_with(ws: Any) -> int:
    """The close code of a socket the server closed (after any messages still on their way)."""
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(FLOOD + 10):
            ws.receive_json()
    return int(closed.value.code)


def seats_of(web: TestClient) -> tuple[str, list[str]]:
    table = create(web, [person("Ann"), person("Bob")])
    return table["id"], [f"/ws/chat/{table['id']}?seat={i}&token={s['token']}" for i, s in enumerate(table["seats"])]


def until_error(ws: Any, most: int) -> tuple[int, dict[str, Any] | None]:
    """Read up to `most` answers: how many came before the first error, and that error (None: no error)."""
    for n in range(most):
        answer = dict(ws.receive_json())
        if answer["type"] == "error":
            return n, answer
    return most, None


# -- finding 1: a message rate, reports once and per day, speakers across rooms ------------------------------------


def test_a_flood_of_pings_closes_the_socket_with_too_many(web: TestClient) -> None:
    _, (ann, _) = seats_of(web)
    with web.websocket_connect(ann) as ws:
        history(ws)
        for _ in range(FLOOD):
            ws.send_json({"type": "ping"})
        pongs, error = until_error(ws, FLOOD)
        assert error is not None and error["code"] == "too_many", f"{pongs} pongs: every ping was answered"
        assert pongs < FLOOD // 2
        assert closed_with(ws) == 1008


def test_a_flood_of_reports_closes_the_socket_and_stores_at_most_the_days_reports(web: TestClient) -> None:
    _, (ann, bob) = seats_of(web)
    with web.websocket_connect(ann) as a, web.websocket_connect(bob) as b:
        history(a), history(b)
        ids = []
        for i in range(3):
            a.send_json({"type": "say", "text": f"rude {i}"})
            ids.append(b.receive_json()["id"])
        for i in range(FLOOD):
            b.send_json({"type": "report", "id": ids[i % 3]})
        answers, error = until_error(b, FLOOD)
        assert error is not None and error["code"] == "too_many", f"{answers} reports answered"
        assert closed_with(b) == 1008
    assert len(report_rows(web)) == 3


def test_the_same_report_twice_stores_one_row_and_the_days_reports_are_counted(web: TestClient) -> None:
    _, (ann, bob) = seats_of(web)
    with web.websocket_connect(ann) as a, web.websocket_connect(bob) as b:
        history(a), history(b)
        ids = []
        for i in range(3):
            a.send_json({"type": "say", "text": f"rude {i}"})
            ids.append(b.receive_json()["id"])
        for message_id in [ids[0], ids[0], ids[1]]:
            b.send_json({"type": "report", "id": message_id})
            assert b.receive_json() == {"type": "reported", "id": message_id}
        assert len(report_rows(web)) == 2
        b.send_json({"type": "report", "id": ids[2]})
        assert b.receive_json() == {"type": "reported", "id": ids[2]}
    _, (ann, bob) = seats_of(web)  # another table: its seat 1 is another reporter, counted in its own room
    with web.websocket_connect(ann) as a, web.websocket_connect(bob) as b:
        history(a), history(b)
        ids = []
        for i in range(3):
            a.send_json({"type": "say", "text": f"rude {i}"})
            ids.append(b.receive_json()["id"])
        b.send_json({"type": "report", "id": ids[0]})
        assert b.receive_json() == {"type": "reported", "id": ids[0]}
    rows = report_rows(web)
    assert len(rows) == 4 and all(r["message_id"] for r in rows)


def test_an_account_reports_at_most_the_days_number_in_every_room(web: TestClient) -> None:
    sign_up(web, "Ann")
    cookie = {"Cookie": f"ra_session={web.cookies['ra_session']}"}
    rooms = [seats_of(web) for _ in range(2)]
    answers = []
    for table, (speaker, _) in rooms:
        with web.websocket_connect(speaker) as s, web.websocket_connect(f"/ws/chat/{table}", headers=cookie) as ann:
            history(s), history(ann)
            for i in range(2):
                s.send_json({"type": "say", "text": f"rude {i}"})
                message_id = ann.receive_json()["id"]
                ann.send_json({"type": "report", "id": message_id})
                answers.append(ann.receive_json())
    assert [a["type"] for a in answers] == ["reported"] * 3 + ["error"] and answers[-1]["code"] == "too_many"
    assert len(report_rows(web)) == 3


def test_a_speaker_is_limited_across_rooms(web: TestClient) -> None:
    sign_up(web, "Ann")
    cookie = {"Cookie": f"ra_session={web.cookies['ra_session']}"}
    table, _ = seats_of(web)
    with (
        web.websocket_connect("/ws/chat/lobby", headers=cookie) as lobby,
        web.websocket_connect(f"/ws/chat/{table}", headers=cookie) as at_table,
    ):
        history(lobby), history(at_table)
        answers = []
        for ws in (lobby, lobby, at_table, at_table):  # 3 messages in 60 s for the speaker, wherever
            ws.send_json({"type": "say", "text": "hi"})
            answers.append(ws.receive_json())
        assert [a["type"] for a in answers[:3]] == ["said"] * 3
        assert answers[3]["type"] == "error" and answers[3]["code"] == "too_many"


def test_a_malformed_message_from_another_process_leaves_the_room_usable(web: TestClient) -> None:
    hub: ChatHub = web.app.state.people.chat  # type: ignore[attr-defined]
    hub._heard(json.dumps({"origin": "elsewhere", "message": {"id": "x-1", "room": "lobby", "text": "bare"}}))
    with web.websocket_connect("/ws/chat/lobby") as ws:
        assert history(ws)["messages"] == []


# -- finding 5: a socket ends with its session ----------------------------------------------------------------------


def browser(web: TestClient) -> TestClient:
    """A second browser on the same app: Ann signed in there too."""
    phone = TestClient(web.app, base_url=str(web.base_url))
    assert phone.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    return phone


def signed_out(ws: Any) -> None:
    """The socket may not speak any more: a say answers `signed_out`, then the socket closes 4401."""
    ws.send_json({"type": "say", "text": "still here?"})
    answer = ws.receive_json()
    assert answer["type"] == "error" and answer["code"] == "signed_out", answer
    assert closed_with(ws) == 4401


def speaks(ws: Any) -> None:
    ws.send_json({"type": "say", "text": "still here"})
    assert ws.receive_json()["type"] == "said"


ENDINGS = {
    # how the session ends: the request from the first browser, and which sockets it ends (this one, the other)
    "sign-out": ("/api/account/sign-out", None, (True, False)),
    "revoke": ("/api/account/sessions/revoke", "other", (False, True)),
    "password": ("/api/account/password", {"old": PASSWORD, "new": "another long one"}, (False, True)),
    "delete": ("/api/account/delete", {"password": PASSWORD}, (True, True)),
}


def end_session(web: TestClient, how: str) -> tuple[bool, bool]:
    path, body, ends = ENDINGS[how]
    if body == "other":
        sessions = web.get("/api/account/sessions").json()["sessions"]
        body = {"session": next(s["id"] for s in sessions if not s["current"])}
    r = web.post(path, json=body, headers=csrf(web)) if body is not None else web.post(path, headers=csrf(web))
    assert r.status_code == 200, r.text
    return ends


@pytest.mark.parametrize("how", list(ENDINGS))
def test_an_ended_session_closes_its_chat_sockets_at_once(web: TestClient, how: str) -> None:
    sign_up(web, "Ann")
    here = {"Cookie": f"ra_session={web.cookies['ra_session']}"}
    there = {"Cookie": f"ra_session={browser(web).cookies['ra_session']}"}
    table, (_, bob) = seats_of(web)
    with (
        web.websocket_connect("/ws/chat/lobby", headers=here) as mine,
        web.websocket_connect(f"/ws/chat/{table}", headers=there) as theirs,
        web.websocket_connect(bob) as seat,
    ):
        history(mine), history(theirs), history(seat)
        ends = end_session(web, how)
        for ws, ended in zip((mine, theirs), ends, strict=True):
            if ended:
                signed_out(ws)
            else:
                speaks(ws)
        seat.send_json({"type": "say", "text": "a seat speaks on"})  # a seat's token is no session: unaffected
        said = [seat.receive_json() for _ in range(2 if not ends[1] else 1)]
        assert said[-1]["type"] == "said" and said[-1]["text"] == "a seat speaks on"


class Lost:
    """Sessions that end tell nobody: as if Redis lost the message."""

    async def ended(self, account_id: int, sessions: Sequence[str] | None, keep: str | None = None) -> None:
        return None


def test_a_lost_end_is_caught_before_the_next_say(tmp_path: Path) -> None:
    with people_app(tmp_path / "data", chat_session_check=0) as web:
        web.app.state.people.accounts.ended = Lost()  # type: ignore[attr-defined]
        sign_up(web, "Ann")
        cookie = {"Cookie": f"ra_session={web.cookies['ra_session']}"}
        with web.websocket_connect("/ws/chat/lobby", headers=cookie) as ws:
            history(ws)
            speaks(ws)
            assert web.post("/api/account/sign-out", headers=csrf(web)).status_code == 200
            signed_out(ws)


class Socket:
    """A chat socket as the hub sees it: it notes that it ended."""

    def __init__(self) -> None:
        self.ended = asyncio.Event()

    def end(self) -> None:
        self.ended.set()


def test_a_session_ended_in_one_process_closes_its_sockets_in_another(redis_server: RedisServer) -> None:
    async def run() -> tuple[bool, bool, bool, bool]:
        one, two = ChatHub(redis_url=redis_server.url), ChatHub(redis_url=redis_server.url)
        await one.start()
        await two.start()
        try:
            phone, laptop, stranger, other = Socket(), Socket(), Socket(), Socket()
            two.speaking_for(7, "phone", phone)
            two.speaking_for(7, "laptop", laptop)
            two.speaking_for(8, "phone", stranger)
            two.speaking_for(9, "tablet", other)
            for _ in range(100):  # until the subscription stands
                await one.ended(7, ["phone"])
                try:
                    await asyncio.wait_for(phone.ended.wait(), 0.1)
                    break
                except TimeoutError:
                    continue
            await one.ended(9, None, keep="desk")  # a new password on another device: every other session
            await asyncio.wait_for(other.ended.wait(), 5)
            await asyncio.sleep(0.2)
            return phone.ended.is_set(), laptop.ended.is_set(), stranger.ended.is_set(), other.ended.is_set()
        finally:
            await one.stop()
            await two.stop()

    assert asyncio.run(run()) == (True, False, False, True)


def test_a_sign_out_on_one_server_process_closes_the_socket_on_the_other(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    with httpx.Client(base_url=a.base, timeout=10) as on_a:
        r = on_a.post("/api/account/sign-up", json={"name": "Chatty Ann", "password": "a long enough password"})
        assert r.status_code == 201, r.text
        cookie = {"Cookie": f"ra_session={on_a.cookies['ra_session']}"}
        lobby = [server.base.replace("http://", "ws://") + "/ws/chat/lobby" for server in (a, b)]
        with (
            connect(lobby[0], additional_headers=cookie) as here,
            connect(lobby[1], additional_headers=cookie) as there,
        ):
            assert json.loads(here.recv(timeout=10))["type"] == "history"
            assert json.loads(there.recv(timeout=10))["type"] == "history"
            heard, deadline = False, time.monotonic() + 20
            while not heard and time.monotonic() < deadline:  # until b hears what a sends over Redis
                here.send(json.dumps({"type": "say", "canned": "hello"}))
                with contextlib.suppress(TimeoutError):
                    while not heard:
                        heard = json.loads(there.recv(timeout=0.5))["type"] == "said"
            assert heard
            r = on_a.post("/api/account/sign-out", headers={"X-CSRF-Token": on_a.cookies["ra_csrf"]})
            assert r.status_code == 200, r.text
            answer: dict[str, Any] = {}
            with contextlib.suppress(TimeoutError):  # b says nothing more, unasked, until the socket ends
                while answer.get("type") != "error":
                    answer = json.loads(there.recv(timeout=3))
            assert answer.get("code") == "signed_out", "the socket on the other process stays open"
            with pytest.raises(ConnectionClosed):
                there.recv(timeout=3)
            assert there.close_code == 4401
