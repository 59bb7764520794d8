"""Fixtures of the client's tests: the server app in this process on a real socket, no test hanging."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from client_servers import app_server


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """No client test may hang: one waiting for a message that never comes fails after 120 s."""
    for item in items:
        if Path(__file__).parent in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.timeout(120))


@pytest.fixture
def live(tmp_path: Path) -> Iterator[str]:
    """The app on a fresh data folder, served on a free port in this process: its base address."""
    with app_server(tmp_path / "data") as base:
        yield base
