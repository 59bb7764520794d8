"""Bots out of the server's process: worker processes, a hard deadline, retries, validated specs, quick shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from app_helpers import app_with, bots_in_threads, service_of, wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, create, wait_status

from ra.games import game_module
from ra.server.bots.decisions import Decision, DecisionFailed, DecisionTimeout
from ra.server.bots.workers import ProcessBotPool
from ra.server.storage.rows import TableRow
from ra.server.storage.sql import SqlStorage

MAX_BUDGET = "mcts:iterations=20000"  # the most iterations a spec may ask for, and no time limit of its own


def first_view() -> dict[str, Any]:
    """The first player's view at the start of a 3-player Ra game."""
    state = game_module("ra").State.new({"players": 3}, seed=5)
    return dict(state.view(state.current_players()[0]))


async def _once_started(pool: ProcessBotPool, task: Decision) -> int:
    """A quick decision, asked again while a new worker starts."""
    for _ in range(30):  # starting counts against the deadline, and a loaded machine may take over 1 s (niced worker)
        with contextlib.suppress(DecisionTimeout):
            return await pool.decide(task)
    return await pool.decide(task)


def test_a_decision_past_the_deadline_is_abandoned_and_its_worker_replaced() -> None:
    view = first_view()
    legal = {a["id"] for a in view["legal_actions"]}

    async def scenario() -> None:
        pool = ProcessBotPool(1, deadline=1.0)
        try:
            assert await _once_started(pool, Decision("ra", "random", 1, view)) in legal
            [first] = pool.pids
            started = time.monotonic()
            with pytest.raises(DecisionTimeout):
                await pool.decide(Decision("ra", MAX_BUDGET, 1, view))  # 20000 iterations: past the 1 s deadline
            assert time.monotonic() - started < 1.8
            for _ in range(100):  # its worker, stuck past the deadline too, is killed
                if not pool.pids:
                    break
                await asyncio.sleep(0.01)
            assert pool.pids == []
            assert await _once_started(pool, Decision("ra", "greedy", 1, view)) in legal
            assert pool.pids and pool.pids != [first]  # a fresh worker took over
            [second] = pool.pids
            started = time.monotonic()
            with pytest.raises(DecisionTimeout):  # a 2 s search cannot end within 1 s: not even started
                await pool.decide(Decision("ra", MAX_BUDGET + ",seconds=2", 1, view))
            assert time.monotonic() - started < 0.5 and pool.pids == [second]
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_crashed_worker_fails_its_decision_at_once_and_is_replaced() -> None:
    view = first_view()

    async def scenario() -> None:
        pool = ProcessBotPool(1, deadline=30.0)
        try:
            await pool.decide(Decision("ra", "random", 1, view))
            [pid] = pool.pids
            asyncio.get_running_loop().call_later(0.3, os.kill, pid, signal.SIGKILL)
            started = time.monotonic()
            with pytest.raises(DecisionFailed) as failure:
                await pool.decide(Decision("ra", MAX_BUDGET, 1, view))
            assert not isinstance(failure.value, DecisionTimeout)
            assert time.monotonic() - started < 2  # not held until the deadline
            assert await pool.decide(Decision("ra", "random", 2, view)) >= 0
            assert pool.pids and pool.pids != [pid]
        finally:
            pool.close()

    asyncio.run(scenario())


def test_six_tables_of_maximum_budget_bots_do_not_hold_up_a_greedy_bot(
    data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "ra.server")
    deadline = 5.0
    with TestClient(app_with(data_dir, bot_workers=2, bot_deadline=deadline)) as client:
        heavy = [create(client, [bot(MAX_BUDGET)] * 3) for _ in range(6)]
        time.sleep(0.5)  # every worker is searching now
        greedy = create(client, [bot("greedy"), bot("greedy")])
        times, seq = [time.monotonic()], 0
        while seq < 8:
            now = client.get(f"/api/tables/{greedy['id']}").json()["seq"]
            if now > seq:
                times += [time.monotonic()] * (now - seq)
                seq = now
            assert time.monotonic() - times[-1] < deadline, f"the greedy bot waited {deadline} s at seq {seq}"
            time.sleep(0.01)
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert max(gaps) < deadline
        wait_for(lambda: all(client.get(f"/api/tables/{t['id']}").json()["seq"] > 0 for t in heavy), 20, "moves")
        stopping = time.monotonic()
    assert time.monotonic() - stopping < 3  # shutdown killed the searches instead of waiting for them
    greedy_fallbacks = [r for r in caplog.records if greedy["id"] in r.getMessage() and "random move" in r.getMessage()]
    assert greedy_fallbacks == []  # its moves were its own, not fallbacks


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:seconds=nan", "seconds"),
        ("mcts:seconds=inf", "seconds"),
        ("mcts:iterations=1000000000", "iterations"),
        ("greedy:epsilon=5", "epsilon"),
        ("random" + "x" * 200, "characters"),
        ("mcts:depth=3", "settings"),
    ],
)
def test_bot_specs_out_of_bounds_are_refused_with_what_is_allowed(client: TestClient, spec: str, words: str) -> None:
    r = client.post("/api/tables", json={"game": "ra", "seats": [bot(), bot(spec)]})
    assert r.status_code == 400, r.text
    message = r.json()["error"]
    assert words in message and "Allowed" in message and "20000" in message, message
    assert client.get("/api/tables").json()["tables"] == []


def test_a_failing_bot_is_asked_again_then_replaced_by_a_fallback_move(client: TestClient) -> None:
    asked: list[int] = []

    def flaky(task: Decision) -> int:
        asked.append(task.seed)
        if asked.count(task.seed) < 3:
            raise RuntimeError("search blew up")
        return int(task.view["legal_actions"][-1]["id"])

    bots_in_threads(client, flaky)
    table = create(client, [bot(), bot()])
    wait_status(client, table["id"])  # every decision failed twice: still the game went to its end
    moves = service_of(client).storage.moves(table["id"])
    assert len(asked) == 3 * len(moves)

    def broken(task: Decision) -> int:
        raise RuntimeError("always")

    bots_in_threads(client, broken)
    other = create(client, [bot(), bot()])
    wait_status(client, other["id"])  # fallback moves: never stuck


def test_sigterm_stops_the_server_at_once_while_bots_search(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = "from ra.cli import main; main()"
    args = ["serve", "--port", str(port), "--data", str(tmp_path / "data"), "--bot-delay", "0", "--bot-workers", "2"]
    server = subprocess.Popen([sys.executable, "-c", code, *args], stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: _answers(base), 60, "the server to start")
        for _ in range(6):
            r = httpx.post(f"{base}/api/tables", json={"game": "ra", "seats": [bot(MAX_BUDGET)] * 3}, timeout=10)
            assert r.status_code == 201, r.text
        time.sleep(1.5)  # every worker is deep in a search, decisions are queued
        stopping = time.monotonic()
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal once it stopped
        assert time.monotonic() - stopping < 4
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def _answers(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/meta", timeout=2).status_code == 200
    except httpx.TransportError:
        return False


def test_bots_stored_before_the_bounds_existed_play_within_them(data_dir: Path) -> None:
    storage = SqlStorage.in_dir(data_dir)
    seats = [
        {"kind": "bot", "name": "A", "bot": "greedy:epsilon=5", "taken": True},
        {"kind": "bot", "name": "B", "bot": "mcts:iterations=1000000000", "taken": True},
        {"kind": "bot", "name": "C", "bot": "x" * 1000, "taken": True},
    ]
    storage.create_table(TableRow("old", "ra", {"players": 3, "names": ["A", "B", "C"]}, 5, seats, "running"))
    storage.close()
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        table = service_of(client).tables["old"]
        assert table.bots == {0: "greedy", 1: "mcts:seconds=2.0", 2: "random"}
        seen: list[str] = []

        def quick(task: Decision) -> int:
            seen.append(task.spec)
            return int(task.view["legal_actions"][0]["id"])

        bots_in_threads(client, quick)
        wait_status(client, "old")
        assert set(seen) == {"greedy", "mcts:seconds=2.0", "random"}


def test_a_warmed_pool_lets_quick_bots_decide_while_its_workers_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a restart with bot turns to resume, the pool starts its workers at once, and a quick bot (random,
    greedy) decides in the server meanwhile instead of waiting a second or more for a worker; a search waits."""
    view = first_view()
    legal = {a["id"] for a in view["legal_actions"]}
    real_start = ProcessBotPool._start_worker

    async def slow_start(pool: ProcessBotPool) -> None:
        await asyncio.sleep(3)  # a worker that takes long to start (a loaded machine)
        await real_start(pool)

    monkeypatch.setattr(ProcessBotPool, "_start_worker", slow_start)

    async def scenario() -> None:
        pool = ProcessBotPool(1, deadline=10.0)
        try:
            pool.warm()
            started = time.monotonic()
            assert await pool.decide(Decision("ra", "greedy", 1, view)) in legal
            assert await pool.decide(Decision("ra", "random", 2, view)) in legal
            assert time.monotonic() - started < 1.5, "the quick bots waited for a worker"
            searching = asyncio.create_task(pool.decide(Decision("ra", "mcts:iterations=50", 3, view)))
            await asyncio.sleep(1)
            assert not searching.done(), "a search runs in a worker, never in the server"
            assert await searching in legal
            assert pool.pids, "the worker warm() started"
        finally:
            pool.close()

    asyncio.run(scenario())
