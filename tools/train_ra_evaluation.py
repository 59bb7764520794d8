"""Fit the weights of Ra's static evaluation (`ra.bots.ra.evaluation`) to self-play, reproducibly from a seed.

    python -m tools.train_ra_evaluation --seed 1 --greedy-games 3000 --search-games 300 --jobs 2 \
        --out src/ra/bots/ra/learned_weights.py

To regenerate the package's weights, run from the repository's root the command recorded in the header of
src/ra/bots/ra/learned_weights.py, adding `--out src/ra/bots/ra/learned_weights.py` (about 2 CPU minutes; the
same seed writes the same file, whatever `--jobs`).

1. Self-play: games among `greedy` players (some with random moves, for variety) and among small `search`
   players, at 2-5 seats. Every `--every`-th turn decision (a turn like the search's leaves) is kept, with each
   seat's terms (`seat_terms`) and banked points; the game's final scores label it.
2. Fit: ridge least squares of each seat's points still to come on its terms, centred per position (only the
   differences between seats move a decision), then the common level on the game still to play, on the
   positions of every player count together.
3. Held-out games (every fifth) measure the mean squared error of each seat's predicted final lead (its score
   minus the best other's) for the classic weights and the fitted ones, overall and per player count; key=value
   lines are printed.

numpy is used here only: the package reads the written table with the standard library. `--out` writes the
weights module; without it the figures are printed only.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import random
import resource
import textwrap
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import numpy as np

from ra.bots import make_bot
from ra.bots.ra.evaluation import CLASSIC, TERMS, Weights, leads, seat_terms
from ra.games.ra import State, phases

GREEDY_SPECS: tuple[str, ...] = ("greedy", "greedy", "greedy:epsilon=0.1", "greedy:epsilon=0.25")
SEARCH_SPECS: tuple[str, ...] = ("search:samples=3,depth=1", "search:samples=3,depth=1,blind=1", "greedy")
PLAYERS = (2, 3, 2, 3, 4, 5)  # the strength suite's 2 and 3 seats twice as often
HELD_OUT = 5  # every fifth game is held out

Row = tuple[list[list[float]], list[int], list[int]]  # terms per seat, banked points, final scores


def game_seed(master: int, index: int, purpose: str) -> int:
    """A seed for one game's deal or bots, derived from the master seed."""
    digest = hashlib.sha256(f"train:{master}:{index}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play(master: int, index: int, specs: tuple[str, ...], every: int) -> list[Row]:
    """One self-play game (its seats by `PLAYERS`); the kept positions with their final scores."""
    rng = random.Random(game_seed(master, index, "seats"))
    n = PLAYERS[index % len(PLAYERS)]
    state = State.new({"players": n}, seed=game_seed(master, index, "deal"))
    bots = [make_bot(rng.choice(specs), "ra", game_seed(master, index, f"bot{s}")) for s in range(n)]
    kept: list[tuple[list[list[float]], list[int]]] = []
    turn = rng.randrange(every)
    while not state.is_terminal():
        if state.phase == phases.TURN:
            turn += 1
            if turn % every == 0:
                kept.append((seat_terms(state), list(state.points)))
        player = state.cur
        state.apply(bots[player].choose(state.view(player)), player)
    final = list(state.scores())
    return [(terms, points, final) for terms, points in kept]


def predict(weights: Weights, row: Row) -> list[float]:
    """Each seat's predicted final score for a kept position."""
    w = np.array(weights.vector)
    terms, points, _ = row
    return [points[p] + float(np.dot(w, terms[p])) for p in range(len(points))]


def lead_mse(weights: Weights, rows: list[Row]) -> tuple[float, float]:
    """Mean squared error of predicted leads and of predicted final scores."""
    lead_err = score_err = 0.0
    count = 0
    for row in rows:
        guess = predict(weights, row)
        final = [float(x) for x in row[2]]
        lead_err += sum((a - b) ** 2 for a, b in zip(leads(guess), leads(final), strict=True))
        score_err += sum((a - b) ** 2 for a, b in zip(guess, final, strict=True))
        count += len(final)
    return lead_err / count, score_err / count


def fit(rows: list[Row], ridge: float) -> Weights:
    """Ridge fit of the weights (see the module's docstring), the classic weights as the prior."""
    level = TERMS.index("level")
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    for terms, points, final in rows:
        x = np.array(terms)
        y = np.array(final, dtype=float) - np.array(points, dtype=float)
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
    x_all = np.vstack(xs)
    y_all = np.concatenate(ys)
    prior = np.array(CLASSIC.vector)
    free = [i for i in range(len(TERMS)) if i != level]
    a = x_all[:, free]
    # Ridge towards the classic weights: minimise |a w - y|^2 + ridge * n * |w - prior|^2.
    penalty = ridge * len(y_all) * np.eye(len(free))
    w_free = np.linalg.solve(a.T @ a + penalty, a.T @ y_all + penalty @ prior[free])
    w = prior.copy()
    w[free] = w_free
    # The common level: what every seat still gains on average, on the game still to play (least squares).
    others = w.copy()
    others[level] = 0.0
    game_left = np.array([terms[0][level] for terms, _, _ in rows])
    gain = np.array(
        [float(np.mean(np.array(f, dtype=float) - np.array(p, dtype=float) - np.array(t) @ others)) for t, p, f in rows]
    )
    w[level] = float(game_left @ gain / max(1e-9, game_left @ game_left))
    return replace(CLASSIC, **{name: round(float(v), 4) for name, v in zip(TERMS, w, strict=True)})


def write_module(path: str, weights: Weights, argv: str) -> None:
    """Write the weights as a standard-library Python table."""
    lines = [
        '"""Weights of Ra\'s static evaluation fitted to self-play (written by tools/train_ra_evaluation.py).',
        "",
        "`WEIGHTS` is fitted to the positions of every player count. To regenerate this file, run the command below",
        "from the repository's root with `--out src/ra/bots/ra/learned_weights.py` (numpy needed).",
        '"""',
        "",
        *(f"# {part}" for part in textwrap.wrap(argv, 110, break_on_hyphens=False)),
        "WEIGHTS: dict[str, float] = {",
        *(f'    "{name}": {getattr(weights, name)!r},' for name in TERMS),
        "}",
        "",
    ]
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


def main() -> None:
    """Generate, fit, measure, write."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--greedy-games", type=int, default=3000)
    parser.add_argument("--search-games", type=int, default=300)
    parser.add_argument("--every", type=int, default=4, help="keep every k-th turn decision")
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="the weights module to write")
    parser.add_argument("--cache", default=None, help="a file of generated positions: read if it exists, else written")
    args = parser.parse_args()
    start = time.process_time()
    wall = time.perf_counter()
    tasks = [(args.seed, g, GREEDY_SPECS, args.every) for g in range(args.greedy_games)]
    first = args.greedy_games
    tasks += [(args.seed, first + g, SEARCH_SPECS, args.every) for g in range(args.search_games)]
    train: list[Row] = []
    test: list[Row] = []
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, "rb") as cached:
            train, test = pickle.load(cached)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for done, rows in enumerate(pool.map(play, *zip(*tasks, strict=True), chunksize=4), 1):
                (test if done % HELD_OUT == 0 else train).extend(rows)
                if done % 200 == 0 or done == len(tasks):
                    print(f"progress games={done}/{len(tasks)} positions={len(train) + len(test)}", flush=True)
        if args.cache:
            with open(args.cache, "wb") as cache:
                pickle.dump((train, test), cache)
    learned = fit(train, args.ridge)
    counts = sorted({len(row[1]) for row in train})
    for name, weights in (("classic", CLASSIC), ("learned", learned)):
        lead, score = lead_mse(weights, test)
        print(f"weights={name} heldout_positions={len(test)} lead_mse={lead:.2f} score_mse={score:.2f}")
    for n in counts:
        part = [row for row in test if len(row[1]) == n]
        if not part:  # a short run may hold out no game of this count
            continue
        for name, weights in (("classic", CLASSIC), ("learned", learned)):
            lead, score = lead_mse(weights, part)
            print(f"weights={name} players={n} heldout_positions={len(part)} lead_mse={lead:.2f} score_mse={score:.2f}")
    print("learned " + " ".join(f"{name}={getattr(learned, name)}" for name in TERMS))
    print(
        f"train_positions={len(train)} seed={args.seed} jobs={args.jobs} "
        f"cpu_s={time.process_time() - start + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime:.0f} "
        f"wall_s={time.perf_counter() - wall:.0f}"
    )
    if args.out:
        write_module(
            args.out,
            learned,
            "python -m tools.train_ra_evaluation "
            + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in vars(args).items() if k not in ("out", "cache")),
        )


if __name__ == "__main__":
    main()
