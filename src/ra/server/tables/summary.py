"""A table's summary as the protocol sends it (docs/PROTOCOL.md), and its status."""

from __future__ import annotations

from typing import Any

from ra.core.protocol import GameState
from ra.server.storage.rows import TableRow
from ra.server.tables.pace import clock_view


def status_of(row: TableRow, state: GameState) -> str:
    """`finished` once the game ended, `open` while a person seat awaits its player, else `running`; a table
    closed as `abandoned` stays so (storage/abandoning.py)."""
    if row.status == "abandoned":
        return "abandoned"
    if state.is_terminal():
        return "finished"
    if any(s["kind"] == "person" and not s.get("taken") for s in row.seats):
        return "open"
    return "running"

def iso(row_time: Any) -> str:
    """A timestamp as ISO 8601 text."""
    return str(row_time.isoformat())

def summary(row: TableRow) -> dict[str, Any]:
    """The table summary of the protocol (never tokens, never the seed)."""
    options = {k: v for k, v in row.options.items() if k not in ("seed", "order")}
    if "names" in options:
        options["names"] = [s["name"] for s in row.seats]
    return {
        "id": row.id,
        "game": row.game,
        "status": row.status,
        "players": len(row.seats),
        "seats": [
            {
                "seat": i,
                "kind": s["kind"],
                "name": s["name"],
                "bot": s.get("bot"),
                "taken": bool(s.get("taken")) or s["kind"] == "bot",
                # A bot plays for an absent person (tables/clocks.py); `out`: "left" or "lost" (on time), for good.
                "away": bool(s.get("stand_in")) and not s.get("out"),
                "out": s.get("out"),
                "account_bot": bool(s.get("account_bot")),  # a bot account holds the seat (docs/BOT_API.md)
            }
            for i, s in enumerate(row.seats)
        ],
        "clock": clock_view(row.options, row.clock),
        "options": options,
        "created": iso(row.created),
        "updated": iso(row.updated),
        "seq": row.seq,
    }
