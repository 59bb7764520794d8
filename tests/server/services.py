"""Real PostgreSQL and Redis for the server tests (no mocks): throwaway servers on free loopback ports.

`postgres` and `redis_server` (session fixtures) start PostgreSQL 15 (`initdb` + `pg_ctl` in a temporary folder,
as a user other than root, since PostgreSQL refuses root) and `redis-server`, and stop both at the end; tests
that need them skip, saying why, only when the binaries (or the Python drivers, extras `ra[postgres]` and
`ra[redis]`) are absent. `storage_kind` runs the server tests on SQLite and again on PostgreSQL: `SqlStorage.in_dir`
then opens a fresh PostgreSQL database per data folder (the same one when a test opens a folder again).

The functions are plain, so that bench/bench_server.py can start the same servers.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PG_BIN = Path(os.environ.get("RA_PG_BIN", "/usr/lib/postgresql/15/bin"))
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
# PostgreSQL refuses to run as root: the cluster then belongs to this user (Debian's package makes `postgres`).
PG_USERS = ("postgres", "nobody")
# Tests that take one of STORAGE_FIXTURES run on PostgreSQL too, except these.
SQLITE_ONLY = {
    # SQLite's own settings, files and command-line checks: nothing of PostgreSQL in them.
    "test_moves_are_committed_durably",
    "test_an_unwritable_data_folder_is_one_line_and_exit_code_2",
    "test_a_read_only_data_folder_or_database_is_one_line_and_exit_code_2",
    "test_kill_9_loses_no_acknowledged_move_and_doubles_none",  # a subprocess on SQLite; test_scale_* on PostgreSQL
    "test_sigterm_stops_the_server_at_once_while_bots_search",
    "test_migrating_an_old_database_keeps_its_moves_and_gives_each_table_a_bot_secret",  # names its SQLite file
    "test_kill_9_around_an_undo_loses_nothing_acknowledged",  # a subprocess on SQLite; test_scale_undo on PostgreSQL
}
STORAGE_FIXTURES = {"client", "client_with", "data_dir", "tmp_path"}


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, seconds: float = 30) -> None:
    """Wait until something listens on the loopback port."""
    deadline = time.monotonic() + seconds
    while True:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"nothing listens on port {port} after {seconds:g} s")
        time.sleep(0.05)


def postgres_missing() -> str | None:
    """Why a PostgreSQL cluster cannot be started here (None if it can)."""
    if not (PG_BIN / "initdb").exists():
        return f"PostgreSQL 15 is not installed ({PG_BIN}/initdb missing; Debian package postgresql-15)"
    if importlib.util.find_spec("psycopg") is None:
        return "the PostgreSQL driver is not installed (pip install -e '.[postgres]')"
    return None


def redis_missing() -> str | None:
    """Why a Redis server cannot be started here (None if it can)."""
    if not Path(REDIS_SERVER).exists():
        return "redis-server is not installed (Debian package redis-server)"
    if importlib.util.find_spec("redis") is None:
        return "the Redis client is not installed (pip install -e '.[redis]')"
    return None


def _pg_user() -> str | None:
    """The user that runs PostgreSQL: ourselves unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in PG_USERS:
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise RuntimeError(f"running as root and none of the users {PG_USERS} exists to run PostgreSQL")


@dataclass
class Postgres:
    """A throwaway PostgreSQL cluster (user `ra`, trust authentication, loopback only)."""

    port: int
    root: Path
    user: str | None
    fast: bool = True
    made: int = 0
    template: str | None = None

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        """initdb and start the cluster."""
        data = self.root / "data"
        self._run(str(PG_BIN / "initdb"), "-D", str(data), "-U", "ra", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=300"
        if self.fast:  # a test cluster: nothing needs to survive a power loss
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(self.root / "log"), "-o", options, "-w", "start")

    def stop(self) -> None:
        """Stop the cluster at once and delete its files."""
        with contextlib.suppress(Exception):
            self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of one database of the cluster."""
        return f"postgresql+psycopg://ra@127.0.0.1:{self.port}/{database}"

    def execute(self, sql: str) -> None:
        """Run one statement outside a transaction (CREATE/DROP DATABASE)."""
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=ra dbname=postgres", autocommit=True) as c:
            c.execute(sql)

    def new_database(self) -> str:
        """A fresh database with the schema applied (copied from a migrated template); its URL."""
        from ra.server.storage.sql import SqlStorage

        if self.template is None:
            self.execute("CREATE DATABASE ra_template")
            SqlStorage(self.url("ra_template")).close()  # migrated once
            self.template = "ra_template"
        self.made += 1
        name = f"ra_{self.made}"
        self.execute(f"CREATE DATABASE {name} TEMPLATE {self.template}")
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop a database made by `new_database` (its connections are ended)."""
        self.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def start_postgres(fast: bool = True) -> Postgres:
    """A running throwaway cluster on a free port (stop it with `stop()`)."""
    user = _pg_user()
    root = Path(tempfile.mkdtemp(prefix="ra-pg-"))
    if user is not None:
        shutil.chown(root, user)
    server = Postgres(free_port(), root, user, fast)
    try:
        server.start()
    except subprocess.CalledProcessError as exc:
        log = (root / "log").read_text(errors="replace") if (root / "log").exists() else ""
        server.stop()
        raise RuntimeError(f"PostgreSQL did not start: {exc.stderr!r} {log[-2000:]}") from exc
    return server


@dataclass
class RedisServer:
    """A throwaway `redis-server` (no persistence) on a fixed loopback port, restartable."""

    port: int
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        """Its redis:// URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it and wait until it listens."""
        args = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(self.port)

    def stop(self) -> None:
        """Stop it (SIGTERM, then SIGKILL)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    def restart(self, down: float = 0.0) -> None:
        """Stop it, stay down `down` seconds, start it again on the same port (its messages are gone)."""
        self.stop()
        time.sleep(down)
        self.start()


def start_redis() -> RedisServer:
    """A running throwaway Redis on a free port."""
    server = RedisServer(free_port())
    server.start()
    return server


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A throwaway PostgreSQL 15 cluster for the whole session."""
    missing = postgres_missing()
    if missing is not None:
        pytest.skip(missing)
    server = start_postgres()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """A throwaway Redis for the whole session."""
    missing = redis_missing()
    if missing is not None:
        pytest.skip(missing)
    server = start_redis()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def storage_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """`sqlite`, or `postgresql`: then every data folder a test opens is a fresh PostgreSQL database (dropped
    after the test)."""
    kind = str(getattr(request, "param", "sqlite"))
    databases: dict[Path, str] = {}
    server: Postgres | None = None
    if kind == "postgresql":
        from ra.server.storage.sql import SqlStorage

        server = request.getfixturevalue("postgres")

        def in_dir(cls: type[SqlStorage], data_dir: str | Path, migrate: bool = True) -> SqlStorage:
            key = Path(data_dir).resolve()
            if key not in databases:
                assert server is not None
                databases[key] = server.new_database()
            return cls(databases[key], migrate)

        monkeypatch.setattr(SqlStorage, "in_dir", classmethod(in_dir))
    yield kind
    for url in databases.values():
        assert server is not None
        server.drop(url)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each server test that opens storage runs on SQLite and on PostgreSQL (some only on SQLite, above)."""
    module = metafunc.module.__name__
    if "storage_kind" not in metafunc.fixturenames or module.startswith("test_scale"):
        return  # the multi-process tests choose their database themselves
    if metafunc.function.__name__ not in SQLITE_ONLY and STORAGE_FIXTURES & set(metafunc.fixturenames):
        metafunc.parametrize("storage_kind", ["sqlite", "postgresql"], indirect=True)
