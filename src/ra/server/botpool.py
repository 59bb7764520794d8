"""Bot decisions as pure tasks: (game, spec, seed, the seat's view) -> action id, under a hard deadline.

Any worker can take a decision, and a retry is the same task again. The pools: worker processes
(`ra.server.workers`, the default) or threads of the server (`ThreadBotPool`, for tests). A decision unanswered
at the deadline raises DecisionTimeout: the caller plays `fallback` instead.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from ra.bots import SPEC_LIMITS, RandomBot, kinds_for, make_bot, parse_spec
from ra.games import GAMES


@dataclass(frozen=True)
class Decision:
    """One bot decision: the bot (`spec` for `game`, seeded) and the view of its seat."""

    game: str
    spec: str
    seed: int
    view: dict[str, Any]

    @property
    def kind(self) -> str:
        """The bot's kind, e.g. `mcts` (the specs the service hands over start with it)."""
        return self.spec.partition(":")[0].strip().lower()


class DecisionFailed(Exception):
    """The bot gave no action (it raised, or its worker died); asking again may succeed."""


class DecisionTimeout(DecisionFailed):
    """The deadline passed without a decision; the caller plays a fallback move instead of asking again."""


def decide(task: Decision) -> int:
    """The bot's action id (what a worker runs)."""
    return int(make_bot(task.spec, task.game, task.seed).choose(task.view))


def warm_up() -> None:
    """Build every kind of bot of every game once, so that a fresh worker's first decision pays no imports."""
    for game in GAMES:
        for kind in kinds_for(game):
            with contextlib.suppress(Exception):  # a game that cannot load fails its decisions, not the worker
                make_bot(kind, game, 0)


def capped_spec(spec: str, game: str, seconds: float) -> str:
    """The spec in full (`kind:key=value,...`, a level resolved for `game`), with `seconds` added if it sets none.

    Only kinds that take a time limit (searching bots) get one. ValueError for a spec `parse_spec` refuses.
    """
    kind, settings = parse_spec(spec, game)
    if "seconds" not in settings and "seconds" in SPEC_LIMITS.settings.get(kind, {}):
        settings = {**settings, "seconds": seconds}
    return ":".join([kind, ",".join(f"{key}={value!r}" for key, value in settings.items())]).rstrip(":")


def fallback(task: Decision) -> int:
    """A cheap legal move for a decision that failed or overran: uniform among the legal actions."""
    return int(RandomBot(task.seed).choose(task.view))


class BotPool(Protocol):
    """Where the table service sends decisions."""

    async def decide(self, task: Decision) -> int:
        """The action id; DecisionTimeout past the deadline, DecisionFailed if the bot gave none."""
        ...

    def close(self) -> None:
        """Stop at once: running decisions are abandoned."""
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

    def close(self) -> None:
        """Stop taking decisions (threads still running finish in the background)."""
        self._threads.shutdown(wait=False, cancel_futures=True)


def make_pool(workers: int, deadline: float) -> BotPool:
    """Worker processes (`ra.server.workers`), or threads of this process for `workers=0`."""
    if workers == 0:
        return ThreadBotPool(deadline)
    from ra.server.workers import ProcessBotPool

    return ProcessBotPool(workers, deadline)
