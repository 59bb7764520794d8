"""Moderation with two server processes on PostgreSQL and Redis: a moderator granted with `ra admin grant` mutes a
player through one process, and the player cannot chat in any room on the other either, until `ra admin unban`."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import typer
from processes import Pair
from typer.testing import CliRunner
from websockets.sync.client import connect

from ra.commands.moderation import register

PASSWORD = "a long enough password"


def admin(pair: Pair, *args: str) -> str:
    """Run `ra admin ARGS` on the pair's database, as the operator would; its output."""
    group = typer.Typer()
    register(group)
    app = typer.Typer()
    app.add_typer(group, name="admin")
    result = CliRunner().invoke(app, ["admin", *args, "--database-url", pair.database_url, "--lang", "en"])
    assert result.exit_code == 0, result.output
    return result.output


def signed_up(base: str, name: str) -> tuple[httpx.Client, dict[str, Any]]:
    client = httpx.Client(base_url=base, timeout=10)
    r = client.post("/api/account/sign-up", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return client, r.json()


def say_in(base: str, room: str, session: str) -> dict[str, Any]:
    """Say hello in a room of the process at `base`; the answer (an error, or the message said)."""
    url = base.replace("http://", "ws://") + f"/ws/chat/{room}"
    with connect(url, additional_headers={"Cookie": f"ra_session={session}"}) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "history"
        ws.send(json.dumps({"type": "say", "text": "hello"}))
        return dict(json.loads(ws.recv(timeout=10)))


def test_a_mute_set_through_one_process_holds_on_the_other(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    mod, _ = signed_up(a.base, "Scale Mo")
    sam, account = signed_up(b.base, "Scale Sam")
    session = sam.cookies["ra_session"]
    assert "is now moderator" in admin(scale_pair, "grant", "Scale Mo", "moderator")
    table = httpx.post(f"{b.base}/api/tables", json={"game": "ra", "seats": [{"kind": "bot", "bot": "random"}] * 2})
    rooms = ["lobby", table.json()["id"]]
    assert say_in(b.base, "lobby", session)["type"] == "said"
    body = {"player": account["player"], "kind": "mute", "hours": 1, "reason": "insults"}
    r = mod.post("/api/moderation/sanctions", json=body, headers={"X-CSRF-Token": mod.cookies["ra_csrf"]})
    assert r.status_code == 200, r.text
    time.sleep(2.5)  # past the other process's cache of sanctions (2 s)
    for base in (a.base, b.base):
        for room in rooms:
            refused = say_in(base, room, session)
            assert refused["code"] == "muted" and refused["reason"] == "insults", (base, room, refused)
    assert httpx.get(f"{b.base}/api/account", cookies={"ra_session": session}).json()["sanction"]["kind"] == "mute"
    assert "1 sanction lifted" in admin(scale_pair, "unban", "Scale Sam")
    time.sleep(2.5)
    assert say_in(b.base, rooms[1], session)["type"] == "said"
    log = mod.get("/api/moderation/log").json()["entries"]
    assert [e["action"] for e in log[:3]] == ["lift", "mute", "grant"]


def test_a_ban_by_the_command_line_leaves_the_players_seat_on_both_processes(scale_pair: Pair) -> None:
    a, b = scale_pair.servers
    sam, _ = signed_up(b.base, "Scale Ban Sam")
    seats = [{"kind": "person", "name": "Sam"}, {"kind": "person", "name": "Ann"}]
    table = httpx.post(f"{b.base}/api/tables", json={"game": "ra", "seats": seats}).json()
    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    r = sam.post("/api/account/seats", json=claim, headers={"X-CSRF-Token": sam.cookies["ra_csrf"]})
    assert r.status_code == 200, r.text
    for seat, base in ((0, a.base), (1, b.base)):  # each seat's link opened once: the table runs
        url = base.replace("http://", "ws://") + f"/ws/{table['id']}?seat={seat}&token={table['seats'][seat]['token']}"
        with connect(url) as ws:
            ws.recv(timeout=10)
    assert "banned" in admin(scale_pair, "ban", "Scale Ban Sam", "--reason", "cheating")
    deadline = time.monotonic() + 15  # both processes' sweeps (5 s) race for it: one leave is stored
    while time.monotonic() < deadline:
        found = [httpx.get(f"{base}/api/tables/{table['id']}").json() for base in (a.base, b.base)]
        if all(f["seats"][0].get("out") == "left" for f in found):
            break
        time.sleep(0.2)
    assert [f["seats"][0].get("out") for f in found] == ["left", "left"]
    assert all(f["seats"][1].get("out") is None and f["status"] == "running" for f in found)
