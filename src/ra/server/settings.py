"""The table service's settings: bot workers and their deadline, how many idle tables and replays stay in memory,
and how processes sharing a database (docs/DEPLOY.md) hand bot turns over and read each other's changes."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _cores() -> int:
    return os.cpu_count() or 1


@dataclass(frozen=True)
class ServiceSettings:
    """Settings of `TableService` (defaults suit a public server on a small machine)."""

    # Worker processes that run bot decisions; 0 runs them in threads of the server (tests, debugging).
    bot_workers: int = field(default_factory=_cores)
    # Hard limit of one decision, queueing included: past it the table gets a fallback move and a worker still on
    # it is killed. Above the largest `seconds` a bot spec may ask for (2 s, docs/BOTS.md).
    bot_deadline: float = 5.0
    # A search bot whose spec sets no `seconds` searches at most this long, so that it ends before the deadline.
    bot_seconds: float = 2.0
    # Loaded tables that nobody watches and no bot is playing: the least recently used beyond this leave memory.
    idle_tables: int = 64
    # Serialized replays of finished tables kept in memory (bytes, least recently used dropped first).
    replay_cache_bytes: int = 4 * 1024 * 1024
    # Waits between retries when storage fails under a bot's move (doubling up to the maximum).
    storage_retry: float = 0.5
    storage_retry_max: float = 10.0
    # Several processes on one database: a bot turn whose process stopped renewing its lease (it died) is taken over
    # by another after this many seconds; leases are renewed every third of it.
    lease_seconds: float = 10.0
    # ... and each process compares its loaded tables with the database this often, in case a doorbell was lost.
    resync_seconds: float = 2.0

    def __post_init__(self) -> None:
        if self.bot_workers < 0 or self.idle_tables < 0 or self.replay_cache_bytes < 0:
            raise ValueError("bot_workers, idle_tables and replay_cache_bytes are 0 or more")
        if not 0 < self.bot_seconds < self.bot_deadline:
            raise ValueError("bot_seconds lies between 0 and bot_deadline")
        if self.lease_seconds <= 0 or self.resync_seconds <= 0:
            raise ValueError("lease_seconds and resync_seconds are more than 0")
