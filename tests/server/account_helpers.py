"""Helpers of the accounts tests: apps with cheap password hashing and a quick results sweep, signing up."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from app_helpers import settings_on
from fastapi.testclient import TestClient

from ra.server.http.app import create_app
from ra.server.settings import AccountSettings

# The shared-mark check off: every test client comes from one address ("testclient"), so every test account shares
# an address mark; the farming tests switch it on.
CHEAP = {
    "password_time_cost": 1,
    "password_memory_cost": 8,
    "password_parallelism": 1,
    "ratings_seconds": 0.05,
    "shared_mark_days": 0,
}
PASSWORD = "correct horse battery"


def account_settings(**changes: Any) -> AccountSettings:
    """Account settings for tests: cheap hashing, a sweep every 50 ms."""
    return AccountSettings(**{**CHEAP, **changes})


def people_app(data_dir: Path, base_url: str = "https://testserver", **accounts: Any) -> TestClient:
    """A test client (not started) of an app on `data_dir` with cheap account settings, over https by default."""
    settings = dataclasses.replace(settings_on(data_dir), accounts=account_settings(**accounts))
    return TestClient(create_app(settings), base_url=base_url)


def sign_up(client: TestClient, name: str, password: str = PASSWORD, **more: Any) -> dict[str, Any]:
    """Make an account on `client` (its cookies then sign the client in); the answer."""
    r = client.post("/api/account/sign-up", json={"name": name, "password": password, **more})
    assert r.status_code == 201, r.text
    return dict(r.json())


def csrf(client: TestClient) -> dict[str, str]:
    """The CSRF header of the client's session."""
    return {"X-CSRF-Token": client.cookies.get("ra_csrf") or ""}


def wait_for(check: Any, seconds: float = 20) -> Any:
    """Poll `check()` until it returns something true; that value."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            assert value, "timed out"
            return value
        time.sleep(0.05)


def play_out(client: TestClient, links: list[str]) -> None:
    """Play a table to its end through the WebSockets of its person seats (`links`: `/t/ID?seat=N&token=T`), each
    seat choosing its first legal action; every seat must be a person's."""
    from server_helpers import read_until

    paths = ["/ws/" + link.removeprefix("/t/") for link in links]
    sockets = [client.websocket_connect(path) for path in paths]
    opened = [s.__enter__() for s in sockets]
    try:
        states = [read_until(ws, 0) for ws in opened]
        while True:
            seq = states[0]["seq"]
            if states[0]["table"]["status"] == "finished":
                return
            mover = next(i for i, s in enumerate(states) if s["view"]["legal_actions"])
            action = states[mover]["view"]["legal_actions"][0]["id"]
            opened[mover].send_json({"type": "action", "seq": seq, "action": action})
            states = [read_until(ws, seq + 1) for ws in opened]
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def new_listed_table(client: TestClient, seats: list[dict[str, Any]], **listing: bool) -> dict[str, Any]:
    """Create a Ra table and list it (`open_seats`, `rated`, ...; `turn_based`: the table's pace is a day a move);
    the creation's answer."""
    body: dict[str, Any] = {"game": "ra", "seats": seats}
    if listing.get("turn_based"):
        body["pace"] = {"kind": "turn", "per_move": 86400}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table = dict(r.json())
    r = client.post(f"/api/tables/{table['id']}/listing", json={"creator": table["creator"], **listing})
    assert r.status_code == 200, r.text
    return table


def sweep_now(client: TestClient) -> int:
    """Run one round of the app's results sweep now; how many tables it recorded."""
    from ra.server.people import People

    portal = client.portal
    assert portal is not None  # the client is started
    people: People = client.app.state.people  # type: ignore[attr-defined]
    return portal.call(people.sweep.sweep)
