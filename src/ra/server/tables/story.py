"""A table that tells its story: the move log in the engine's words, explanations for each seat, the table options
of the helpers (hints; a game's own, such as Ra's lot value), and names for bot seats.

Narration compares the spectator views just before and after a move (`GameModule.narrate`), so the shared log never
tells a score hidden from anyone; explanations come from each seat's own view (`GameModule.explain`). A game that
lacks either still works: its log falls back to the move's phrase and its state messages carry no explanations.
"""

from __future__ import annotations

import functools
import logging
import random
from collections.abc import Mapping
from typing import Any

from ra.core.protocol import GameModule, Move, OptionSpec
from ra.core.text import Text, english, t, tp
from ra.games import GAMES, game_module

log = logging.getLogger("ra.server")

# Options of the table, not of the game: the server keeps them with the table's options and never passes them to
# the engine. Served in /api/meta after each game's own options, marked `"scope": "table"`, after the helpers the
# game offers itself (its module's TABLE_OPTIONS, e.g. Ra's lot-value helper).
TABLE_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "hints",
        "bool",
        False,
        tp("table option", "Hints"),
        t("A Hint button shows what the hard bot would play in your place: what the move is for, and how sure it is."),
    ),
    OptionSpec(
        "undo",
        "bool",
        True,
        tp("table option", "Undo"),
        t("A player may take back their last action until the next player acts or a draw reveals a tile or card."),
    ),
)


# Names for bot seats, one table of them: a bot seat is called "<name> (<level>)", unique within its table.
BOT_NAMES: tuple[str, ...] = (
    "Nefertari",
    "Khufu",
    "Hatshepsut",
    "Ramesses",
    "Imhotep",
    "Nefertiti",
    "Thutmose",
    "Tiye",
    "Sneferu",
    "Ahmose",
    "Merneith",
    "Djoser",
    "Hetepheres",
    "Amenhotep",
    "Khafre",
    "Sobekneferu",
    "Menkaure",
    "Ankhesenamun",
    "Senusret",
    "Neithhotep",
)


def table_options(module: GameModule) -> tuple[OptionSpec, ...]:
    """The table options a game's tables offer: the game's own helpers, then the server's."""
    return (*getattr(module, "TABLE_OPTIONS", ()), *TABLE_OPTIONS)


def _every_table_option() -> dict[str, OptionSpec]:
    """The server's table options and every registered game's, by name: none of them is ever the engine's (tables
    stored before a helper became its game's own hold it too, e.g. RA and Write tables with `lot_helper`)."""
    return _table_options_of(tuple(GAMES.items()))


@functools.lru_cache(maxsize=4)
def _table_options_of(games: tuple[tuple[str, str], ...]) -> dict[str, OptionSpec]:
    """`_every_table_option` for this registry of games (made once: every move asks for a table option)."""
    specs = {spec.name: spec for game, _ in games for spec in getattr(game_module(game), "TABLE_OPTIONS", ())}
    specs.update((spec.name, spec) for spec in TABLE_OPTIONS)
    return specs


def table_options_json(module: GameModule) -> list[dict[str, Any]]:
    """A game's table options as /api/meta lists them (each marked `"scope": "table"`; a helper also names the
    explanation fields it shows, `shows`, which a page asking for explanations on demand asks for each view)."""
    options = []
    for spec in table_options(module):
        shows = list(getattr(spec, "shows", ()))
        options.append({**spec.as_json(), "scope": "table", **({"shows": shows} if shows else {})})
    return options


def split_table_options(module: GameModule, options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, bool]]:
    """(the engine's options, the game's table options with their defaults filled in); ValueError for a non-bool
    value. Another game's table option is left out of both."""
    engine = engine_options(options)
    table: dict[str, bool] = {}
    for spec in table_options(module):
        value = options.get(spec.name, spec.default)
        if not isinstance(value, bool):
            raise ValueError(f"option {spec.name!r} must be true or false, not {value!r}")
        table[spec.name] = value
    return engine, table


def engine_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A table's stored options without the table options: what the engine is given."""
    names = _every_table_option()
    return {k: v for k, v in options.items() if k not in names and k != "pace"}  # the pace: tables/pace.py


def table_option(options: Mapping[str, Any], name: str) -> bool:
    """A table option's value (its default for tables stored before it existed)."""
    return _value(options, _every_table_option()[name])


def _value(options: Mapping[str, Any], spec: OptionSpec) -> bool:
    value = options.get(spec.name)
    return value if isinstance(value, bool) else bool(spec.default)


def revealed(module: GameModule, options: Mapping[str, Any]) -> dict[str, Any]:
    """Options under which every view shows every score (for replays of finished games): games that can hide
    scores offer that as the option `scores_visible`."""
    if any(spec.name == "scores_visible" for spec in getattr(module, "OPTIONS", ())):
        return {**options, "scores_visible": True}
    return dict(options)


def bot_names(labels: list[str | None], taken: list[str], salt: str) -> list[str | None]:
    """A name "<Egyptian name> (<label>)" for each bot seat (a label; None for seats that need none).

    Names are unique within the table and avoid the people's names (`taken`); `salt` (the table id) varies which
    names a table gets.
    """
    used = {name.casefold() for name in taken}
    firsts = {name.split(" ", 1)[0].casefold() for name in taken if name}
    pool = [n for n in BOT_NAMES if n.casefold() not in firsts]
    random.Random(salt).shuffle(pool)
    out: list[str | None] = []
    for label in labels:
        if label is None:
            out.append(None)
            continue
        while pool:
            name = f"{pool.pop()} ({label})"
            if name.casefold() not in used:
                break
        else:  # more bots than names: number them
            name = f"Bot {len(out) + 1} ({label})"
        used.add(name.casefold())
        out.append(name)
    return out


def narration(module: GameModule, before: Mapping[str, Any], after: Mapping[str, Any], move: Move) -> list[str]:
    """The engine's lines telling `move` from two spectator views, in English; [] if the game cannot narrate."""
    return [english(line, after.get("viewer")) for line in narration_texts(module, before, after, move)]


def narration_texts(module: GameModule, before: Mapping[str, Any], after: Mapping[str, Any], move: Move) -> list[Text]:
    """The engine's lines telling `move` as texts (each reader renders them: "You pass" for the mover); [] if the
    game cannot narrate (or fails to)."""
    narrate = getattr(module, "narrate", None)
    if narrate is None:
        return []
    try:
        return list(narrate(before, after, move))
    except Exception as exc:  # a narration bug must never lose a committed move: the log keeps its phrase
        log.error("%s cannot narrate move %r: %s: %s", module.GAME, move, type(exc).__name__, exc, exc_info=exc)
        return []


def explanation(module: GameModule, view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The engine's explanation of a view for its viewer: its elements, and the fields of each helper the game
    offers, shown only where the table's `options` have that helper on (None where it is off)."""
    explain = getattr(module, "explain", None)
    if explain is None:
        return None
    try:
        data = dict(explain(view))
    except Exception as exc:  # a board without tooltips is better than a table that cannot be watched
        log.error("%s cannot explain a view: %s: %s", module.GAME, type(exc).__name__, exc, exc_info=exc)
        return None
    # Texts, rendered by each reader in their language (docs/PROTOCOL.md, languages).
    elements = {key: text.as_json() for key, text in (data.get("elements") or {}).items()}
    shown: dict[str, Any] = {"elements": elements}
    for spec in getattr(module, "TABLE_OPTIONS", ()):
        on = _value(options, spec)
        for field in getattr(spec, "shows", ()):
            shown[field] = data.get(field) if on else None
    return shown
