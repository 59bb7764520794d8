"""Game records (docs/RECORDS.md): load, save and replay, the same for every game.

A record holds the options, the seed or the explicit bag/deck order, and every move with the tiles or cards it
drew. Replaying takes the draws from the seed or order and checks each against the record, so a record replays to
the identical state; a record with neither seed nor order replays from its recorded draws alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ra.core.errors import IllegalActionError, InvalidNotationError, RecordError, text_of
from ra.core.protocol import GameModule, GameState, Move
from ra.core.text import t

RECORD_FORMAT = "ra-record/1"


def make_record(
    game: str,
    options: Mapping[str, Any],
    seed: int | None,
    order: list[str] | None,
    history: list[Move],
    action_to_str: Callable[[int], str],
) -> dict[str, Any]:
    """Build a record from a game's start and its history (used by each engine's `State.record`)."""
    return {
        "format": RECORD_FORMAT,
        "game": game,
        "options": dict(options),
        "seed": seed,
        "order": list(order) if order is not None else None,
        "moves": [
            {"player": m.player, "action": action_to_str(m.action), **({"draws": list(m.draws)} if m.draws else {})}
            for m in history
        ],
    }


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; RecordError if it is not a record."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(t("cannot read record {path}: {reason}", path=str(path), reason=str(exc))) from exc
    check_record(data)
    return data  # type: ignore[no-any-return]


def save_record(record: Mapping[str, Any], path: str | Path) -> None:
    """Write a record as indented JSON."""
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def check_record(data: Any) -> None:
    """Raise RecordError unless `data` has the shape of a record."""
    if not isinstance(data, dict):
        raise RecordError(t("a record is a JSON object"))
    if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(
            t(
                "unknown record format {format}, expected {expected}",
                format=repr(data.get("format")),
                expected=repr(RECORD_FORMAT),
            )
        )
    for key, kind in (("game", str), ("options", dict), ("moves", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(t("record field {field} is missing or not a {kind}", field=repr(key), kind=kind.__name__))
    for index, move in enumerate(data["moves"]):
        if not isinstance(move, dict) or not isinstance(move.get("action"), str):
            raise RecordError(t("a move is an object with an 'action' notation"), index)


def start_state(record: Mapping[str, Any], module: GameModule) -> GameState:
    """The state before the record's first move, for the game engine `module` (the record's game)."""
    check_record(record)
    if record["game"] != module.GAME:
        raise RecordError(
            t("this is a record of {game}, not of {expected}", game=repr(record["game"]), expected=repr(module.GAME))
        )
    seed, order = record.get("seed"), record.get("order")
    if seed is None and order is None:
        # Draws alone fix everything that happened; the engine completes the order canonically.
        order = [d for move in record["moves"] for d in move.get("draws", [])]
    try:
        return module.State.new(record["options"], seed=seed, order=order)
    except (ValueError, TypeError) as exc:
        raise RecordError(t("bad options or order: {reason}", reason=text_of(exc))) from exc


def replay_moves(
    state: GameState,
    moves: Iterable[tuple[int | None, int, Sequence[str] | None]],
    on_move: Callable[[int, Move, GameState], None] | None = None,
) -> GameState:
    """Apply (player, action id, expected draws or None) moves with checks: the one replay loop of the project.

    RecordError names the first move that is illegal or whose draws differ from the expected ones.
    """
    for index, (player, action, draws) in enumerate(moves):
        try:
            state.apply(action, player)
        except IllegalActionError as exc:
            raise RecordError(text_of(exc), index) from exc
        move = state.history[-1]
        if draws is not None and move.draws != tuple(draws):
            raise RecordError(
                t(
                    "drew {drawn} where the record says {expected}",
                    drawn=str(list(move.draws)),
                    expected=str(list(draws)),
                ),
                index,
            )
        if on_move is not None:
            on_move(index, move, state)
    return state


def record_moves(record: Mapping[str, Any], module: GameModule) -> list[tuple[int | None, int, tuple[str, ...]]]:
    """The record's moves as (player, action id, draws); RecordError names a move whose notation is unknown."""
    moves: list[tuple[int | None, int, tuple[str, ...]]] = []
    for index, entry in enumerate(record["moves"]):
        try:
            action = module.str_to_action(entry["action"])
        except InvalidNotationError as exc:
            raise RecordError(text_of(exc), index) from exc
        moves.append((entry.get("player"), action, tuple(entry.get("draws", ()))))
    return moves


def replay(
    record: Mapping[str, Any],
    module: GameModule,
    on_move: Callable[[int, Move, GameState], None] | None = None,
) -> GameState:
    """Replay a record of `module`'s game to its final state; RecordError names the first move that fails and why."""
    state = start_state(record, module)
    return replay_moves(state, record_moves(record, module), on_move)
