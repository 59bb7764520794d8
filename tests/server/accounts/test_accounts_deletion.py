"""Deleting an account removes or anonymises its data in every table of the schema (docs/ACCOUNTS.md, "Deleting an
account"): an account that signed in, held seats, played a rated game, chatted, reported, set its notices and
failed a sign-in leaves nothing that names it, and the reports of its messages keep the message for the operator."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from account_helpers import PASSWORD, csrf, new_listed_table, people_app, play_out, sign_up, wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, person

from ra.server.storage.rows import now
from ra.server.storage.schema import account_marks_t, accounts_t, chat_reports_t, metadata

NAME = "Zanzibar Quill"
EMAIL = "zq.private-box@example.org"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    # The shared-mark check off: every test client comes from one address, and this game must move ratings.
    with people_app(tmp_path / "data", chat_messages=20, shared_mark_days=0) as client:
        yield client


def browser(web: TestClient) -> TestClient:
    """Another browser on the same app."""
    return TestClient(web.app, base_url=str(web.base_url))


def engine_of(web: TestClient) -> sa.Engine:
    engine: sa.Engine = web.app.state.people.reports.engine  # type: ignore[attr-defined]
    return engine


def session_header(client: TestClient) -> dict[str, str]:
    """The session cookie as a browser sends it on a chat socket (over wss)."""
    return {"Cookie": f"ra_session={client.cookies['ra_session']}"}


def said(ws: Any, text: str) -> str:
    """Say `text` on a chat socket; the message's id."""
    ws.send_json({"type": "say", "text": text})
    answer = ws.receive_json()
    assert answer["type"] == "said", answer
    return str(answer["id"])


def next_said(ws: Any) -> dict[str, Any]:
    while True:
        message = dict(ws.receive_json())
        if message["type"] == "said":
            return message


def report(ws: Any, message_id: str) -> None:
    ws.send_json({"type": "report", "id": message_id})
    while (answer := ws.receive_json())["type"] == "said":
        pass
    assert answer == {"type": "reported", "id": message_id}


def every_row(engine: sa.Engine) -> Iterator[tuple[str, dict[str, Any]]]:
    """(table name, row) of every row of every table of the schema."""
    with engine.connect() as c:
        for table in metadata.sorted_tables:
            for row in c.execute(sa.select(table)):
                yield table.name, dict(row._mapping)


def test_deletion_leaves_nothing_that_names_the_account(web: TestClient) -> None:
    zed, bob = browser(web), browser(web)
    player = sign_up(zed, NAME, email=EMAIL)["player"]
    sign_up(bob, "Bob")
    phone = browser(web)  # signs in on a second browser
    assert phone.post("/api/account/sign-in", json={"name": NAME, "password": PASSWORD}).status_code == 200
    stranger = browser(web)  # a failed sign-in under its name
    assert stranger.post("/api/account/sign-in", json={"name": NAME, "password": "not the password"}).status_code == 401
    with engine_of(web).begin() as c:
        account_id = c.execute(sa.select(accounts_t.c.id).where(accounts_t.c.name == NAME)).scalar_one()
        device = hashlib.sha256(b"the deletion test's device").hexdigest()  # as sign-ins note a device
        c.execute(account_marks_t.insert().values(account_id=account_id, kind="device", mark=device, seen=now()))

    # A table it made, its seat named after it and kept in its games.
    own = zed.post("/api/tables", json={"game": "ra", "seats": [person(NAME), bot()]}).json()
    keep = {"table": own["id"], "seat": 0, "token": own["seats"][0]["token"]}
    assert zed.post("/api/account/seats", json=keep, headers=csrf(zed)).status_code == 200

    # An open seat taken at a rated table (the seat gets its name), chat there and in the lobby, then the game.
    rated = new_listed_table(web, [person("A"), person("B")], open_seats=True, rated=True)
    links = [
        who.post(f"/api/tables/{rated['id']}/seats/{seat}/join", headers=csrf(who)).json()["link"]
        for seat, who in enumerate((zed, bob))
    ]
    seat_query = [link.partition("?")[2] for link in links]
    with (
        zed.websocket_connect(f"/ws/chat/{rated['id']}?{seat_query[0]}") as zed_at_table,
        bob.websocket_connect(f"/ws/chat/{rated['id']}?{seat_query[1]}") as bob_at_table,
        zed.websocket_connect("/ws/chat/lobby", headers=session_header(zed)) as zed_lobby,
        bob.websocket_connect("/ws/chat/lobby", headers=session_header(bob)) as bob_lobby,
    ):
        for ws in (zed_at_table, bob_at_table, zed_lobby, bob_lobby):
            assert ws.receive_json()["type"] == "history"
        said(zed_at_table, "my seat says a rude thing")  # as its seat: "s:0" under the seat's name
        report(bob_at_table, next_said(bob_at_table)["id"])
        said(zed_lobby, "my account says a rude thing")  # as its account: "p:<player>"
        report(bob_lobby, next_said(bob_lobby)["id"])
        bob_said = said(bob_lobby, "Bob says a rude thing")
        report(zed_lobby, bob_said)
    play_out(web, links)
    wait_for(lambda: any(p["player"] == player for p in web.get("/api/ratings/ra").json()["players"]))

    r = zed.post("/api/account/notices", json={"mode": "digest", "time_zone": "UTC"}, headers=csrf(zed))
    assert r.status_code == 200, r.text
    before = {table for table, row in every_row(engine_of(web)) if NAME in json.dumps(row, default=str)}
    assert {"accounts", "players", "tables", "chat_reports"} <= before, before  # the scan sees the data

    assert zed.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(zed)).status_code == 200

    forbidden = [NAME, NAME.casefold(), EMAIL, EMAIL.casefold(), player, f"p:{player}"]
    for table, row in every_row(engine_of(web)):
        for column, value in row.items():
            text = value if isinstance(value, str) else json.dumps(value, default=str)
            for word in forbidden:
                assert word not in text, f"{table}.{column} still holds {word!r}: {text}"
            if column == "account_id" or (table == "accounts" and column == "id"):
                assert value != account_id, f"{table}.{column} still holds the account's id"

    # The reports keep the messages for the operator, under anonymous keys.
    with engine_of(web).connect() as c:
        reports = [dict(r._mapping) for r in c.execute(sa.select(chat_reports_t).order_by(chat_reports_t.c.id))]
    assert [r["text"] for r in reports] == [
        "my seat says a rude thing",
        "my account says a rude thing",
        "Bob says a rude thing",
    ]
    assert reports[0]["sender_key"].startswith("gone:") and reports[1]["sender_key"] == reports[0]["sender_key"]
    assert reports[2]["sender"] == "Bob" and reports[2]["reporter_key"].startswith("gone:")
    # The tables stay, their seats blank as a seat nobody named (each reader reads "Player 1" in their language).
    assert web.get(f"/api/tables/{own['id']}").json()["seats"][0]["name"] == ""
    assert web.get(f"/api/tables/{rated['id']}").json()["seats"][0]["name"] == ""
