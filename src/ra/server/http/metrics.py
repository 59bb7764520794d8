"""`/metrics` in Prometheus' text format (prometheus-client): the `Meter` of `ra.server.metrics` made of its
instruments, the answer to a scrape, and the separate listener of `ra serve --metrics-address`.

With `PROMETHEUS_MULTIPROC_DIR` set before prometheus-client is first imported (`ra serve` sets it: one folder per
run, emptied at start), every process of the run writes its values there and a scrape sums them all; without it
(tests in one process) the values live in this process's own registry.
"""

from __future__ import annotations

import os
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST, start_http_server
from prometheus_client.multiprocess import MultiProcessCollector
from starlette.requests import Request
from starlette.responses import Response

from ra.server.metrics import split_address

# Seconds from a move's receipt to its commit: a group commit waits 3 ms, a disk's sync a few more.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
BOT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)  # a bot's deadline is 2.5 s and more
ROWS_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)


def multiprocess_dir() -> str | None:
    """The folder the processes share their values in, if prometheus-client counts across processes."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


class PrometheusMeter:
    """The server's counts as Prometheus instruments (`ra.server.metrics.Meter`)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()  # its own: several apps (tests) never clash on a name
        r = self.registry
        self.moves = Counter("ra_moves_accepted_total", "Moves committed, by game.", ["game"], registry=r)
        self.latency = Histogram(
            "ra_move_latency_seconds",
            "Seconds from a move's receipt by the table service to its commit's acknowledgement.",
            ["game"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.commits = Histogram(
            "ra_commit_rows", "Moves per group commit (its _count: the commits).", buckets=ROWS_BUCKETS, registry=r
        )
        self.sockets = Gauge("ra_websockets_open", "Open table WebSockets.", multiprocess_mode="livesum", registry=r)
        self.chat_sockets = Gauge(
            "ra_chat_websockets_open", "Open chat WebSockets.", multiprocess_mode="livesum", registry=r
        )
        self.tables = Gauge("ra_tables_loaded", "Tables held in memory.", multiprocess_mode="livesum", registry=r)
        self.bot_seconds = Histogram(
            "ra_bot_decision_seconds", "Seconds a bot decision took.", buckets=BOT_BUCKETS, registry=r
        )
        self.fallbacks = Counter(
            "ra_bot_fallbacks_total", "Fallback moves of bot seats, by reason.", ["reason"], registry=r
        )
        self.notices_sent = Counter("ra_notices_sent_total", "Mails of the notices sent.", registry=r)
        self.notices_failed = Counter("ra_notices_failed_total", "Mails of the notices that failed.", registry=r)
        self.refusals = Counter(
            "ra_rate_limit_refusals_total", "Clients refused by a rate or count limit, by limit.", ["limit"], registry=r
        )
        self.errors = Counter("ra_errors_total", "Errors, by kind.", ["kind"], registry=r)

    def move_accepted(self, game: str, seconds: float) -> None:
        """One more move of `game`, and its latency."""
        self.moves.labels(game).inc()
        self.latency.labels(game).observe(seconds)

    def committed(self, rows: int) -> None:
        """One group commit of `rows` moves."""
        self.commits.observe(rows)

    def socket(self, change: int) -> None:
        """A table WebSocket opened or closed."""
        self.sockets.inc(change)

    def chat_socket(self, change: int) -> None:
        """A chat WebSocket opened or closed."""
        self.chat_sockets.inc(change)

    def tables_loaded(self, count: int) -> None:
        """The tables in memory now."""
        self.tables.set(count)

    def bot_decided(self, seconds: float) -> None:
        """A bot decision's time."""
        self.bot_seconds.observe(seconds)

    def bot_fallback(self, reason: str) -> None:
        """A fallback move, by reason."""
        self.fallbacks.labels(reason).inc()

    def notice(self, sent: bool) -> None:
        """A mail sent or failed."""
        (self.notices_sent if sent else self.notices_failed).inc()

    def refused(self, limit: str) -> None:
        """A refusal by the limit `limit`."""
        self.refusals.labels(limit).inc()

    def error(self, kind: str) -> None:
        """An error of `kind`."""
        self.errors.labels(kind).inc()

    def scrape_registry(self) -> CollectorRegistry:
        """What a scrape reads: every process's values from the shared folder, or this process's."""
        shared = multiprocess_dir()
        if shared is None:
            return self.registry
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=shared)  # type: ignore[no-untyped-call]
        return registry

    def exposition(self) -> bytes:
        """The text a scrape gets."""
        return bytes(generate_latest(self.scrape_registry()))

    async def answer(self, _request: Request) -> Response:
        """`GET /metrics` on the app (`ra serve --metrics`)."""
        return Response(self.exposition(), media_type=CONTENT_TYPE_LATEST)

    def listen(self, address: str) -> Any:
        """Serve `/metrics` (any path) on `HOST:PORT` in a thread of its own; the server, to `shutdown()`."""
        host, port = split_address(address)
        server, _thread = start_http_server(port, host, registry=self.scrape_registry())
        return server
