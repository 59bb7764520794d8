"""One tournament game: its seeds from the master seed, its engine and bots, and the task a worker process (or a Ray
task, cluster.py) plays with the seats rotated."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ra.analysis import analyse
from ra.bots import NO_PLUGINS, Bot, Plugins, make_bot
from ra.bots.guarded import Guarded, guarded
from ra.core.protocol import GameState
from ra.core.record import save_record
from ra.games import game_module
from ra.tournament.stats import seat_assignment

MAX_MOVES = 100_000
LOCAL_RAY = "local"  # ray_address for RAY_ADDRESS if set, else a new Ray instance on this machine


def derive_seed(master: int, game_index: int, purpose: str) -> int:
    """A 63-bit seed for one purpose ("engine", "bot3", ...) of one game, from the master seed."""
    digest = hashlib.sha256(f"{master}:{game_index}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_options(game: str, players: int, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The engine options of a tournament game: the player count plus any extra options."""
    options: dict[str, Any] = {"players": players}
    options.update(extra or {})
    return options


def new_game(game: str, players: int, seed: int, extra: Mapping[str, Any] | None = None) -> GameState:
    """A fresh engine state for `players` seats from a seed."""
    return game_module(game).State.new(game_options(game, players, extra), seed=seed)


def play_game(
    game: str,
    specs: Sequence[str],
    engine_seed: int,
    bot_seeds: Sequence[int],
    options: Mapping[str, Any] | None = None,
) -> tuple[GameState, list[list[float]]]:
    """Play one game, `specs[seat]` at each seat; returns the final state and each seat's decision times."""
    return play_bots(game, seated_bots(game, specs, bot_seeds), engine_seed, options)


def seated_bots(game: str, specs: Sequence[str], bot_seeds: Sequence[int], plugins: Plugins = NO_PLUGINS) -> list[Bot]:
    """Each seat's bot; a plug-in (where `plugins` allows it) guarded, its failures played as random moves."""
    return [
        guarded(make_bot(spec, game, seed, plugins), spec, seed, plugins.seconds)
        for spec, seed in zip(specs, bot_seeds, strict=True)
    ]


def play_bots(
    game: str, bots: Sequence[Bot], engine_seed: int, options: Mapping[str, Any] | None = None
) -> tuple[GameState, list[list[float]]]:
    """Play one game, `bots[seat]` at each seat; returns the final state and each seat's decision times."""
    state = new_game(game, len(bots), engine_seed, options)
    times: list[list[float]] = [[] for _ in bots]
    moves = 0
    while not state.is_terminal():
        player = state.current_players()[0]
        view = state.view(player)
        start = time.perf_counter()
        action = bots[player].choose(view)
        times[player].append(time.perf_counter() - start)
        state.apply(action, player)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"game did not end within {MAX_MOVES} moves")
    return state, times


@dataclass
class GameTask:
    """Everything a worker process needs to play one tournament game."""

    game: str
    specs: list[str]
    index: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    out: str | None = None
    analyse: bool = False  # also analyse the game (docs/ANALYSIS.md) where it was played
    analysis_spec: str | None = None  # the evaluator's spec (None: the game's)
    plugins: Plugins = NO_PLUGINS  # the plug-in bots it may seat (`ra tournament`: any)


def play_task(task: GameTask) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Play the task's game with rotated seats: its JSON-able result, and its record if the task asks for records.

    Nothing is written.
    """
    entrants = seat_assignment(len(task.specs), task.index)
    seat_specs = [task.specs[e] for e in entrants]
    engine_seed = derive_seed(task.seed, task.index, "engine")
    bot_seeds = [derive_seed(task.seed, task.index, f"bot{seat}") for seat in range(len(seat_specs))]
    bots = seated_bots(task.game, seat_specs, bot_seeds, task.plugins)
    state, times = play_bots(task.game, bots, engine_seed, task.options)
    record = state.record()
    result = {
        "index": task.index,
        "entrants": entrants,
        "seats": seat_specs,
        "engine_seed": engine_seed,
        "scores": list(state.scores()),
        "winners": list(state.winners()),
        "moves": len(state.history),
        "record": None if task.out is None else record_name(task.index),
        "times": times,
        "fallbacks": [bot.fallbacks if isinstance(bot, Guarded) else 0 for bot in bots],
    }
    if task.analyse:
        result["analysis"] = seat_analysis(record, derive_seed(task.seed, task.index, "analysis"), task.analysis_spec)
    return result, None if task.out is None else record


def seat_analysis(record: Mapping[str, Any], seed: int, spec: str | None) -> list[dict[str, Any]]:
    """Each seat's analysis summary (docs/ANALYSIS.md), with the points each of its decisions lost (`losses`)."""
    analysis = analyse(record, seed, spec)
    seats = [summary.as_json() for summary in analysis.seats]
    for seat in seats:
        seat["losses"] = [round(r.loss, 3) for r in analysis.decisions if r.seat == seat["seat"]]
    return seats


def record_name(index: int) -> str:
    """The file name of a game's record inside the output directory."""
    return f"game_{index:05d}.json"


def run_task(task: GameTask) -> dict[str, Any]:
    """Play the task's game with rotated seats; write its record if asked; return a JSON-able result."""
    result, record = play_task(task)
    if task.out is not None and record is not None:
        save_record(record, Path(task.out) / record_name(task.index))
    return result
