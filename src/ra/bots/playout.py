"""What search bots need from a game beyond its engine: playouts that end in one reward per seat, and candidates.

A game's bots subpackage (`ra.bots.<game>`) may supply a faster, truncated `rollout` and a `candidates` filter;
the defaults here work for any engine: random playouts to the end, every legal action a candidate.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ra.bots.evalmath import sigmoid
from ra.core.protocol import GameState

# A playout from a sampled state (which it may change): one reward in [0, 1] per seat.
Rollout = Callable[[GameState, random.Random], list[float]]
# The actions worth searching among `legal` for (state, player, legal).
Candidates = Callable[[GameState, int, Sequence[int]], Sequence[int]]


def terminal_rewards(state: GameState) -> list[float]:
    """Per-seat reward of a finished game: the (split) win, nudged by the score margin to break plateaus."""
    scores = state.scores()
    winners = state.winners()
    n = len(scores)
    out: list[float] = []
    for p in range(n):
        best_other = max(scores[q] for q in range(n) if q != p)
        win = 1.0 / len(winners) if p in winners else 0.0
        out.append(0.85 * win + 0.15 * sigmoid((scores[p] - best_other) / 10.0))
    return out


def margin_rewards(values: Sequence[float], scale: float) -> list[float]:
    """Per-seat reward of an estimated final standing: the squashed margin over the best opponent."""
    n = len(values)
    return [sigmoid((values[p] - max(values[q] for q in range(n) if q != p)) / scale) for p in range(n)]


def random_rollout(state: GameState, rng: random.Random) -> list[float]:
    """Play uniformly random legal actions to the end; the terminal rewards."""
    while not state.is_terminal():
        player = state.current_players()[0]
        state.push(rng.choice(state.legal_actions(player)), player)
    return terminal_rewards(state)


def all_actions(state: GameState, player: int, legal: Sequence[int]) -> Sequence[int]:
    """Every legal action (the default candidate filter)."""
    return legal
