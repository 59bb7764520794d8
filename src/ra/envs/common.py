"""What every interface shares: table set-up, end-of-game rewards, illegal-action policies, seeds."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ra.core.protocol import GameModule, GameState
from ra.games import game_module

REWARDS = ("margin", "win", "score")
ILLEGAL_ACTIONS = ("terminate", "random", "raise")
SEED_BITS = 63


def check_table(game: str, players: int) -> GameModule:
    """The engine module of `game`, after checking the player count; ValueError otherwise."""
    module = game_module(game)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be an integer, not {players!r}")
    if not module.MIN_PLAYERS <= players <= module.MAX_PLAYERS:
        raise ValueError(f"{game} is played by {module.MIN_PLAYERS} to {module.MAX_PLAYERS} players, not {players}")
    return module


def check_choice(name: str, value: str, allowed: Sequence[str]) -> str:
    """`value` if it is one of `allowed`; ValueError naming the option otherwise."""
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def table_options(players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The engine options: the given table options with the player count."""
    merged = dict(options or {})
    if "players" in merged and merged["players"] != players:
        raise ValueError(f"options name {merged['players']} players but players is {players}")
    merged["players"] = players
    return merged


def derive_seed(seed: int, purpose: str) -> int:
    """A 63-bit seed for one purpose ("engine", "bot2", ...) derived from an environment seed."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def final_rewards(state: GameState, reward: str) -> list[float]:
    """Each seat's reward at the end of the game.

    `margin`: own score minus the best other score; `win`: 1 for each winner (after the tie-break), -1 for the
    others; `score`: own final score.
    """
    scores = [float(s) for s in state.scores()]
    if reward == "score":
        return scores
    if reward == "win":
        winners = set(state.winners())
        return [1.0 if seat in winners else -1.0 for seat in range(len(scores))]
    return [s - max(scores[:i] + scores[i + 1 :]) for i, s in enumerate(scores)]



def first_seeds(seed: int | Sequence[int] | None, games: int) -> list[int]:
    """Each of `games` batched games' first engine seed: `seed + i`, `seed[i]`, or from a random `seed` when None."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(62)
    firsts = [int(seed) + i for i in range(games)] if isinstance(seed, int) else [int(s) for s in seed]
    if len(firsts) != games:
        raise ValueError(f"{len(firsts)} seeds for {games} games")
    return firsts


def batch_actions(actions: Any, games: int) -> list[Any]:
    """One action per batched game, as Python numbers; ValueError for a batch of another size."""
    chosen: list[Any] = np.asarray(actions).reshape(-1).tolist()
    if len(chosen) != games:
        raise ValueError(f"{len(chosen)} actions for {games} games")
    return chosen


__all__ = [
    "ILLEGAL_ACTIONS",
    "REWARDS",
    "batch_actions",
    "check_choice",
    "check_table",
    "derive_seed",
    "final_rewards",
    "first_seeds",
    "table_options",
]
