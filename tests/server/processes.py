"""Server processes for the multi-process tests (`ra serve` in subprocesses, real uvicorn and sockets), the pair
of them the multi-process tests share (cluster/), and one restartable server for the `kill -9` tests."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from services import Postgres, RedisServer, free_port


@dataclass
class Serve:
    """One `ra serve` process (real uvicorn, real sockets) on a loopback port; its log in `log`."""

    port: int
    database_url: str
    redis_url: str | None
    log: Path
    extra: tuple[str, ...] = ()
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def base(self) -> str:
        """Its http:// address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """Its ws:// address."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start it (no per-address limits: every client is on 127.0.0.1); `wait_ready` waits for it."""
        args = ["serve", "--port", str(self.port), "--database-url", self.database_url, "--log-level", "warning"]
        args += ["--creations", "0", "--ws-per-address", "0", "--ws-per-table", "0", *self.extra]
        if self.redis_url:
            args += ["--redis-url", self.redis_url]
        with self.log.open("ab") as out:
            code = "from ra.cli import main; main()"
            self.process = subprocess.Popen([sys.executable, "-c", code, *args], stdout=out, stderr=out)

    def wait_ready(self, seconds: float = 60) -> None:
        """Wait until its /readyz answers 200."""
        import httpx

        deadline = time.monotonic() + seconds
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.base}/readyz", timeout=2).status_code == 200:
                    return
            assert self.process is not None and self.process.poll() is None, self.log.read_text()[-3000:]
            if time.monotonic() > deadline:
                raise RuntimeError(f"ra serve on port {self.port} not ready: {self.log.read_text()[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 15 s."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def serve_processes(count: int, database_url: str, redis_url: str | None, logs: Path, *extra: str) -> list[Serve]:
    """`count` started and ready `ra serve` processes on one database (each with `extra` options)."""
    servers = [Serve(free_port(), database_url, redis_url, logs / f"serve-{i}.log", extra) for i in range(count)]
    for server in servers:
        server.start()
    try:
        for server in servers:
            server.wait_ready()
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers


# Quick bots and quick hand-overs, so that whole games take seconds.
FAST = ("--bot-delay", "0.01", "--bot-workers", "0", "--lease-seconds", "2", "--resync-seconds", "0.5")


@dataclass
class Pair:
    """Two ready `ra serve` processes on one database, rung over one Redis."""

    servers: list[Serve]
    database_url: str
    redis: RedisServer


@pytest.fixture(scope="session")
def scale_pair(
    postgres: Postgres, redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Pair]:
    """Two server processes sharing a fresh database and the session's Redis."""
    url = postgres.new_database()
    servers = serve_processes(2, url, redis_server.url, tmp_path_factory.mktemp("serve-logs"), *FAST)
    try:
        yield Pair(servers, url, redis_server)
    finally:
        for server in servers:
            server.stop()


@dataclass
class Server:
    """`ra serve` in a subprocess on a fixed port and data folder, restartable."""

    port: int
    data: Path
    process: subprocess.Popen[bytes] | None = None
    log: list[str] = field(default_factory=list)

    def start(self) -> None:
        code = "from ra.cli import main; main()"
        args = ["serve", "--port", str(self.port), "--data", str(self.data), "--bot-delay", "0.02"]
        args += ["--log-level", "warning", "--creations", "0", "--ws-per-address", "0", "--bot-workers", "1"]
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()  # SIGKILL: no shutdown code runs
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(15)


async def ready(base: str, seconds: float = 60) -> None:
    """Wait until the server answers."""
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=5) as client:
        while True:
            try:
                if (await client.get("/api/meta")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not come back"
            await asyncio.sleep(0.05)
