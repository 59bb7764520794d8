"""Where bot decisions run: worker processes (`workers.ProcessBotPool`, the default) or threads of the server
(`ThreadBotPool`, for tests and `--bot-workers 0`), behind one small interface (`BotPool`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

from ra.server.bots.decisions import Decision, DecisionFailed, DecisionTimeout, Hint, HintTask, decide, unpack_hint
from ra.server.bots.workers import ProcessBotPool


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


class ThreadBotPool:
    """Decisions in threads of this process (`bot_workers=0`): for tests; a thread past the deadline runs on."""

    def __init__(self, deadline: float, choose: Callable[[Decision], int] = decide, threads: int = 4) -> None:
        self.deadline, self.choose = deadline, choose
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ra-bot")

    async def decide(self, task: Decision) -> int:
        """The action id; DecisionTimeout past the deadline, DecisionFailed if the bot raised."""
        work = asyncio.get_running_loop().run_in_executor(self._threads, self.choose, task)
        try:
            async with asyncio.timeout(self.deadline):
                return await work
        except TimeoutError:
            raise DecisionTimeout(f"no decision within {self.deadline:g} s") from None
        except Exception as exc:
            raise DecisionFailed(f"{type(exc).__name__}: {exc}") from exc

    def warm(self) -> None:
        """Nothing to start: threads are made as decisions come."""

    def close(self) -> None:
        """Stop taking decisions (threads still running finish in the background)."""
        self._threads.shutdown(wait=False, cancel_futures=True)


def make_pool(workers: int, deadline: float) -> BotPool:
    """Worker processes (`workers.ProcessBotPool`), or threads of this process for `workers=0`."""
    if workers == 0:
        return ThreadBotPool(deadline)
    return ProcessBotPool(workers, deadline)


async def ask_hint(pool: BotPool, task: HintTask) -> Hint:
    """The bot's move for the task's seat and its reason, from the pool under its usual deadline."""
    return unpack_hint(await pool.decide(task))
