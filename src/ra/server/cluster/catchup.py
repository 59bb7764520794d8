"""Bring a table in memory up to the database in place: the moves and seat changes another process stored.

In place, so that the clients watching the table (whose messages carry the table's version) see the new version as
the next one; the moves are replayed through `ra.core.record.replay_moves` and told by the live path's own functions
(`log_entry`, `narration_texts`), as when they were played here. An undo
step stored by another process (ra.core.undo) is caught up by rebuilding the table from its stored steps, which
returns to the state before the move it took back and tells the log as it was told there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ra.core.protocol import GameState, Move
from ra.core.record import replay_moves
from ra.core.undo import Step
from ra.server.storage.rows import MoveRow, TableRow
from ra.server.tables.creation import stand_in_bots
from ra.server.tables.log import log_entry
from ra.server.tables.snapshot import seat_view
from ra.server.tables.story import narration_texts
from ra.server.tables.summary import status_of
from ra.server.tables.table import Change, Steps, Table


class Gap(RuntimeError):
    """The stored moves do not continue the table in memory: it must be rebuilt from the start."""


class TakenBack(Gap):
    """Among the stored steps is an undo step: the table is rebuilt from its steps (as expected, not a fault)."""


def absorb(table: Table, row: TableRow, moves: list[MoveRow]) -> bool:
    """Apply the stored `row` and the stored `moves` after the table's seq to the loaded `table`; True if anything
    changed. Gap (nothing changed) if the moves do not follow on from the table's state. Caller holds the lock."""
    if any(move.undoes is not None for move in moves):
        raise TakenBack(f"table {row.id}: another process stored an undo step")
    for expected, move in enumerate(moves, start=table.seq + 1):
        if move.seq != expected:
            raise Gap(f"table {row.id}: stored move {move.seq} where {expected} was expected")
    names = [s["name"] for s in row.seats]
    played = _replayed(table, row.id, names, moves) if moves else None
    state = table.state if played is None else played.state
    fresh = replace(row, seq=table.seq + len(moves))
    fresh.status = status_of(fresh, state)
    changed = (
        bool(moves)
        or row.seats != table.row.seats  # renamed, taken, away or back: the log's entries take the names
        or (fresh.status, fresh.updated, fresh.clock_version)
        != (table.row.status, table.row.updated, table.row.clock_version)
    )
    if changed:
        bots = stand_in_bots(fresh, table.bots, table.bot_seconds)  # a bot may play for an absent person
        table.swap(Change(row=fresh, bots=bots, steps=played))
    return changed


def _replayed(table: Table, table_id: str, names: list[str], moves: list[MoveRow]) -> Steps:
    """The stored `moves` replayed on a copy of the table's game (published snapshots keep theirs) through the one
    replay loop, each told from the spectator views before and after it (each view made once), as when it was played
    here; Gap if one does not apply or draws other tiles or cards than stored."""
    module, last = table.module, len(moves) - 1
    views = [table.spectator_view() if names == table.names else seat_view(table.state, None, names)]
    entries: list[dict[str, Any]] = []
    current_at: list[tuple[int, ...]] = []
    before = [table.state]  # the game just before the last move

    def told(index: int, move: Move, after: GameState) -> None:
        view = seat_view(after, None, names)
        told = narration_texts(module, views[-1], view, move)
        entries.append(log_entry(module, move, moves[index].seq, names, told, moves[index].stand_in))
        current_at.append(after.current_players())
        views.append(view)
        if index == last - 1:
            before.append(after.clone())

    stored = [(move.player, move.action, tuple(move.draws)) for move in moves]
    try:
        state = replay_moves(table.state.clone(), stored, told)
    except Exception as exc:
        raise Gap(f"table {table_id}: stored moves do not replay: {exc}") from exc
    steps = [Step(move.player, None, tuple(move.draws)) for move in moves]
    return Steps(state, before[-1], steps, current_at, entries, {None: views[-1]})


def rebuilt_into(table: Table, fresh: Table) -> None:
    """Make `table` the freshly rebuilt `fresh` (same object: its watchers keep their version numbers)."""
    game = Steps(fresh.state, fresh.before, fresh.steps, fresh.current_at, fresh.log, anew=True)
    table.swap(Change(row=fresh.row, bots=fresh.bots, steps=game))
