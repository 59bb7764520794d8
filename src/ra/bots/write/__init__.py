"""RA and Write's bots (found by `ra.bots.registry` as `ra.bots.write`): `greedy`, `search`, and `mcts`'s playout.

- `valuation`: every scoresheet's expected final score;
- `heuristic`: tries every entry (and the bonus chain it earns) on a copy of the position (`greedy` below);
- `playout`: the rule-of-thumb playout to the end of the Kingdom (`rollout`), and the search's `candidates`;
- `search`: flat Monte Carlo over greedy's best entries with those playouts (`search` below, the `hard` level);
- `hints`: what a move is for, in a player's words (`purpose`, for the server's hints).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ra.bots.base import Bot
from ra.bots.evaluator import Thresholds
from ra.bots.registry import Level
from ra.bots.write.heuristic import WriteGreedyBot
from ra.bots.write.hints import purpose
from ra.bots.write.playout import candidates, rollout
from ra.bots.write.search import DEFAULT_SAMPLES, WriteSearchBot
from ra.bots.write.themes import THEMES, theme
from ra.core.text import t

LEVELS: tuple[Level, ...] = (
    Level("easy", "greedy:epsilon=0.4", t("a beginner: sensible entries, but almost every other one a random one")),
    Level("medium", "greedy", t("a steady player: takes the entry worth most in points now, never plans ahead")),
    Level(
        "hard",
        "search:samples=100,seconds=1.0",
        t("a strong player: tries its best entries on many guesses of the deck; thinks up to a second a move"),
    ),
)


# The analysis's evaluator: the hard level's search without its wall-clock limit, so that it is reproducible.
ANALYSIS_SPEC = "search:samples=100"
# Points of final margin lost from which a decision is an inaccuracy, a mistake, a blunder (docs/ANALYSIS.md).
ANALYSIS_THRESHOLDS = Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)
# Puzzles (`ra.puzzles.mine`): the cheap evaluator that screens positions (few deals: it only picks which ones the
# analysis evaluator confirms), and the player counts of the games they are mined from.
PUZZLE_SCREEN_SPEC = "search:samples=6"
PUZZLE_PLAYERS = (2, 3, 4)


def greedy(seed: int = 0, **settings: float) -> Bot:
    """RA and Write's heuristic bot; `epsilon` is its chance of a random move."""
    return WriteGreedyBot(seed, **settings)


def search(seed: int = 0, **settings: float) -> Bot:
    """RA and Write's search bot: flat Monte Carlo over greedy's best entries (`samples`, `seconds`)."""
    other = sorted(set(settings) - {"samples", "seconds"})
    if other:  # Ra's tree settings (depth, nodes, blind...) mean nothing to a flat search: say so
        raise ValueError(
            t("RA and Write's search bot takes only samples and seconds, not {settings}", settings=", ".join(other))
        )  # the settings' names are code: the same in every language
    return WriteSearchBot(seed, samples=settings.get("samples", DEFAULT_SAMPLES), seconds=settings.get("seconds"))


def evaluate(view: Mapping[str, Any], seed: int, spec: str, include: Collection[int]) -> dict[int, list[float]]:
    """Greedy's best entries and those in `include`: their margins in each sampled deck (`ra.bots.evaluator`)."""
    from ra.bots.spec import search_settings  # the spec module imports the registry, which imports this package

    settings = search_settings(spec, "write")
    bot = WriteSearchBot(seed, samples=settings.get("samples", DEFAULT_SAMPLES), include=include)
    bot.choose(view)
    return bot.last_sample_leads


__all__ = [
    "ANALYSIS_SPEC",
    "ANALYSIS_THRESHOLDS",
    "LEVELS",
    "PUZZLE_PLAYERS",
    "PUZZLE_SCREEN_SPEC",
    "THEMES",
    "WriteGreedyBot",
    "WriteSearchBot",
    "candidates",
    "evaluate",
    "greedy",
    "purpose",
    "rollout",
    "search",
    "theme",
]
