"""Draw a tournament's win shares (with 95% Wilson intervals) and score distributions to a PNG (Agg backend)."""

from __future__ import annotations

from pathlib import Path

from ra.tournament.stats import EntrantStats


def plot_summary(stats: list[EntrantStats], path: str | Path, title: str = "") -> None:
    """Save a two-panel figure: win share per entrant with its interval, and each entrant's score distribution."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'ra[plot]'") from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [row.as_dict() for row in stats]
    labels = [row["label"] for row in rows]
    shares = [row["win_share"] for row in rows]
    err_low = [max(0.0, row["win_share"] - row["ci_low"]) for row in rows]
    err_high = [max(0.0, row["ci_high"] - row["win_share"]) for row in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    positions = list(range(len(labels)))
    left.bar(positions, shares, yerr=[err_low, err_high], capsize=6, color="#c8913a")
    if labels:
        left.axhline(1.0 / len(labels), color="grey", linestyle="--", linewidth=1, label="fair share")
        left.legend(loc="upper right")
    left.set_xticks(positions, labels, rotation=15)
    left.set_ylim(0, 1)
    left.set_ylabel("win share (ties split), 95% Wilson interval")
    left.set_title("Win share")
    data = [row.scores or [0.0] for row in stats]
    right.boxplot(data)
    right.set_xticks([p + 1 for p in positions], labels, rotation=15)
    right.set_ylabel("final score")
    right.set_title("Score distribution")
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(str(path), dpi=110)
    plt.close(fig)
