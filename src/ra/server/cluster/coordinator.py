"""Several server processes serving the same tables (docs/DEPLOY.md): what one process does about the others.

The database is the record of truth and its UNIQUE(table_id, seq) the one arbiter of order. A process:
- catches a table up from the database before it checks an action (`before_act`), and after losing a race;
- hears other processes' changes by the doorbell (doorbell.py) and reads them from the database; it also
  reads the database again after (re)subscribing, when a client of a table connects, and every `resync_seconds`,
  so that a doorbell Redis lost costs a delay, never a move;
- plays a table's bots only under the table's lease (storage/leases.py), renews the leases it plays, and takes over the
  bot turns whose lease expired (a process that died or stopped).

With one process (`ra serve` on SQLite, no Redis) `shared` is off: nothing is read before acting and no task runs;
leases are still written with each move, and a claim always succeeds.

The cluster decides the process's pub/sub when it is made (`pubsub`: shared with the others, or local), and gets
what it needs as small parts: the storage and its calls, the tables, the bot runner's `busy` and `kick`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from ra.server.cluster.catchup import Gap, TakenBack, absorb, rebuilt_into
from ra.server.cluster.doorbell import RedisDoorbell
from ra.server.cluster.pubsub import LocalPubSub, SharedPubSub
from ra.server.settings import ServiceSettings
from ra.server.storage.leases import Leases
from ra.server.storage.rows import Storage
from ra.server.storage.schema import STORAGE_ERRORS
from ra.server.sweeps import Sweep
from ra.server.tables.commits import StorageCalls
from ra.server.tables.errors import ServiceError
from ra.server.tables.interfaces import PubSub
from ra.server.tables.loaded import TableLoader
from ra.server.tables.snapshot import Snapshot
from ra.server.tables.summary import iso
from ra.server.tables.table import Table

log = logging.getLogger("ra.server")
TAKE_AT_START = 1000  # bot turns a starting process takes over at most (the lease sweep takes any others later)


class Bots(Protocol):
    """What the cluster asks of the bot runner (`ra.server.bots.runner.BotRunner`)."""

    def busy(self, table_id: str) -> bool:
        """True while bots play this table here."""
        ...

    def kick(self, table: Table) -> None:
        """Play the table's bot seats if one must act now."""
        ...


class Cluster:
    """This process's part among the server processes sharing its database (by default, none).

    `shared`: serve the tables together with other processes, rung over Redis at `redis_url` (without Redis the
    others learn of changes only by reading the database every `resync_seconds`). `local` is the process's own
    pub/sub; `forget_replay(id)` drops a table's cached replay (its names changed elsewhere).
    """

    def __init__(
        self,
        storage: Storage,
        db: StorageCalls,
        tables: TableLoader,
        local: LocalPubSub[Snapshot],
        forget_replay: Callable[[str], None],
        bots: Bots,
        settings: ServiceSettings,
        *,
        shared: bool = False,
        redis_url: str | None = None,
    ) -> None:
        self.storage, self.db, self.tables, self.local = storage, db, tables, local
        self.forget_replay, self.bots, self.settings = forget_replay, bots, settings
        self.shared = shared
        self.stopped = False
        self.doorbell: RedisDoorbell | None = None
        self._tasks: list[asyncio.Task[None]] = []  # resyncs asked for by the doorbell
        self._sweeps: list[Sweep] = []  # the lease keeping and the periodic resync
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        # What the table service publishes through: the others are rung of each change when shared.
        self.pubsub: PubSub[Snapshot] = local
        if shared:
            self.leases.solo = False  # other processes hold leases too: a claim waits for theirs to expire
            if redis_url:
                self.doorbell = RedisDoorbell(redis_url, self.leases.owner, self.rung, self.resync_soon, self.poke)
                local.when_empty(self.doorbell.unwatch)  # nobody here watches the table any more
            self.pubsub = SharedPubSub(local, self._ring if self.doorbell else None, self._arrived)

    @property
    def leases(self) -> Leases:
        """This process's leases on bot turns."""
        return self.storage.leases

    # -- hooks of the table service and the bot runner ------------------------------------------------------------

    async def before_act(self, table: Table) -> None:
        """Catch the table up before an action is checked against it (caller holds `table.lock`): only without a
        doorbell. With one, this process hears of the tables it serves as they change, and the database's key
        refuses an action made on an old state (the service then catches up and checks the action again): one
        query less on every action."""
        if self.shared and self.doorbell is None:
            await self._sync(table)

    async def refresh(self, table: Table) -> None:
        """Catch the table up if the database holds another version of it (a client is about to see it; caller
        holds `table.lock`)."""
        if self.shared:
            await self._sync(table)

    async def _sync(self, table: Table) -> None:
        """Catch the table up if the database holds another version of it (caller holds `table.lock`)."""
        table_id = table.row.id
        # Mostly nothing changed: ask for the seq and time alone, the whole row only if they moved.
        stored = (await self.db(self.storage.versions, [table_id])).get(table_id)
        if stored is not None and stored != (table.seq, table.row.updated):
            await self.catch_up(table)

    async def catch_up(self, table: Table) -> bool:
        """Read what the database holds beyond the table in memory and apply it in place, telling this process's
        clients; True if anything changed. Caller holds `table.lock`."""
        table_id = table.row.id
        row, moves = await self.db(self.storage.changes, table_id, table.seq)
        if row is None:
            return False
        try:
            changed = absorb(table, row, moves)
        except Gap as exc:
            (log.info if isinstance(exc, TakenBack) else log.warning)("%s; rebuilding it from storage", exc)
            row, moves = await self.db(self.storage.changes, table_id, 0)
            if row is None:
                return False
            rebuilt_into(table, await asyncio.to_thread(self.tables.rebuilt, row, moves))
            changed = True
        if changed:
            self.forget_replay(table_id)
            if table.needs_judging():  # judged off the event loop (ra.core.undo compares views)
                await asyncio.to_thread(table.verdict)
            self.deliver(table)
        return changed

    async def tables_to_resume(self) -> list[str]:
        """At start: alone on the database, every unfinished table (its bots may be due); shared, the tables whose
        bot turn nobody holds now (a stopped or dead process's), taken over at once. No process rebuilds a table it
        does not serve: the others are loaded when a client or a bot turn needs them."""
        if not self.shared:
            return await self.db(self.storage.unfinished_ids)
        self.leases.seconds = self.settings.lease_seconds
        taken = await self.db(self.leases.take_expired, TAKE_AT_START)
        for table_id, seq in taken:
            log.info("table %s: taking over its bot turn at seq %d at start", table_id, seq)
        resume = [table_id for table_id, _ in taken]
        for table_id in await self.db(self.leases.unclaimed, TAKE_AT_START):
            if await self.db(self.leases.claim, table_id, 0):  # each such table is resumed by one process
                resume.append(table_id)
        return resume

    async def settled(self, table: Table) -> None:
        """A table resumed at start turned out to have no bot due: give up its bot turn (another process would
        otherwise take it over again, for nothing)."""
        if self.shared:
            await self.db(self.leases.drop, table.row.id, table.seq)

    async def bots_may_play(self, table: Table) -> bool:
        """True if this process holds (or now takes) the lease on the table's bot turn; the table is then caught
        up. False if another process plays these bots."""
        table_id = table.row.id
        if not self.leases.holds(table_id) and not await self.db(self.leases.claim, table_id, table.seq):
            return False
        if self.shared and self.doorbell is None:  # with a doorbell, as `before_act`
            async with table.lock:
                await self._sync(table)
        return True

    def deliver(self, table: Table) -> None:
        """A new version of the table for this process's clients only (it changed elsewhere)."""
        self.local.publish(table.row.id, table.new_version())  # not rung: the others have the change from the database

    # -- other processes --------------------------------------------------------------------------------------

    def _ring(self, table_id: str, snap: Snapshot) -> None:
        if self.doorbell is not None:
            self.doorbell.ring(table_id, int(snap.summary["seq"]), str(snap.summary["updated"]))

    def rung(self, table_id: str, seq: int, updated: str) -> None:
        """Another process changed a table: read it again if clients here watch it and it is not at that version
        (a table nobody watches here waits for the next resync, or for an action: each would read it anyway)."""
        table = self.tables.peek(table_id)
        if table is None or (table.seq, iso(table.row.updated)) == (seq, updated):
            return
        if self.local.subscribers(table_id) or self.bots.busy(table_id):
            self.poke(table_id)

    def _arrived(self, table_id: str) -> None:
        """A client of the table connected here: hear its doorbell from now on. Not read again here: the connection
        reads it itself before its first state (`TableService.refresh`), and a channel newly subscribed has it read
        once more (`on_watching`: for the rings sent before the subscription was made)."""
        if self.doorbell is not None:
            self.doorbell.watch(table_id)

    def poke(self, table_id: str) -> None:
        """Read a loaded table again from the database soon (at most one read under way per table)."""
        if self.stopped or self.tables.peek(table_id) is None:
            return
        if table_id in self._refreshing:
            self._again.add(table_id)
            return
        task = asyncio.create_task(self._refresh(table_id), name=f"ra-refresh-{table_id}")
        self._refreshing[table_id] = task
        task.add_done_callback(lambda _done: self._refreshed(table_id))

    def _refreshed(self, table_id: str) -> None:
        self._refreshing.pop(table_id, None)
        if table_id in self._again:
            self._again.discard(table_id)
            self.poke(table_id)

    async def _refresh(self, table_id: str) -> None:
        table = self.tables.peek(table_id)
        if table is None:
            return
        try:
            async with table.lock:
                if self.tables.peek(table_id) is table:
                    await self.catch_up(table)
        except ServiceError as exc:  # storage away: the next resync reads it again
            log.info("table %s: cannot catch up now (%s)", table_id, exc.code)
        except Exception as exc:
            log.error("table %s: catching up failed: %s: %s", table_id, type(exc).__name__, exc, exc_info=exc)

    def resync_soon(self) -> None:
        """Messages may have been missed (the doorbell's subscription was made again): compare every loaded table
        with the database."""
        if self.stopped:
            return
        self._tasks = [task for task in self._tasks if not task.done()]
        self._tasks.append(asyncio.create_task(self._resync(), name="ra-resync"))

    async def _resync(self) -> None:
        """Read again each loaded table whose seq or time in the database differs from memory (one query); one that
        nobody here watches or plays is forgotten instead (rebuilt if it is needed again): no process replays the
        moves of tables it does not serve."""
        ids = list(self.tables)
        if not ids:
            return
        stored = await self.db(self.storage.versions, ids)
        for table_id, (seq, updated) in stored.items():
            table = self.tables.peek(table_id)
            if table is None or (table.seq, table.row.updated) == (seq, updated):
                continue
            if self.local.subscribers(table_id) or self.bots.busy(table_id) or table.lock.locked():
                self.poke(table_id)
            else:
                self.tables.pop(table_id)

    # -- lifecycle and leases ---------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start hearing other processes, resyncing, renewing this process's leases and taking over expired ones."""
        settings = self.settings
        self.leases.seconds = settings.lease_seconds
        if not self.shared:
            return
        if self.doorbell is not None:
            await self.doorbell.start()
        self._sweeps = [
            self._sweep("ra-leases", self._keep_leases, settings.lease_seconds / 3),
            self._sweep("ra-resync-loop", self._resync, settings.resync_seconds),
        ]
        for sweep in self._sweeps:
            sweep.start()

    async def stop(self) -> None:
        """Stop the background work (before the service stops)."""
        self.stopped = True
        for sweep in self._sweeps:
            await sweep.stop()
        tasks = self._tasks + list(self._refreshing.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.doorbell is not None:
            await self.doorbell.stop()

    async def release(self) -> None:
        """Give up this process's leases (after the service stopped): another process takes the turns at once."""
        if self.shared:
            with contextlib.suppress(*STORAGE_ERRORS):
                await asyncio.to_thread(self.leases.release_all)

    @staticmethod
    def _sweep(name: str, work: Callable[[], Awaitable[None]], seconds: float) -> Sweep:
        """`work` every `seconds`; a failure is logged (storage away in a line, anything else with its trace)."""

        def failed(exc: Exception) -> None:
            if isinstance(exc, ServiceError):
                log.info("%s: storage unavailable (%s)", work.__name__, exc.code)
            else:
                log.error("%s failed: %s: %s", work.__name__, type(exc).__name__, exc, exc_info=exc)

        return Sweep(name, work, seconds, what=work.__name__, failed=failed)

    async def _keep_leases(self) -> None:
        """Renew the leases of the tables whose bots play here, give up the others; take over expired ones."""
        await self.db(self.leases.renew, {t for t in self.leases.held if self.bots.busy(t)})
        if self.stopped:
            return
        for table_id, seq in await self.db(self.leases.take_expired):
            log.info("table %s: taking over its bot turn at seq %d (its lease expired)", table_id, seq)
            try:
                table = await self.tables.get(table_id)
            except ServiceError as exc:
                log.warning("table %s: cannot take over its bots: %s", table_id, exc.message)
                continue
            async with table.lock:
                await self.catch_up(table)
            if table.bot_seats_to_act():
                self.bots.kick(table)
            else:
                await self.db(self.leases.drop, table_id, table.seq)
