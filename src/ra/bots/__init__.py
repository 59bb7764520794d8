"""Bots for both games, built from a short spec such as "random", "greedy", "mcts:iterations=400" or "hard"."""

from __future__ import annotations

from ra.bots.base import Bot, legal_ids
from ra.bots.random_bot import RandomBot

__all__ = ["BOT_KINDS", "Bot", "RandomBot", "legal_ids", "make_bot"]

BOT_KINDS = ("random",)


def make_bot(spec: str, game: str, seed: int = 0) -> Bot:
    """A bot for `game` ("ra" or "write") from a spec (kind, optionally `:key=value,...`); ValueError if unknown."""
    kind = spec.split(":", 1)[0].strip().lower()
    if game not in ("ra", "write"):
        raise ValueError(f"unknown game {game!r}")
    if kind == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {spec!r}: expected one of {', '.join(BOT_KINDS)}")
