"""Accounts with two server processes on PostgreSQL and Redis: a session of one serves the other, both sweep and
every rated game moves its ratings once, chat reaches the other process's room."""

from __future__ import annotations

import json
import time

import httpx
from processes import Pair
from websockets.sync.client import connect

PASSWORD = "a long enough password"
BOTS = ["random", "greedy"]


def test_a_session_made_by_one_process_is_known_to_the_other(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    with httpx.Client(base_url=a.base, timeout=10) as on_a:
        r = on_a.post("/api/account/sign-up", json={"name": "Scale Ann", "password": PASSWORD})
        assert r.status_code == 201, r.text
        cookies = {"ra_session": on_a.cookies["ra_session"]}
    assert httpx.get(f"{b.base}/api/account", cookies=cookies, timeout=10).json()["name"] == "Scale Ann"


def test_two_sweeping_processes_rate_each_game_once(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    tables = []
    for i in range(4):
        seats = [{"kind": "bot", "bot": BOTS[0]}, {"kind": "bot", "bot": BOTS[1]}]
        table = httpx.post(f"{(a, b)[i % 2].base}/api/tables", json={"game": "ra", "seats": seats}, timeout=10).json()
        body = {"creator": table["creator"], "rated": True, "rated_bots": True}
        listed = httpx.post(f"{(b, a)[i % 2].base}/api/tables/{table['id']}/listing", json=body, timeout=10)
        assert listed.status_code == 200, listed.text
        tables.append(table["id"])
    deadline = time.monotonic() + 120
    while True:
        players = httpx.get(f"{a.base}/api/ratings/ra", timeout=10).json()["players"]
        mine = [p for p in players if p["name"] in BOTS]
        if [p["games"] for p in mine] == [4, 4] or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert [p["games"] for p in mine] == [4, 4], mine
    for player in mine:
        page = httpx.get(f"{b.base}/api/players/{player['player']}", timeout=10).json()
        assert len(page["ratings"][0]["history"]) == 4


def test_chat_reaches_the_other_process(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    seats = [{"kind": "person", "name": "Cleo"}, {"kind": "bot", "bot": "random"}]
    table = httpx.post(f"{a.base}/api/tables", json={"game": "ra", "seats": seats}, timeout=10).json()
    token = table["seats"][0]["token"]
    ws_a = a.base.replace("http://", "ws://") + f"/ws/chat/{table['id']}?seat=0&token={token}"
    ws_b = b.base.replace("http://", "ws://") + f"/ws/chat/{table['id']}"
    with connect(ws_b) as watcher, connect(ws_a) as cleo:
        assert json.loads(watcher.recv(timeout=10))["type"] == "history"
        assert json.loads(cleo.recv(timeout=10))["you"]["name"] == "Cleo"
        deadline = time.monotonic() + 20
        heard = None
        while heard is None and time.monotonic() < deadline:  # until the other process's subscription stands
            cleo.send(json.dumps({"type": "say", "canned": "hello"}))
            try:
                while True:
                    message = json.loads(watcher.recv(timeout=0.5))
                    if message["type"] == "said":
                        heard = message
                        break
            except TimeoutError:
                continue
        assert heard is not None and heard["sender"]["name"] == "Cleo" and heard["canned"] == "hello"
