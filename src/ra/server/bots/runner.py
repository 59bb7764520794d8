"""Bots at the tables: one runner task per table while a bot must act, decisions in the bot pool.

A failed decision is asked again (or replaced by a fallback move, past the deadline); a move that storage could
not take is tried again with growing waits, so that bots go on by themselves once storage is back. A runner
never leaves its table stuck: only a finished game, a person's turn or the server stopping ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ra.core.text import t
from ra.server.bots.decisions import Decision, DecisionFailed, DecisionTimeout, HintTask, fallback
from ra.server.bots.pool import BotPool, ask_hint, make_pool
from ra.server.metrics import meter
from ra.server.settings import ServiceSettings
from ra.server.tables.creation import allowed_plugins, capped_spec
from ra.server.tables.errors import GAME_OVER, ServiceError
from ra.server.tables.loaded import TableLoader
from ra.server.tables.story import table_option
from ra.server.tables.table import Table
from ra.server.tables.tokens import decision_seed

log = logging.getLogger("ra.server")
ATTEMPTS = 3  # asks per decision before the fallback move
HINT_LEVEL = "hard"  # the bot a hint asks
# Apply a bot's action to a table: checked, committed and published (`TableService.apply`; caller holds the lock).
Play = Callable[[Table, int, int], Awaitable[None]]
# True if this process may play the table's bots now (`Cluster.bots_may_play`: it holds the bot turn's lease).
MayPlay = Callable[[Table], Awaitable[bool]]


class BotRunner:
    """Plays the bot seats of every table of `tables`: decides in the bot pool, moves through `play`, and only
    while `may_play` says this process holds the table's bot turn."""

    def __init__(
        self,
        tables: TableLoader,
        play: Play,
        may_play: MayPlay,
        settings: ServiceSettings,
        pool: BotPool | None = None,
    ) -> None:
        self.tables, self.play, self.may_play, self.settings = tables, play, may_play, settings
        self.pool = pool
        self.stopping = False
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def start(self) -> None:
        """Make the bot pool the settings ask for (its workers start on demand)."""
        if self.pool is None:
            settings = self.settings
            self.pool = make_pool(settings.bot_workers, settings.bot_deadline, allowed_plugins(settings))

    def warm(self) -> None:
        """Start the pool's workers now (there are bot turns to resume), not at the first decision."""
        self.start()
        assert self.pool is not None
        self.pool.warm()

    async def stop(self) -> None:
        """Cancel every runner and close the pool at once (running searches are killed, not awaited)."""
        self.stopping = True
        tasks = [task for task in self._tasks.values() if not task.done()]
        for task in tasks:
            task.cancel()
        if self.pool is not None:
            self.pool.close()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def busy(self, table_id: str) -> bool:
        """True while a runner plays this table."""
        task = self._tasks.get(table_id)
        return task is not None and not task.done()

    def kick(self, table: Table) -> None:
        """Start the table's runner if a bot must act and none is running."""
        if self.stopping or not table.bot_seats_to_act() or self.busy(table.row.id):
            return
        table_id = table.row.id
        task = asyncio.create_task(self._run(table_id), name=f"bots-{table_id}")
        self._tasks[table_id] = task
        task.add_done_callback(lambda done: self._finished(table_id, done))

    def _finished(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(table_id) is task:
            del self._tasks[table_id]
            self.tables.evict()  # the table lost a pin: idle tables beyond the limit may leave memory
        if not task.cancelled() and task.exception() is not None:
            log.error("the bots of table %s stopped: %r", table_id, task.exception())

    async def _run(self, table_id: str) -> None:
        """Play bot turns (after the settings' `bot_delay`) until a person must act or the game ends."""
        settings = self.settings
        wait = settings.storage_retry
        while not self.stopping:
            try:
                table = await self.tables.get(table_id)
                if not await self.may_play(table):
                    return  # another server process holds this table's bot turn (storage/leases.py)
                seats = table.bot_seats_to_act()
                if not seats:
                    return
                if settings.bot_delay > 0:
                    await asyncio.sleep(settings.bot_delay)
                await self._turn(table, seats[0])
                wait = settings.storage_retry
            except ServiceError as exc:
                if exc.code == "not_found":
                    return
                if exc.code == "stale":
                    continue  # the table was reloaded from storage: decide again
                log.warning("table %s: a bot move failed (%s); trying again in %.1f s", table_id, exc.code, wait)
                await asyncio.sleep(wait)
                wait = min(2 * wait, settings.storage_retry_max)
            except Exception as exc:
                log.error("table %s: bot turn failed; trying again in %.1f s", table_id, wait, exc_info=exc)
                await asyncio.sleep(wait)
                wait = min(2 * wait, settings.storage_retry_max)

    async def _turn(self, table: Table, seat: int) -> None:
        """Decide for one bot seat and apply the decision if it still stands."""
        seq, spec = table.seq, table.bots.get(seat)
        view = dict(table.state.view(seat))
        began = time.perf_counter()
        action = await self._choose(table, seat, seq, view)
        meter().bot_decided(time.perf_counter() - began)
        async with table.lock:
            if self.tables.peek(table.row.id) is not table or not table.still_open(seat, seq):
                return  # the table moved on meanwhile: decide again
            if table.bots.get(seat) != spec:
                return  # the seat's person came back meanwhile (tables/clocks.py): theirs to play
            try:
                await self.play(table, seat, action)
            except ServiceError as exc:
                if exc.code not in ("illegal", "not_your_turn"):
                    raise
                log.warning("table %s: bot seat %d chose a refused action (%s)", table.row.id, seat, exc.message)
                meter().bot_fallback("refused")
                legal = [entry["id"] for entry in view.get("legal_actions", [])]
                if legal:
                    await self.play(table, seat, legal[0])

    async def _choose(self, table: Table, seat: int, seq: int, view: dict[str, Any]) -> int:
        """The bot's action: asked of the pool up to ATTEMPTS times; a fallback move past the deadline."""
        self.start()
        assert self.pool is not None
        spec = table.bots[seat]
        task = Decision(table.row.game, spec, decision_seed(table.row.bot_seed, seat, seq), view)
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return await self.pool.decide(task)
            except DecisionTimeout as exc:
                log.warning("table %s: bot seat %d (%s): %s; it plays a random move", table.row.id, seat, spec, exc)
                meter().bot_fallback("timeout")
                return fallback(task)
            except DecisionFailed as exc:
                log.warning(
                    "table %s: bot seat %d (%s) gave no action (try %d of %d): %s",
                    table.row.id,
                    seat,
                    spec,
                    attempt,
                    ATTEMPTS,
                    exc,
                )
        meter().bot_fallback("failed")
        return fallback(task)

    async def hint(self, table: Table, seat: int) -> dict[str, Any]:
        """What the `hard` bot would play for a person's seat now, with a one-line reason (the `hint` message).

        ServiceError if the table has hints off, the seat has nothing to decide, or the pool gives no answer.
        """
        if not table_option(table.row.options, "hints"):
            raise ServiceError("forbidden", t("hints are off at this table (a table option)"))
        if table.state.is_terminal():
            raise ServiceError("illegal", GAME_OVER)
        if seat not in table.state.current_players():
            raise ServiceError("not_your_turn", t("a hint is for your own decision: it is not your turn"))
        self.start()
        assert self.pool is not None
        seq, module = table.seq, table.module
        spec = capped_spec(HINT_LEVEL, table.row.game, self.settings.bot_seconds)
        # The seat's own view (as a bot would see it); seeded apart from the bot seats' decisions.
        seed = decision_seed(table.row.bot_seed, seat, -1 - seq)
        view = dict(table.state.view(seat))
        task = HintTask(table.row.game, spec, seed, view)
        try:
            hint = await ask_hint(self.pool, task)
        except DecisionFailed as exc:
            log.warning("table %s: no hint for seat %d: %s", table.row.id, seat, exc)
            raise ServiceError("busy", t("no hint now: the bots are busy; try again in a moment")) from None
        entry = next((a for a in view.get("legal_actions", []) if a.get("id") == hint.action), None)
        if entry is None:  # a bot answers one of the view's legal actions; anything else is a fault, not a hint
            raise ServiceError("internal", t("the bot proposed a move that is not yours to make"))
        move = module.legal_phrase(view, entry)
        return {
            "type": "hint",
            "seq": seq,
            "id": hint.action,
            "notation": module.action_to_str(hint.action),
            "text": move.as_json(),
            "reason": hint.reason.as_json(),
        }
