"""Draw a tournament's win shares (with 95% Wilson intervals) and score distributions to a PNG (Agg backend)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ra.core.text import Text, english, tp
from ra.tournament.stats import EntrantStats

# Fonts with Chinese characters, tried glyph by glyph after DejaVu Sans (matplotlib's own font has none), where
# installed: without one, Chinese labels show as empty boxes.
CJK_FONTS = ("Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "Microsoft YaHei", "PingFang SC", "SimHei")


def plot_summary(
    stats: list[EntrantStats], path: str | Path, title: str = "", words: Callable[[Text], str] = english
) -> None:
    """Save a two-panel figure: win share per entrant with its interval, and each entrant's score distribution;
    its labels put into the reader's language by `words` (default: English)."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'ra[plot]'") from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    fonts = ["DejaVu Sans", *(name for name in CJK_FONTS if name in installed)]
    with matplotlib.rc_context({"font.family": "sans-serif", "font.sans-serif": fonts}):
        _draw(plt, stats, path, title, words)


def _draw(plt: Any, stats: list[EntrantStats], path: str | Path, title: str, words: Callable[[Text], str]) -> None:
    rows = [row.as_dict() for row in stats]
    labels = [row["label"] for row in rows]
    shares = [row["win_share"] for row in rows]
    err_low = [max(0.0, row["win_share"] - row["ci_low"]) for row in rows]
    err_high = [max(0.0, row["ci_high"] - row["win_share"]) for row in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    positions = list(range(len(labels)))
    left.bar(positions, shares, yerr=[err_low, err_high], capsize=6, color="#c8913a")
    if labels:
        left.axhline(
            1.0 / len(labels),
            color="grey",
            linestyle="--",
            linewidth=1,
            label=words(tp("tournament plot", "fair share")),
        )
        left.legend(loc="upper right")
    left.set_xticks(positions, labels, rotation=15)
    left.set_ylim(0, 1)
    left.set_ylabel(words(tp("tournament plot", "win share (ties split), 95% Wilson interval")))
    left.set_title(words(tp("tournament plot", "Win share")))
    data = [row.scores or [0.0] for row in stats]
    right.boxplot(data)
    right.set_xticks([p + 1 for p in positions], labels, rotation=15)
    right.set_ylabel(words(tp("tournament plot", "final score")))
    right.set_title(words(tp("tournament plot", "Score distribution")))
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(str(path), dpi=110)
    plt.close(fig)
