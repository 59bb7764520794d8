"""Is Ra's static evaluation the lever? A nonlinear model of the raw position against the linear terms.

    python -m research.probe_ra_evaluation --seed 7 --players 3 --greedy-games 3000 --search-games 200 --jobs 2

The search bot scores its leaves with a weighted sum of `seat_terms` (`ra.bots.ra.evaluation`). This probe asks how
much of a held-out game's outcome a far richer model could still predict from the same position:

1. Self-play positions as tools/train_ra_evaluation.py makes them (the same bots and seeds), at one player count,
   each turn decision's seat terms and also the raw position: every seat's tiles, face-up disks, face-down disks
   and banked points, whose turn it is, the epoch, the Ra track, the central disk, the auction track's tiles and
   the bag's counts by kind (never its order).
2. Models, fitted to four games in five and measured on the fifth: the trainer's own ridge fit of the linear
   terms (`fit`), and a one-hidden-layer network (ReLU, Adam, seeded) on the terms and the raw position of every
   seat, rotated so that the predicted seat comes first.
3. For each: the mean squared error of each seat's predicted final lead (score minus the best other's) and how
   often the predicted leader is the game's winner, as key=value lines, and the network's error as a share of
   the linear one's.

If the network's error is far below the linear one, a learned evaluation is worth building into the search; if
it is close, what is left of the error is the game's chance and the players' future choices, which no static
evaluation removes. numpy is used here only.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from ra.bots import make_bot
from ra.bots.ra.evaluation import seat_terms
from ra.games.ra import State, phases, tables
from tools.train_ra_evaluation import GREEDY_SPECS, HELD_OUT, SEARCH_SPECS, fit, game_seed, predict

NK = tables.NUM_KINDS
DISK_SLOTS = 4  # the most face-up disks a seat holds (four at two and three players, three at four and five)
# A kept position: seat terms, banked points, raw seats, raw public fields, whose turn, final scores, game index.
Position = tuple[list[list[float]], list[int], list[list[float]], list[float], int, list[int], int]


def raw_position(st: State) -> tuple[list[list[float]], list[float]]:
    """Every seat's tiles, disks and points, and the public fields (the bag by counts only)."""
    seats = []
    mean = sum(st.points) / st.num_players
    for p in range(st.num_players):
        up = sorted(st.up[p], reverse=True) + [0] * DISK_SLOTS
        down = st.down[p]
        held = st.held[p * NK : (p + 1) * NK]
        seats.append([*map(float, held), *map(float, up[:DISK_SLOTS]), len(down), sum(down), st.points[p] - mean])
    bag, track = st.bag, list(st.track)
    public = [st.epoch, st.ra_filled, st.ra_len, st.central, len(track), st.bag_size]
    public += [bag.count(k) for k in range(NK)] + [track.count(k) for k in range(NK)]
    return seats, [float(x) for x in public]


def play(master: int, index: int, specs: tuple[str, ...], players: int) -> list[Position]:
    """One self-play game; every other turn decision kept with its final scores."""
    rng = random.Random(game_seed(master, index, "seats"))
    state = State.new({"players": players}, seed=game_seed(master, index, "deal"))
    bots = [make_bot(rng.choice(specs), "ra", game_seed(master, index, f"bot{s}")) for s in range(players)]
    kept = []
    turn = rng.randrange(2)
    while not state.is_terminal():
        if state.phase == phases.TURN:
            turn += 1
            if turn % 2 == 0:
                seats, public = raw_position(state)
                kept.append((seat_terms(state), list(state.points), seats, public, state.cur))
        player = state.cur
        state.apply(bots[player].choose(state.view(player)), player)
    final = list(state.scores())
    return [(terms, points, seats, public, cur, final, index) for terms, points, seats, public, cur in kept]


def inputs(rows: list[Position]) -> np.ndarray:
    """The network's inputs, (positions, seats, features): each seat's view rotated to put that seat first."""
    terms = np.array([r[0] for r in rows])
    seats = np.array([r[2] for r in rows])
    public = np.array([r[3] for r in rows])
    cur = np.array([r[4] for r in rows])
    n = terms.shape[1]
    per_seat = np.concatenate([terms, seats], axis=2)
    out = []
    for p in range(n):
        order = [(p + k) % n for k in range(n)]
        turn = np.stack([cur == q for q in order], axis=1).astype(float)
        out.append(np.concatenate([per_seat[:, order].reshape(len(rows), -1), turn, public], axis=1))
    return np.stack(out, axis=1)


def leads(values: np.ndarray) -> np.ndarray:
    """Each seat's value minus the best other seat's, row by row."""
    out = np.empty_like(values)
    for p in range(values.shape[1]):
        out[:, p] = values[:, p] - np.delete(values, p, axis=1).max(axis=1)
    return out


def report(name: str, points: np.ndarray, final: np.ndarray, gains: np.ndarray) -> float:
    """Print a model's held-out lead error and winner accuracy; return the error."""
    guess = points + gains
    error = float(np.mean((leads(guess) - leads(final)) ** 2))
    winner = float(np.mean(guess.argmax(axis=1) == final.argmax(axis=1)))
    print(f"model={name} heldout_positions={len(final)} lead_mse={error:.2f} winner_accuracy={winner:.4f}", flush=True)
    return error


def train_network(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int) -> list[np.ndarray]:
    """A ReLU network x -> gain fitted with Adam to each seat's gain and to its gain less the seats' mean."""
    rng = np.random.default_rng(seed)
    d = x.shape[2]
    params = [rng.standard_normal((d, hidden)) / np.sqrt(d), np.zeros(hidden), rng.standard_normal(hidden) / 8, 0.0]
    params = [np.asarray(q, dtype=float) for q in params]
    moments = [(np.zeros_like(q), np.zeros_like(q)) for q in params]
    step, rate, batch = 0, 1e-3, 512
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            j = order[start : start + batch]
            w1, b1, w2, b2 = params
            h = np.maximum(x[j] @ w1 + b1, 0.0)
            err = h @ w2 + b2 - y[j]
            # Leads decide: the error less the position's mean error weighs most (only differences move a choice).
            g = (0.3 * err + err - err.mean(axis=1, keepdims=True)) / len(j)
            dh = g[..., None] * w2 * (h > 0)
            grads = [np.einsum("bsd,bsh->dh", x[j], dh), dh.sum((0, 1)), np.einsum("bsh,bs->h", h, g), g.sum()]
            step += 1
            for i, (q, grad) in enumerate(zip(params, grads, strict=True)):
                m, v = moments[i]
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                params[i] = q - rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        if epoch == epochs * 3 // 4:
            rate *= 0.3
        print(f"progress network_epoch={epoch + 1}/{epochs}", flush=True)
    return params


def main() -> None:
    """Generate, fit both models, measure on the held-out games."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--greedy-games", type=int, default=3000)
    parser.add_argument("--search-games", type=int, default=200)
    parser.add_argument("--hidden", type=int, default=64, help="the network's hidden units")
    parser.add_argument("--epochs", type=int, default=6, help="passes of the network over the training positions")
    parser.add_argument("--ridge", type=float, default=1e-3, help="the linear fit's ridge (as the trainer's)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    wall = time.perf_counter()
    tasks = [(args.seed, g, GREEDY_SPECS, args.players) for g in range(args.greedy_games)]
    first = args.greedy_games
    tasks += [(args.seed, first + g, SEARCH_SPECS, args.players) for g in range(args.search_games)]
    rows: list[Position] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, kept in enumerate(pool.map(play, *zip(*tasks, strict=True), chunksize=4), 1):
            rows.extend(kept)
            if done % 500 == 0 or done == len(tasks):
                print(f"progress games={done}/{len(tasks)} positions={len(rows)}", flush=True)
    held_out = np.array([r[6] % HELD_OUT == 0 for r in rows])
    train = [r for r, out in zip(rows, held_out, strict=True) if not out]
    test = [r for r, out in zip(rows, held_out, strict=True) if out]
    points = np.array([r[1] for r in test], dtype=float)
    final = np.array([r[5] for r in test], dtype=float)
    weights = fit([(r[0], r[1], r[5]) for r in train], args.ridge)
    linear = np.array([predict(weights, (r[0], r[1], r[5])) for r in test]) - points
    linear_error = report("linear_terms", points, final, linear)
    x = inputs(rows)
    training = x[~held_out].reshape(-1, x.shape[2])
    mean, spread = training.mean(0), training.std(0) + 1e-6
    x = (x - mean) / spread
    gains = np.array([r[5] for r in rows], dtype=float) - np.array([r[1] for r in rows], dtype=float)
    w1, b1, w2, b2 = train_network(x[~held_out], gains[~held_out], args.hidden, args.epochs, args.seed)
    network = np.maximum(x[held_out] @ w1 + b1, 0.0) @ w2 + b2
    network_error = report(f"network_hidden{args.hidden}", points, final, network)
    print(
        f"network_over_linear={network_error / linear_error:.3f} players={args.players} features={x.shape[2]} "
        f"train_positions={len(train)} seed={args.seed} wall_s={time.perf_counter() - wall:.0f}"
    )


if __name__ == "__main__":
    main()
