"""What the server counts, as one small protocol (`Meter`) that the table service, the bot runner, the notices,
the rate guards and the error answers call where each thing happens; `http/metrics.py` implements it with
prometheus-client when `ra serve --metrics` asks. Standard library only, so that the lower layers never import a
metrics library; without metrics every call is a no-op.

Labels are bounded by the code: a game's name, a limit's name, a reason or a kind, never a table, an account or an
address.
"""

from __future__ import annotations

from typing import Protocol

from ra.server.guards import rates


class Meter(Protocol):
    """The server's counts (docs/DEPLOY.md, "Metrics and alerts", names each metric)."""

    def move_accepted(self, game: str, seconds: float) -> None:
        """A move of `game` committed, `seconds` after the service received it."""

    def committed(self, rows: int) -> None:
        """One group commit of `rows` moves (tables/commits.py)."""

    def socket(self, change: int) -> None:
        """A table WebSocket opened (+1) or closed (-1)."""

    def chat_socket(self, change: int) -> None:
        """A chat WebSocket (lobby or table) opened (+1) or closed (-1)."""

    def tables_loaded(self, count: int) -> None:
        """This process holds `count` tables in memory now."""

    def bot_decided(self, seconds: float) -> None:
        """A bot decision took `seconds` (asks and fallback included)."""

    def bot_fallback(self, reason: str) -> None:
        """A bot seat played a fallback move: `timeout`, `failed` or `refused`."""

    def notice(self, sent: bool) -> None:
        """A mail of the notices sent, or failed."""

    def refused(self, limit: str) -> None:
        """A rate or count limit named `limit` refused a client."""

    def error(self, kind: str) -> None:
        """An error of `kind`: `http_5xx`, `storage_unavailable` or `internal`."""


class NoMeter:
    """Counts nothing (metrics off)."""

    def move_accepted(self, game: str, seconds: float) -> None:
        """Nothing."""

    def committed(self, rows: int) -> None:
        """Nothing."""

    def socket(self, change: int) -> None:
        """Nothing."""

    def chat_socket(self, change: int) -> None:
        """Nothing."""

    def tables_loaded(self, count: int) -> None:
        """Nothing."""

    def bot_decided(self, seconds: float) -> None:
        """Nothing."""

    def bot_fallback(self, reason: str) -> None:
        """Nothing."""

    def notice(self, sent: bool) -> None:
        """Nothing."""

    def refused(self, limit: str) -> None:
        """Nothing."""

    def error(self, kind: str) -> None:
        """Nothing."""


_meter: Meter = NoMeter()


def meter() -> Meter:
    """The process's meter (a no-op unless metrics were switched on)."""
    return _meter


def use(new: Meter) -> Meter:
    """Count with `new` from now on (one per process: `ra serve` with metrics, or a test); the meter before."""
    global _meter
    before, _meter = _meter, new
    rates.tell_refusals(new.refused)  # the guards count through a listener: they import no other part
    return before


def split_address(address: str) -> tuple[str, int]:
    """`HOST:PORT` (`[::1]:9100` for IPv6) as its parts; ValueError for anything else."""
    host, sep, port = address.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT, got {address!r}")
    return host, int(port)
