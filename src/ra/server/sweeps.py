"""The server's one background sweep: a task that runs a round again and again, a fixed number of seconds apart.

The abandon sweep, the players' timers, the results sweep, the turn notices, the shared presence and the analyses
all run this way. A round that fails is logged and the next round tries again (storage or Redis away for a while must
not end the loop); `stop` cancels the task at shutdown. The pause is real time (asyncio's), not the game clock
(clock.py): a test that moves the game's time forward moves what a round finds, not how often rounds come.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("ra.server")


class Sweep:
    """Runs `run_round()` every `seconds` in a task named `name` once started. `wait_first`: the first round comes
    after one pause (else at once). A failed round is logged as "`what` failed", or handed to `failed` instead.
    `wake()` ends a pause early (work came that should not wait); `until_idle`: a round that answers True (it found
    work) is followed by the next at once, and the pause comes once a round finds nothing to do."""

    def __init__(
        self,
        name: str,
        run_round: Callable[[], Awaitable[object]],
        seconds: float,
        *,
        what: str,
        wait_first: bool = True,
        failed: Callable[[Exception], None] | None = None,
        until_idle: bool = False,
    ) -> None:
        self.name, self.run_round, self.seconds, self.what = name, run_round, seconds, what
        self.wait_first, self.failed, self.until_idle = wait_first, failed, until_idle
        self._task: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None

    @property
    def running(self) -> bool:
        """True between `start` and `stop`."""
        return self._task is not None

    def start(self) -> None:
        """Run the rounds from now on (nothing if they already run)."""
        if self._task is None:
            self._wake = asyncio.Event()  # of this event loop: an app may be started again on another
            self._task = asyncio.create_task(self._loop(self._wake), name=self.name)

    def wake(self) -> None:
        """End the pause now: the next round comes at once (nothing while stopped; a start runs one soon anyway)."""
        if self._wake is not None:
            self._wake.set()

    async def stop(self) -> None:
        """Stop running rounds; a round under way is cancelled where it waits."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = self._wake = None

    async def _loop(self, wake: asyncio.Event) -> None:
        if self.wait_first:
            await self._pause(wake)
        while True:
            wake.clear()  # before the round: a wake while it runs brings the next one at once
            try:
                busy = await self.run_round()
            except Exception as exc:  # storage or Redis away, or a fault: the next round tries again
                busy = False
                if self.failed is not None:
                    self.failed(exc)
                else:
                    log.warning("%s failed: %s: %s", self.what, type(exc).__name__, exc)
            if not (self.until_idle and busy):
                await self._pause(wake)

    async def _pause(self, wake: asyncio.Event) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), self.seconds)
