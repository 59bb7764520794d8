"""Servers for the client's tests: the app in this process on a real socket (uvicorn in a thread), `ra serve` in a
subprocess, a scripted WebSocket server that plays the server's part message by message, and a proxy that cuts
the connection right after the client sends."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.server import ServerConnection, serve

from ra.server.http.app import create_app
from ra.server.settings import AccountSettings, Limits, ServiceSettings, Settings

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def app_server(data: Path) -> Iterator[str]:
    """The app on `data`, served by uvicorn in a thread of this process on a free port (bots in threads, acting at
    once, no per-address limits, cheap password hashes); its base address."""
    settings = Settings(
        data=data,
        limits=Limits(ws_per_address=0, creations=0),
        service=ServiceSettings(bot_delay=0, bot_workers=0),
        accounts=AccountSettings(password_time_cost=1, password_memory_cost=8, password_parallelism=1),
    )
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=0, log_config=None))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the app did not start"
            time.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


@dataclass
class Serve:
    """`ra serve` in a subprocess on a free port with a temporary SQLite database in `data`; its log in `log`."""

    data: Path
    extra: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.data / "serve.log"

    def __enter__(self) -> Serve:
        self.data.mkdir(parents=True, exist_ok=True)
        args = ["serve", "--port", str(self.port), "--data", str(self.data), "--log-level", "warning"]
        args += ["--creations", "0", "--ws-per-address", "0", "--bot-delay", "0", "--bot-workers", "0", *self.extra]
        with self.log.open("ab") as out:
            code = "from ra.cli import main; main()"
            self.process = subprocess.Popen([sys.executable, "-c", code, *args], stdout=out, stderr=out)
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.base}/readyz", timeout=2).status_code == 200:
                    return self
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            assert time.monotonic() < deadline, f"ra serve not ready: {self.log.read_text()[-3000:]}"
            time.sleep(0.1)

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


Script = Callable[[ServerConnection, int], Awaitable[None]]  # plays the server's part on connection number n


@contextlib.asynccontextmanager
async def scripted(script: Script) -> AsyncIterator[str]:
    """A WebSocket server on a free port whose every connection is answered by `script` (with the connection's
    number, from 0); the base address of a table's socket, `ws://127.0.0.1:PORT`."""
    count = 0

    async def handler(ws: ServerConnection) -> None:
        nonlocal count
        number, count = count, count + 1
        await script(ws, number)

    async with serve(handler, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield f"ws://127.0.0.1:{port}"


def state(seq: int, legal: list[int], status: str = "running", moved: tuple[int, ...] = (), **seat: Any) -> str:
    """A `state` message as the server sends it, reduced to what a client reads: the view's legal actions, the
    summary's status and seat 0, and new log entries of the moves of these seats (the last one at `seq`)."""
    view = {"game": "ra", "viewer": 0, "legal_actions": [{"id": a, "notation": f"a{a}"} for a in legal]}
    table = {"id": "T1", "game": "ra", "status": status, "seats": [{"seat": 0, "kind": "person", **seat}]}
    log = [{"seq": seq - len(moved) + 1 + i, "player": player} for i, player in enumerate(moved)]
    return json.dumps({"type": "state", "seq": seq, "view": view, "table": table, "log_from": 0, "log": log})


def error(code: str) -> str:
    """An `error` message."""
    return json.dumps({"type": "error", "code": code, "message": f"refused: {code}", "text": {"m": "refused"}})


async def received(ws: ServerConnection, seconds: float = 5) -> dict[str, Any]:
    """The client's next message."""
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), seconds))
    return message


@dataclass
class CuttingProxy:
    """A TCP proxy to `upstream_port` that, on each of its first `cuts` connections, closes both sides right after
    the client's first message past the WebSocket handshake: forwarding it first (the server gets the action, the
    client never hears of it) when `forward`, else dropping it (the action is lost)."""

    upstream_port: int
    cuts: int
    forward: Callable[[int], bool]  # by the cut's number: whether the client's message goes through first
    done: int = 0
    port: int = 0

    async def start(self) -> asyncio.Server:
        server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        return server

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        cutting = self.done < self.cuts
        opened = asyncio.Event()  # the server's answer to the handshake went through

        async def down() -> None:
            while data := await up_reader.read(65536):
                writer.write(data)
                await writer.drain()
                opened.set()

        async def up() -> None:
            handshake = True
            while data := await reader.read(65536):
                if cutting and not handshake:
                    number, self.done = self.done, self.done + 1
                    if self.forward(number):
                        up_writer.write(data)
                        await up_writer.drain()
                    return
                up_writer.write(data)
                await up_writer.drain()
                if handshake:
                    await opened.wait()
                    handshake = False

        tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
        with contextlib.suppress(Exception):
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            task.cancel()
        for w in (writer, up_writer):
            w.close()
            with contextlib.suppress(Exception):
                await w.wait_closed()
