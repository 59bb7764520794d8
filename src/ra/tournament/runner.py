"""Play bot-vs-bot games, one per process task, with seats rotated and seeds derived from a master seed."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ra.analysis import analysis_parts
from ra.bots import NO_PLUGINS, Plugins, make_bot
from ra.bots.spec import parse_spec
from ra.games import game_module
from ra.tournament.games import GameTask, run_task
from ra.tournament.stats import EntrantStats, aggregate


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
    plugins: Plugins = NO_PLUGINS,
) -> TournamentResult:
    """Play `games` games between `specs` (one per seat, rotated); the results do not depend on `jobs`.

    With `ray_address` (an address, or "local" for RAY_ADDRESS or a new local instance) the games run as Ray
    tasks (ra.tournament.cluster, extra `ra[ray]`), with the same results; `jobs` > 1 then sets the CPUs of a
    local instance started for the run. With `analysis` each game is also analysed where it was played (evaluator
    `analysis_spec`, default the game's), and each entrant's points lost per decision and accuracy summed up.
    Plug-in bots play where `plugins` allows them; a decision of theirs that fails is a random move, counted in
    the entrant's `fallbacks` (`ra.bots.guarded`).
    """
    game_module(game)
    for spec in specs:
        make_bot(spec, game, 0, plugins)
    if analysis:
        analysis_parts(game)
        if analysis_spec is not None:
            parse_spec(analysis_spec, game)
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
    tasks = [
        GameTask(
            game,
            list(specs),
            i,
            seed,
            dict(options or {}),
            None if out is None else str(out),
            analysis,
            analysis_spec,
            plugins,
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


__all__ = ["TournamentResult", "run_tournament", "write_summary"]
