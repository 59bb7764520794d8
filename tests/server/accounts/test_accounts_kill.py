"""`kill -9` loses no account and rates no game twice: a real server killed while it sweeps finished rated games."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import httpx
import pytest
from processes import Server, ready
from services import free_port

PASSWORD = "a long enough password"


def wait_until(check: Callable[[], bool], seconds: float = 60) -> None:
    """Poll `check` until it is true."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_kill_9_keeps_accounts_and_rates_each_game_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    server = Server(free_port(), tmp_path_factory.mktemp("kill") / "data")  # a subprocess: SQLite only
    base = f"http://127.0.0.1:{server.port}"
    server.start()
    try:
        asyncio.run(ready(base))
        with httpx.Client(base_url=base, timeout=10) as web:
            assert web.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD}).status_code == 201
            tables = []
            for _ in range(3):
                seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
                table = web.post("/api/tables", json={"game": "ra", "seats": seats}).json()
                body = {"creator": table["creator"], "rated": True, "rated_bots": True}
                assert web.post(f"/api/tables/{table['id']}/listing", json=body).status_code == 200
                tables.append(table["id"])

            def finished() -> bool:
                return all(web.get(f"/api/tables/{t}").json()["status"] == "finished" for t in tables)

            wait_until(finished)
        server.kill()  # the sweep may be halfway through a game: its transaction is all or nothing
        server.start()
        asyncio.run(ready(base))
        with httpx.Client(base_url=base, timeout=10) as web:
            r = web.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
            assert r.status_code == 200, r.text

            def rated() -> bool:
                return [p["games"] for p in web.get("/api/ratings/ra").json()["players"]] == [3, 3]

            wait_until(rated)
            for player in web.get("/api/ratings/ra").json()["players"]:
                page = web.get(f"/api/players/{player['player']}").json()
                assert len(page["ratings"][0]["history"]) == 3 and len(page["games"]) == 3
    finally:
        server.stop()
