"""`ra bot run` against `ra serve`, end to end through the Bot API (docs/BOT_API.md): a person signs up, makes a bot
account and a token, creates a rated table with a person seat for the bot and invites it; `ra bot run` (a
subprocess, the token in RA_BOT_TOKEN) accepts and plays the whole game; the seat shows as a bot's; the game is rated
in the bots' pool; a revoked token is refused at once (about 4 s: a server and a command start, a game is played)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from client_servers import ROOT, Serve

from ra.client import Client, ClientError

PASSWORD = "correct horse battery"
PLUGIN = ROOT / "examples" / "plugin_ra.py"


def csrf(web: httpx.Client) -> dict[str, str]:
    """The CSRF header of the web client's session."""
    return {"X-CSRF-Token": web.cookies.get("ra_csrf") or ""}


def test_ra_bot_run_accepts_an_invitation_and_plays_the_game_until_its_token_is_revoked(tmp_path: Path) -> None:
    with Serve(tmp_path / "serve") as server, httpx.Client(base_url=server.base, timeout=20) as web:
        assert web.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD}).status_code == 201
        assert web.post("/api/account/bots", json={"name": "Robo"}, headers=csrf(web)).status_code == 201
        made = web.post(
            "/api/account/bots/Robo/tokens", json={"label": "e2e", "scopes": ["play", "read"]}, headers=csrf(web)
        )
        assert made.status_code == 201, made.text
        token, token_id = made.json()["token"], made.json()["id"]
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
        table = web.post("/api/tables", json={"game": "ra", "seats": seats}).json()
        # Rated, the built-in bots as anchors: with a bot account at it, the game counts in the bots' pool.
        listing = {"creator": table["creator"], "open_seats": False, "rated": True, "rated_bots": True}
        assert web.post(f"/api/tables/{table['id']}/listing", json={**listing, "turn_based": False}).status_code == 200
        invite = {"creator": table["creator"], "bot": "Robo"}
        assert web.post(f"/api/tables/{table['id']}/seats/0/invite", json=invite).status_code == 200

        # A plug-in bot of examples/ where there is one (on the path from that folder), else a built-in one.
        spec = "plugin_ra:Cautious" if PLUGIN.exists() else "random"
        path = os.pathsep.join([str(ROOT / "src"), str(PLUGIN.parent), os.environ.get("PYTHONPATH", "")])
        env = {**os.environ, "PYTHONPATH": path, "RA_BOT_TOKEN": token}
        args = ["bot", "run", "--server", server.base, "--bot", spec, "--games", "1", "--poll", "1"]
        code = "from ra.cli import main; main()"
        run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120, env=env)
        assert run.returncode == 0, run.stdout + run.stderr + server.log.read_text()[-2000:]
        assert token not in run.stdout + run.stderr
        assert "playing as Robo" in run.stdout and f"game started: table {table['id']}, seat 0 (ra)" in run.stdout
        assert f"game over: table {table['id']}, seat 0, after" in run.stdout

        summary = web.get(f"/api/tables/{table['id']}").json()
        assert summary["status"] == "finished"
        assert summary["seats"][0]["account_bot"] is True and summary["seats"][0]["name"] == "Robo"
        record = web.get(f"/api/tables/{table['id']}/record").json()
        assert any(move["player"] == 0 for move in record["moves"])

        # Rated in the bots' pool (the results sweep runs every 2 s), never in the people's.
        deadline = time.monotonic() + 30
        while not (bots := web.get("/api/ratings/ra?pool=bots").json()["players"]):
            assert time.monotonic() < deadline, "the game was not rated in the bots' pool"
            time.sleep(0.2)
        robo = next(p for p in bots if p["name"] == "Robo")
        assert robo["bot"] is True and robo["games"] == 1
        assert all(p["name"] != "Robo" for p in web.get("/api/ratings/ra").json()["players"])

        with Client(server.base, token) as bot:
            assert bot.account().name == "Robo"
            revoked = web.post(f"/api/account/bots/Robo/tokens/{token_id}/revoke", headers=csrf(web))
            assert revoked.json() == {"ok": True}
            with pytest.raises(ClientError) as refused:
                bot.games()
        assert refused.value.status == 401 and refused.value.code == "unauthorized"
