"""Bot specs such as "greedy:epsilon=0.3" or "mcts:iterations=400,seconds=0.5", checked against `SPEC_LIMITS`.

A spec is a kind, optionally followed by `:key=value,...` settings (`;` also separates settings). A level name
(`easy`, `medium`, `hard`) stands for the spec its game's ladder gives it (docs/BOTS.md). Specs come from people
(the lobby, the command line), so every setting is bounded and every error says what is allowed.

A spec may also name a plug-in bot (`module:Class`, or `plugin:NAME` for an entry point of the group `ra.bots`:
`ra.bots.plugins`), but only where the caller allows plug-ins (`Plugins`): specs also come from strangers, and
a stranger's spec must never import anything. Telling a plug-in's spec apart imports nothing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ra.bots.registry import GENERIC_LEVELS, kinds_for, levels_for
from ra.core.text import Text, t, tn, tp

Settings = dict[str, float]  # setting -> value; `iterations` is an int


@dataclass(frozen=True)
class Bound:
    """The allowed values of one numeric setting: `low` < x (or ≤ x when `low_included`) and x ≤ `high`."""

    number: type[int] | type[float]
    low: float
    high: float
    low_included: bool
    meaning: str

    def allows(self, value: float) -> bool:
        """True if `value` lies within the bound (NaN never does)."""
        above = value >= self.low if self.low_included else value > self.low
        return above and value <= self.high

    def describe(self, name: str) -> Text | str:
        """The bound as people read it, e.g. "0 < seconds ≤ 2" (signs and names: the same in every language)."""
        sign = "≤" if self.low_included else "<"
        bound = f"{self.low:g} {sign} {name} ≤ {self.high:g}"
        return t("{bound} (a whole number)", bound=bound) if self.number is int else bound


@dataclass(frozen=True)
class SpecLimits:
    """Every bound on a spec: its length, and per bot kind the settings it takes with their ranges."""

    max_length: int
    settings: Mapping[str, Mapping[str, Bound]]


# The one table of what a spec may ask for (docs/BOTS.md, "Limits"). The server's per-decision deadline must lie
# above the largest `seconds`.
SPEC_LIMITS = SpecLimits(
    max_length=100,
    settings=MappingProxyType(
        {
            "random": MappingProxyType({}),
            "greedy": MappingProxyType(
                {"epsilon": Bound(float, 0.0, 1.0, True, "the chance of a uniformly random move instead")}
            ),
            "search": MappingProxyType(
                {
                    "samples": Bound(int, 1, 200, True, "sampled bags or decks per decision"),
                    "depth": Bound(int, 1, 3, True, "auctions searched ahead"),
                    "nodes": Bound(int, 100, 100_000, True, "search nodes per sample before searching shallower"),
                    "blind": Bound(int, 0, 1, True, "1: its own draws weighed by P(Ra), not foreseen"),
                    "work": Bound(int, 0, 500_000, True, "search nodes per decision, all samples (0: no cap)"),
                    "fails": Bound(int, 0, 200, True, "deep searches past `nodes` before the rest go shallow (0: any)"),
                    "learned": Bound(int, 0, 5, True, "from this many players on, weights fit to self-play (0: never)"),
                    "seconds": Bound(float, 0.0, 2.0, False, "wall-clock limit per decision"),
                }
            ),
            "mcts": MappingProxyType(
                {
                    "iterations": Bound(int, 1, 20_000, True, "determinized iterations per decision"),
                    "seconds": Bound(float, 0.0, 2.0, False, "wall-clock limit per decision"),
                    "c": Bound(float, 0.0, 10.0, False, "the exploration constant of UCB1"),
                }
            ),
        }
    ),
)

BOT_KINDS: tuple[str, ...] = tuple(SPEC_LIMITS.settings)
LEVEL_NAMES: tuple[str, ...] = ("easy", "medium", "hard")

# -- plug-in bots: which specs name one, and which a caller allows ----------------------------------------------
PLUGIN = "plugin"  # the kind `parse_spec` answers for a plug-in, and the prefix of an entry point's spec
_MODULE = r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
_CLASS = r"[A-Za-z_][A-Za-z0-9_]*"
_ENTRY_POINT = r"[A-Za-z0-9_][A-Za-z0-9_.\-]*"


@dataclass(frozen=True)
class PluginName:
    """What a plug-in spec names: a class in a module (`module:Class`), or an entry point (`module` is None)."""

    module: str | None
    name: str


@dataclass(frozen=True)
class Plugins:
    """Which plug-in bots a caller builds, and the time budget each of their decisions gets (None: none).

    `allowed` None allows any (the terminal's commands); otherwise exactly the specs it holds (the server's
    `--bot-plugin` list; empty: none, the default everywhere).
    """

    allowed: frozenset[str] | None = frozenset()
    seconds: float | None = None

    def allows(self, spec: str) -> bool:
        """True if a plug-in named by `spec` may be built here."""
        return self.allowed is None or spec.strip() in self.allowed


NO_PLUGINS = Plugins()
ANY_PLUGIN = Plugins(allowed=None)


def plugin_name(spec: str) -> PluginName | None:
    """What a plug-in spec names, None for any other spec (imports nothing).

    `module:Class` (dotted module, the class an identifier: `mybots:Cautious`) or `plugin:NAME` (an entry point);
    a built-in kind or level before the colon is never a module (`greedy:epsilon` is a bad built-in spec).
    """
    text = spec.strip() if isinstance(spec, str) else ""
    if len(text) > SPEC_LIMITS.max_length:
        return None
    module, colon, name = text.partition(":")
    if not colon:
        return None
    if module == PLUGIN:
        return PluginName(None, name) if re.fullmatch(_ENTRY_POINT, name, re.ASCII) else None
    if module.lower() in BOT_KINDS or module.lower() in LEVEL_NAMES:
        return None
    if re.fullmatch(_MODULE, module, re.ASCII) and re.fullmatch(_CLASS, name, re.ASCII):
        return PluginName(module, name)
    return None


def _listed(values: list[Text | str], separator: str) -> Text | str:
    """Parts of a spec's description in a row, joined by `separator` (", " or "; ", as in the spec syntax)."""
    listed = values[0]
    for value in values[1:]:
        if separator == ", ":
            # TRANSLATORS: a list without "and": keep both parameters; use your language's separator.
            listed = tp("a list without 'and'", "{items}, {item}", items=listed, item=value)
        else:
            listed = t("{items}; {item}", items=listed, item=value)
    return listed


def describe_limits() -> Text:
    """What a spec may be, in one line, for error messages."""
    kinds: list[Text | str] = []
    for kind, bounds in SPEC_LIMITS.settings.items():
        if not bounds:
            kinds.append(kind)
            continue
        keys = ",".join(f"{name}=…" for name in bounds)
        ranges = _listed([bound.describe(name) for name, bound in bounds.items()], ", ")
        spec = kind + "[:" + keys + "]"  # the spec's syntax, not words
        kinds.append(t("{spec} with {ranges}", spec=spec, ranges=ranges))
    return t(
        "a bot spec is one of: {kinds}; or a level ({levels}); at most {length} characters",
        kinds=_listed(kinds, "; "),
        levels=", ".join(LEVEL_NAMES),
        length=SPEC_LIMITS.max_length,
    )


def _refuse(problem: Text) -> ValueError:
    return ValueError(t("{problem}. Allowed: {allowed}", problem=problem, allowed=describe_limits()))


def resolve_spec(spec: str, game: str | None = None) -> str:
    """The spec a level name stands for in `game`'s ladder (the generic ladder without a game); else unchanged."""
    text = spec.strip()
    for level in GENERIC_LEVELS if game is None else levels_for(game):
        if level.name == text.lower():
            return level.spec
    return text


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


def _number(kind: str, key: str, text: str, bound: Bound) -> float:
    """One setting's value, parsed and checked against its bound."""
    named = {"setting": repr(key), "bot": repr(kind)}
    try:
        value: float = bound.number(text)
    except ValueError:
        if bound.number is int:
            raise _refuse(
                t("setting {setting} of bot {bot} must be a whole number, not {value}", **named, value=repr(text))
            ) from None
        raise _refuse(
            t("setting {setting} of bot {bot} must be a number, not {value}", **named, value=repr(text))
        ) from None
    if not math.isfinite(value):
        raise _refuse(
            t("setting {setting} of bot {bot} must be a finite number, not {value}", **named, value=repr(text))
        )
    if not bound.allows(value):
        raise _refuse(
            t(
                "setting {setting} of bot {bot} is {value}, outside {bound}",
                **named,
                value=text,
                bound=bound.describe(key),
            )
        )
    return value


def parse_spec(spec: str, game: str | None = None, plugins: Plugins = NO_PLUGINS) -> tuple[str, Settings]:
    """Split a spec into its kind and checked settings; ValueError, listing what is allowed, for anything else.

    With a `game`, a level name resolves through that game's ladder and the kind must be one the game offers. A
    plug-in's spec is `(PLUGIN, {})` where `plugins` allows it, refused otherwise; either way nothing is imported
    (whether the plug-in loads and plays `game` is `make_bot`'s to find out).
    """
    if not isinstance(spec, str):
        raise _refuse(t("a bot spec is text, not {kind}", kind=type(spec).__name__))
    if len(spec) > SPEC_LIMITS.max_length:
        raise _refuse(tn("the bot spec is {n} character long", "the bot spec is {n} characters long", len(spec)))
    if plugin_name(spec) is not None:
        if not plugins.allows(spec):
            raise _refuse(t("plug-in bot {bot} is not allowed here", bot=repr(spec.strip())))
        return PLUGIN, {}
    kind, _, rest = resolve_spec(spec, game).partition(":")
    kind = kind.strip().lower()
    bounds = SPEC_LIMITS.settings.get(kind)
    if bounds is None:
        raise _refuse(t("unknown bot {bot}", bot=repr(spec.strip())))
    if game is not None and kind not in kinds_for(game):
        raise _refuse(
            t(
                "game {game} has no {bot} bot (its bots: {bots})",
                game=repr(game),
                bot=repr(kind),
                bots=", ".join(kinds_for(game)),
            )
        )
    settings: Settings = {}
    for item in filter(None, (part.strip() for part in rest.replace(";", ",").split(","))):
        key, eq, value = item.partition("=")
        key = key.strip().lower()
        bound = bounds.get(key)
        if not eq or bound is None:
            if bounds:
                raise _refuse(
                    t(
                        "bad setting {item} for bot {bot} (its settings: {settings})",
                        item=repr(item),
                        bot=repr(kind),
                        settings=", ".join(bounds),
                    )
                )
            raise _refuse(t("bad setting {item} for bot {bot} (its settings: none)", item=repr(item), bot=repr(kind)))
        if key in settings:
            raise _refuse(t("setting {setting} of bot {bot} is given twice", setting=repr(key), bot=repr(kind)))
        settings[key] = _number(kind, key, value.strip(), bound)
    return kind, settings


def search_settings(spec: str, game: str) -> dict[str, float]:
    """The settings of an evaluator's spec: a search spec the game's bots take (ValueError otherwise)."""
    kind, settings = parse_spec(spec, game)
    if kind != "search":
        raise ValueError(f"an analysis's evaluator is the game's search bot, not {kind!r}")
    return settings
