"""`ra evaluate AGENT`: one protocol that measures any agent against the ladder of bots (docs/BOTS.md, "Evaluate").

The agent plays each ladder level (random, easy, medium, hard) at tables of 2, 3 and 4 players: one seat is the
agent, every other seat the level. Deals are paired: each deal (an engine seed) is played once with the agent in
every seat, so the luck of the draw falls on every seat alike, and the same deals serve every level, so levels are
compared on the same games. A cell (a player count and a level) gets rounds of deals until the Wilson interval of
the agent's win share excludes the fair share (1 / players), which separates the agent from that level, or until
its budget is spent: the result then says it could not separate them.

Ratings: OpenSkill's Plackett-Luce model, updated duel by duel (the agent against each other seat of a game, in
game order), place the agent among the levels of each table size. Games run in processes or as Ray tasks; a game's
moves depend only on the master seed, never on where it ran.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ra.bots import NO_PLUGINS, Plugins, make_bot
from ra.tournament.games import derive_seed, play_bots, seated_bots
from ra.tournament.stats import ranks, wilson_interval, win_shares

LADDER = ("random", "easy", "medium", "hard")  # the levels, weakest first (ra.bots.registry)
PLAYER_COUNTS = (2, 3, 4)
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class EvalTask:
    """One game of an evaluation: the agent at `agent_seat`, the level at every other seat, on deal `deal`."""

    game: str
    agent: str
    level: str
    players: int
    deal: int
    agent_seat: int
    seed: int
    plugins: Plugins = NO_PLUGINS
    out: None = None  # no records are written (the Ray runner's collect() looks)

    def engine_seed(self) -> int:
        """The deal's seed: the same for every level and every seat of the agent (paired deals)."""
        return derive_seed(self.seed, self.deal, f"engine:{self.players}")

    def bot_seeds(self) -> list[int]:
        """Each seat's bot seed, distinct per level and agent seat."""
        purpose = f"{self.players}:{self.level}:{self.agent_seat}"
        return [derive_seed(self.seed, self.deal, f"bot{seat}:{purpose}") for seat in range(self.players)]

    def specs(self) -> list[str]:
        """Each seat's bot spec."""
        return [self.agent if seat == self.agent_seat else self.level for seat in range(self.players)]


def play_eval(task: EvalTask) -> tuple[dict[str, Any], None]:
    """Play one evaluation game: its JSON-able result (and no record)."""
    bots = seated_bots(task.game, task.specs(), task.bot_seeds(), task.plugins)
    state, _times = play_bots(task.game, bots, task.engine_seed())
    result = {
        "players": task.players,
        "level": task.level,
        "deal": task.deal,
        "agent_seat": task.agent_seat,
        "scores": [float(s) for s in state.scores()],
        "winners": list(state.winners()),
    }
    return result, None


def play_eval_result(task: EvalTask) -> dict[str, Any]:
    """`play_eval`'s result alone (the process pool's task)."""
    return play_eval(task)[0]


@dataclass
class Cell:
    """The agent against one level at one table size: its games and what they say."""

    players: int
    level: str
    deals: int = 0
    shares: list[float] = field(default_factory=list)  # the agent's share of each game's win
    margins: list[float] = field(default_factory=list)  # the agent's score less the others' mean, per game

    def add(self, result: Mapping[str, Any]) -> None:
        """Count one game."""
        scores = [float(s) for s in result["scores"]]
        seat = int(result["agent_seat"])
        self.shares.append(win_shares(list(result["winners"]), len(scores))[seat])
        others = [s for i, s in enumerate(scores) if i != seat]
        self.margins.append(scores[seat] - sum(others) / len(others))

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.shares)

    @property
    def fair_share(self) -> float:
        """The win share of an agent as strong as the level."""
        return 1.0 / self.players

    def win_share(self) -> tuple[float, float, float]:
        """The agent's win share and its 95% Wilson interval."""
        wins = sum(self.shares)
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0, low, high)

    def margin(self) -> tuple[float, float, float]:
        """The mean score margin and its 95% interval (normal approximation)."""
        n = len(self.margins)
        if n == 0:
            return (0.0, 0.0, 0.0)
        mean = sum(self.margins) / n
        if n == 1:
            return (mean, -math.inf, math.inf)
        variance = sum((m - mean) ** 2 for m in self.margins) / (n - 1)
        half = Z95 * math.sqrt(variance / n)
        return (mean, mean - half, mean + half)

    def verdict(self) -> str:
        """`stronger` or `weaker` than the level (the interval excludes the fair share), else `undecided`."""
        _share, low, high = self.win_share()
        if self.games and low > self.fair_share:
            return "stronger"
        if self.games and high < self.fair_share:
            return "weaker"
        return "undecided"

    def as_json(self) -> dict[str, Any]:
        """The cell's row (JSON-able)."""
        share, low, high = self.win_share()
        margin, margin_low, margin_high = self.margin()
        return {
            "players": self.players,
            "level": self.level,
            "deals": self.deals,
            "games": self.games,
            "win_share": share,
            "ci_low": low,
            "ci_high": high,
            "fair_share": self.fair_share,
            "margin": margin,
            "margin_low": margin_low,
            "margin_high": margin_high,
            "verdict": self.verdict(),
        }


@dataclass(frozen=True)
class Rating:
    """An OpenSkill rating of the agent or a level at one table size."""

    name: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """μ − 3σ: the rating a cautious ranking sorts by."""
        return self.mu - 3 * self.sigma


@dataclass
class Evaluation:
    """What `evaluate` found: a cell per table size and level, and ratings per table size."""

    game: str
    agent: str
    seed: int
    cells: list[Cell]
    ratings: dict[int, list[Rating]]

    def placement(self, players: int) -> tuple[str | None, str | None, list[str]]:
        """The strongest level the agent beats, the weakest it loses to, and the levels it could not separate."""
        cells = [c for c in self.cells if c.players == players]
        above = [c.level for c in cells if c.verdict() == "stronger"]
        below = [c.level for c in cells if c.verdict() == "weaker"]
        undecided = [c.level for c in cells if c.verdict() == "undecided"]
        return (above[-1] if above else None, below[0] if below else None, undecided)

    def as_json(self) -> dict[str, Any]:
        """The whole evaluation (JSON-able)."""
        return {
            "game": self.game,
            "agent": self.agent,
            "seed": self.seed,
            "cells": [c.as_json() for c in self.cells],
            "ratings": {
                str(players): [{"name": r.name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal} for r in rated]
                for players, rated in self.ratings.items()
            },
        }


Runner = Callable[[Sequence[EvalTask], Callable[[dict[str, Any]], None]], list[dict[str, Any]]]


def process_runner(jobs: int) -> Runner:
    """Play tasks here (`jobs` 1) or in `jobs` worker processes."""

    def run(tasks: Sequence[EvalTask], on_result: Callable[[dict[str, Any]], None]) -> list[dict[str, Any]]:
        results: list[dict[str, Any]] = []
        if jobs <= 1:
            for task in tasks:
                results.append(play_eval_result(task))
                on_result(results[-1])
            return results
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for future in as_completed([pool.submit(play_eval_result, task) for task in tasks]):
                results.append(future.result())
                on_result(results[-1])
        return results

    return run


def ray_runner(address: str | None, cpus: int | None) -> Runner:
    """Play tasks as Ray tasks (extra `ra[ray]`) on the cluster at `address`."""

    def run(tasks: Sequence[EvalTask], on_result: Callable[[dict[str, Any]], None]) -> list[dict[str, Any]]:
        from ra.tournament.cluster import run_on_ray

        return run_on_ray(tasks, address, cpus, on_result, play=play_eval)

    return run


def evaluate(
    game: str,
    agent: str,
    *,
    ladder: Sequence[str] = LADDER,
    player_counts: Sequence[int] = PLAYER_COUNTS,
    deals: int = 20,
    max_deals: int = 100,
    seed: int = 0,
    runner: Runner | None = None,
    plugins: Plugins = NO_PLUGINS,
    on_planned: Callable[[int], None] | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> Evaluation:
    """Measure `agent` (a bot spec) against each level of `ladder` at each table size (module docstring).

    Rounds of `deals` deals (each played once per seat of the agent) go to every cell still undecided, until
    `max_deals` deals per cell. `on_planned(n)` hears of each round's `n` games before they run.
    """
    if deals < 1 or max_deals < deals:
        raise ValueError(f"deals must be at least 1 and at most max_deals ({deals} and {max_deals})")
    for spec in (agent, *ladder):
        make_bot(spec, game, 0, plugins)  # unknown specs fail now, not in a worker
    run = runner or process_runner(1)
    # The agent is not measured against itself (an even match by construction).
    cells = [Cell(players, level) for players in player_counts for level in ladder if level != agent]
    results: list[dict[str, Any]] = []
    while True:
        tasks = [
            EvalTask(game, agent, cell.level, cell.players, deal, seat, seed, plugins)
            for cell in cells
            if cell.deals < max_deals and (cell.deals == 0 or cell.verdict() == "undecided")
            for deal in range(cell.deals, min(cell.deals + deals, max_deals))
            for seat in range(cell.players)
        ]
        if not tasks:
            break
        if on_planned is not None:
            on_planned(len(tasks))
        played = run(tasks, on_result or (lambda _result: None))
        by_cell = {(c.players, c.level): c for c in cells}
        for result in sorted(played, key=lambda r: (r["players"], r["level"], r["deal"], r["agent_seat"])):
            by_cell[(int(result["players"]), str(result["level"]))].add(result)
        for key in {(t.players, t.level) for t in tasks}:
            cell = by_cell[key]
            cell.deals = min(cell.deals + deals, max_deals)
        results.extend(played)
    return Evaluation(game, agent, seed, cells, rate(agent, ladder, player_counts, results))


def rate(
    agent: str, ladder: Sequence[str], player_counts: Sequence[int], results: Sequence[Mapping[str, Any]]
) -> dict[int, list[Rating]]:
    """OpenSkill ratings of the agent and each level per table size, duel by duel in a fixed game order, best
    first (empty where openskill is missing)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - openskill is a declared dependency
        return {}
    model = PlackettLuce()
    order = sorted(results, key=lambda r: (r["players"], r["deal"], LADDER.index(r["level"]) if r["level"] in LADDER
                                           else len(LADDER), r["level"], r["agent_seat"]))  # fmt: skip
    rated: dict[int, list[Rating]] = {}
    for players in player_counts:
        names = [agent, *(level for level in ladder if level != agent)]
        ratings = {name: model.rating(name=name) for name in names}
        for result in order:
            if result["players"] != players or result["level"] == agent:
                continue
            seat = int(result["agent_seat"])
            game_ranks = ranks([float(s) for s in result["scores"]], list(result["winners"]))
            for other in range(players):
                if other == seat:
                    continue
                duel = model.rate([[ratings[agent]], [ratings[result["level"]]]], ranks=[game_ranks[seat],
                                                                                           game_ranks[other]])
                ratings[agent], ratings[result["level"]] = duel[0][0], duel[1][0]
        rows = [Rating(name, float(r.mu), float(r.sigma)) for name, r in ratings.items()]
        rated[players] = sorted(rows, key=lambda r: -r.ordinal)
    return rated


__all__ = [
    "LADDER",
    "PLAYER_COUNTS",
    "Cell",
    "EvalTask",
    "Evaluation",
    "Rating",
    "evaluate",
    "play_eval",
    "process_runner",
    "rate",
    "ray_runner",
]  # fmt: skip
