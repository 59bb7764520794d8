"""RA and Write's bots (found by `ra.bots.registry` as `ra.bots.write`): `greedy`, `search`, and `mcts`'s playout.

- `valuation`: every scoresheet's expected final score;
- `heuristic`: tries every entry (and the bonus chain it earns) on a copy of the position (`greedy` below);
- `playout`: the rule-of-thumb playout to the end of the Kingdom (`rollout`), and the search's `candidates`;
- `search`: flat Monte Carlo over greedy's best entries with those playouts (`search` below, the `hard` level);
- `hints`: what a move is for, in a player's words (`purpose`, for the server's hints).
"""

from __future__ import annotations

from ra.bots.base import Bot
from ra.bots.registry import Level
from ra.bots.write.heuristic import WriteGreedyBot
from ra.bots.write.hints import purpose
from ra.bots.write.playout import candidates, rollout
from ra.bots.write.search import DEFAULT_SAMPLES, WriteSearchBot
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


def greedy(seed: int = 0, **settings: float) -> Bot:
    """RA and Write's heuristic bot; `epsilon` is its chance of a random move."""
    return WriteGreedyBot(seed, **settings)


def search(seed: int = 0, **settings: float) -> Bot:
    """RA and Write's search bot: flat Monte Carlo over greedy's best entries (`samples`, `seconds`)."""
    other = sorted(set(settings) - {"samples", "seconds"})
    if other:  # Ra's tree settings (depth, nodes, blind...) mean nothing to a flat search: say so
        raise ValueError(t("RA and Write's search bot takes only samples and seconds, not {settings}",
                           settings=", ".join(other)))  # the settings' names are code: the same in every language
    return WriteSearchBot(seed, samples=settings.get("samples", DEFAULT_SAMPLES), seconds=settings.get("seconds"))


__all__ = ["LEVELS", "WriteGreedyBot", "WriteSearchBot", "candidates", "greedy", "purpose", "rollout", "search"]
