"""Helpers of the server-core tests: apps with chosen service settings, bots in threads, a failing disk."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from ra.bots import RandomBot
from ra.server.bots.decisions import Decision
from ra.server.bots.pool import ThreadBotPool
from ra.server.bots.runner import BotRunner
from ra.server.http.app import create_app
from ra.server.settings import Limits, ServiceSettings, Settings
from ra.server.tables.service import TableService


def settings_on(
    data_dir: Path,
    bot_delay: float = 0,
    *,
    limits: Limits | None = None,
    allowed_origins: tuple[str, ...] = (),
    **service: Any,
) -> Settings:
    """The server's settings on `data_dir`, bots waiting `bot_delay` s, with these limits, origins and other
    `ServiceSettings`."""
    return Settings(
        data=data_dir,
        allowed_origins=allowed_origins,
        limits=limits or Limits(),
        service=ServiceSettings(bot_delay=bot_delay, **service),
    )


def app_with(data_dir: Path, bot_delay: float = 0, **settings: Any) -> FastAPI:
    """The app on `data_dir` with these settings (`settings_on`)."""
    return create_app(settings_on(data_dir, bot_delay, **settings))


def service_of(client: TestClient) -> TableService:
    """The table service behind a test client."""
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    return service


def random_choice(task: Decision) -> int:
    """A decision by the random bot (for games the real bots do not know, e.g. the test game)."""
    return int(RandomBot(task.seed).choose(task.view))


def bots_in_threads(
    client: TestClient, choose: Callable[[Decision], int] = random_choice, deadline: float = 5.0
) -> ThreadBotPool:
    """Replace the service's bot pool by threads of this process running `choose`."""
    runner = service_of(client).bots
    assert isinstance(runner, BotRunner)  # the one the app assembled
    if runner.pool is not None:
        runner.pool.close()
    pool = ThreadBotPool(deadline, choose)
    runner.pool = pool
    return pool


class Disk:
    """A database whose commits can be made to fail as on a full disk (SQLite's own error text)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.full = False
        self.refused = 0
        sa.event.listen(engine, "commit", self._commit)

    def _commit(self, _connection: Any) -> None:
        if self.full:
            self.refused += 1
            raise OperationalError("COMMIT", {}, Exception("database or disk is full"))

    @contextmanager
    def filled(self) -> Iterator[None]:
        """Within the block, every commit fails."""
        self.full = True
        try:
            yield
        finally:
            self.full = False


def wait_for(check: Callable[[], bool], seconds: float = 30, what: str = "the condition") -> None:
    """Poll `check` until it holds; AssertionError after `seconds`."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)
