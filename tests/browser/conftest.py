"""Fixtures of the browser tests: a real `ra serve` on a free loopback port and Debian's Chromium via Playwright.

Playwright's own browser download does not work here, so the tests drive /usr/bin/chromium and are skipped with
a clear reason where it (or the playwright package) is missing. Screenshots go to $RA_SCREENSHOTS
(default test-artifacts/screenshots/).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOT_DELAY = 0.05
ROOT = Path(__file__).resolve().parents[2]

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is a browser test; none may hang the suite."""
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.path)).parent == here:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.timeout(240))
            if sync_playwright is None:
                item.add_marker(pytest.mark.skip(reason="the playwright package is not installed"))
            elif not Path(CHROMIUM).exists():
                item.add_marker(pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`ra serve` in a subprocess; `restart()` stops it and starts it again on the same port and data."""

    def __init__(self, data: Path, extra: tuple[str, ...] = ()) -> None:
        self.data, self.extra = data, extra  # `extra`: more `ra serve` options
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data / "server.log"

    def start(self) -> None:
        cmd = [
            sys.executable, "-c", "from ra.cli import main; main()", "serve",
            "--port", str(self.port), "--data", str(self.data), "--bot-delay", str(BOT_DELAY),
            "--log-level", "warning", *self.extra,
        ]  # fmt: skip
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=self.data)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ra serve exited:\n{self.log.read_text(errors='replace')}")
            try:
                self.get("/api/meta")
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        raise RuntimeError("ra serve did not answer within 30 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())


# Every browser test comes from one address: the tables they create together would pass the per-address limit
# (30 per 10 minutes, tested in tests/server/http), so the shared servers allow more.
TEST_CREATIONS = ("--creations", "1000")


def _server(tmp: Path) -> Iterator[Server]:
    server = Server(tmp, TEST_CREATIONS)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the session's browser tests."""
    yield from _server(tmp_path_factory.mktemp("ra-serve"))


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test alone (for restarting it)."""
    yield from _server(tmp_path)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Module scope: Playwright's sync API keeps an event loop running in this thread while it is open, which
    # would break asyncio.run() in the non-browser tests that pytest runs after these modules.
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def shots() -> Path:
    """The screenshot folder ($RA_SCREENSHOTS or test-artifacts/screenshots/ in the repository)."""
    folder = Path(os.environ.get("RA_SCREENSHOTS") or ROOT / "test-artifacts" / "screenshots").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    return folder


def pytest_terminal_summary(terminalreporter: Any) -> None:
    folder = Path(os.environ.get("RA_SCREENSHOTS") or ROOT / "test-artifacts" / "screenshots").resolve()
    if folder.is_dir() and any(folder.glob("*.png")):
        terminalreporter.write_line(f"browser screenshots: {folder}")
