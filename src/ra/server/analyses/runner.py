"""Each server process's analysis runner: it takes queued analyses from the database one at a time (a claim, so that
each is computed by one process; store.py) and evaluates their decisions in the analysis lane of the bot workers
(bots/pool.py: processes of their own at the lowest CPU priority, `analysis_workers` decisions at once, each under
`analysis_deadline`). While it works it saves the decisions done every `analysis_seconds`, which renews its claim;
a process that dies stops renewing, and once the claim expires another process goes on from the saved decisions.

The analysis seed is 0 for every table (as `ra analyse` defaults): the analysis depends only on the record and the
evaluator spec, so the same game gives the same analysis on any server, in any process, resumed or not.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
from collections.abc import Callable, Iterator

from ra.analysis import DecisionReport, GameAnalysis, Position, analysis_parts, positions
from ra.core.text import t
from ra.games import GAMES, game_module
from ra.server.analyses.store import Analysis, AnalysisStore
from ra.server.bots.decisions import DecisionFailed, DecisionTimeout
from ra.server.bots.pool import AnalysisPool, make_analysis_pool
from ra.server.settings import ServiceSettings
from ra.server.storage.leases import process_name
from ra.server.storage.rows import Storage, now
from ra.server.sweeps import Sweep
from ra.server.tables.errors import ServiceError
from ra.server.tables.rebuild import rebuild
from ra.server.tables.table import Table

log = logging.getLogger("ra.server")
SEED = 0  # the analysis seed of every table (docs/ANALYSIS.md, "In the server")
ATTEMPTS = 3  # tries of one decision whose worker died before the analysis fails


class ClaimLost(Exception):
    """Another process took the analysis over (this one was too slow to renew its claim): this one stops."""


class AnalysisRunner:
    """Computes the analyses of the database's finished tables, each in one process at a time; `now` gives the
    time (tests set it); `solo`: this process alone serves the database."""

    def __init__(
        self,
        store: AnalysisStore,
        storage: Storage,
        settings: ServiceSettings,
        solo: bool = True,
        now: Callable[[], dt.datetime] = now,
    ) -> None:
        self.store, self.storage, self.settings, self.solo, self.now = store, storage, settings, solo, now
        self.owner = process_name()
        self.pool: AnalysisPool | None = None
        self.computed = 0  # analyses this process finished (tests, logs)
        self._sweep = Sweep(
            "ra-analyses",
            self.round,
            settings.analysis_seconds,
            what="analyses",
            wait_first=False,
            failed=self._failed,
            until_idle=True,  # an analysis done: the next one waiting is claimed at once
        )

    # -- asked for over HTTP ----------------------------------------------------------------------------------------

    def spec_for(self, game: str) -> str:
        """The evaluator spec of `game`'s analyses: the settings' `analysis_specs`, else the game's own."""
        return self.settings.analysis_specs.get(game) or analysis_parts(game)[0]

    async def request(self, table: Table) -> Analysis:
        """Queue the analysis of a finished table (once: asked again, the analysis as it stands); ServiceError for
        a game not over, a game without analysis, or too many analyses waiting."""
        if not table.state.is_terminal():
            raise ServiceError("state", t("the analysis is available once the game is over"))
        game = table.row.game
        try:
            spec = self.spec_for(game)
        except ValueError:
            raise ServiceError("state", t("the game {game} offers no analysis", game=repr(game))) from None
        known = await asyncio.to_thread(self.store.get, table.row.id)
        if known is not None and known.status != "failed":
            return known  # asked again: nothing more to do
        limit = self.settings.analysis_queue
        if limit and await asyncio.to_thread(self.store.waiting) >= limit:
            raise ServiceError("busy", t("too many analyses are waiting; try again in a few minutes"), 429)
        analysis = await asyncio.to_thread(self.store.request, table.row.id, SEED, spec, self.now())
        self._sweep.wake()  # this process looks for it at once (if it computes analyses)
        return analysis

    async def get(self, table_id: str) -> Analysis | None:
        """The table's analysis as stored (None if none was asked for)."""
        return await asyncio.to_thread(self.store.get, table_id)

    # -- the background loop ----------------------------------------------------------------------------------------

    def start(self) -> None:
        """Compute analyses from now on (nothing if `analysis_workers` is 0)."""
        if self.settings.analysis_workers > 0 and not self._sweep.running:
            if self.pool is None:
                workers, deadline = self.settings.analysis_workers, self.settings.analysis_deadline
                self.pool = make_analysis_pool(workers, deadline, self.settings.bot_workers)
            self._sweep.start()

    async def stop(self) -> None:
        """Stop at once (running evaluations are killed) and give up the claim: another process goes on."""
        await self._sweep.stop()
        if self.pool is not None:
            self.pool.close()
            self.pool = None
        with contextlib.suppress(Exception):  # storage away: the claim expires instead
            await asyncio.to_thread(self.store.release, self.owner)

    def _failed(self, exc: Exception) -> None:  # storage away, or a fault: logged, and the next round tries again
        log.warning("analyses: %s: %s", type(exc).__name__, exc)

    def _until(self) -> dt.datetime:
        return self.now() + dt.timedelta(seconds=self.settings.lease_seconds)

    async def round(self) -> bool:
        """Claim one analysis and compute it (or as much as this process may); False if none was waiting."""
        analysis = await asyncio.to_thread(self.store.claim, self.owner, self.now(), self._until(), self.solo)
        if analysis is None:
            return False
        await self._compute(analysis)
        return True

    async def _compute(self, analysis: Analysis) -> None:
        table_id = analysis.table_id
        try:
            record, players = await asyncio.to_thread(self._record, table_id)
            todo = await asyncio.to_thread(positions, record, analysis.seed, analysis.spec)
        except Exception as exc:  # a record that does not replay, a game without analysis
            await self._fail(table_id, f"{type(exc).__name__}: {exc}")
            return
        wanted = {position.index for position in todo}
        reports = {
            int(data["index"]): DecisionReport.from_json(data) for data in analysis.reports if data["index"] in wanted
        }
        if analysis.reports:
            log.info("table %s: analysis resumed at %d of %d decisions", table_id, len(reports), len(todo))
        work = asyncio.create_task(self._evaluate_all([p for p in todo if p.index not in reports], reports))
        keep = asyncio.create_task(self._keep(table_id, reports, len(todo)))
        try:
            await asyncio.wait({work, keep}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (work, keep):
                task.cancel()
            await asyncio.gather(work, keep, return_exceptions=True)
        if not work.cancelled() and work.exception() is None:
            await self._finish(analysis, record, players, [reports[p.index] for p in todo])
            return
        problem = keep.exception() if keep.done() and not keep.cancelled() else None
        if problem is not None:  # the claim is lost, or storage is away: the claim expires, another goes on
            log.warning("table %s: analysis stopped here: %s: %s", table_id, type(problem).__name__, problem)
            return
        failure = work.exception() if not work.cancelled() else None
        if isinstance(failure, DecisionTimeout):
            why = f"a decision took longer than {self.settings.analysis_deadline:g} s to evaluate"
        else:
            why = f"{type(failure).__name__}: {failure}"
        await self._fail(table_id, why)

    def _record(self, table_id: str) -> tuple[dict[str, object], int]:
        """The finished table's record, replayed from storage, and its player count (blocking)."""
        row = self.storage.get_table(table_id)
        if row is None or row.game not in GAMES:
            raise ValueError(f"no table {table_id} of a known game")
        state = rebuild(game_module(row.game), row, self.storage.moves(table_id)).state
        if not state.is_terminal():
            raise ValueError(str(t("only a finished game can be analysed")))
        return dict(state.record()), len(state.scores())

    async def _evaluate_all(self, todo: list[Position], reports: dict[int, DecisionReport]) -> None:
        """Evaluate `todo` into `reports`, `analysis_workers` decisions at once; the first failure ends all."""
        items = iter(todo)
        try:
            async with asyncio.TaskGroup() as group:
                for _ in range(min(self.settings.analysis_workers, len(todo))):
                    group.create_task(self._lane(items, reports))
        except BaseExceptionGroup as group_error:
            raise group_error.exceptions[0] from None

    async def _lane(self, items: Iterator[Position], reports: dict[int, DecisionReport]) -> None:
        assert self.pool is not None
        for position in items:  # the lanes share the iterator: each decision is taken by one
            for attempt in range(1, ATTEMPTS + 1):
                try:
                    reports[position.index] = await self.pool.evaluate(position)
                    break
                except DecisionTimeout:
                    raise
                except DecisionFailed:
                    if attempt == ATTEMPTS:
                        raise

    async def _keep(self, table_id: str, reports: dict[int, DecisionReport], total: int) -> None:
        """Every `analysis_seconds`: save the decisions done (when there are new ones) and renew the claim; raises
        ClaimLost once the claim is no longer ours (or a storage error)."""
        saved = -1
        while True:
            done = len(reports)
            fresh = [report.as_json() for report in reports.values()] if done != saved else None
            ok = await asyncio.to_thread(self.store.progress, table_id, self.owner, done, total, fresh, self._until())
            if not ok:
                raise ClaimLost(f"table {table_id}: another process took the analysis over")
            saved = done
            await asyncio.sleep(self.settings.analysis_seconds)

    async def _finish(
        self, analysis: Analysis, record: dict[str, object], players: int, reports: list[DecisionReport]
    ) -> None:
        game = str(record["game"])
        _, thresholds = analysis_parts(game)
        moves = record["moves"]
        size = len(moves) if isinstance(moves, list) else 0
        result = GameAnalysis.of(game, players, size, analysis.seed, analysis.spec, thresholds, reports)
        text = await asyncio.to_thread(json.dumps, result.as_json(), ensure_ascii=False, separators=(",", ":"))
        if await asyncio.to_thread(self.store.finish, analysis.table_id, self.owner, len(reports), text, self.now()):
            self.computed += 1
            log.info("table %s: analysis done (%d decisions, %.1f CPU s)", analysis.table_id, len(reports),
                     result.cpu_seconds)  # fmt: skip

    async def _fail(self, table_id: str, why: str) -> None:
        log.warning("table %s: analysis failed: %s", table_id, why)
        await asyncio.to_thread(self.store.fail, table_id, self.owner, why, self.now())
