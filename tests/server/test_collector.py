"""`ra serve` tunes the garbage collector once its app is built (ra.server.collector): what start-up made is frozen
out of the collector's walks, and young collections run less often than CPython's default."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ra.commands import serve
from ra.server import collector
from ra.server.settings import Settings


@pytest.fixture
def restored() -> Iterator[None]:
    """The test process's collector as it was."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_serve_tunes_the_collector_after_building_the_app(
    restored: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def fake_run(app: Any, **options: Any) -> None:  # uvicorn.run: what the collector is when serving starts
        seen.update(threshold=gc.get_threshold(), frozen=gc.get_freeze_count(), app=app)

    monkeypatch.setattr("uvicorn.run", fake_run)
    gc.unfreeze()
    serve.run(Settings(data=tmp_path))
    assert seen["threshold"] == collector.THRESHOLDS and seen["threshold"][0] > 700
    assert seen["frozen"] > 10_000  # the modules and the app, out of the collector's walks
