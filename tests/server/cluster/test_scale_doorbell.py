"""The Redis doorbell rings only the processes that serve a table (issue 26): each process subscribes to the
channels of the tables its clients watch, so a process hears nothing of the tables it does not serve."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from server_helpers import person
from services import RedisServer

from ra.server.assembly import assemble
from ra.server.cluster.doorbell import RedisDoorbell
from ra.server.settings import Settings
from ra.server.tables.requests import NewTable


async def until(check: Callable[[], bool], seconds: float = 5) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


@dataclass
class Ear:
    """What one process's doorbell heard."""

    rings: list[tuple[str, int]] = field(default_factory=list)
    watching: list[str] = field(default_factory=list)
    subscribed: int = 0

    def ring(self, table: str, seq: int, _updated: str) -> None:
        self.rings.append((table, seq))

    def subscription(self) -> None:
        self.subscribed += 1

    def watched(self, table: str) -> None:
        self.watching.append(table)


def test_a_ring_reaches_only_the_processes_watching_its_table(redis_server: RedisServer) -> None:
    async def scenario() -> None:
        ears = {name: Ear() for name in "abc"}
        bells = {
            name: RedisDoorbell(redis_server.url, name, ear.ring, ear.subscription, ear.watched)
            for name, ear in ears.items()
        }
        heard = {name: ear.rings for name, ear in ears.items()}
        watching = {name: ear.watching for name, ear in ears.items()}
        for bell in bells.values():
            await bell.start()
        try:
            await until(lambda: all(ear.subscribed for ear in ears.values()))
            bells["b"].watch("t1")
            bells["c"].watch("t2")
            await until(lambda: watching["b"] == ["t1"] and watching["c"] == ["t2"])
            bells["a"].ring("t1", 5, "2026-01-01T00:00:00+00:00")
            bells["a"].ring("t3", 1, "2026-01-01T00:00:00+00:00")  # nobody serves t3
            await until(lambda: heard["b"] == [("t1", 5)])
            bells["b"].ring("t1", 6, "2026-01-01T00:00:01+00:00")  # its own ring: not heard by itself
            bells["a"].ring("t2", 9, "2026-01-01T00:00:00+00:00")
            await until(lambda: heard["c"] == [("t2", 9)])
            bells["b"].unwatch("t1")
            await asyncio.sleep(0.2)
            bells["a"].ring("t1", 7, "2026-01-01T00:00:02+00:00")
            bells["a"].ring("t2", 10, "2026-01-01T00:00:02+00:00")
            await until(lambda: len(heard["c"]) == 2)
            await asyncio.sleep(0.2)
            assert heard == {"a": [], "b": [("t1", 5)], "c": [("t2", 9), ("t2", 10)]}
        finally:
            for bell in bells.values():
                await bell.stop()

    asyncio.run(scenario())


def test_a_client_connecting_has_its_table_read_once(
    redis_server: RedisServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process sharing its tables reads a table whose channel it newly subscribes (rings sent before were not
    heard); a client connecting to a table already heard only compares its version (`refresh`), nothing more."""

    async def scenario() -> None:
        server = assemble(Settings(data=tmp_path, redis_url=redis_server.url))
        await server.start()
        try:
            service = server.service
            created = await service.create(NewTable.model_validate({"game": "ra", "seats": [person("A"), person("B")]}))
            table = await service.get(created["id"])
            reads: list[Any] = []
            changes = server.storage.changes

            def counted(*args: Any) -> Any:
                reads.append(args)
                return changes(*args)

            monkeypatch.setattr(server.storage, "changes", counted)
            subscriptions = [service.subscribe(table.row.id)]  # the first client: the channel subscribed, then read
            await until(lambda: len(reads) >= 1)
            await asyncio.sleep(0.3)
            first = len(reads)
            for _ in range(3):  # more clients, each refreshing the table before its first state as a connection does
                subscriptions.append(service.subscribe(table.row.id))
                await service.refresh(table)
            await asyncio.sleep(0.3)
            assert len(reads) == first  # nothing changed: versions compared, the table not read again
            for subscription in subscriptions:
                subscription.close()
        finally:
            await server.stop()

    asyncio.run(scenario())
