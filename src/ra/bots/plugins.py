"""Plug-in bots: a bot written outside this package, named by a spec (docs/BOTS.md, "Plug-in bots").

The interface (`PluginBot`) is a class built with keyword arguments `game`, `seed` and `seconds` (the time budget
of one decision, or None), whose `decide(view, legal_actions)` returns one of the legal actions: its id, or its
notation. `legal_actions` is `view["legal_actions"]` as a tuple; neither is to be changed. A class may say which
games it plays in `games` (a collection of game names; without it, every game).

A spec names it as `module:Class` (the module imported like any other, the current directory searched last) or as
`plugin:NAME`, an entry point NAME of the group `ra.bots` (a package's `[project.entry-points."ra.bots"]`). Only
callers that allow plug-ins (`ra.bots.spec.Plugins`) load one: nothing here runs for a spec they refuse.

`make_plugin_bot` wraps the plug-in as a `Bot`: its answer becomes an action id, and an answer that is not a legal
action raises ValueError, which the callers' fallbacks handle as any failed decision (`ra.bots.guarded` in the
terminal's commands; the server's bot runner).
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import operator
import os
import sys
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from ra.bots.base import Bot
from ra.bots.spec import PluginName, plugin_name
from ra.core.text import t
from ra.games import game_module

ENTRY_POINT_GROUP = "ra.bots"


class PluginBot(Protocol):
    """A plug-in bot: built once per game (once per decision in the server), asked for each of its decisions."""

    def __init__(self, *, game: str, seed: int, seconds: float | None) -> None:
        """A bot for `game` (e.g. "ra"), deterministic given `seed`, deciding within `seconds` (None: no budget)."""
        ...

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int | str:
        """One of `legal_actions` (each `{"id", "notation", ...}`): its id or its notation."""
        ...


def named(spec: str) -> PluginName:
    """What a plug-in spec names; ValueError for a spec that names none."""
    name = plugin_name(spec)
    if name is None:
        raise ValueError(t("{spec} names no plug-in bot (module:Class or plugin:NAME)", spec=repr(spec)))
    return name


@functools.cache
def plugin_class(spec: str) -> type[PluginBot]:
    """The class a plug-in spec names, imported (once per process); ValueError if it cannot be loaded.

    Call it only for a spec the caller allows (`Plugins.allows`): it runs the plug-in module's code.
    """
    name = named(spec)
    try:
        found = _entry_point(name.name) if name.module is None else _attribute(name.module, name.name)
    except Exception as exc:  # a missing module, or the plug-in's own code failing as it loads: as for a bad spec
        raise ValueError(
            t("plug-in bot {bot} cannot be loaded: {reason}", bot=repr(spec), reason=_reason(exc))
        ) from exc
    if found is None:
        raise ValueError(t("plug-in bot {bot} cannot be loaded: there is no such class or entry point", bot=repr(spec)))
    if not isinstance(found, type) or not callable(getattr(found, "decide", None)):
        raise ValueError(t("plug-in bot {bot} is not a class with a decide method", bot=repr(spec)))
    return found


def _attribute(module: str, attribute: str) -> object:
    """`module.attribute`, the current directory searched after the installed packages (`ra tournament` run next to
    the bot's file finds it; an installed package is never shadowed by a file there)."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)
    return getattr(importlib.import_module(module), attribute, None)


def _entry_point(name: str) -> object:
    """The object the entry point `name` of the group `ra.bots` refers to (None: there is no such entry point)."""
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP, name=name):
        return entry.load()
    return None


def _reason(exc: BaseException) -> str:
    """An exception in one short line: its type and message."""
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0][:200]}" if lines else type(exc).__name__


def plays(spec: str, game: str) -> None:
    """Check that the plug-in a spec names loads and plays `game`, without building it; ValueError otherwise."""
    games: Collection[str] | None = getattr(plugin_class(spec), "games", None)
    if games is not None and game not in games:
        raise ValueError(
            t(
                "plug-in bot {bot} does not play {game} (it plays: {games})",
                bot=repr(spec),
                game=repr(game),
                games=", ".join(sorted(games)),
            )
        )


def make_plugin_bot(spec: str, game: str, seed: int, seconds: float | None) -> Bot:
    """The plug-in a spec names, built for `game` and wrapped as a `Bot`; ValueError if it cannot be built."""
    plays(spec, game)
    try:
        plugin = plugin_class(spec)(game=game, seed=seed, seconds=seconds)
    except Exception as exc:
        raise ValueError(t("plug-in bot {bot} cannot be built: {reason}", bot=repr(spec), reason=_reason(exc))) from exc
    return PluginSeat(spec.strip(), plugin, game)


class PluginSeat:
    """A plug-in playing as a `Bot`: its answers turned into action ids, checked against the legal ones."""

    def __init__(self, name: str, plugin: PluginBot, game: str) -> None:
        self.name, self.plugin, self.game = name, plugin, game

    def choose(self, view: Mapping[str, Any]) -> int:
        """The plug-in's action id; ValueError if it answers anything but one of the view's legal actions."""
        legal = tuple(view["legal_actions"])
        return action_of(self.plugin.decide(view, legal), legal, self.game, self.name)


def action_of(answer: object, legal: Sequence[Mapping[str, Any]], game: str, bot: str) -> int:
    """The id of the legal action `answer` names (an id, a NumPy integer too, or a notation); ValueError for anything
    else."""
    if isinstance(answer, str):
        for entry in legal:
            if entry["notation"] == answer:
                return int(entry["id"])
        try:  # another spelling of a legal action's notation (case, spaces), as the engine reads it
            action: int | None = game_module(game).str_to_action(answer.strip()[:100])
        except ValueError:
            action = None
    elif isinstance(answer, bool):
        action = None  # True is no action id, though Python counts it as 1
    else:
        try:
            action = operator.index(answer)  # type: ignore[arg-type]
        except TypeError:
            action = None
    if action is not None and any(entry["id"] == action for entry in legal):
        return action
    raise ValueError(
        t(
            "plug-in bot {bot} answered {answer}, which is not one of the legal actions",
            bot=repr(bot),
            answer=repr(answer)[:80],
        )
    )
