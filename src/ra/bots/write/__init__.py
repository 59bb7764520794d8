"""RA and Write's bots (found by `ra.bots.registry` as `ra.bots.write`): `greedy`, and `mcts`'s playout.

- `valuation`: every scoresheet's expected final score;
- `heuristic`: tries every entry (and the bonus chain it earns) on a copy of the position (`greedy` below);
- `playout`: the rule-of-thumb playout to the end of the Kingdom (`rollout`), and the search's `candidates`.
"""

from __future__ import annotations

from ra.bots.base import Bot
from ra.bots.registry import Level
from ra.bots.write.heuristic import WriteGreedyBot
from ra.bots.write.playout import candidates, rollout

LEVELS: tuple[Level, ...] = (
    Level("easy", "greedy:epsilon=0.4", "the heuristic player, but 40% of its moves are random"),
    Level("medium", "greedy", "the heuristic player: values every option in points, one step ahead"),
    Level("hard", "mcts:iterations=1000,seconds=1.0", "search over sampled decks: 1000 iterations, at most 1 s"),
)


def greedy(seed: int = 0, **settings: float) -> Bot:
    """RA and Write's heuristic bot; `epsilon` is its chance of a random move."""
    return WriteGreedyBot(seed, **settings)


__all__ = ["LEVELS", "WriteGreedyBot", "candidates", "greedy", "rollout"]
