"""Fixtures of the server tests: an app on a temporary data dir, bots without delay, helpers for WebSockets."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient

from ra.bots import Bot, RandomBot
from ra.bots import make_bot as make_bot_real
from ra.games import GAMES
from ra.server.tables import service as tables


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """No server test may hang: a WebSocket waiting for a message that never comes fails after 60 s."""
    for item in items:
        if Path(__file__).parent in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.timeout(60))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A fresh data folder."""
    return tmp_path / "data"


@pytest.fixture
def client(data_dir: Path) -> Iterator[TestClient]:
    """A running app (lifespan started) on `data_dir`, bots acting at once."""
    with TestClient(app_with(data_dir)) as c:
        yield c


@pytest.fixture
def client_with(data_dir: Path) -> Iterator[Callable[..., TestClient]]:
    """Start an app with `app_with` keywords (limits, allowed origins...) on `data_dir`; closed after the test."""
    with ExitStack() as stack:

        def start(**settings: Any) -> TestClient:
            return stack.enter_context(TestClient(app_with(data_dir, **settings)))

        yield start


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the simultaneous-choice test game as `fake` (its bots are `random`)."""
    monkeypatch.setitem(GAMES, "fake", "server_fake_game")
    real = make_bot_real

    def make_bot(spec: str, game: str, seed: int = 0) -> Bot:
        return RandomBot(seed) if game == "fake" else real(spec, game, seed)

    monkeypatch.setattr(tables, "make_bot", make_bot)
    return "fake"


# Throwaway PostgreSQL and Redis, every storage test on both databases (services.py); the multi-process pair.
from processes import scale_pair  # noqa: E402, F401
from services import postgres, pytest_generate_tests, redis_server, storage_kind  # noqa: E402, F401
