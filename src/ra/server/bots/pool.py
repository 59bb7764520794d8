"""Where bot decisions run: worker processes (`workers.ProcessBotPool`, the default) or threads of the server
(`ThreadBotPool`, for tests and `--bot-workers 0`), behind one small interface (`BotPool`).

The decisions of analyses (`AnalysisPool`) run in a lane of their own: worker processes of the same kind, as many as
`analysis_workers`, at the lowest CPU priority (`make_analysis_pool`). They never take a worker a bot decision could
use, and the system runs them only with CPU time the bots and the event loop leave over: an analysis never delays a
bot move.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol, TypeVar

from ra.analysis import DecisionReport, Position, evaluate
from ra.bots import NO_PLUGINS, Plugins
from ra.server.bots.decisions import Decision, DecisionFailed, DecisionTimeout, Hint, HintTask, decide, unpack_hint
from ra.server.bots.workers import ProcessBotPool

_T = TypeVar("_T")
_R = TypeVar("_R")
LOWEST_PRIORITY = 19  # the niceness of the analysis lane's workers (bot workers run at 10)


class BotPool(Protocol):
    """Where the table service sends decisions."""

    async def decide(self, task: Decision) -> int:
        """The action id; DecisionTimeout past the deadline, DecisionFailed if the bot gave none."""
        ...

    def close(self) -> None:
        """Stop at once: running decisions are abandoned."""
        ...

    def warm(self) -> None:
        """Get ready for decisions now rather than at the first (the server starts with bot turns to resume)."""
        ...


class AnalysisPool(Protocol):
    """Where the analyses' decisions are evaluated."""

    async def evaluate(self, position: Position) -> DecisionReport:
        """The decision's report; DecisionTimeout past the deadline, DecisionFailed if the evaluation gave none."""
        ...

    def close(self) -> None:
        """Stop at once: running evaluations are abandoned."""
        ...


class ThreadBotPool:
    """Decisions in threads of this process (`bot_workers=0`): for tests; a thread past the deadline runs on.
    It evaluates analyses' decisions too (`evaluate`, with the `evaluator` given)."""

    def __init__(
        self,
        deadline: float,
        choose: Callable[[Decision], int] = decide,
        threads: int = 4,
        evaluator: Callable[[Position], DecisionReport] = evaluate,
    ) -> None:
        self.deadline, self.choose, self.evaluator = deadline, choose, evaluator
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ra-bot")

    async def decide(self, task: Decision) -> int:
        """The action id; DecisionTimeout past the deadline, DecisionFailed if the bot raised."""
        return await self._run(self.choose, task)

    async def evaluate(self, position: Position) -> DecisionReport:
        """One decision of an analysis; DecisionTimeout past the deadline, DecisionFailed if it raised."""
        return await self._run(self.evaluator, position)

    async def _run(self, work: Callable[[_T], _R], task: _T) -> _R:
        running = asyncio.get_running_loop().run_in_executor(self._threads, work, task)
        try:
            async with asyncio.timeout(self.deadline):
                return await running
        except TimeoutError:
            raise DecisionTimeout(f"no answer within {self.deadline:g} s") from None
        except Exception as exc:
            raise DecisionFailed(f"{type(exc).__name__}: {exc}") from exc

    def warm(self) -> None:
        """Nothing to start: threads are made as decisions come."""

    def close(self) -> None:
        """Stop taking decisions (threads still running finish in the background)."""
        self._threads.shutdown(wait=False, cancel_futures=True)


def make_pool(workers: int, deadline: float, plugins: Plugins = NO_PLUGINS) -> BotPool:
    """Worker processes (`workers.ProcessBotPool`) building the plug-in bots `plugins` allows, or threads of this
    process for `workers=0` (which build none: a plug-in hanging in a thread could not be stopped)."""
    if workers == 0:
        return ThreadBotPool(deadline)
    return ProcessBotPool(workers, deadline, plugins=plugins)


def make_analysis_pool(workers: int, deadline: float, bot_workers: int) -> AnalysisPool:
    """The analyses' lane: `workers` processes at the lowest priority, or threads when bots decide in threads."""
    if bot_workers == 0:
        return ThreadBotPool(deadline, threads=workers)
    return ProcessBotPool(workers, deadline, niceness=LOWEST_PRIORITY)


async def ask_hint(pool: BotPool, task: HintTask) -> Hint:
    """The bot's move for the task's seat and its reason, from the pool under its usual deadline."""
    return unpack_hint(await pool.decide(task))
