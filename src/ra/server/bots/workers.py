"""Worker processes for bot decisions: searches never compete with the server's event loop for the GIL.

Quick bots go ahead of searching ones (those with a time limit, or measured slow), so that tables of search bots
never hold up a greedy bot for long. A decision still unanswered at the deadline (queueing included) is abandoned
(its answer, if one comes, is dropped); a worker whose decision has itself run past the deadline is stuck, and is
killed and replaced. A worker that dies fails its decision at once (the caller asks again).

A worker takes a second or more to start (a fresh interpreter importing every bot). So that bots play on at once
after the server (re)starts, `warm` starts the workers before any decision is asked, and until one is ready the
bots that decide in milliseconds (QUICK_KINDS) decide in a thread of the server instead of waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
from collections import OrderedDict
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any

from ra.analysis import DecisionReport, Position
from ra.bots import NO_PLUGINS, Plugins, parse_spec
from ra.server.bots.decisions import Decision, DecisionFailed, DecisionTimeout, decide, warm_up, work

log = logging.getLogger("ra.server")

RESTART_PAUSE = 1.0  # seconds before trying again to start a worker after one failed to start
QUICK_KINDS = frozenset({"random", "greedy"})  # bots without a search: a decision takes milliseconds
SLOW = 0.5  # seconds: a bot without a time limit deciding this slowly on average waits behind the quick ones
ANALYSIS_RANK = 2  # an analysis's decisions wait behind every bot decision (ranks 0 and 1)


def _worker_main(conn: Connection, niceness: int, plugins: Plugins = NO_PLUGINS) -> None:
    """A worker: warm up, say so, then answer decisions (plug-in bots as `plugins` allows) until the server closes
    the pipe."""
    with contextlib.suppress(OSError):
        os.nice(niceness)  # searches yield the CPU to the server's event loop
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the server stops us
    warm_up(plugins)
    try:
        conn.send(("ready", None))
    except OSError:
        return
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", work(task, plugins))
        except Exception as exc:
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except OSError:
            return


@dataclass(eq=False)
class _Job:
    task: Decision | Position
    future: asyncio.Future[Any]
    submitted: float
    worker: _Worker | None = None
    started: float = 0.0
    timer: asyncio.TimerHandle | None = None  # kills the worker if the run itself passes the deadline


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    job: _Job | None = None
    ready: bool = False


class _Costs:
    """Seconds per decision of each bot spec (exponentially weighted), to tell searching bots from quick ones."""

    LIMIT = 256  # specs remembered

    def __init__(self) -> None:
        self.seconds: OrderedDict[str, float] = OrderedDict()
        self.limits: dict[str, float] = {}

    def learn(self, spec: str, elapsed: float) -> None:
        """Count one decision that took `elapsed` seconds."""
        old = self.seconds.pop(spec, None)
        self.seconds[spec] = elapsed if old is None else 0.8 * old + 0.2 * elapsed
        if len(self.seconds) > self.LIMIT:
            self.seconds.popitem(last=False)

    def limit(self, spec: str) -> float:
        """The spec's own time limit in seconds (0 for none)."""
        known = self.limits.get(spec)
        if known is None:
            try:
                known = float(parse_spec(spec)[1].get("seconds", 0.0))
            except ValueError:
                known = 0.0
            if len(self.limits) >= self.LIMIT:
                self.limits.clear()
            self.limits[spec] = known
        return known

    def rank(self, spec: str) -> int:
        """1 for searching bots (a spec with a time limit, or one measured slow), else 0 (they go first)."""
        return 1 if self.limit(spec) > 0 or self.seconds.get(spec, 0.0) >= SLOW else 0


class ProcessBotPool:
    """Up to `workers` worker processes, started on demand; a worker past the deadline is killed and replaced.
    Its workers build the plug-in bots `plugins` allows (the operator's list), and no others."""

    def __init__(self, workers: int, deadline: float, niceness: int = 10, plugins: Plugins = NO_PLUGINS) -> None:
        self.size, self.deadline, self.niceness = max(1, workers), deadline, niceness
        self.plugins = plugins
        # Workers never fork the server itself: it has threads, sockets and a running event loop.
        if "forkserver" in multiprocessing.get_all_start_methods():
            forkserver = multiprocessing.get_context("forkserver")
            forkserver.set_forkserver_preload(["ra.server.bots.workers"])
            self._context: SpawnContext | ForkServerContext = forkserver
        else:
            self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._starting = 0
        self._queue: list[tuple[int, int, _Job]] = []
        self._order = itertools.count()
        self._costs = _Costs()
        self._no_start_until = 0.0  # after a worker failed to start, the next try waits
        self._warmed = False  # `warm` was called: quick bots need not wait for a worker
        self._closed = False

    @property
    def pids(self) -> list[int]:
        """Process ids of the workers now."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    async def decide(self, task: Decision) -> int:
        """The action id; DecisionTimeout past the deadline, DecisionFailed if the bot raised or its worker died."""
        if self._closed:
            raise DecisionFailed("the bot pool is closed")
        if self._warmed and task.kind in QUICK_KINDS and not any(worker.ready for worker in self._workers):
            return await self._decide_here(task)  # the workers are starting: a quick bot does not wait for them
        return int(await self._run(task, self._costs.rank(task.spec)))

    async def evaluate(self, position: Position) -> DecisionReport:
        """One decision of an analysis (`ra.analysis.evaluate`), behind every bot decision queued here;
        DecisionTimeout past the deadline, DecisionFailed if it raised or its worker died."""
        if self._closed:
            raise DecisionFailed("the bot pool is closed")
        report = await self._run(position, ANALYSIS_RANK)
        assert isinstance(report, DecisionReport)
        return report

    async def _run(self, task: Decision | Position, rank: int) -> Any:
        """Queue the task at `rank` (lower goes first) and wait for its answer, under the deadline."""
        loop = asyncio.get_running_loop()
        job = _Job(task, loop.create_future(), loop.time())
        heapq.heappush(self._queue, (rank, next(self._order), job))
        self._dispatch()
        try:
            async with asyncio.timeout(self.deadline):
                return await job.future
        except TimeoutError:
            raise DecisionTimeout(f"no answer within {self.deadline:g} s") from None
        finally:
            if not job.future.done():
                job.future.cancel()  # if still queued, the dispatcher skips it; if running, its answer is dropped

    async def _decide_here(self, task: Decision) -> int:
        """A quick bot's decision in a thread of this process (no worker is ready yet)."""
        try:
            async with asyncio.timeout(self.deadline):
                return await asyncio.to_thread(decide, task, self.plugins)
        except TimeoutError:
            raise DecisionTimeout(f"no decision within {self.deadline:g} s") from None
        except Exception as exc:
            raise DecisionFailed(f"{type(exc).__name__}: {exc}") from exc

    def warm(self) -> None:
        """Start every worker now (they start on demand otherwise), in the background; until one is ready, quick
        bots decide in a thread of this process."""
        self._warmed = True
        loop = asyncio.get_running_loop()
        while not self._closed and len(self._workers) + self._starting < self.size:
            if loop.time() < self._no_start_until:
                return
            self._starting += 1
            asyncio.get_running_loop().create_task(self._start_worker())

    def _dispatch(self) -> None:
        """Hand queued decisions to idle workers, starting workers while there are fewer than `size`."""
        while self._queue and not self._closed:
            if not self._idle:
                if len(self._workers) + self._starting < self.size:
                    if asyncio.get_running_loop().time() < self._no_start_until:
                        if not self._workers and not self._starting:
                            self._fail_queued("no bot worker can start now")
                        return
                    self._starting += 1
                    asyncio.get_running_loop().create_task(self._start_worker())
                return
            _, _, job = heapq.heappop(self._queue)
            if job.future.done():
                continue  # abandoned while queued
            loop = asyncio.get_running_loop()
            if job.submitted + self.deadline - loop.time() < self._costs.limit(job.task.spec):
                # Its search would end after the deadline: the caller plays the fallback move now instead.
                job.future.set_exception(DecisionTimeout("queued too long to search before the deadline"))
                continue
            worker = self._idle.pop()
            worker.job, job.worker, job.started = job, worker, loop.time()
            job.timer = loop.call_later(self.deadline, self._overran, job)
            try:
                worker.conn.send(job.task)
            except (OSError, ValueError):
                self._retire(worker, "its pipe broke")

    async def _start_worker(self) -> None:
        """Start one worker process (in a thread: starting a process blocks)."""
        try:
            parent, child = self._context.Pipe(duplex=True)
            process = self._context.Process(
                target=_worker_main, args=(child, self.niceness, self.plugins), name="ra-bot-worker", daemon=True
            )
            await asyncio.to_thread(process.start)
            child.close()
        except Exception as exc:
            log.error(
                "cannot start a bot worker: %s: %s", type(exc).__name__, (str(exc).strip().splitlines() or [""])[0]
            )
            self._starting -= 1
            self._no_start_until = asyncio.get_running_loop().time() + RESTART_PAUSE
            if not self._workers and not self._starting:
                self._fail_queued(f"no bot worker could start ({type(exc).__name__})")
            return
        self._starting -= 1
        worker = _Worker(process, parent)
        if self._closed:
            self._stop(worker)
            return
        self._workers.append(worker)  # idle once it says it is ready
        asyncio.get_running_loop().add_reader(parent.fileno(), self._readable, worker)

    def _readable(self, worker: _Worker) -> None:
        """A worker answered (or died)."""
        try:
            status, value = worker.conn.recv()
        except (EOFError, OSError):
            self._retire(worker, f"it exited (code {worker.process.exitcode})")
            if not worker.ready:  # it died while warming up: do not start one after another at full speed
                self._no_start_until = asyncio.get_running_loop().time() + RESTART_PAUSE
                if not self._workers and not self._starting:
                    self._fail_queued("bot workers exit as they start")
            self._dispatch()
            return
        worker.ready = True
        job, worker.job = worker.job, None
        if job is not None:
            if job.timer is not None:
                job.timer.cancel()
            self._costs.learn(job.task.spec, asyncio.get_running_loop().time() - job.started)
            if not job.future.done():
                if status == "ok":
                    job.future.set_result(value)
                else:
                    job.future.set_exception(DecisionFailed(str(value)))
        self._idle.append(worker)
        self._dispatch()

    def _overran(self, job: _Job) -> None:
        """A decision ran past the deadline: kill its worker (a fresh one replaces it on demand)."""
        worker = job.worker
        if worker is not None and worker.job is job:
            self._costs.learn(job.task.spec, self.deadline)
            self._retire(worker, f"its {job.task.spec.partition(':')[0]} decision overran the deadline")
            self._dispatch()

    def _retire(self, worker: _Worker, why: str) -> None:
        """Remove a worker (killing it if it still runs); its decision, if any, fails so that it is retried."""
        if worker in self._workers:
            self._workers.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        job, worker.job = worker.job, None
        if job is not None and not job.future.done():
            job.future.set_exception(DecisionFailed(f"the bot worker stopped: {why}"))
        log.warning("bot worker %s stopped: %s", worker.process.pid, why)
        self._stop(worker)

    def _stop(self, worker: _Worker) -> None:
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(worker.conn.fileno())
        with contextlib.suppress(Exception):
            worker.conn.close()
        with contextlib.suppress(Exception):
            worker.process.kill()
        with contextlib.suppress(Exception):
            worker.process.join(0.5)  # killed: the wait is short

    def _fail_queued(self, why: str) -> None:
        while self._queue:
            _, _, job = heapq.heappop(self._queue)
            if not job.future.done():
                job.future.set_exception(DecisionFailed(why))

    def close(self) -> None:
        """Kill every worker and fail queued decisions (returns at once: nothing waits for a search)."""
        self._closed = True
        for worker in list(self._workers):
            job, worker.job = worker.job, None
            if job is not None and not job.future.done():
                job.future.set_exception(DecisionFailed("the bot pool is closed"))
            self._stop(worker)
        self._workers.clear()
        self._idle.clear()
        self._fail_queued("the bot pool is closed")
