"""Plug-in bots in the server: only the operator's list, never a stranger's spec (which imports nothing); the lobby
offers them; they decide in the bot workers, and their errors, illegal answers and hangs cost a table no more than
a built-in bot's (fallback moves within the deadline)."""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from app_helpers import service_of, wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, wait_status

from ra.commands.serve import bot_plugins_of
from ra.server.settings import ServiceSettings

PLUGINS = tuple(f"server_plugin_bots:{name}" for name in ("First", "Raises", "Illegal", "Hangs"))


def plugin_server(client_with: Callable[..., TestClient], deadline: float) -> TestClient:
    """A server whose operator allows the plug-ins of server_plugin_bots, one bot worker, this deadline."""
    return client_with(bot_workers=1, bot_deadline=deadline, bot_seconds=deadline / 2, bot_plugins=PLUGINS)


@pytest.mark.parametrize(
    "spec",
    ["os:system", "plugsrv_evil:Bot", "plugin:plugsrv_evil", "server_plugin_bots:First", " subprocess:Popen "],
)
def test_a_strangers_plugin_spec_is_refused_and_imports_nothing(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    marker = tmp_path / "imported"
    (tmp_path / "plugsrv_evil.py").write_text(f"from pathlib import Path\nPath({str(marker)!r}).write_text('x')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for seats in ([person("Ann"), bot(spec)], [bot(), bot(spec)]):
        r = client.post("/api/tables", json={"game": "ra", "seats": seats})
        assert r.status_code == 400, r.text
        assert "not allowed here" in r.json()["error"] and r.json()["text"]
    pace = {"kind": "turn", "per_move": 600, "level": spec}  # a bot playing for an absent person: never a plug-in
    r = client.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), bot()], "pace": pace})
    assert r.status_code == 400 and "not a plug-in bot" in r.json()["error"], r.text
    assert not marker.exists() and "plugsrv_evil" not in sys.modules
    assert "server_plugin_bots" not in sys.modules or spec != "server_plugin_bots:First"
    assert client.get("/api/tables").json()["tables"] == []
    kinds = client.get("/api/meta").json()["games"][0]["bots"]["kinds"]
    assert not [kind for kind in kinds if ":" in kind]


def test_plugins_need_bot_worker_processes() -> None:
    with pytest.raises(ValueError, match="bot worker processes"):
        ServiceSettings(bot_workers=0, bot_plugins=("server_plugin_bots:First",))
    assert ServiceSettings(bot_workers=1, bot_plugins=(" server_plugin_bots:First ",)).bot_plugins == PLUGINS[:1]


def test_serve_loads_the_operators_plugins_or_refuses_to_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert bot_plugins_of([*PLUGINS, PLUGINS[0]], 2) == PLUGINS
    for specs, workers, words in (
        (["greedy"], 2, "expected module:Class or plugin:NAME"),
        (["server_plugin_bots:Missing"], 2, "cannot be loaded"),
        (["nowhere_at_all:Bot"], 2, "ModuleNotFoundError"),
        ([PLUGINS[0]], 0, "--bot-workers 1 or more"),
    ):
        with pytest.raises(typer.Exit):
            bot_plugins_of(specs, workers)
        assert words in capsys.readouterr().err


def test_the_operators_plugin_is_offered_and_plays_a_whole_game(
    client_with: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "ra.server")
    client = plugin_server(client_with, 10.0)  # the worker's start (counted in the deadline) never makes it fall back
    games = {game["name"]: game["bots"]["kinds"] for game in client.get("/api/meta").json()["games"]}
    assert games["ra"][-4:] == list(PLUGINS)
    assert not [kind for kind in games["write"] if ":" in kind]  # they play Ra only
    refused = client.post("/api/tables", json={"game": "write", "seats": [bot(), bot(PLUGINS[0])]})
    assert refused.status_code == 400 and "does not play 'write'" in refused.json()["error"]
    other = client.post("/api/tables", json={"game": "ra", "seats": [bot(), bot("server_plugin_bots:Other")]})
    assert other.status_code == 400 and "not allowed here" in other.json()["error"]
    pace = {"kind": "turn", "per_move": 600, "level": PLUGINS[0]}
    stand_in = client.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), bot()], "pace": pace})
    assert stand_in.status_code == 400 and "not a plug-in bot" in stand_in.json()["error"]
    table = create(client, [bot(PLUGINS[0]), bot("random")])
    wait_status(client, table["id"], seconds=60)
    moves = service_of(client).storage.moves(table["id"])
    assert len(moves) > 20
    fallbacks = [r for r in caplog.records if table["id"] in r.getMessage()]
    assert fallbacks == []  # every one of its moves was its own


def test_failing_plugins_cost_their_table_fallback_moves_within_the_deadline(
    client_with: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "ra.server")
    client = plugin_server(client_with, 1.0)

    def seq(table: dict[str, str]) -> int:
        return int(client.get(f"/api/tables/{table['id']}").json()["seq"])

    def said(table: dict[str, str]) -> str:
        return "\n".join(r.getMessage() for r in caplog.records if table["id"] in r.getMessage())

    # Decisions that raise or answer an illegal move: asked again, then a random move (its worker lives on).
    failing = create(client, [bot(PLUGINS[1]), bot(PLUGINS[2])])
    wait_for(lambda: seq(failing) >= 8, 40, "eight moves")
    assert "the plug-in broke" in said(failing)  # seat 0 raised
    assert "not one of the legal actions" in said(failing)  # seat 1 answered an illegal move
    # One that hangs: a random move at the deadline, its worker killed and replaced.
    hanging = create(client, [bot(PLUGINS[3]), bot("random")])
    started = time.monotonic()
    wait_for(lambda: seq(hanging) >= 4, 40, "four moves")
    assert time.monotonic() - started < 40
    assert "bot seat 0 (server_plugin_bots:Hangs): no answer within 1 s; it plays a random move" in said(hanging)
