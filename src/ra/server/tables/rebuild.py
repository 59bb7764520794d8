"""Games of stored tables: start from (options, seed), rebuild by replaying stored moves, narrate the log again,
replay steps."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ra.core.protocol import GameModule, GameState, Move
from ra.server.storage.rows import MoveRow, TableRow
from ra.server.tables.model import log_entry, seat_view
from ra.server.tables.story import engine_options, narration_texts, revealed


def new_state(module: GameModule, options: Mapping[str, Any], seed: int) -> GameState:
    """A new game (the table's own options left out); ValueError/TypeError from the engine for bad options."""
    return module.State.new(engine_options(options), seed=seed)


def rebuild(module: GameModule, row: TableRow, moves: list[MoveRow]) -> tuple[GameState, list[tuple[int, ...]]]:
    """A stored table's game, replayed from (options, seed) and checked, with the current players at each seq."""
    state = new_state(module, row.options, row.seed)
    current_at = [state.current_players()]
    for move in moves:
        state.apply(move.action, move.player)
        if state.history[-1].draws != tuple(move.draws):
            raise RuntimeError(f"table {row.id}: stored draws of move {move.seq} do not replay")
        current_at.append(state.current_players())
    return state, current_at


def told_steps(
    module: GameModule, row: TableRow, history: list[Move], options: Mapping[str, Any]
) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """(spectator view, log entry of the move that led to it) at each step of `history`, replayed from the seed
    under `options`; each move told by the engine from the views before and after it (step 0 has no move)."""
    names = [s["name"] for s in row.seats]
    state = new_state(module, options, row.seed)
    view = seat_view(state, None, names)
    steps: list[tuple[dict[str, Any], dict[str, Any] | None]] = [(view, None)]
    for i, move in enumerate(history):
        state.push(move.action, move.player)
        after = seat_view(state, None, names)
        done = state.history[-1]
        steps.append((after, log_entry(module, done, i + 1, names, narration_texts(module, view, after, done))))
        view = after
    return steps


def narrated_log(module: GameModule, row: TableRow, history: list[Move]) -> list[dict[str, Any]]:
    """The public log of a rebuilt table, told as it was live (from the spectator views of the table)."""
    if not history:
        return []
    return [entry for _, entry in told_steps(module, row, history, row.options) if entry is not None]


def replay_steps(module: GameModule, row: TableRow, history: list[Move]) -> dict[str, Any]:
    """The replay answer of a finished game: after each move, the spectator view with every score shown (the game
    is over: nothing is hidden any more), and the move told in those views' words."""
    steps = told_steps(module, row, history, revealed(module, row.options))
    return {"steps": [{"seq": i, "move": entry, "view": view} for i, (view, entry) in enumerate(steps)]}


def replay_json(module: GameModule, row: TableRow, history: list[Move]) -> bytes:
    """The replay answer serialized (compact JSON, UTF-8): what the service caches and serves."""
    return json.dumps(replay_steps(module, row, history), separators=(",", ":")).encode("utf-8")
