"""Bots for both games, built from a short spec such as "random", "greedy", "mcts:iterations=400" or "hard".

A spec is a kind, optionally followed by `:key=value,...` settings (`;` also separates settings): `greedy:epsilon=0.3`,
`mcts:iterations=400`, `mcts:seconds=0.5`, `mcts:iterations=2000,seconds=1`. A level name (`easy`, `medium`,
`hard`) stands for the spec in `LEVELS` (docs/BOTS.md).
"""

from __future__ import annotations

from typing import Any

from ra.bots.base import Bot, legal_ids
from ra.bots.random_bot import RandomBot

__all__ = [
    "BOT_KINDS",
    "LEVELS",
    "Bot",
    "RandomBot",
    "legal_ids",
    "make_bot",
    "parse_spec",
    "resolve_spec",
    "split_specs",
]

BOT_KINDS = ("random", "greedy", "mcts")

# The ladder for people (docs/BOTS.md): level -> (spec, description).
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("greedy:epsilon=0.4", "the heuristic player, but 40% of its moves are random"),
    "medium": ("greedy", "the heuristic player: values every option in points, one step ahead"),
    "hard": ("mcts:iterations=1000,seconds=1.0", "search over sampled bags/decks: 1000 iterations, at most 1 s"),
}

GAMES = ("ra", "write")
_SETTINGS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {"epsilon": float},
    "mcts": {"iterations": int, "seconds": float, "c": float},
}


def resolve_spec(spec: str) -> str:
    """The spec a level name stands for; any other spec unchanged (stripped)."""
    text = spec.strip()
    level = LEVELS.get(text.lower())
    return level[0] if level is not None else text


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs; a `key=value` item continues the spec before it.

    `"mcts:iterations=1000,seconds=1,greedy,random"` -> `["mcts:iterations=1000,seconds=1", "greedy", "random"]`.
    """
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item and specs:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a spec into its kind and typed settings; ValueError for an unknown kind or setting."""
    text = resolve_spec(spec)
    kind, _, rest = text.partition(":")
    kind = kind.strip().lower()
    if kind not in _SETTINGS:
        raise ValueError(
            f"unknown bot {spec!r}: expected one of {', '.join(BOT_KINDS)} or a level ({', '.join(LEVELS)})"
        )
    allowed = _SETTINGS[kind]
    settings: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.replace(";", ",").split(","))):
        key, eq, value = item.partition("=")
        key = key.strip().lower()
        if not eq or key not in allowed:
            names = ", ".join(allowed) or "none"
            raise ValueError(f"bad setting {item!r} for bot {kind!r} (settings: {names})")
        try:
            number = allowed[key](value.strip())
        except ValueError:
            raise ValueError(f"setting {key!r} of bot {kind!r} must be a {allowed[key].__name__}") from None
        if number < 0 or (key in ("iterations", "seconds") and number <= 0):
            raise ValueError(f"setting {key!r} of bot {kind!r} must be positive, not {value.strip()}")
        settings[key] = number
    return kind, settings


def make_bot(spec: str, game: str, seed: int = 0) -> Bot:
    """A bot for `game` ("ra" or "write") from a spec (kind, optionally `:key=value,...`); ValueError if unknown."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    kind, settings = parse_spec(spec)
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        if game == "ra":
            from ra.bots.ra_greedy import RaGreedyBot

            return RaGreedyBot(seed, **settings)
        from ra.bots.write_greedy import WriteGreedyBot

        return WriteGreedyBot(seed, **settings)
    from ra.bots.mcts import MctsBot

    return MctsBot(game, seed, **settings)
