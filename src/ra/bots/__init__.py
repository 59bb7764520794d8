"""Bots for every game, built from a short spec such as "random", "greedy", "mcts:iterations=400" or "hard".

Generic bots live here (`random`, `mcts`); a game's own bots live in its subpackage `ra.bots.<game>`, found by
name (`ra.bots.registry`). Specs and their bounds: `ra.bots.spec` (docs/BOTS.md). Plug-in bots, written outside
this package and named by `module:Class` or `plugin:NAME`, are built only where the caller allows them
(`ra.bots.plugins`, docs/BOTS.md "Plug-in bots").
"""

from __future__ import annotations

from ra.bots.base import Bot, legal_ids
from ra.bots.mcts import MctsBot
from ra.bots.random_bot import RandomBot
from ra.bots.registry import GENERIC_LEVELS, Level, game_bots, kinds_for, levels_for
from ra.bots.spec import (
    ANY_PLUGIN,
    BOT_KINDS,
    LEVEL_NAMES,
    NO_PLUGINS,
    PLUGIN,
    SPEC_LIMITS,
    Bound,
    Plugins,
    SpecLimits,
    describe_limits,
    parse_spec,
    plugin_name,
    resolve_spec,
    split_specs,
)
from ra.core.text import t

__all__ = [
    "ANY_PLUGIN",
    "BOT_KINDS",
    "GENERIC_LEVELS",
    "LEVEL_NAMES",
    "NO_PLUGINS",
    "PLUGIN",
    "SPEC_LIMITS",
    "Bot",
    "Bound",
    "Level",
    "Plugins",
    "RandomBot",
    "SpecLimits",
    "describe_limits",
    "kinds_for",
    "legal_ids",
    "levels_for",
    "make_bot",
    "parse_spec",
    "plugin_name",
    "resolve_spec",
    "split_specs",
]


def make_bot(spec: str, game: str, seed: int = 0, plugins: Plugins = NO_PLUGINS) -> Bot:
    """A bot for `game` from a spec or level name; ValueError (saying what is allowed) for anything else.

    A plug-in's spec builds it only where `plugins` allows it (`ANY_PLUGIN`: the terminal's commands); it gets
    `plugins.seconds` as its time budget per decision. Its failures are the caller's to handle (`ra.bots.guarded`).
    """
    support = game_bots(game)
    kind, settings = parse_spec(spec, game, plugins)
    if kind == PLUGIN:
        from ra.bots.plugins import make_plugin_bot  # imported on demand: most callers never build a plug-in

        return make_plugin_bot(spec, game, seed, plugins.seconds)
    if kind == "random":
        return RandomBot(seed)
    if kind == "mcts":
        iterations = settings.get("iterations")
        return MctsBot(
            game,
            seed,
            iterations=None if iterations is None else int(iterations),
            seconds=settings.get("seconds"),
            c=settings.get("c"),
        )
    factory = support.search if kind == "search" else support.greedy
    if factory is None:  # parse_spec already refuses kinds the game lacks; this keeps the types honest
        raise ValueError(t("game {game} has no {bot} bot", game=repr(game), bot=repr(kind)))
    return factory(seed, **settings)
