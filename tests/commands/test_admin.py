"""`ra admin`: backups that restore to identical records (also taken while a server process writes, never half
written), check-backup, migrate and `ra serve --no-migrate`, stats, and clear errors."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
import typer
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ra.cli import app
from ra.commands.serve import run
from ra.server.http.app import create_app
from ra.server.settings import ServiceSettings, Settings
from ra.server.storage import backup as backups
from ra.server.storage.schema import account_seats_t, accounts_t, revisions, sessions_t, upgrade

runner = CliRunner()
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
SRC = str(Path(__file__).resolve().parents[2] / "src")


def settings(data: Path, **options: Any) -> Settings:
    """A server on `data` whose bots play at once, in threads (unless `options` say otherwise)."""
    return Settings(**{"data": data, "service": ServiceSettings(bot_delay=0, bot_workers=0), **options})


def play_games(client: TestClient, games: tuple[str, ...] = ("ra", "ra", "write")) -> list[str]:
    """Tables of random bots played to their ends; their ids."""
    ids = []
    for game in games:
        answer = client.post("/api/tables", json={"game": game, "options": {}, "seats": BOTS})
        assert answer.status_code == 201, answer.text
        ids.append(answer.json()["id"])
    deadline = time.monotonic() + 60
    for table_id in ids:
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, table_id
            time.sleep(0.02)
    return ids


def records(client: TestClient, ids: list[str]) -> dict[str, Any]:
    """Each table's record, as GET /api/tables/{id}/record answers it."""
    found = {}
    for table_id in ids:
        answer = client.get(f"/api/tables/{table_id}/record")
        assert answer.status_code == 200, answer.text
        found[table_id] = answer.json()
    return found


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], dict[str, Any]]:
    """A server's data folder with three finished games (the server stopped); their ids and records."""
    data = tmp_path_factory.mktemp("served")
    with TestClient(create_app(settings(data))) as client:
        ids = play_games(client)
        return data, ids, records(client, ids)


def admin(*args: str) -> Any:
    """Run `ra admin ARGS` in-process."""
    return runner.invoke(app, ["admin", *args])


def test_backup_restores_identical_records_while_serving(tmp_path: Path, finished: Any) -> None:
    data, ids, before = finished
    target = tmp_path / "ra-backup.sqlite3"
    with TestClient(create_app(settings(data))):  # serving while the backup is taken
        made = admin("backup", str(target), "--data", str(data), "--step", "1")
    assert made.exit_code == 0, made.output
    assert "checked" in made.output
    restored = tmp_path / "restored"
    restored.mkdir()
    (restored / "ra.sqlite3").write_bytes(target.read_bytes())
    with TestClient(create_app(settings(restored))) as client:
        assert records(client, ids) == before
    assert not list(tmp_path.glob("*.partial"))


def test_check_backup_counts_and_replays_without_touching_the_file(tmp_path: Path, finished: Any) -> None:
    data, ids, _ = finished
    target = tmp_path / "b.sqlite3"
    assert admin("backup", str(target), "--data", str(data)).exit_code == 0
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    checked = admin("check-backup", str(target), "--json")
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["tables"]["finished"] == len(ids) and report["replayed"] == len(ids)
    assert report["pending"] == [] and report["revision"] == report["newest"]
    assert report["moves"] > 0 and report["problems"] == []
    assert hashlib.sha256(target.read_bytes()).hexdigest() == digest
    assert [p.name for p in tmp_path.iterdir()] == ["b.sqlite3"]  # no -wal or -shm: the copy was opened
    words = admin("check-backup", str(target))
    assert f"finished games replayed: {len(ids)} of {len(ids)}" in words.output


def test_check_backup_names_a_record_that_does_not_replay(tmp_path: Path, finished: Any) -> None:
    data, ids, _ = finished
    target = tmp_path / "b.sqlite3"
    assert admin("backup", str(target), "--data", str(data)).exit_code == 0
    with contextlib.closing(sqlite3.connect(target)) as db, db:
        db.execute("DELETE FROM moves WHERE table_id = ? AND seq > 3", (ids[0],))
    broken = admin("check-backup", str(target))
    assert broken.exit_code == 1
    assert f"table {ids[0]}" in broken.output and ids[1] not in broken.output
    (tmp_path / "junk").write_bytes(b"not a database at all" * 100)
    junk = admin("check-backup", str(tmp_path / "junk"))
    assert junk.exit_code == 1 and "junk" in junk.output
    assert admin("check-backup", str(tmp_path / "absent")).exit_code == 2


def test_a_failed_backup_leaves_the_old_one(tmp_path: Path, finished: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    data = finished[0]
    target = tmp_path / "b.sqlite3"
    target.write_bytes(b"the old backup")

    def stop(done: int, total: int) -> None:
        if done >= 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        backups.backup_sqlite(data / "ra.sqlite3", target, stop, step=1)
    monkeypatch.setattr(backups, "integrity_problems", lambda _path: ["page 3 is never used"])
    failed = admin("backup", str(target), "--data", str(data))
    assert failed.exit_code == 1 and "page 3 is never used" in failed.output
    assert target.read_bytes() == b"the old backup"
    assert [p.name for p in tmp_path.iterdir()] == ["b.sqlite3"]


def test_a_killed_backup_leaves_the_old_one(tmp_path: Path, finished: Any) -> None:
    target = tmp_path / "b.sqlite3"
    target.write_bytes(b"the old backup")
    script = (
        "import os, signal, sys; from pathlib import Path; from ra.server.storage.backup import backup_sqlite\n"
        "def kill(done, total):\n    if done >= 2: os.kill(os.getpid(), signal.SIGKILL)\n"
        "backup_sqlite(Path(sys.argv[1]), Path(sys.argv[2]), kill, step=1)"
    )
    environment = {**os.environ, "PYTHONPATH": SRC}
    killed = subprocess.run([sys.executable, "-c", script, str(finished[0] / "ra.sqlite3"), str(target)],
                            env=environment, check=False)  # fmt: skip
    assert killed.returncode == -9
    assert target.read_bytes() == b"the old backup"
    left = [p.name for p in tmp_path.iterdir() if p != target]  # the killed run's own (and its journal)
    assert left and all(name.startswith(".b.sqlite3.") and ".partial" in name for name in left)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A `ra serve` process on its own data folder; its folder and address."""
    data, port = tmp_path / "live", _free_port()
    args = ["serve", "--data", str(data), "--port", str(port), "--bot-workers", "0", "--bot-delay", "0"]
    args += ["--log-level", "warning", "--creations", "0"]
    code = "from ra.cli import main; main()"
    environment = {**os.environ, "PYTHONPATH": SRC}
    process = subprocess.Popen([sys.executable, "-c", code, *args], env=environment)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        yield data, base
    finally:
        process.terminate()
        process.wait(20)


def one_state(target: Path) -> int:
    """Assert a backup holds one state of the database (every table's seq is the last of its moves in it); the
    moves it holds."""
    with contextlib.closing(sqlite3.connect(target)) as db:
        tables = dict(db.execute("SELECT id, seq FROM tables").fetchall())
        last = dict(db.execute("SELECT table_id, max(seq) FROM moves GROUP BY table_id").fetchall())
    assert {k: v for k, v in tables.items() if v} == last
    return sum(tables.values())


def backups_while(start: Any, data: Path, folder: Path) -> None:
    """Start games of four bots (`start(body)`), take three backups while they move: each whole and checked."""
    for _ in range(6):
        start({"game": "ra", "options": {}, "seats": BOTS + BOTS})
    seen = set()
    for i in range(3):
        target = folder / f"b{i}.sqlite3"
        made = admin("backup", str(target), "--data", str(data), "--step", "1")
        assert made.exit_code == 0, made.output
        seen.add(one_state(target))
        assert admin("check-backup", str(target)).exit_code == 0
    assert len(seen) > 1, "no move was made during the backups"


def test_backups_taken_while_the_server_writes_are_consistent(tmp_path: Path) -> None:
    data = tmp_path / "live"
    with TestClient(create_app(settings(data, service=ServiceSettings(bot_delay=0.002, bot_workers=0)))) as client:
        backups_while(lambda body: client.post("/api/tables", json=body).raise_for_status(), data, tmp_path)


def test_a_backup_copies_one_state_without_starting_over(tmp_path: Path) -> None:
    source = tmp_path / "busy.sqlite3"
    with contextlib.closing(sqlite3.connect(source)) as db, db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE x (a TEXT)")
        db.executemany("INSERT INTO x VALUES (?)", [("y" * 500,) for _ in range(4000)])
    stop = threading.Event()

    def write() -> None:  # another connection commits all the while, as a server does
        with contextlib.closing(sqlite3.connect(source, timeout=30)) as db:
            while not stop.is_set():
                db.execute("INSERT INTO x VALUES ('z')")
                db.commit()

    writer = threading.Thread(target=write)
    writer.start()
    copied: list[int] = []
    try:
        time.sleep(0.1)
        backups.backup_sqlite(source, tmp_path / "b.sqlite3", lambda done, _total: copied.append(done), step=1)
    finally:
        stop.set()
        writer.join()
    assert len(copied) > 100 and copied == sorted(copied)  # never restarted by the writes
    with contextlib.closing(sqlite3.connect(tmp_path / "b.sqlite3")) as db:
        assert db.execute("SELECT count(*) FROM x WHERE a LIKE 'y%'").fetchone()[0] == 4000


@pytest.mark.slow
def test_backups_taken_while_a_server_process_writes_are_consistent(tmp_path: Path, serving: Any) -> None:
    data, base = serving
    backups_while(lambda body: httpx.post(f"{base}/api/tables", json=body).raise_for_status(), data, tmp_path)


def test_migrate_status_upgrade_and_serve_without_migrating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "old"
    data.mkdir()
    engine = sa.create_engine(f"sqlite:///{data / 'ra.sqlite3'}")
    upgrade(engine, "0004")
    _, head, pending = revisions(engine)
    status = admin("migrate", "--status", "--data", str(data))
    assert status.exit_code == 0 and "database revision: 0004" in status.output
    assert f"newest revision: {head}" in status.output and ", ".join(pending) in status.output
    with pytest.raises(typer.Exit) as refused:
        run(settings(data, migrate=False))
    assert refused.value.exit_code == 2 and revisions(engine)[0] == "0004"
    assert "run `ra admin migrate` first" in capsys.readouterr().err
    assert admin("migrate", "--to", "nonsense", "--data", str(data)).exit_code == 2
    assert admin("migrate", "--to", "0007", "--data", str(data)).exit_code == 0
    assert revisions(engine)[0] == "0007"
    done = admin("migrate", "--data", str(data))
    assert done.exit_code == 0 and f"migrated from 0007 to {head}" in done.output
    assert revisions(engine)[2] == []
    assert "nothing to migrate" in admin("migrate", "--data", str(data)).output
    with engine.begin() as connection:  # as a newer version of ra would leave it
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    newer = admin("migrate", "--status", "--data", str(data))
    assert newer.exit_code == 1 and "revision 9999 is unknown" in newer.output
    assert admin("check-backup", str(data / "ra.sqlite3")).exit_code == 1
    with pytest.raises(typer.Exit) as unknown:
        run(settings(data, migrate=False))
    assert unknown.value.exit_code == 2
    engine.dispose()


def test_stats(tmp_path: Path, finished: Any) -> None:
    data, ids, _ = finished
    (tmp_path / "ra.sqlite3").write_bytes((data / "ra.sqlite3").read_bytes())
    data, now = tmp_path, dt.datetime.now(dt.UTC)
    engine = sa.create_engine(f"sqlite:///{data / 'ra.sqlite3'}")
    month_ago = now - dt.timedelta(days=30)
    # Three accounts: one signed in today; one not for a month, but seated at a game finished today; one away.
    with engine.begin() as connection:
        for number, seen in ((1, now), (2, month_ago), (3, month_ago)):
            connection.execute(accounts_t.insert().values(id=number, name=f"p{number}", name_key=f"p{number}",
                                                          password="-", created=seen))  # fmt: skip
            connection.execute(sessions_t.insert().values(id=f"s{number}", token_hash=f"h{number}", account_id=number,
                                                          created=seen, seen=seen, expires=now))  # fmt: skip
        connection.execute(account_seats_t.insert().values(table_id=ids[0], seat=0, account_id=2, token="t",
                                                           joined=month_ago))  # fmt: skip
    engine.dispose()
    figures = admin("stats", "--data", str(data), "--json")
    assert figures.exit_code == 0, figures.output
    found = json.loads(figures.stdout)
    with contextlib.closing(sqlite3.connect(data / "ra.sqlite3")) as db:
        moves = db.execute("SELECT count(*) FROM moves").fetchone()[0]
    assert found["finished_today"] == found["finished_7_days"] == len(ids)
    assert found["moves_today"] == moves and found["tables_open"] == found["tables_running"] == 0
    assert found["accounts"] == 3 and found["players_7_days"] == 2
    words = admin("stats", "--data", str(data), "--lang", "de")
    assert words.exit_code == 0 and str(moves) in words.output


def test_postgresql_backup_prints_or_runs_pg_dump_without_the_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = "postgresql+psycopg://ra:s3cret@db.example.org:5433/ra_games"
    printed = admin("backup", str(tmp_path / "ra.dump"), "--database-url", url)
    assert printed.exit_code == 0
    assert "pg_dump --format=custom" in printed.output and "--host=db.example.org" in printed.output
    assert "--port=5433 --username=ra ra_games" in printed.output and "s3cret" not in printed.output
    tools = tmp_path / "bin"
    tools.mkdir()
    monkeypatch.setenv("PATH", str(tools))  # no pg_dump there
    missing = admin("backup", str(tmp_path / "ra.dump"), "--database-url", url, "--run")
    assert missing.exit_code == 1 and "pg_dump is not on PATH" in missing.output
    assert not (tmp_path / "ra.dump").exists()
    # A stand-in pg_dump: writes its arguments and PGPASSWORD to --file, or fails when asked to.
    fake = tools / "pg_dump"
    fake.write_text(
        '#!/bin/sh\n[ -n "$FAIL" ] && { echo "pg_dump: error: connection refused" >&2; exit 1; }\n'
        'for a in "$@"; do case "$a" in --file=*) out="${a#--file=}";; esac; done\n'
        'echo "$* $PGPASSWORD" > "$out"\n'
    )
    fake.chmod(0o755)
    ran = admin("backup", str(tmp_path / "ra.dump"), "--database-url", url, "--run")
    assert ran.exit_code == 0, ran.output
    written = (tmp_path / "ra.dump").read_text()
    assert written.endswith("ra_games s3cret\n") and "--username=ra" in written
    monkeypatch.setenv("FAIL", "1")
    failed = admin("backup", str(tmp_path / "ra.dump"), "--database-url", url, "--run")
    assert failed.exit_code == 1 and "connection refused" in failed.output
    assert (tmp_path / "ra.dump").read_text() == written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bin", "ra.dump"]


def test_clear_errors(tmp_path: Path) -> None:
    for command in ("stats", "migrate"):
        nothing = admin(command, "--data", str(tmp_path / "none"))
        assert nothing.exit_code == 2 and "there is no database at" in nothing.output
        assert not (tmp_path / "none").exists()  # nothing created
        wrong = admin(command, "--database-url", "not a url")
        assert wrong.exit_code == 2 and "not a database URL" in wrong.output
    absent = admin("backup", str(tmp_path / "b.sqlite3"), "--data", str(tmp_path / "none"))
    assert absent.exit_code == 2 and "no database at" in absent.output
    assert admin("backup", str(tmp_path / "no" / "b.sqlite3"), "--data", str(tmp_path)).exit_code == 2
    for command in ("backup", "check-backup", "migrate", "stats"):
        assert admin(command, "--help").exit_code == 0
