"""Mining puzzles from games between bots (docs/PUZZLES.md): deterministic from a master seed, in parallel or not.

Game `i` of a mining is fixed by the master seed and `i` alone: its player count, its seats' bots (a mix of the
game's easy and medium levels, so that positions look like real play, mistakes included) and its engine seed. The
game is played, then every position where the mover had a choice is a candidate. A sample of the candidates is
screened with a cheap evaluator; those whose best action leads the rest by half the required margin are confirmed,
best first, with the analysis evaluator (`ra.bots.registry.game_bots(game).evaluate` and its ANALYSIS_SPEC, every
legal action weighed: RA and Write's evaluator gets all legal ids as `include`). A position becomes a puzzle only
if its best action's mean margin beats EVERY other legal action's by `min_margin` points (the game's `mistake`
threshold) and, against each other action, did at least as well in `min_agree` (80%) of the sampled deals. Each
game gives at most `per_game` puzzles, and no theme (what the solution teaches: `theme` of the game's bots) more
than `max_theme_share` of `count`, so that the easy themes (drawing on, letting a lot go) do not crowd out the
others; games are taken in order until `count` puzzles are found, so the result is the same with any number of
worker processes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ra.analysis.run import Position, decision_seed, positions, what_for
from ra.bots.registry import game_bots
from ra.core.text import Text, t, tn
from ra.games import game_module
from ra.puzzles.model import START_MU, Puzzle, PuzzleSet, SourceGame
from ra.tournament.games import derive_seed, play_game

# Bots at the table: the game's easy and medium levels and one in between (no search: playing must stay cheap).
TABLE_SPECS: tuple[str, ...] = ("greedy:epsilon=0.4", "greedy:epsilon=0.15", "greedy")
MIN_AGREE = 0.8
MAX_THEME_SHARE = 0.3  # of the puzzles wanted, at most this share on one theme
PER_GAME = 2  # puzzles taken from one game at most (variety)
SCREENED = 40  # candidate positions screened per game at most (a seeded sample)
CONFIRMED = 5  # positions confirmed with the analysis evaluator per game at most
# RA and Write: positions with more legal entries than this are skipped (each one is weighed: the cost grows with it).
MAX_OPTIONS = 40
STEP = 3.0  # a puzzle's starting rating moves this far up when the bot at the table missed the solution

Progress = Callable[[int, int, int], None]  # (puzzles found, puzzles wanted, games played)


@dataclass(frozen=True)
class Settings:
    """One mining: the game, how many puzzles, the master seed and the evaluators and bars it uses."""

    game: str
    count: int
    seed: int = 0
    spec: str = ""  # the confirming evaluator ("" : the game's ANALYSIS_SPEC)
    screen: str = ""  # "" : the game's PUZZLE_SCREEN_SPEC (ra.bots.registry)
    min_margin: float = 0.0  # 0 : the game's `mistake` threshold
    min_agree: float = MIN_AGREE
    max_theme_share: float = MAX_THEME_SHARE

    def filled(self) -> Settings:
        support = game_bots(self.game)
        if support.evaluate is None or support.thresholds is None:
            raise ValueError(t("the game {game} offers no analysis", game=repr(self.game)))
        return Settings(
            self.game,
            self.count,
            self.seed,
            self.spec or support.analysis_spec,
            self.screen or support.puzzle_screen_spec or support.analysis_spec,
            self.min_margin or support.thresholds.mistake,
            self.min_agree,
            self.max_theme_share,
        )


@dataclass(frozen=True)
class Verdict:
    """How far a position's best action stands above every other one."""

    best: int
    margin: float  # its mean margin minus the second best's
    agree: int  # against each other action, the fewest deals in which it did at least as well
    samples: int


def verdict(leads: Mapping[int, Sequence[float]]) -> Verdict | None:
    """The best action of the evaluator's `leads` (action -> margin per deal) and its lead over all the others."""
    if len(leads) < 2:
        return None
    samples = min(len(values) for values in leads.values())
    if samples == 0:
        return None
    means = {action: sum(values[:samples]) / samples for action, values in leads.items()}
    ranked = sorted(means, key=lambda a: (-means[a], a))
    best = ranked[0]
    agree = min(
        sum(1 for b, o in zip(leads[best][:samples], leads[other][:samples], strict=True) if b >= o)
        for other in ranked[1:]
    )
    return Verdict(best, means[best] - means[ranked[1]], agree, samples)


def weigh(position: Position, spec: str) -> Verdict | None:
    """The verdict on every legal action of a position (None if the evaluator left any legal action out)."""
    ids = [int(entry["id"]) for entry in position.view.get("legal_actions", [])]
    evaluate = game_bots(position.game).evaluate
    assert evaluate is not None
    leads = evaluate(position.view, position.seed, spec, ids)
    if set(leads) != set(ids):  # a puzzle must have weighed every answer a player may give
        return None
    return verdict(leads)


def table(settings: Settings, index: int) -> tuple[list[str], int]:
    """Game `index`'s bots (one spec per seat) and its engine seed."""
    rng = random.Random(derive_seed(settings.seed, index, "puzzle-table"))
    players = rng.choice(game_bots(settings.game).puzzle_players or (game_module(settings.game).MIN_PLAYERS,))
    return [rng.choice(TABLE_SPECS) for _ in range(players)], derive_seed(settings.seed, index, "engine")


@dataclass(frozen=True)
class Found:
    """What one game gave: its record (if it gave puzzles), its puzzles (source 0: itself) and its CPU time."""

    index: int
    source: SourceGame | None
    puzzles: list[Puzzle]
    cpu_seconds: float


def mine_game(settings: Settings, index: int) -> Found:
    """Play game `index` of the mining and confirm its puzzles (a pure task for a worker; `mine` picks among them)."""
    started = time.process_time()
    game = settings.game
    module = game_module(game)
    specs, engine = table(settings, index)
    state, _ = play_game(game, specs, engine, [derive_seed(settings.seed, index, f"bot{s}") for s in range(len(specs))])
    record = state.record()
    analysis_seed = derive_seed(settings.seed, index, "analysis")
    candidates = [
        p for p in positions(record, analysis_seed, settings.screen)
        if 2 <= len(p.view.get("legal_actions", [])) <= MAX_OPTIONS
    ]  # fmt: skip
    rng = random.Random(derive_seed(settings.seed, index, "screen"))
    sample = sorted(rng.sample(candidates, min(SCREENED, len(candidates))), key=lambda p: p.index)
    screened: list[tuple[float, Position]] = []
    for position in sample:
        cheap = weigh(position, settings.screen)
        if cheap is not None and cheap.margin >= settings.min_margin / 2:
            screened.append((cheap.margin, position))
    screened.sort(key=lambda pair: (-pair[0], pair[1].index))
    puzzles: list[Puzzle] = []
    theme = game_bots(game).theme
    for _, position in screened[:CONFIRMED]:
        seen = Position(game, settings.spec, decision_seed(analysis_seed, position.index), position.index,
                        position.seat, position.view, position.chosen)  # fmt: skip
        sure = weigh(seen, settings.spec)
        if sure is None or sure.margin < settings.min_margin or sure.agree < settings.min_agree * sure.samples:
            continue
        played = module.action_to_str(position.chosen)
        solution = module.action_to_str(sure.best)
        puzzles.append(
            Puzzle(
                id=f"{game}-{settings.seed}-{index}-{position.index}",
                game=game,
                players=len(specs),
                source=0,
                index=position.index,
                seat=position.seat,
                solution=solution,
                margin=sure.margin,
                agree=sure.agree,
                samples=sure.samples,
                options=len(position.view["legal_actions"]),
                reason=reason(game, position.view, sure),
                rating=START_MU + (STEP if played != solution else -STEP),
                theme=theme(position.view, sure.best) if theme is not None else "",
                played=played,
            )
        )
    source = None
    if puzzles:
        last = max(p.index for p in puzzles)
        moves = [(m.get("player"), str(m["action"])) for m in record["moves"][:last]]
        source = SourceGame(dict(record["options"]), int(record["seed"]), moves)
    puzzles.sort(key=lambda p: p.index)
    return Found(index, source, puzzles, time.process_time() - started)


def reason(game: str, view: Mapping[str, Any], sure: Verdict) -> Text:
    """Why the solution is the move: what it is for (the hint's words) and by how much it beat every other."""
    why = what_for(game_module(game), view, sure.best)
    by = tn(
        "It beat every other move by at least {points} points of final margin, and each of them in {agree} of the "
        "{n} deal imagined.",
        "It beat every other move by at least {points} points of final margin, and each of them in {agree} of the "
        "{n} deals imagined.",
        sure.samples,
        points=round(sure.margin, 1),
        agree=sure.agree,
    )
    # TRANSLATORS: why a puzzle's answer is right: {why} is what the move is for, {by} how clearly it is the best.
    return t("{why} {by}", why=why, by=by)


def _games(settings: Settings, jobs: int) -> Iterator[Found]:
    """Every game of the mining in order, played in `jobs` processes (a window of games ahead at a time)."""
    if jobs <= 1:
        index = 0
        while True:
            yield mine_game(settings, index)
            index += 1
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        window = 2 * jobs
        pending = [pool.submit(mine_game, settings, i) for i in range(window)]
        index = window
        while True:
            found = pending.pop(0).result()
            pending.append(pool.submit(mine_game, settings, index))
            index += 1
            yield found
    finally:  # enough puzzles: the games queued ahead are not needed
        pool.shutdown(wait=True, cancel_futures=True)


def mine(settings: Settings, jobs: int = 1, progress: Progress | None = None, max_games: int = 100_000) -> PuzzleSet:
    """The first `count` puzzles of the mining (games in order), with the games they come from."""
    settings = settings.filled()
    games: list[SourceGame] = []
    puzzles: list[Puzzle] = []
    cpu = 0.0
    played = 0
    themes: dict[str, int] = {}  # theme -> puzzles taken
    cap = max(1, math.ceil(settings.count * settings.max_theme_share))
    if progress is not None:
        progress(0, settings.count, 0)
    for found in _games(settings, jobs):
        played += 1
        cpu += found.cpu_seconds
        taken = _pick(found.puzzles, themes, cap)
        if taken and found.source is not None:
            taken = taken[: settings.count - len(puzzles)]
            for puzzle in taken:
                themes[puzzle.theme] = themes.get(puzzle.theme, 0) + 1
                puzzles.append(_with_source(puzzle, len(games)))
            last = max(p.index for p in taken)
            games.append(SourceGame(found.source.options, found.source.seed, found.source.moves[:last]))
        if progress is not None:
            progress(len(puzzles), settings.count, played)
        if len(puzzles) >= settings.count or played >= max_games:
            break
    return PuzzleSet(settings.game, settings.seed, settings.spec, settings.screen, settings.min_margin,
                     settings.min_agree, games, puzzles, played, cpu)  # fmt: skip


def _pick(found: Sequence[Puzzle], themes: Mapping[str, int], cap: int) -> list[Puzzle]:
    """At most PER_GAME of a game's puzzles, none on a theme that already has `cap`, in the game's order."""
    taken: list[Puzzle] = []
    counts = dict(themes)
    for puzzle in found:
        if len(taken) < PER_GAME and counts.get(puzzle.theme, 0) < cap:
            taken.append(puzzle)
            counts[puzzle.theme] = counts.get(puzzle.theme, 0) + 1
    return taken


def _with_source(puzzle: Puzzle, source: int) -> Puzzle:
    data = puzzle.as_json()
    data["source"] = source
    return Puzzle.from_json(puzzle.game, data)


__all__ = ["Found", "Settings", "Verdict", "mine", "mine_game", "reason", "verdict", "weigh"]
