"""Ra's bots (found by `ra.bots.registry` as `ra.bots.ra`): the heuristic `greedy`, and `mcts`'s playout.

- `valuation`: what holdings are worth in points by the end of the game, from a seat's view;
- `heuristic`: the heuristic player built on it (`greedy` below);
- `playout`: the cheap playout to the end of the epoch and its points estimate (`rollout`);
- `evaluation`, `search`, `searchbot`: the static evaluation, max-n search and the `search` bot (`hard`);
- `hints`: what a move is for, in a player's words (`purpose`, for the server's hints).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ra.bots.base import Bot
from ra.bots.evaluator import Thresholds
from ra.bots.ra.heuristic import RaGreedyBot
from ra.bots.ra.hints import purpose
from ra.bots.ra.playout import rollout
from ra.bots.ra.searchbot import RaSearchBot
from ra.bots.ra.themes import THEMES, theme
from ra.bots.registry import Level
from ra.core.text import t

LEVELS: tuple[Level, ...] = (
    Level("easy", "greedy:epsilon=0.4", t("a beginner: sensible moves, but almost every other move a random one")),
    Level("medium", "greedy", t("a steady player: takes what is worth most in points now, never plans ahead")),
    Level(
        "hard",
        "search:samples=10,depth=2,nodes=4000,blind=1,learned=3,seconds=1.0",
        t("a strong player: looks two auctions ahead over many guesses of the bag; thinks up to a second a move"),
    ),
)


# Ra's hint words begin with the move ("Draw a tile: ..."): an analysis's reason need not name it again.
PURPOSE_NAMES_MOVE = True
# The analysis's evaluator: the hard level's search without its wall-clock limit, so that it is reproducible.
ANALYSIS_SPEC = "search:samples=10,depth=2,nodes=4000,blind=1,learned=3"
# Points of final margin lost from which a decision is an inaccuracy, a mistake, a blunder (docs/ANALYSIS.md).
ANALYSIS_THRESHOLDS = Thresholds(inaccuracy=1.0, mistake=3.0, blunder=6.0)
# Puzzles (`ra.puzzles.mine`): the cheap evaluator that screens positions (few deals: it only picks which ones the
# analysis evaluator confirms), and the player counts of the games they are mined from.
PUZZLE_SCREEN_SPEC = "search:samples=3,depth=1,nodes=300"
PUZZLE_PLAYERS = (3, 4, 5)


def greedy(seed: int = 0, **settings: float) -> Bot:
    """Ra's heuristic bot; `epsilon` is its chance of a random move."""
    return RaGreedyBot(seed, **settings)


def search(seed: int = 0, **settings: float) -> Bot:
    """Ra's search bot: max-n over sampled bags (`samples`, `depth`, `nodes`, `blind`, `work`, `fails`,
    `learned`, `seconds`)."""
    return RaSearchBot(seed, **settings)


def evaluate(view: Mapping[str, Any], seed: int, spec: str, include: Collection[int]) -> dict[int, list[float]]:
    """Every legal action's margin in each sampled bag, from the view's seat (`ra.bots.evaluator`)."""
    from ra.bots.spec import search_settings  # the spec module imports the registry, which imports this package

    settings = search_settings(spec, "ra")
    bot = RaSearchBot(seed, **{key: value for key, value in settings.items() if key != "seconds"})
    bot.choose(view)
    return bot.last_sample_leads


__all__ = [
    "ANALYSIS_SPEC",
    "ANALYSIS_THRESHOLDS",
    "LEVELS",
    "PURPOSE_NAMES_MOVE",
    "PUZZLE_PLAYERS",
    "PUZZLE_SCREEN_SPEC",
    "THEMES",
    "RaGreedyBot",
    "RaSearchBot",
    "evaluate",
    "greedy",
    "purpose",
    "rollout",
    "search",
    "theme",
]
