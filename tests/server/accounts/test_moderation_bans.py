"""A ban stops play (docs/MODERATION.md): the seats a banned account plays are left to bots by the ban sweep, however
the ban was made (the moderation route, or `ra admin ban` with no server in its process); a mute leaves none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from account_helpers import csrf, people_app, sign_up, wait_for
from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url
from typer.testing import CliRunner

from ra.commands.moderation import register
from ra.server.accounts.moderation import COMMAND_LINE, Moderation
from ra.server.people import People
from ra.server.storage.sql import SqlStorage


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def web(data: Path) -> Iterator[TestClient]:
    with people_app(data) as client:
        yield client


def people_of(web: TestClient) -> People:
    found: People = web.app.state.people  # type: ignore[attr-defined]
    return found


def browser(web: TestClient, name: str) -> tuple[TestClient, dict[str, Any]]:
    """Another browser on the same app, signed up as `name`."""
    other = TestClient(web.app, base_url=str(web.base_url))
    return other, sign_up(other, name)


def moderator(web: TestClient) -> TestClient:
    mod, _ = browser(web, "Mo")
    moderation = people_of(web).moderation
    found = moderation.find("Mo")
    assert found is not None and moderation.grant(found.id, "moderator", COMMAND_LINE)
    return mod


def kept_table(web: TestClient, player: TestClient) -> dict[str, Any]:
    """A running Ra table of two persons whose seat 0 `player`'s account keeps; the creation's answer."""
    table = create(web, [person("Sam"), person("Ann")])
    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert player.post("/api/account/seats", json=claim, headers=csrf(player)).status_code == 200
    for seat in (0, 1):  # each seat's link opened once: the seat is taken
        with web.websocket_connect(ws_url(table, seat)) as ws:
            read_until(ws, 0)
    wait_for(lambda: web.get(f"/api/tables/{table['id']}").json()["status"] == "running", seconds=5)
    assert web.get(f"/api/tables/{table['id']}").json()["status"] == "running"
    return table


def seat_out(web: TestClient, table: dict[str, Any]) -> Any:
    return web.get(f"/api/tables/{table['id']}").json()["seats"][0].get("out")


def sweep_round(web: TestClient) -> int:
    """One round of the app's ban sweep, on the app's event loop."""
    assert web.portal is not None
    return int(web.portal.call(people_of(web).bans.sweep))


def refused_action(web: TestClient, table: dict[str, Any]) -> str:
    """Seat 0 sends an action through its link; the code of the error it gets."""
    with web.websocket_connect(ws_url(table, 0)) as ws:
        state = read_until(ws, 0)
        ws.send_json({"type": "action", "seq": state["seq"], "move": "draw"})
        while True:
            message = ws.receive_json()
            if message["type"] == "error":
                return str(message["code"])


def test_a_ban_leaves_the_running_seat_to_a_bot_and_refuses_its_actions(web: TestClient) -> None:
    mod = moderator(web)
    sam_web, sam = browser(web, "Sam")
    table = kept_table(web, sam_web)
    body = {"player": sam["player"], "kind": "ban", "hours": 1, "reason": "cheating"}
    assert mod.post("/api/moderation/sanctions", json=body, headers=csrf(mod)).status_code == 200
    wait_for(lambda: seat_out(web, table) == "left", seconds=4)  # the route woke the sweep: no 5 s wait
    seats = web.get(f"/api/tables/{table['id']}").json()["seats"]
    assert seats[0]["out"] == "left" and seats[1].get("out") is None  # Ann plays on
    assert refused_action(web, table) == "forbidden"
    assert sweep_round(web) == 0  # a seat already out is not left again
    r = mod.post("/api/moderation/lift", json={"player": sam["player"]}, headers=csrf(mod))
    assert r.json() == {"lifted": 1}
    assert seat_out(web, table) == "left"  # lifting gives no seat back


def test_a_muted_player_keeps_playing(web: TestClient) -> None:
    mod = moderator(web)
    sam_web, sam = browser(web, "Sam")
    table = kept_table(web, sam_web)
    body = {"player": sam["player"], "kind": "mute", "reason": "insults"}
    assert mod.post("/api/moderation/sanctions", json=body, headers=csrf(mod)).status_code == 200
    assert people_of(web).moderation.banned_seats() == []
    assert sweep_round(web) == 0
    assert seat_out(web, table) is None
    with web.websocket_connect(ws_url(table, 0)) as s, web.websocket_connect(ws_url(table, 1)) as a:
        states = [read_until(s, 0), read_until(a, 0)]
        sockets = [s, a]
        while True:  # play until Sam's seat has moved once, its own person acting
            mover = next(i for i, st in enumerate(states) if st["view"]["legal_actions"])
            seq = states[0]["seq"]
            action = states[mover]["view"]["legal_actions"][0]["id"]
            sockets[mover].send_json({"type": "action", "seq": seq, "action": action})
            states = [read_until(ws, seq + 1) for ws in sockets]
            if mover == 0:
                break
    assert seat_out(web, table) is None


def test_a_ban_made_by_the_command_line_is_applied_by_the_sweep(web: TestClient, data: Path) -> None:
    sam_web, _ = browser(web, "Sam")
    table = kept_table(web, sam_web)
    group = typer.Typer()
    register(group)
    cli = typer.Typer()
    cli.add_typer(group, name="admin")
    args = ["admin", "ban", "Sam", "--reason", "cheating", "--data", str(data), "--lang", "en"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    # No wake on this process: its sweep (every 5 s) or a round run now finds the ban in the database.
    assert people_of(web).moderation.banned_seats() == [(table["id"], 0)]
    assert sweep_round(web) == 1
    assert seat_out(web, table) == "left"
    assert refused_action(web, table) == "forbidden"


def test_a_ban_written_on_the_database_file_elsewhere_is_applied_by_the_periodic_round(
    data: Path, web: TestClient
) -> None:
    sam_web, _ = browser(web, "Sam")
    table = kept_table(web, sam_web)
    storage = SqlStorage.in_dir(data)  # another engine on the same file, as `ra admin` opens it
    try:
        other = Moderation(storage.engine, cache_seconds=0)
        found = other.find("Sam")
        assert found is not None
        other.impose(found.id, "ban", None, "cheating", COMMAND_LINE)
    finally:
        storage.close()
    wait_for(lambda: seat_out(web, table) == "left", seconds=10)  # the 5 s round, nobody woke it
