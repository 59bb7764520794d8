"""Storage failures: `unavailable` (503), nothing half-applied, bots resume by themselves; an unwritable data folder."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from app_helpers import Disk, app_with, service_of, wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, wait_status, ws_url

from ra.server.storage.rows import TableRow
from ra.server.storage.sql import SqlStorage
from ra.server.tables.service import TableService


def in_step(service: TableService, table_id: str) -> int:
    """Assert the table in memory is the table in the database; its seq."""
    stored = service.storage.get_table(table_id)
    assert isinstance(stored, TableRow)
    table = service.tables.peek(table_id)
    assert table is not None
    assert table.seq == stored.seq == len(service.storage.moves(table_id)) == table.row.seq
    assert table.row.seats == stored.seats and table.row.status == stored.status
    return table.seq


def reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state."""
    message = dict(ws.receive_json())
    while message["type"] == "state":
        message = dict(ws.receive_json())
    return message


def test_a_full_disk_answers_unavailable_and_changes_nothing(data_dir: Path) -> None:
    with TestClient(app_with(data_dir)) as client:
        service = service_of(client)
        disk = Disk(service.storage.engine)  # type: ignore[attr-defined]
        table = create(client, [person("Ann"), person("Bob")])
        sockets = [client.websocket_connect(ws_url(table, seat)) for seat in (0, 1)]
        ann, bob = (s.__enter__() for s in sockets)
        try:
            states = [read_until(ann, 0), read_until(bob, 0)]
            turn = states[0]["view"]["current_player"]
            ws, legal = (ann, bob)[turn], states[turn]["view"]["legal_actions"]
            with disk.filled():
                ws.send_json({"type": "action", "seq": 0, "action": legal[0]["id"]})
                error = reply(ws)
                assert error["code"] == "unavailable" and "storage" in error["message"], error
                assert in_step(service, table["id"]) == 0
                ws.send_json({"type": "rename", "name": "Zed"})
                assert reply(ws)["code"] == "unavailable"
                assert "Zed" not in str(service.tables[table["id"]].row.seats)
                r = client.post("/api/tables", json={"game": "ra", "seats": [person("Cy"), bot()]})
                assert r.status_code == 503 and "storage" in r.json()["error"], r.text
                assert len(service.storage.list_tables()) == 1 and len(service.tables) == 1
            assert disk.refused >= 3
            ws.send_json({"type": "action", "seq": 0, "action": legal[0]["id"]})  # space again: now it applies
            assert read_until(ws, 1)["seq"] == 1
            assert in_step(service, table["id"]) == 1
        finally:
            for s in sockets:
                s.__exit__(None, None, None)


def test_bots_go_on_by_themselves_once_storage_is_back(data_dir: Path) -> None:
    settings = {"bot_workers": 0, "storage_retry": 0.05, "storage_retry_max": 0.2}
    with TestClient(app_with(data_dir, bot_delay=0.01, **settings)) as client:
        service = service_of(client)
        disk = Disk(service.storage.engine)  # type: ignore[attr-defined]
        table = create(client, [bot(), bot(), bot()])
        with disk.filled():
            wait_for(lambda: disk.refused >= 5, 20, "bot moves refused by the full disk")
            stuck = in_step(service, table["id"])
            time.sleep(0.3)
            assert in_step(service, table["id"]) == stuck  # nothing stored, nothing shown
            assert client.get(f"/api/tables/{table['id']}").json()["seq"] == stuck
        summary = wait_status(client, table["id"])  # the same bot runner carried on
        assert summary["seq"] > stuck
        in_step(service, table["id"])


def serve(data: Path, *prefix: str) -> subprocess.CompletedProcess[str]:
    """`ra serve --data DATA` (after a command prefix), which must stop before it listens."""
    code = "from ra.cli import main; main()"
    args = [*prefix, sys.executable, "-c", code, "serve", "--data", str(data), "--port", "0"]
    return subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)


def one_line_error(done: subprocess.CompletedProcess[str], words: str) -> None:
    """Exit code 2 and a single line on stderr, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ra serve: ") and words in lines[0], done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_an_unwritable_data_folder_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    one_line_error(serve(blocker / "data"), "cannot write in the data folder")


def read_only(path: Path) -> tuple[str, ...]:
    """A command prefix that runs a command with `path` mounted read-only (in a private mount namespace)."""
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("needs unshare")
    mount = f'mount --bind {path} {path} && mount -o remount,bind,ro {path} && exec "$@"'
    prefix = (unshare, "-rm", "sh", "-c", mount, "sh")
    probe = subprocess.run([*prefix, "sh", "-c", f"echo >> {path}/x || echo >> {path}"], capture_output=True)
    if b"Read-only" not in probe.stderr:
        pytest.skip(f"cannot mount read-only here: {probe.stderr.decode(errors='replace').strip()}")
    return prefix


def test_a_read_only_data_folder_or_database_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    one_line_error(serve(folder, *read_only(folder)), "cannot write in the data folder")
    existing = tmp_path / "existing"
    SqlStorage.in_dir(existing).close()  # a database from an earlier run, now read-only
    database = existing / "ra.sqlite3"
    one_line_error(serve(existing, *read_only(database)), "cannot write the database")
