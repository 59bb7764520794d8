"""Games of stored tables: start from (options, seed), rebuild them with their log told again and tell the steps of a
finished one, replaying the stored moves through `ra.core.record.replay_moves`.

A table's stored steps are its moves and the undo steps that took some back (`MoveRow.undoes`, ra.core.undo): the
rebuild replays them in order, an undo step returning to the state before the move it takes back, so that the game
is the one its moves that stand replay to, and the log tells every step as it was told live."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from ra.core.errors import RecordError
from ra.core.protocol import GameModule, GameState, Move
from ra.core.record import replay_moves
from ra.core.undo import Step, standing
from ra.server.storage.rows import MoveRow, TableRow
from ra.server.tables.log import log_entry, undo_entry
from ra.server.tables.snapshot import seat_view
from ra.server.tables.story import engine_options, narration_texts, revealed


def new_state(module: GameModule, options: Mapping[str, Any], seed: int) -> GameState:
    """A new game (the table's own options left out); ValueError/TypeError from the engine for bad options."""
    return module.State.new(engine_options(options), seed=seed)


class Rebuilt(NamedTuple):
    """A stored table's game: the state its standing moves replay to, the current players at each seq, every stored
    step, the state just before the last move that stands (None if none stands), and the public log."""

    state: GameState
    current_at: list[tuple[int, ...]]
    steps: list[Step]
    before: GameState | None
    log: list[dict[str, Any]]


def steps_of(moves: list[MoveRow]) -> list[Step]:
    """The stored steps as ra.core.undo sees them."""
    return [Step(move.player, move.undoes, tuple(move.draws)) for move in moves]


def rebuild(module: GameModule, row: TableRow, moves: list[MoveRow]) -> Rebuilt:
    """A stored table's game, replayed from (options, seed) and checked through `ra.core.record.replay_moves`, with
    the current players at each seq; an undo step returns to the state before the move it takes back. Its log tells
    every step as it was told live (from the spectator views of the table): a move by the engine, an undo step as
    the taking back of its move."""
    steps = steps_of(moves)
    try:
        standing(steps)
    except ValueError as exc:
        raise RuntimeError(f"table {row.id}: {exc}") from None
    names = [s["name"] for s in row.seats]
    state = new_state(module, row.options, row.seed)
    current_at = [state.current_players()]
    # The game after each move that stands (first: before any), kept apart from `state`, and its spectator view.
    reached = [(state.clone(), seat_view(state, None, names) if moves else {})]
    log: list[dict[str, Any]] = []
    group: list[MoveRow] = []  # the moves being replayed

    def stood(index: int, move: Move, after: GameState) -> None:
        view = seat_view(after, None, names)
        told = narration_texts(module, reached[-1][1], view, move)
        log.append(log_entry(module, move, group[index].seq, names, told, group[index].stand_in))
        reached.append((after.clone(), view))
        current_at.append(after.current_players())

    for taking_back, run in itertools.groupby(moves, key=lambda move: move.undoes is not None):
        group[:] = list(run)
        if taking_back:
            for step in group:
                assert step.undoes is not None  # grouped by it
                log.append(undo_entry(module, state.history[-1], step.seq, names, step.undoes))
                reached.pop()
                state = reached[-1][0].clone()
                current_at.append(state.current_players())
            continue
        try:
            state = replay_moves(state, [(move.player, move.action, tuple(move.draws)) for move in group], stood)
        except RecordError as exc:
            at = group[exc.index or 0].seq
            raise RuntimeError(f"table {row.id}: stored move {at} does not replay: {exc}") from exc
    return Rebuilt(state, current_at, steps, reached[-2][0] if len(reached) > 1 else None, log)


def state_before_last(module: GameModule, row: TableRow, state: GameState) -> GameState | None:
    """The game just before the last move of `state.history`, replayed from (options, seed); None if it has none."""
    if not state.history:
        return None
    start = new_state(module, row.options, row.seed)
    return replay_moves(start, [(m.player, m.action, m.draws) for m in state.history[:-1]])


def told_steps(
    module: GameModule, row: TableRow, history: list[Move], options: Mapping[str, Any]
) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """(spectator view, log entry of the move that led to it) at each step of `history`, replayed from the seed
    under `options`; each move told by the engine from the views before and after it (step 0 has no move)."""
    names = [s["name"] for s in row.seats]
    state = new_state(module, options, row.seed)
    steps: list[tuple[dict[str, Any], dict[str, Any] | None]] = [(seat_view(state, None, names), None)]

    def told(index: int, move: Move, after: GameState) -> None:
        view = seat_view(after, None, names)
        told = narration_texts(module, steps[-1][0], view, move)
        steps.append((view, log_entry(module, move, index + 1, names, told)))

    replay_moves(state, [(move.player, move.action, move.draws) for move in history], told)
    return steps


def replay_steps(module: GameModule, row: TableRow, history: list[Move]) -> dict[str, Any]:
    """The replay answer of a finished game: after each move, the spectator view with every score shown (the game
    is over: nothing is hidden any more), and the move told in those views' words."""
    steps = told_steps(module, row, history, revealed(module, row.options))
    return {"steps": [{"seq": i, "move": entry, "view": view} for i, (view, entry) in enumerate(steps)]}


def replay_json(module: GameModule, row: TableRow, history: list[Move]) -> bytes:
    """The replay answer serialized (compact JSON, UTF-8): what the service caches and serves."""
    return json.dumps(replay_steps(module, row, history), separators=(",", ":")).encode("utf-8")
