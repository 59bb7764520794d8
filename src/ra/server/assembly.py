"""One server process's parts, built from the settings and wired together: storage, the tables, the pub/sub, the
cluster coordinator, the bot runner, the table service and the turn notices; started and stopped in order.

The parts reach each other through small interfaces (`TableService` takes `Bots`, `Peers` and `Clocks`, `BotRunner`
a `play` and a `may_play`, `Cluster` the runner's `busy` and `kick`, `TableClocks` the service's `apply` and
`publish`). Those that point back at parts made after them are bound here, and only here, by name. One `TimeSource`
gives every part the time (tests set it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ra.server.analyses.runner import AnalysisRunner
from ra.server.analyses.store import AnalysisStore
from ra.server.bots.runner import BotRunner
from ra.server.cluster.coordinator import Cluster
from ra.server.cluster.pubsub import LocalPubSub
from ra.server.notices.presence import Presence, SharedPresence
from ra.server.notices.service import Notices
from ra.server.settings import Settings
from ra.server.storage.leases import process_name
from ra.server.storage.sql import SqlStorage
from ra.server.tables.abandon import AbandonSweep
from ra.server.tables.cache import ReplayCache
from ra.server.tables.clocks import TableClocks
from ra.server.tables.commits import StorageCalls
from ra.server.tables.loaded import TableLoader
from ra.server.tables.service import TableService
from ra.server.tables.snapshot import Snapshot
from ra.server.tables.table import Table
from ra.server.time_source import TimeSource


@dataclass(frozen=True)
class Server:
    """The parts of one server process."""

    storage: SqlStorage
    service: TableService
    bots: BotRunner
    cluster: Cluster
    abandon: AbandonSweep
    notices: Notices
    presence: Presence
    clocks: TableClocks
    time_source: TimeSource
    analyses: AnalysisRunner

    async def start(self) -> None:
        """Load the tables and resume their bots, then start hearing the other processes, closing idle tables,
        acting on the players' timers, sending the turn notices and computing the analyses asked for."""
        await self.service.start()
        await self.cluster.start()
        self.abandon.start()
        self.clocks.start()
        await self.presence.start()
        self.notices.start()
        self.analyses.start()

    async def stop(self) -> None:
        """Stop the analyses and hearing the others, stop the service (bots, pending commits, storage), give up the
        leases."""
        await self.analyses.stop()
        await self.notices.stop()
        await self.presence.stop()
        await self.clocks.stop()
        await self.abandon.stop()
        await self.cluster.stop()
        await self.service.stop()
        await self.cluster.release()


def assemble(settings: Settings) -> Server:
    """The parts for `settings`, the storage opened (and migrated, unless `settings.migrate` is off) now. With a
    database other than SQLite, or a Redis URL, the process shares its tables with any other processes on the same
    database (docs/DEPLOY.md)."""
    options = settings.service
    if settings.database_url:
        storage = SqlStorage(settings.database_url, settings.migrate)
    else:
        storage = SqlStorage.in_dir(settings.data, settings.migrate)
    shared = settings.redis_url is not None or storage.engine.dialect.name != "sqlite"
    db = StorageCalls(options.threads_for_storage(shared))

    def pinned(table_id: str) -> bool:
        return service.pinned(table_id)

    async def play(table: Table, seat: int, action: int) -> None:
        await service.apply(table, seat, action)

    async def catch_up(table: Table) -> bool:
        return await cluster.catch_up(table)

    async def may_play(table: Table) -> bool:
        return await cluster.bots_may_play(table)

    async def load(table_id: str) -> Table:  # a table as the database has it now (for the notices)
        table = await service.get(table_id)
        async with table.lock:
            await cluster.refresh(table)
        return table

    time_source = TimeSource(file=options.time_file)  # the one time source of the game (ra.server.time_source)
    tables = TableLoader(storage, db, options, pinned)
    replays = ReplayCache(options.replay_cache_bytes)
    local: LocalPubSub[Snapshot] = LocalPubSub(lambda _table_id: tables.evict())  # its last watcher left
    bots = BotRunner(tables, play, may_play, options)
    cluster = Cluster(
        storage, db, tables, local, replays.forget, bots, options, shared=shared, redis_url=settings.redis_url
    )
    presence = SharedPresence(settings.redis_url, process_name()) if settings.redis_url else Presence()
    notices = Notices(
        storage.engine, settings.notices, settings.public_base(), presence, load, now=time_source.now, solo=not shared
    )
    clocks = TableClocks(storage, db, tables, time_source, options)
    service = TableService(
        storage,
        tables,
        cluster.pubsub,
        bots,
        cluster,
        db=db,
        replays=replays,
        clocks=clocks,
        time_source=time_source,
        turns=notices,
    )
    clocks.play, clocks.publish, clocks.kick, clocks.catch_up = service.apply, service.publish, bots.kick, catch_up
    watched = lambda table_id: local.subscribers(table_id) > 0  # noqa: E731
    abandon = AbandonSweep(storage, db, tables, options, watched, service.publish, time_source.now)
    analyses = AnalysisRunner(AnalysisStore(storage.engine), storage, options, solo=not shared, now=time_source.now)
    return Server(storage, service, bots, cluster, abandon, notices, presence, clocks, time_source, analyses)
