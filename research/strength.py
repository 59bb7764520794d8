"""Bot strength, issue 14's suite: seat-swapped, seeded matches of the levels against `greedy` and the clairvoyant bot.

    python -m research.strength --games 40 --jobs 2 --seed 1 [--matches NAME,...] [--hard SPEC] \
        [--hard-write SPEC] [--breakdown]

Game g plays deal g // players with the entrants rotated by g % players, so every deal is played from every seat;
the first entrant is the subject (by default the games' `hard` levels without their wall-clock cap, so that a run
is reproducible). One key=value line per match: the subject's win share with its 95% Wilson interval, mean
margin (its score minus the best other's), mean winning score, and decision times p50/p99 in CPU seconds
(`time.process_time`) of the subject and of the others. With `--breakdown`, a line per entrant of its wins and
mean points by scoring category (Ra). The clairvoyant bot (research/clairvoyant.py, Ra only) reads the full state,
so this suite runs its own game loop instead of ra.tournament's.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ra.bots import levels_for, make_bot
from ra.core.protocol import GameState
from ra.games import game_module
from ra.games.ra import State as RaState
from ra.tournament.stats import percentile, wilson_interval
from research.clairvoyant import ClairvoyantBot

CLAIRVOYANT = "clairvoyant"
# One game of the strength suite: final scores, the winner's seat, each seat's decision times (CPU s) and, in Ra,
# its points by scoring category.
GameResult = tuple[list[int], int, list[list[float]], list[dict[str, int]]]


@dataclass(frozen=True)
class Match:
    """One line of the suite: a name, the game, the entrants (subject first), and games as a share of --games."""

    name: str
    game: str
    specs: tuple[str, ...]
    share: float = 1.0


def matches(hard: str, hard_write: str) -> list[Match]:
    """The issue's matches with `hard` (Ra) or `hard_write` (RA and Write) as the subject."""
    return [
        Match("ra2_vs_clairvoyant", "ra", (hard, CLAIRVOYANT)),
        Match("ra3_vs_greedy", "ra", (hard, "greedy", "greedy")),
        Match("ra3_vs_clairvoyant_greedy", "ra", (hard, CLAIRVOYANT, "greedy")),
        Match("ra2_vs_greedy", "ra", (hard, "greedy")),
        Match("ra4_vs_greedy", "ra", (hard, "greedy", "greedy", "greedy")),
        Match("ra5_vs_greedy", "ra", (hard, "greedy", "greedy", "greedy", "greedy")),
        Match("write2_vs_greedy", "write", (hard_write, "greedy")),
        Match("write3_vs_greedy", "write", (hard_write, "greedy", "greedy")),
        Match("write4_vs_greedy", "write", (hard_write, "greedy", "greedy", "greedy")),
        Match("write5_vs_greedy", "write", (hard_write, "greedy", "greedy", "greedy", "greedy")),
        Match("ra3_selfplay", "ra", (hard, hard, hard), 0.5),
    ]


def level_spec(game: str, level: str) -> str:
    """The spec behind one of a game's levels, without its wall-clock cap (`seconds`), so that a run is reproducible.

    The cap only bites on a loaded machine; the CPU decision times printed show whether the level keeps within it.
    """
    spec = next(lv.spec for lv in levels_for(game) if lv.name == level)
    kind, _, settings = spec.partition(":")
    kept = [item for item in settings.split(",") if item and not item.startswith("seconds=")]
    return f"{kind}:{','.join(kept)}" if kept else kind


def _seed(master: int, index: int, purpose: str) -> int:
    digest = hashlib.sha256(f"strength:{master}:{index}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play(game: str, seats: Sequence[str], deal: int, master: int, index: int) -> GameResult:
    """One game: final scores, the winner's seat, each seat's decision times in CPU seconds and, in Ra, its points
    by scoring category over the whole game (empty in RA and Write)."""
    state: GameState = game_module(game).State.new({"players": len(seats)}, seed=_seed(master, deal, "deal"))
    bots = [
        ClairvoyantBot() if spec == CLAIRVOYANT else make_bot(spec, game, _seed(master, index, f"bot{seat}"))
        for seat, spec in enumerate(seats)
    ]
    times: list[list[float]] = [[] for _ in seats]
    while not state.is_terminal():
        player = state.current_players()[0]
        bot = bots[player]
        start = time.process_time()
        if isinstance(bot, ClairvoyantBot):
            assert isinstance(state, RaState)
            action = bot.choose_state(state)
        else:
            action = bot.choose(state.view(player))
        times[player].append(time.process_time() - start)
        state.apply(action, player)
    categories: list[dict[str, int]] = [{} for _ in seats]
    if isinstance(state, RaState):
        for scoring in state.epoch_scores:
            for seat, row in enumerate(scoring["players"]):
                for name, points in row["categories"].items():
                    categories[seat][name] = categories[seat].get(name, 0) + points
    return list(state.scores()), state.winners()[0], times, categories


def run_match(match: Match, games: int, jobs: int, master: int, breakdown: bool = False) -> str:
    """Play a match and return its key=value line (with `breakdown`, and a line per entrant of its mean points by
    scoring category: Ra only)."""
    n = len(match.specs)
    games = max(n, games - games % n)
    tasks = []
    for g in range(games):
        rotation = g % n
        seats = [match.specs[(seat + rotation) % n] for seat in range(n)]
        tasks.append((match.game, seats, g // n, master, g))
    wall = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(play, *zip(*tasks, strict=True)))
    wins = 0.0
    margins: list[float] = []
    subject_times: list[float] = []
    other_times: list[float] = []
    winning: list[int] = []
    for g, (scores, winner, times, _) in enumerate(results):
        subject = (-(g % n)) % n  # the seat entrant 0 had in rotation g % n
        wins += winner == subject
        margins.append(scores[subject] - max(scores[q] for q in range(n) if q != subject))
        subject_times += times[subject]
        for q in range(n):
            if q != subject:
                other_times += times[q]
        winning.append(scores[winner])
    low, high = wilson_interval(wins, games)
    load = os.getloadavg()[0]
    return (
        f"match={match.name} game={match.game} players={n} seats={','.join(match.specs)} games={games} "
        f"win_share={wins / games:.3f} ci_low={low:.3f} ci_high={high:.3f} fair_share={1 / n:.3f} "
        f"mean_margin={statistics.fmean(margins):.1f} mean_winning_score={statistics.fmean(winning):.1f} "
        f"subject_p50_s={percentile(subject_times, 50):.3f} subject_p99_s={percentile(subject_times, 99):.3f} "
        f"others_p50_s={percentile(other_times, 50):.3f} others_p99_s={percentile(other_times, 99):.3f} "
        f"seed={master} jobs={jobs} wall_s={time.perf_counter() - wall:.0f} load1={load:.2f}"
    ) + (category_lines(match, results) if breakdown else "")


def category_lines(match: Match, results: list[GameResult]) -> str:
    """One line per entrant: its wins and its mean points per game by scoring category (where its points came from)."""
    n = len(match.specs)
    lines = []
    for entrant, spec in enumerate(match.specs):
        wins = 0
        totals: dict[str, float] = {}
        for g, (scores, winner, _, categories) in enumerate(results):
            seat = (entrant - g % n) % n  # the seat this entrant had in rotation g % n
            wins += winner == seat
            for name, points in (*categories[seat].items(), ("final_score", scores[seat])):
                totals[name] = totals.get(name, 0.0) + points / len(results)
        figures = " ".join(f"{name}={value:.2f}" for name, value in totals.items())
        lines.append(f"\nmatch={match.name} entrant={entrant} spec={spec} wins={wins} {figures}")
    return "".join(lines)


def strength_suite(
    games: int, jobs: int, master: int, hard: Sequence[str], only: Sequence[str] | None, breakdown: bool = False
) -> None:
    """Print one key=value line per match (all of them, or those named in `only`); `hard` is (Ra's, Write's)."""
    for match in matches(hard[0], hard[1]):
        if only is None or match.name in only:
            print(run_match(match, round(games * match.share), jobs, master, breakdown), flush=True)


def main() -> None:
    """Parse the command line and run the suite."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games per match (whole seat rotations)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--matches", default=None, help="only the matches with these names (comma-separated)")
    parser.add_argument("--hard", default=level_spec("ra", "hard"), help="Ra's subject (default: hard, uncapped)")
    parser.add_argument(
        "--hard-write", default=level_spec("write", "hard"), help="RA and Write's subject (default: hard, uncapped)"
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also a line per entrant of its wins and mean points by scoring category (Ra)",
    )
    args = parser.parse_args()
    only = None if args.matches is None else args.matches.split(",")
    strength_suite(args.games, args.jobs, args.seed, (args.hard, args.hard_write), only, args.breakdown)


if __name__ == "__main__":
    main()
