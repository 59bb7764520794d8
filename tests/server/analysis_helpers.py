"""Helpers of the analysis tests: cheap evaluator specs, a finished table, an evaluator that counts its calls."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import bot, create, wait_status

from ra.analysis import DecisionReport, Position, evaluate
from ra.server.analyses.runner import AnalysisRunner
from ra.server.bots.pool import ThreadBotPool

# Evaluators that weigh a decision in milliseconds (docs/ANALYSIS.md's defaults take ~30 CPU-seconds a game).
CHEAP = {"ra": "search:samples=2,depth=1,nodes=300", "write": "search:samples=4"}
FAST = {"bot_workers": 0, "analysis_specs": CHEAP, "analysis_seconds": 0.1}


class Counting:
    """`ra.analysis.evaluate`, counting each decision it evaluates (from any thread); optionally slower, or failing."""

    def __init__(self, delay: float = 0.0, fail: bool = False) -> None:
        self.delay, self.fail = delay, fail
        self.calls: Counter[int] = Counter()  # move index -> evaluations
        self.decisions: Counter[tuple[int, str]] = Counter()  # (move index, its view's digest) -> evaluations
        self._lock = threading.Lock()

    def __call__(self, position: Position) -> DecisionReport:
        digest = hashlib.sha256(json.dumps(position.view, sort_keys=True).encode()).hexdigest()
        with self._lock:
            self.calls[position.index] += 1
            self.decisions[position.index, digest] += 1
        if self.fail:
            raise RuntimeError("the evaluator broke")
        if self.delay:
            time.sleep(self.delay)
        return evaluate(position)

    @property
    def total(self) -> int:
        """Evaluations made."""
        with self._lock:
            return sum(self.calls.values())


def runner_of(client: TestClient) -> AnalysisRunner:
    """The analysis runner of the app behind a test client."""
    runner: AnalysisRunner = client.app.state.analyses  # type: ignore[attr-defined]
    return runner


def count_evaluations(client: TestClient, counting: Counting, workers: int = 1) -> Counting:
    """Evaluate the app's analyses in threads with `counting` (before any is asked for)."""
    runner = runner_of(client)
    if runner.pool is not None:
        runner.pool.close()
    runner.pool = ThreadBotPool(runner.settings.analysis_deadline, threads=workers, evaluator=counting)
    return counting


def finished_table(client: TestClient, game: str = "ra", players: int = 2) -> dict[str, Any]:
    """A table of random bots, played to its end; its creation answer."""
    table = create(client, [bot() for _ in range(players)], game)
    wait_status(client, table["id"])
    return table


def wait_analysis(client: TestClient, table_id: str, status: str = "done", seconds: float = 30) -> dict[str, Any]:
    """Poll GET .../analysis until it has `status`; its answer."""
    deadline = time.monotonic() + seconds
    while True:
        answer = client.get(f"/api/tables/{table_id}/analysis")
        assert answer.status_code == 200, answer.text
        data = dict(answer.json())
        if data["status"] == status:
            return data
        assert time.monotonic() < deadline, f"analysis still {data['status']}, not {status}"
        time.sleep(0.02)
