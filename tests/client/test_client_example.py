"""examples/client_link.py against `ra serve` (a real server process on a free port, SQLite in a temporary folder):
the example creates a table with one person seat and two bots and plays that seat's link to the end (about 3 s)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
from client_servers import ROOT, Serve


def test_the_link_example_plays_a_whole_game_against_ra_serve(tmp_path: Path) -> None:
    with Serve(tmp_path / "serve") as server:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
        run = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "client_link.py"), "--server", server.base, "--bot", "random"],
            capture_output=True,
            text=True,
            timeout=90,
            env=env,
        )
        assert run.returncode == 0, run.stderr + server.log.read_text()[-2000:]
        lines = dict(word.split("=", 1) for word in run.stdout.split())
        summary = httpx.get(f"{server.base}/api/tables/{lines['table']}").json()
        record = httpx.get(f"{server.base}/api/tables/{lines['table']}/record").json()
    assert summary["status"] == lines["status"] == "finished" and int(lines["seq"]) == len(record["moves"])
    assert [seat["kind"] for seat in summary["seats"]] == ["person", "bot", "bot"]
    # The client sent exactly the moves the record holds of its seat: each applied once, none lost.
    assert sum(move["player"] == 0 for move in record["moves"]) == int(lines["sent"]) > 0
