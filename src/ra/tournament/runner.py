"""Play bot-vs-bot games, one per process task, with seats rotated and seeds derived from a master seed."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ra.analysis import analyse, analysis_parts
from ra.bots import make_bot
from ra.bots.spec import parse_spec
from ra.core.protocol import GameState
from ra.core.record import save_record
from ra.games import game_module
from ra.tournament.stats import EntrantStats, aggregate, entrant_labels, seat_assignment

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
    state = new_game(game, len(specs), engine_seed, options)
    bots = [make_bot(spec, game, seed) for spec, seed in zip(specs, bot_seeds, strict=True)]
    times: list[list[float]] = [[] for _ in specs]
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


def play_task(task: GameTask) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Play the task's game with rotated seats: its JSON-able result, and its record if the task asks for records.

    Nothing is written.
    """
    entrants = seat_assignment(len(task.specs), task.index)
    seat_specs = [task.specs[e] for e in entrants]
    engine_seed = derive_seed(task.seed, task.index, "engine")
    bot_seeds = [derive_seed(task.seed, task.index, f"bot{seat}") for seat in range(len(seat_specs))]
    state, times = play_game(task.game, seat_specs, engine_seed, bot_seeds, task.options)
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


@dataclass
class TournamentResult:
    """Per-game results (index order) and per-entrant statistics."""

    game: str
    specs: list[str]
    seed: int
    games: list[dict[str, Any]]
    stats: list[EntrantStats]

    def summary(self) -> dict[str, Any]:
        """The JSON-able summary (written as summary.json)."""
        return {
            "game": self.game,
            "players": len(self.specs),
            "seats": self.specs,
            "seed": self.seed,
            "num_games": len(self.games),
            "entrants": [row.as_dict() for row in self.stats],
            "games": [_game_summary(g) for g in self.games],
        }


def _game_summary(game: dict[str, Any]) -> dict[str, Any]:
    """A game's entry in summary.json: no decision times, and of its analysis each seat's summary only."""
    entry = {k: v for k, v in game.items() if k != "times"}
    if "analysis" in entry:
        entry["analysis"] = [{k: v for k, v in seat.items() if k != "losses"} for seat in entry["analysis"]]
    return entry


def run_tournament(
    game: str,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    out: str | Path | None = None,
    options: Mapping[str, Any] | None = None,
    on_done: Callable[[dict[str, Any]], None] | None = None,
    ray_address: str | None = None,
    analysis: bool = False,
    analysis_spec: str | None = None,
) -> TournamentResult:
    """Play `games` games between `specs` (one per seat, rotated); the results do not depend on `jobs`.

    With `ray_address` (an address, or "local" for RAY_ADDRESS or a new local instance) the games run as Ray
    tasks (ra.tournament.cluster, extra `ra[ray]`), with the same results; `jobs` > 1 then sets the CPUs of a
    local instance started for the run. With `analysis` each game is also analysed where it was played (evaluator
    `analysis_spec`, default the game's), and each entrant's points lost per decision and accuracy summed up.
    """
    game_module(game)
    for spec in specs:
        make_bot(spec, game, 0)
    if analysis:
        analysis_parts(game)
        if analysis_spec is not None:
            parse_spec(analysis_spec, game)
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
    tasks = [
        GameTask(
            game, list(specs), i, seed, dict(options or {}), None if out is None else str(out), analysis, analysis_spec
        )
        for i in range(games)
    ]
    results: list[dict[str, Any]] = []
    if ray_address is not None:
        from ra.tournament.cluster import run_on_ray

        results = run_on_ray(tasks, ray_address, jobs if jobs > 1 else None, on_done)
    elif jobs <= 1:
        for task in tasks:
            results.append(run_task(task))
            if on_done is not None:
                on_done(results[-1])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(run_task, task) for task in tasks]
            for future in as_completed(futures):
                results.append(future.result())
                if on_done is not None:
                    on_done(results[-1])
    results.sort(key=lambda r: int(r["index"]))
    result = TournamentResult(game, list(specs), seed, results, aggregate(specs, results))
    if out is not None:
        write_summary(result, Path(out))
    return result


def write_summary(result: TournamentResult, out: Path) -> None:
    """Write summary.json and summary.csv (one row per entrant) into `out`."""
    summary = result.summary()
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    rows = summary["entrants"]
    columns = [k for k in rows[0] if k != "decisions"] if rows else []
    lines = [",".join(columns)]
    for row in rows:
        lines.append(",".join(_csv_cell(row[c]) for c in columns))
    (out / "summary.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _csv_cell(value: Any) -> str:
    """One CSV cell; strings quoted when they contain a comma or a quote."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    text = str(value)
    if "," in text or '"' in text:
        return '"' + text.replace('"', '""') + '"'
    return text


__all__ = [
    "LOCAL_RAY",
    "GameTask",
    "TournamentResult",
    "derive_seed",
    "entrant_labels",
    "game_options",
    "new_game",
    "play_game",
    "play_task",
    "record_name",
    "run_task",
    "run_tournament",
    "seat_analysis",
]
