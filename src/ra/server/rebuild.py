"""Games of stored tables: start from (options, seed), rebuild by replaying stored moves, replay steps."""

from __future__ import annotations

import json
from typing import Any

from ra.core.errors import RecordError
from ra.core.protocol import GameModule, GameState, Move
from ra.core.record import replay_moves
from ra.server.model import log_entry, seat_view
from ra.server.storage import MoveRow, TableRow


def new_state(module: GameModule, options: dict[str, Any], seed: int) -> GameState:
    """A new game; ValueError/TypeError from the engine for bad options."""
    return module.State.new(options, seed=seed)


def rebuild(module: GameModule, row: TableRow, moves: list[MoveRow]) -> tuple[GameState, list[tuple[int, ...]]]:
    """A stored table's game, replayed from (options, seed) and checked, with the current players at each seq."""
    state = new_state(module, row.options, row.seed)
    current_at = [state.current_players()]
    try:
        replay_moves(
            state,
            ((m.player, m.action, m.draws) for m in moves),
            lambda _index, _move, now: current_at.append(now.current_players()),
        )
    except RecordError as exc:
        raise RuntimeError(f"table {row.id}: stored moves do not replay: {exc}") from exc
    return state, current_at


def replay_steps(module: GameModule, row: TableRow, history: list[Move]) -> dict[str, Any]:
    """The replay answer: spectator views after each move of `history`, replayed from (options, seed)."""
    names = [s["name"] for s in row.seats]
    state = new_state(module, row.options, row.seed)
    steps: list[dict[str, Any]] = [{"seq": 0, "move": None, "view": seat_view(state, None, names)}]

    def step(index: int, move: Move, now: GameState) -> None:
        entry = log_entry(module, move, index + 1, names)
        steps.append({"seq": index + 1, "move": entry, "view": seat_view(now, None, names)})

    replay_moves(state, ((m.player, m.action, m.draws) for m in history), step)
    return {"steps": steps}


def replay_json(module: GameModule, row: TableRow, history: list[Move]) -> bytes:
    """The replay answer serialized (compact JSON, UTF-8): what the service caches and serves."""
    return json.dumps(replay_steps(module, row, history), separators=(",", ":")).encode("utf-8")
