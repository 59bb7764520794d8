"""Attacks on `ra serve` exposed without a proxy (issue 26), made as an intruder would, with raw sockets against the
real server (uvicorn and its protocol, as `ra serve` runs them): a flood of tiny WebSocket messages, a slowloris,
a WebSocket handshake on a very long path, a huge Content-Length, a 100 KB header line. Each is answered and its
connection closed."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from services import free_port, wait_port
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

HEAD_SECONDS = 1.0
SERVE = """
import sys
from pathlib import Path
from ra.commands.serve import run
from ra.server.settings import Limits, ServiceSettings, Settings
run(Settings(port=int(sys.argv[1]), data=Path(sys.argv[2]), log_level="warning",
             limits=Limits(head_seconds=float(sys.argv[3]), ws_per_address=0, creations=0),
             service=ServiceSettings(bot_workers=0)))
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """`ra serve`'s own run (uvicorn with the server's protocol) on a free port, heads due within 1 s; its port."""
    port, data = free_port(), tmp_path_factory.mktemp("attacked")
    log = (data / "server.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(port), str(data), str(HEAD_SECONDS)], stdout=log, stderr=log
    )
    try:
        wait_port(port, 60)
        yield port
    finally:
        process.terminate()
        process.wait(15)
        log.close()


def raw(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5)


def read_to_close(sock: socket.socket, seconds: float = 5) -> tuple[bytes, bool]:
    """Everything the server sends within `seconds`, and whether it closed the connection."""
    sock.settimeout(seconds)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        return data, False
    return data, True


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


def test_a_flood_of_tiny_messages_closes_the_socket_with_a_clear_code(server: int) -> None:
    table = httpx.post(
        f"http://127.0.0.1:{server}/api/tables",
        json={"game": "ra", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]},
    ).json()
    url = f"ws://127.0.0.1:{server}/ws/{table['id']}?seat=0&token={table['seats'][0]['token']}"

    async def flood() -> tuple[int, int | None, str]:
        answers = 0
        async with connect(url, max_size=2**24) as ws:
            await ws.recv()  # the state
            for _ in range(20_000):
                try:
                    await ws.send('{"type":"nonsense"}')
                except ConnectionClosed:
                    break
            try:
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    answers += 1
                    last = message
            except ConnectionClosed:
                pass
            assert ws.close_code is not None, "the socket stays open"
            return answers, ws.close_code, str(last)

    answers, code, last = asyncio.run(flood())
    assert code == 1008 and "too_many" in last and "a second" in last
    assert answers < 1000, f"{answers} error replies: the flood was answered message by message"


def test_a_slowloris_is_timed_out(server: int) -> None:
    socks = [raw(server) for _ in range(60)]
    for sock in socks:
        sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and never the rest
    idle = raw(server)  # one that never sends a byte
    time.sleep(HEAD_SECONDS + 1.5)
    for sock in socks:
        answer, closed = read_to_close(sock, 3)
        assert closed and status(answer) == 408, answer[:60]
    assert read_to_close(idle, 3) == (b"", True)
    assert httpx.get(f"http://127.0.0.1:{server}/api/meta").status_code == 200  # it still serves the rest


def test_a_websocket_handshake_on_a_long_path_is_answered_and_closed(server: int) -> None:
    sock = raw(server)
    path = "/ws/" + "a" * 9000
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer, closed = read_to_close(sock)
    assert status(answer) == 414 and closed


def test_a_huge_content_length_is_refused_and_closed(server: int) -> None:
    sock = raw(server)
    sock.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n"
    )
    answer, closed = read_to_close(sock)
    assert status(answer) == 413 and closed


def test_a_100_kb_header_line_is_refused_and_closed(server: int) -> None:
    sock = raw(server)
    sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n")
    answer, closed = read_to_close(sock)
    assert status(answer) == 431 and closed
    sock = raw(server)
    sock.sendall(b"GET /api/meta?" + b"a" * 9000 + b" HTTP/1.1\r\n")  # refused before the head is even complete
    answer, closed = read_to_close(sock)
    assert status(answer) == 414 and closed


def test_a_keep_alive_connection_serves_request_after_request(server: int) -> None:
    """The bounds are per request: a client that keeps its connection gets each answer, and its next head gets a
    deadline of its own."""
    sock = raw(server)
    for _ in range(3):
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(5)
        answer = sock.recv(65536)
        while b'"alive"' not in answer:  # the head and the body may come apart
            answer += sock.recv(65536)
        assert status(answer) == 200
        time.sleep(HEAD_SECONDS * 1.2)  # longer than a head may take: waiting between requests is not slow
    sock.close()

