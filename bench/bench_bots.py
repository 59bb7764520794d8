"""Bots' decision times and win shares through ra.tournament (docs/BOTS.md), printed as key=value lines.

One experiment:    python bench/bench_bots.py --game ra --seats greedy,random,random --games 300 --jobs 2
The ladder suite:  python bench/bench_bots.py --suite --greedy-games 300 --mcts-games 30
  (greedy against random and mcts against greedy, each game at 2-5 players)

Seats rotate every game; the first seat's bot is the subject. The fair share is 1/players. Decision times are
wall-clock (they grow on a loaded machine). The strength suite of issue 14 (seat-swapped matches against the
clairvoyant bot, CPU decision times) is `python -m research.strength` (research/README.md).
"""

from __future__ import annotations

import argparse
import time

from ra.bots import split_specs
from ra.tournament.runner import run_tournament


def experiment(game: str, seats: list[str], games: int, jobs: int, seed: int) -> None:
    """Run one seat-rotated tournament and print its figures."""
    start = time.perf_counter()
    result = run_tournament(game, seats, games, seed=seed, jobs=jobs)
    elapsed = time.perf_counter() - start
    subject = result.stats[0].as_dict()
    mean_win = subject["mean_winning_score"]
    all_winning = [s for row in result.stats for s in row.winning_scores]
    print(
        f"game={game} players={len(seats)} seats={','.join(seats)} games={games} bot={subject['spec']} "
        f"win_share={subject['win_share']:.3f} ci_low={subject['ci_low']:.3f} ci_high={subject['ci_high']:.3f} "
        f"fair_share={1 / len(seats):.3f} mean_score={subject['mean_score']:.1f} "
        f"mean_rank={subject['mean_rank']:.2f} "
        f"mean_winning_score={'na' if mean_win is None else f'{mean_win:.1f}'} "
        f"mean_winning_score_all={sum(all_winning) / max(1, len(all_winning)):.1f} "
        f"seed={seed} jobs={jobs} seconds={elapsed:.0f}",
        flush=True,
    )
    for row in result.stats:
        d = row.as_dict()
        print(
            f"game={game} players={len(seats)} bot={d['label']} decisions={d['decisions']} "
            f"decision_p50_ms={d['decision_p50_ms']:.2f} decision_p99_ms={d['decision_p99_ms']:.2f} "
            f"win_share={d['win_share']:.3f} mean_score={d['mean_score']:.1f}",
            flush=True,
        )


def main() -> None:
    """Parse the command line and run one experiment or the ladder suite."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["ra", "write"], default="ra")
    parser.add_argument("--seats", default="greedy,random,random", help="comma-separated specs, subject first")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--suite",
        action="store_true",
        help="the ladder: greedy vs random and mcts vs greedy, 2-5 players (strength: python -m research.strength)",
    )
    parser.add_argument("--games-list", default="ra,write", help="games of the suite")
    parser.add_argument("--players-list", default="2,3,4,5", help="player counts of the suite")
    parser.add_argument("--greedy-games", type=int, default=300)
    parser.add_argument("--mcts-games", type=int, default=60)
    parser.add_argument("--mcts", default="mcts:iterations=1000,seconds=1.0", help="the mcts spec of the suite")
    args = parser.parse_args()
    if not args.suite:
        experiment(args.game, split_specs(args.seats), args.games, args.jobs, args.seed)
        return
    for game in args.games_list.split(","):
        for players in (int(p) for p in args.players_list.split(",")):
            if args.greedy_games:
                seats = ["greedy"] + ["random"] * (players - 1)
                experiment(game, seats, args.greedy_games, args.jobs, args.seed)
            if args.mcts_games:
                seats = [args.mcts] + ["greedy"] * (players - 1)
                experiment(game, seats, args.mcts_games, args.jobs, args.seed)


if __name__ == "__main__":
    main()
