"""A new table as a client asked for it (its game, options, seats and pace checked; fresh secrets; the creator's
answer); a table as loaded in memory.

Secrets of a table: the game seed (deals the bag or deck), the bot seed (seeds the bots' decisions), and the
creator's token, from which every person seat's token derives (`tokens.seat_token`), so that the creator can
recover the invite links later. Only hashes of tokens are stored; none of these is ever sent except in the
creator's own answers.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ra.bots import PLUGIN, SPEC_LIMITS, Plugins, parse_spec, plugin_name
from ra.core.errors import text_of
from ra.core.protocol import GameState
from ra.core.text import t
from ra.games import GAMES, game_module
from ra.server.settings import ServiceSettings
from ra.server.storage.rows import TableRow, new_bot_seed
from ra.server.tables.errors import ServiceError
from ra.server.tables.names import UNNAMED, check_name
from ra.server.tables.pace import check_pace, new_clock
from ra.server.tables.rebuild import Rebuilt, new_state
from ra.server.tables.requests import NewTable, SeatSpec
from ra.server.tables.story import bot_names, split_table_options
from ra.server.tables.summary import status_of
from ra.server.tables.table import Table
from ra.server.tables.tokens import seat_token, token_hash


@dataclass(frozen=True)
class Created:
    """A checked new table: its row (to store), its game, and the creator's token (to answer once)."""

    row: TableRow
    state: GameState
    creator: str


def new_table(asked: NewTable, check_bot: Callable[[str, str], None]) -> Created:
    """A new table as `asked` (its shape checked by its model; `check_bot(spec, game)` raises ValueError for a bad
    spec); ServiceError for what the game, its options or a seat's bot or name refuse."""
    game = asked.game
    if game not in GAMES:
        raise ServiceError(
            "bad_message", t("game is one of {games}, not {game}", games=", ".join(GAMES), game=repr(game)[:40])
        )
    module = game_module(game)
    options = dict(asked.options or {})
    if "seed" in options or "order" in options:
        raise ServiceError("bad_message", t("the server chooses the seed; options may not hold seed or order"))
    if "pace" in options:
        raise ServiceError("bad_message", t("the pace is a field of its own, not an option"))
    table_id = secrets.token_urlsafe(6)
    creator = secrets.token_urlsafe(24)
    seats = _seats(asked.seats, game, table_id, creator, check_bot)
    try:
        options, helpers = split_table_options(module, options)
    except ValueError as exc:
        raise ServiceError("bad_message", text_of(exc)) from None
    players = options.setdefault("players", len(seats))
    if players != len(seats):
        raise ServiceError(
            "bad_message",
            t("option players is {players} but there are {seats} seats", players=repr(players), seats=len(seats)),
        )
    options["names"] = [s["name"] for s in seats]
    try:
        passes = bool(getattr(module, "PASS_MOVES", ()))
        pace = check_pace(asked.pace, passes, lambda level: _check_level(level, game, check_bot))
    except ValueError as exc:
        raise ServiceError("bad_message", text_of(exc)) from None
    if pace is not None:
        options["pace"] = pace  # kept with the table's options; the engine never sees it (story.engine_options)
    seed = secrets.randbits(62)
    try:
        state = new_state(module, options, seed)
    except (ValueError, TypeError) as exc:
        raise ServiceError("bad_message", text_of(exc)) from None
    row = TableRow(
        id=table_id,
        game=game,
        options={**options, **helpers},  # the table's own options are kept with the engine's
        seed=seed,
        seats=seats,
        status="open",
        bot_seed=new_bot_seed(),
        creator_hash=token_hash(creator),
        clock=new_clock(pace, len(seats)),
    )
    row.status = status_of(row, state)
    return Created(row, state, creator)


def _check_level(level: str, game: str, check_bot: Callable[[str, str], None]) -> None:
    """Refuse (ValueError) a stand-in's level that no built-in bot has: a plug-in never plays for a person."""
    if plugin_name(level) is not None:
        raise ValueError(t("a bot that plays for an absent person is one of the game's levels, not a plug-in bot"))
    check_bot(level, game)


def allowed_plugins(settings: ServiceSettings) -> Plugins:
    """The plug-in bots the operator allows (`bot_plugins`), each decision within `bot_seconds`."""
    return Plugins(frozenset(settings.bot_plugins), settings.bot_seconds)


def _seats(
    asked: list[SeatSpec], game: str, table_id: str, creator: str, check_bot: Callable[[str, str], None]
) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = []
    for i, spec in enumerate(asked):
        if spec.kind == "bot":
            bot = spec.bot or ""
            if not bot.strip():
                raise ServiceError("bad_message", t("seat {seat}: a bot seat needs a bot spec, e.g. 'random'", seat=i))
            try:
                check_bot(bot, game)
            except ValueError as exc:
                raise ServiceError("bad_message", t("seat {seat}: {reason}", seat=i, reason=text_of(exc))) from None
            # Named below, once all names are known.
            name = check_name(spec.name) if spec.name and spec.name.strip() else None
            seats.append({"kind": "bot", "name": name, "bot": bot.strip(), "taken": True})
        else:
            name = check_name(spec.name) if spec.name and spec.name.strip() else UNNAMED
            token = seat_token(creator, table_id, i)
            seats.append({"kind": "person", "name": name, "token_hash": token_hash(token), "taken": False})
    labels = [s["bot"].partition(":")[0].strip() if s["name"] is None else None for s in seats]
    named = bot_names(labels, [s["name"] for s in seats if s["name"] is not None], table_id)
    for seat, name in zip(seats, named, strict=True):
        if name is not None:
            seat["name"] = check_name(name)
    return seats


def invitations(row: TableRow, creator: str) -> dict[str, Any]:
    """The creator's answer: per seat its kind and, for a person, its token and invite link; the spectator link."""
    answer = []
    for i, seat in enumerate(row.seats):
        entry: dict[str, Any] = {"seat": i, "kind": seat["kind"]}
        if seat["kind"] == "person":
            token = seat_token(creator, row.id, i)
            entry["token"] = token
            entry["invite"] = f"/t/{row.id}?seat={i}&token={token}"
        answer.append(entry)
    return {"id": row.id, "seats": answer, "spectate": f"/t/{row.id}"}


def loaded_table(row: TableRow, game: Rebuilt, bot_seconds: float, plugins: Plugins | None = None) -> Table:
    """A table in memory: its game and public log (rebuilt from its stored moves), and each bot seat's full spec
    (searches limited to `bot_seconds`; a plug-in the operator no longer allows is `random`)."""
    allowed = plugins or Plugins()
    bots = {
        i: _bot_spec(s["bot"], row.game, bot_seconds, allowed) for i, s in enumerate(row.seats) if s["kind"] == "bot"
    }
    return Table(
        row=row,
        module=game_module(row.game),
        state=game.state,
        log=game.log,
        bots=stand_in_bots(row, bots, bot_seconds),
        current_at=game.current_at,
        steps=game.steps,
        before=game.before,
        bot_seconds=bot_seconds,
    )


def stand_in_bots(row: TableRow, bots: dict[int, str], bot_seconds: float) -> dict[int, str]:
    """The table's bot seats' specs (`bots`, kept), and a bot at its chosen level for each person's seat a bot plays
    while its person is away or since they left or lost (`stand_in`, tables/clocks.py)."""
    own = {i: spec for i, spec in bots.items() if row.seats[i]["kind"] == "bot"}
    for i, seat in enumerate(row.seats):
        if seat["kind"] == "person" and seat.get("stand_in"):
            own[i] = _bot_spec(str(seat["stand_in"]), row.game, bot_seconds)
    return own


def _bot_spec(spec: str, game: str, seconds: float, plugins: Plugins | None = None) -> str:
    """The full spec; a spec stored before the bounds existed falls back to its kind's defaults, else `random`."""
    for candidate in (spec, spec.partition(":")[0]):
        try:
            return capped_spec(candidate, game, seconds, plugins)
        except ValueError:
            continue
    return "random"


def capped_spec(spec: str, game: str, seconds: float, plugins: Plugins | None = None) -> str:
    """The spec in full (`kind:key=value,...`, a level resolved for `game`), with `seconds` added if it sets none.

    Only kinds that take a time limit (searching bots) get one; an allowed plug-in's spec stays as it is (its
    budget comes with `plugins`). ValueError for a spec `parse_spec` refuses.
    """
    kind, settings = parse_spec(spec, game, plugins or Plugins())
    if kind == PLUGIN:
        return spec.strip()
    if "seconds" not in settings and "seconds" in SPEC_LIMITS.settings.get(kind, {}):
        settings = {**settings, "seconds": seconds}
    return ":".join([kind, ",".join(f"{key}={value!r}" for key, value in settings.items())]).rstrip(":")
