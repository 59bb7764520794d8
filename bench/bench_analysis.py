"""Does the analysis (docs/ANALYSIS.md) measure what it claims? Three checks, printed as key=value lines.

Usage: python bench/bench_analysis.py [--parts levels blunders cost] [--games G] [--players N]
                                      [--spec-ra SPEC] [--spec-write SPEC] [--levels NAMES] [--seeds S] [--jobs J]

- `levels`: for Ra and RA and Write, each rung of the game's ladder (`random`, then `ra.bots.registry`'s levels:
  easy, medium, hard) plays G games at one seat (rotated) against `greedy` (medium) opponents; that seat's
  decisions are analysed with the given spec, and the line gives its points lost per decision with a 95% interval
  (over decisions) and its accuracy. A sound analysis orders them random > easy > medium > hard. The evaluator is
  the hard level's search: the hard bot agrees with it more than a different equally strong player would.
- `blunders`: every analysed decision of `levels` classed blunder is played on from the real position of the
  record (its state, the hidden bag or deck reshuffled per seed: only what no seat knew differs), once with the move
  played and once with the analysis's best move, every seat played by `--playout` (greedy), S seeds each, the two
  continuations with the same seed and bot seeds. The line gives the mean final margin (the seat's score minus the
  best other's) the best move gained over the move played, per blunder, with a 95% interval over blunders. A
  blunder that costs nothing when played out would make the analysis's classes meaningless.
- `cost`: the CPU seconds (`time.process_time`, summed over the decisions: other load on the machine slows them
  less than wall time) of analysing one 3-player game of greedy bots with the game's default spec; the goal for
  Ra is at most 60 CPU seconds.

`load` is the 1-minute load average before and after each part. Small run: `--games 1 --seeds 2`.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ra.analysis import DecisionReport, analyse
from ra.analysis.model import spread
from ra.analysis.parallel import process_mapper
from ra.bots import make_bot
from ra.bots.registry import game_bots
from ra.core.protocol import GameState
from ra.core.record import record_moves, replay_moves, start_state
from ra.games import game_module
from ra.tournament.games import derive_seed, play_game

GAMES = ("ra", "write")
OPPONENT = "greedy"  # the medium level of both games


@dataclass
class Analysed:
    """One decision of a level's seat, with the record it comes from."""

    record: dict[str, Any]
    report: DecisionReport


def load() -> str:
    """The 1-minute load average."""
    return f"{os.getloadavg()[0]:.2f}"


def ladder(game: str, names: Sequence[str] | None) -> list[tuple[str, str]]:
    """(level name, bot spec): a uniformly random player, then the game's levels; only `names` if given."""
    rungs = [("random", "random")] + [(level.name, level.spec) for level in game_bots(game).levels]
    return [rung for rung in rungs if names is None or rung[0] in names]


def level_part(
    game: str, players: int, games: int, spec: str, names: Sequence[str] | None, seed: int, jobs: int
) -> list[Analysed]:
    """Each level's points lost per decision; the analysed decisions of every level (for `blunders`)."""
    found: list[Analysed] = []
    mapper = process_mapper(jobs)
    for name, level in ladder(game, names):
        before, started = load(), time.perf_counter()
        reports: list[DecisionReport] = []
        for index in range(games):
            seat = index % players
            specs = [level if s == seat else OPPONENT for s in range(players)]
            engine = derive_seed(seed, index, f"{game}:engine")
            bots = [derive_seed(seed, index, f"{game}:{name}:bot{s}") for s in range(players)]
            state, _ = play_game(game, specs, engine, bots)
            record = state.record()
            analysis = analyse(record, derive_seed(seed, index, "analysis"), spec, [seat], mapper=mapper)
            reports += analysis.decisions
            found += [Analysed(record, report) for report in analysis.decisions]
        lost = spread([r.loss for r in reports])
        good = sum(1 for r in reports if r.label == "good")
        blunders = sum(1 for r in reports if r.label == "blunder")
        print(
            f"part=levels game={game} players={players} level={name} bot={level} opponents={OPPONENT} "
            f"games={games} decisions={len(reports)} lost_per_decision={lost.mean:.3f} low={lost.low:.3f} "
            f"high={lost.high:.3f} accuracy={100 * good / max(1, len(reports)):.1f} blunders={blunders} "
            f"spec={spec} seconds={time.perf_counter() - started:.0f} load={before}/{load()}",
            flush=True,
        )
    return found


def position_before(record: dict[str, Any], index: int) -> GameState:
    """The real state of the record just before its move `index`."""
    module = game_module(record["game"])
    return replay_moves(start_state(record, module), record_moves(record, module)[:index])


def play_on(state: GameState, seat: int, playout: str, seed: int) -> float:
    """Play a state to its end with `playout` at every seat; the seat's final margin over the best other seat."""
    bots = [make_bot(playout, state.GAME, seed + s) for s in range(len(state.scores()))]
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(bots[player].choose(state.view(player)), player)
    scores = state.scores()
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def blunder_part(game: str, decisions: list[Analysed], seeds: int, playout: str, seed: int) -> None:
    """The margin each blunder's best move gains over the move played, when both are played on."""
    before, started = load(), time.perf_counter()
    module = game_module(game)
    gains: list[float] = []
    agree = 0
    for number, item in enumerate(d for d in decisions if d.report.label == "blunder"):
        report = item.report
        real = position_before(item.record, report.index)
        seat = report.seat
        differences = []
        for k in range(seeds):
            rng = random.Random(derive_seed(seed, number, f"blunder{k}"))
            base = real.reshuffled(rng)
            margins = []
            for notation in (report.chosen, report.best):
                state = base.clone()
                state.apply(module.str_to_action(notation), seat)
                margins.append(play_on(state, seat, playout, derive_seed(seed, number, f"bots{k}")))
            differences.append(margins[1] - margins[0])
        gains.append(sum(differences) / len(differences))
        agree += sum(1 for d in differences if d >= 0)
    gain = spread(gains)
    print(
        f"part=blunders game={game} blunders={len(gains)} seeds={seeds} playout={playout} "
        f"margin_gain={gain.mean:.2f} low={gain.low:.2f} high={gain.high:.2f} "
        f"best_at_least_as_good={agree}/{len(gains) * seeds} seconds={time.perf_counter() - started:.0f} "
        f"load={before}/{load()}",
        flush=True,
    )


def cost_part(game: str, players: int, seed: int) -> None:
    """CPU seconds of analysing one game of greedy bots with the game's default spec."""
    before = load()
    state, _ = play_game(game, ["greedy"] * players, seed, [seed + s for s in range(players)])
    started, wall = time.process_time(), time.perf_counter()
    analysis = analyse(state.record(), seed)
    cpu = time.process_time() - started
    goal = " goal_cpu_s=60 " + ("met=yes" if cpu <= 60 else "met=no") if game == "ra" else ""
    print(
        f"part=cost game={game} players={players} moves={analysis.moves} decisions={len(analysis.decisions)} "
        f"cpu_s={cpu:.1f} cpu_s_per_decision={cpu / max(1, len(analysis.decisions)):.3f} "
        f"wall_s={time.perf_counter() - wall:.1f}{goal} spec={analysis.spec} load={before}/{load()}",
        flush=True,
    )


def main() -> None:
    """Parse the command line and run the parts asked for."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", nargs="*", default=["levels", "blunders", "cost"], help="levels blunders cost")
    parser.add_argument("--games-list", nargs="*", default=list(GAMES), help="games to measure")
    parser.add_argument("--games", type=int, default=10, help="games per level")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--spec-ra", help="Ra's evaluator spec for levels (default: the game's)")
    parser.add_argument("--spec-write", help="RA and Write's evaluator spec for levels (default: the game's)")
    parser.add_argument("--levels", help="comma-separated level names (default: random and the whole ladder)")
    parser.add_argument("--seeds", type=int, default=8, help="playouts per blunder and move")
    parser.add_argument("--playout", default="greedy", help="the bot of every seat when a blunder is played on")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes evaluating decisions")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = args.levels.split(",") if args.levels else None
    for game in args.games_list:
        spec = {"ra": args.spec_ra, "write": args.spec_write}.get(game) or game_bots(game).analysis_spec
        decisions: list[Analysed] = []
        if "levels" in args.parts or "blunders" in args.parts:
            decisions = level_part(game, args.players, args.games, spec, names, args.seed, args.jobs)
        if "blunders" in args.parts:
            blunder_part(game, decisions, args.seeds, args.playout, args.seed)
        if "cost" in args.parts:
            cost_part(game, 3, args.seed)


if __name__ == "__main__":
    main()
