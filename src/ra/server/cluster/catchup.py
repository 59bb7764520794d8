"""Bring a table in memory up to the database in place: the moves and seat changes another process stored.

In place, so that the clients watching the table (whose messages carry the table's version) see the new version as
the next one; the live path's own functions tell each move (`narrated_entry`), as when it was played here. An undo
step stored by another process (ra.core.undo) is caught up by rebuilding the table from its stored steps, which
returns to the state before the move it took back and tells the log as it was told there.
"""

from __future__ import annotations

from dataclasses import replace

from ra.core.undo import Step
from ra.server.storage.rows import MoveRow, TableRow
from ra.server.tables.creation import stand_in_bots
from ra.server.tables.log import narrated_entry
from ra.server.tables.snapshot import seat_view
from ra.server.tables.summary import status_of
from ra.server.tables.table import Table
from ra.server.tables.wire import json_text


class Gap(RuntimeError):
    """The stored moves do not continue the table in memory: it must be rebuilt from the start."""


class TakenBack(Gap):
    """Among the stored steps is an undo step: the table is rebuilt from its steps (as expected, not a fault)."""


def absorb(table: Table, row: TableRow, moves: list[MoveRow]) -> bool:
    """Apply the stored `row` and the stored `moves` after the table's seq to the loaded `table`; True if anything
    changed. Gap (nothing changed) if the moves do not follow on from the table's state. Caller holds the lock."""
    if any(move.undoes is not None for move in moves):
        raise TakenBack(f"table {row.id}: another process stored an undo step")
    names = [s["name"] for s in row.seats]
    state, entries, current_at = table.state, [], []
    before = table.before
    # Each move is told from the spectator views before and after it: each view made once (the first one before).
    seen = table.spectator_view() if names == table.names else seat_view(state, None, names)
    for expected, move in enumerate(moves, start=table.seq + 1):
        if move.seq != expected:
            raise Gap(f"table {row.id}: stored move {move.seq} where {expected} was expected")
        after = state.clone()
        try:
            after.apply(move.action, move.player)
        except Exception as exc:
            raise Gap(f"table {row.id}: stored move {move.seq} does not apply: {exc}") from exc
        if after.history[-1].draws != tuple(move.draws):
            raise Gap(f"table {row.id}: stored draws of move {move.seq} do not replay")
        after_view = seat_view(after, None, names)
        entries.append(narrated_entry(table.module, state, after, names, (seen, after_view), move.seq))
        current_at.append(after.current_players())
        before, state, seen = state, after, after_view
    changed = bool(moves)
    if moves:
        table.state, table.before = state, before  # new objects: snapshots already published keep the old ones
        table.steps.extend(Step(move.player, None, tuple(move.draws)) for move in moves)
        table.seen = (state, names, {None: seen})
        table.current_at.extend(current_at)
        table.log.extend(entries)
        table.log_json.extend(json_text(entry) for entry in entries)
    if row.seats != table.row.seats:
        table.name_log(row.seats)  # as the service does when a seat is renamed here
        changed = True
    fresh = replace(row, seq=table.seq)
    fresh.status = status_of(fresh, table.state)
    if changed or (fresh.status, fresh.updated, fresh.clock_version) != (
        table.row.status,
        table.row.updated,
        table.row.clock_version,
    ):
        table.row = fresh
        table.bots = stand_in_bots(fresh, table.bots, table.bot_seconds)  # a bot may play for an absent person
        changed = True
    return changed


def rebuilt_into(table: Table, fresh: Table) -> None:
    """Make `table` the freshly rebuilt `fresh` (same object: its watchers keep their version numbers)."""
    table.row, table.state, table.current_at = fresh.row, fresh.state, fresh.current_at
    table.log, table.log_json, table.bots = fresh.log, fresh.log_json, fresh.bots
    table.steps, table.before, table.seen = fresh.steps, fresh.before, None
