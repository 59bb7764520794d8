"""Plot the learned baselines' training curves from the logs their scripts print (needs matplotlib).

    python -m research.plot_curves docs/research/curves/*.log --out docs/research/curves.png

A `train_ppo` log gives one line per curve point (`steps=... vs_random: margin=M±E ... vs_greedy: margin=M±E ...`):
it is drawn as the mean final margin against `greedy` (the ladder's `medium`) over environment steps, with one
standard error as a band. A `train_alphazero` log gives one line per epoch (`epoch=N train_mse=... held_mse=...`):
drawn as the held-out error over epochs, beside the error of predicting the mean. The game and table size are read
from the log's first line (`game=ra players=2 ...`) or, for a value network, from its file name (`value-ra.log`).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

POINT = re.compile(r"^steps=(\d+) .*vs_greedy: margin=([+-]?[\d.]+)±([\d.]+)")
HEADER = re.compile(r"^game=(\w+) players=(\d+)")
EPOCH = re.compile(r"^epoch=(\d+) train_mse=([\d.]+) held_mse=([\d.]+)")
BASELINE = re.compile(r"mse_of_the_mean=([\d.]+)")


def read_policy_curve(path: Path) -> tuple[str, int, list[tuple[int, float, float]]]:
    """(game, players, [(steps, margin, standard error)]) of a train_ppo log; the last line of equal steps wins."""
    game, players, points = "", 0, {}
    for line in path.read_text().splitlines():
        if found := HEADER.match(line):
            game, players = found[1], int(found[2])
        elif found := POINT.match(line):
            points[int(found[1])] = (float(found[2]), float(found[3]))
    return game, players, [(steps, m, e) for steps, (m, e) in sorted(points.items())]


def read_value_curve(path: Path) -> tuple[list[tuple[int, float]], float]:
    """([(epoch, held-out error)], error of the mean) of a train_alphazero log's first fit."""
    epochs: list[tuple[int, float]] = []
    baseline = 0.0
    for line in path.read_text().splitlines():
        if (found := BASELINE.search(line)) and not baseline:
            baseline = float(found[1])
        elif found := EPOCH.match(line):
            if epochs and int(found[1]) <= epochs[-1][0]:
                break  # a later fit (expert iteration) starts again at epoch 1
            epochs.append((int(found[1]), float(found[3])))
    return epochs, baseline


def main(argv: list[str] | None = None) -> None:
    """Draw every log given into one PNG: PPO's curves per game, then the value networks' fits."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    titles = {"ra": "Ra", "write": "RA and Write"}
    figure, axes = plt.subplots(1, 3, figsize=(15, 4))
    policy_axes = {"ra": axes[0], "write": axes[1]}
    for path in sorted(args.logs):
        if path.name.startswith("value-"):
            epochs, baseline = read_value_curve(path)
            game = path.stem.removeprefix("value-")
            line = axes[2].plot([e for e, _ in epochs], [m for _, m in epochs], marker=".", label=titles[game])
            axes[2].axhline(baseline, color=line[0].get_color(), linestyle=":", linewidth=1)
            continue
        game, players, points = read_policy_curve(path)
        steps = [s for s, _, _ in points]
        means = [m for _, m, _ in points]
        errors = [e for _, _, e in points]
        drawn = policy_axes[game].plot(steps, means, marker=".", label=f"{players} players")
        low = [m - e for m, e in zip(means, errors, strict=True)]
        high = [m + e for m, e in zip(means, errors, strict=True)]
        policy_axes[game].fill_between(steps, low, high, color=drawn[0].get_color(), alpha=0.2)
    for game, ax in policy_axes.items():
        ax.axhline(0.0, color="grey", linewidth=0.5)
        ax.set(xlabel="environment steps", ylabel="mean final margin against greedy", title=f"PPO, {titles[game]}")
        ax.legend()
    axes[2].set(xlabel="epoch", ylabel="held-out mean squared error", title="Value networks (dotted: the mean)")
    axes[2].legend()
    figure.tight_layout()
    figure.savefig(args.out, dpi=90)
    plt.close(figure)
    print(f"plotted {args.out}")


if __name__ == "__main__":
    main()
