"""A table in memory and the JSON the protocol sends about it (docs/PROTOCOL.md): summaries, log, views."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import itertools
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ra.core.protocol import GameModule, GameState, Move
from ra.core.text import Seat, Text, english, t
from ra.core.undo import Step, Verdict, judge, taken_back
from ra.server.storage.rows import TableRow
from ra.server.tables.pace import clock_view
from ra.server.tables.story import explanation, narration_texts, table_option
from ra.server.tables.wire import json_text

MAX_NAME = 40
GAME_OVER = t("the game is over")  # an action or a hint asked for after the end
# Letters that show as nothing (fillers, blank patterns, an invisible combining mark): spoofable names otherwise.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
# A number for each serialization of a table's log, unique in the process: a connection that kept the log's entries
# of one gets only the new ones of the next; a log serialized afresh (names changed, the table reloaded) is sent whole.
_LOG_GENERATIONS = itertools.count(1)


class ServiceError(Exception):
    """A request the service refuses; `code` is the protocol's error code, `status` the HTTP status, `text` why
    (put into the reader's language by the client: the error answers carry it as JSON)."""

    STATUS: ClassVar[dict[str, int]] = {"bad_message": 400, "forbidden": 403, "not_found": 404, "unavailable": 503}

    def __init__(self, code: str, text: Text, status: int | None = None) -> None:
        super().__init__(str(text))
        self.code, self.text, self.message = code, text, str(text)  # `message`: the English (logs, old clients)
        self.status = status if status is not None else self.STATUS.get(code, 409)


def check_name(name: Any) -> str:
    """A valid seat name (1 to 40 characters after cleaning) or ServiceError.

    White space collapses to single spaces; control, format (bidi overrides, zero-width), private-use, unassigned
    and invisible characters are removed, so that a name shows what it says.
    """
    if not isinstance(name, str):
        raise ServiceError("bad_message", t("a name is a non-empty text"))
    if len(name) > 4 * MAX_NAME:
        raise ServiceError("bad_message", t("a name has at most {n} characters", n=MAX_NAME))
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    text = "".join(c for c in text if unicodedata.category(c)[0] != "C" and c not in _INVISIBLE)
    text = " ".join(text.split())
    if not text:
        raise ServiceError("bad_message", t("a name is a non-empty text of visible characters"))
    if len(text) > MAX_NAME:
        raise ServiceError("bad_message", t("a name has at most {n} characters", n=MAX_NAME))
    return text


def token_hash(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(seat: Mapping[str, Any], token: str | None) -> bool:
    """True if `token` is this person seat's token (constant-time comparison)."""
    return hash_matches(seat.get("token_hash"), token)


def hash_matches(stored: Any, token: Any) -> bool:
    """True if `token` hashes to `stored` (constant-time comparison); False for a missing one."""
    if not token or not isinstance(token, str) or not isinstance(stored, str):
        return False
    return hmac.compare_digest(stored, token_hash(token))


def seat_token(creator: str, table_id: str, seat: int) -> str:
    """A person seat's token, derived from the table creator's token: the creator can always recover it."""
    digest = hmac.new(creator.encode("utf-8"), f"{table_id}/{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode("ascii")


def decision_seed(bot_seed: int, seat: int, seq: int) -> int:
    """The seed of one bot decision: from the table's bot secret (never the game seed), its seat and seq."""
    digest = hashlib.sha256(f"{bot_seed}/{seat}/{seq}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def status_of(row: TableRow, state: GameState) -> str:
    """`finished` once the game ended, `open` while a person seat awaits its player, else `running`; a table
    closed as `abandoned` stays so (storage/abandoning.py)."""
    if row.status == "abandoned":
        return "abandoned"
    if state.is_terminal():
        return "finished"
    if any(s["kind"] == "person" and not s.get("taken") for s in row.seats):
        return "open"
    return "running"


def iso(row_time: Any) -> str:
    """A timestamp as ISO 8601 text."""
    return str(row_time.isoformat())


def summary(row: TableRow) -> dict[str, Any]:
    """The table summary of the protocol (never tokens, never the seed)."""
    options = {k: v for k, v in row.options.items() if k not in ("seed", "order")}
    if "names" in options:
        options["names"] = [s["name"] for s in row.seats]
    return {
        "id": row.id,
        "game": row.game,
        "status": row.status,
        "players": len(row.seats),
        "seats": [
            {
                "seat": i,
                "kind": s["kind"],
                "name": s["name"],
                "bot": s.get("bot"),
                "taken": bool(s.get("taken")) or s["kind"] == "bot",
                # A bot plays for an absent person (tables/clocks.py); `out`: "left" or "lost" (on time), for good.
                "away": bool(s.get("stand_in")) and not s.get("out"),
                "out": s.get("out"),
            }
            for i, s in enumerate(row.seats)
        ],
        "clock": clock_view(row.options, row.clock),
        "options": options,
        "created": iso(row.created),
        "updated": iso(row.updated),
        "seq": row.seq,
    }


def describe(module: GameModule, move: Move, name: str) -> Text:
    """A log entry's sentence when the game tells none, from the engine's own words for the move."""
    # TRANSLATORS: a player and a move as the game words it with its subject left out ("Ann" "drew a tile").
    return t("{player} {move}", player=Seat(move.player, name), move=module.move_text(move.action, move.draws))


def log_entry(
    module: GameModule, move: Move, seq: int, names: list[str], lines: Sequence[Text] | None = None
) -> dict[str, Any]:
    """The public log entry of the action that brought the table to `seq`: the move told in `lines` (its phrase
    when none are given), in English (`lines`, `text` the first) and as texts each reader renders (`said`)."""
    name = names[move.player] if 0 <= move.player < len(names) else f"Player {move.player + 1}"
    texts = list(lines) if lines else [describe(module, move, name)]
    told = [english(line) for line in texts]
    return {
        "seq": seq,
        "player": move.player,
        "name": name,
        "notation": module.action_to_str(move.action),
        "text": told[0],
        "lines": told,
        "said": [line.as_json() for line in texts],
        "draws": list(move.draws),
    }


def undo_entry(module: GameModule, taken: Move, seq: int, names: list[str], undoes: int) -> dict[str, Any]:
    """The public log entry of an undo step (seq `seq`): `taken`, the move of seq `undoes`, was taken back by its
    player ("Ana took back: bid sun disk 7", "You took back: …" for Ana)."""
    entry = log_entry(module, Move(taken.player, taken.action), seq, names, [taken_back(module, taken, names)])
    entry.update(notation="undo", undoes=undoes)
    return entry


def narrated_entry(
    module: GameModule,
    before: GameState,
    after: GameState,
    names: list[str],
    views: tuple[Mapping[str, Any], Mapping[str, Any]] | None = None,
    seq: int | None = None,
) -> dict[str, Any]:
    """The log entry of `after`'s last move, told by the engine from the spectator views before and after it
    (`views`, when the caller has them already); `seq` is the table's seq after it (default: the moves so far)."""
    move = after.history[-1]
    seen = views or (seat_view(before, None, names), seat_view(after, None, names))
    at = len(after.history) if seq is None else seq
    return log_entry(module, move, at, names, narration_texts(module, seen[0], seen[1], move))


def seat_view(state: GameState, seat: int | None, names: list[str]) -> dict[str, Any]:
    """`state.view(seat)` with the seats' current names (names may change after the game started)."""
    return _named(state.view(seat), names)


def _named(view: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    named = dict(view)
    if "names" in named:
        named["names"] = list(names)
    return named


def version_views(module: GameModule, state: GameState, names: list[str]) -> dict[int | None, dict[str, Any]]:
    """The spectator's view of `state` with these names, and every seat's when the game makes them at once (its
    optional `views`: the public parts built once and shared, so the views are read only); else the seats' are
    left to be made when a connection needs one."""
    many = getattr(module, "views", None)
    if many is None:
        return {None: seat_view(state, None, names)}
    viewers: list[int | None] = [None, *range(len(names))]
    return {viewer: _named(view, names) for viewer, view in zip(viewers, many(state, viewers), strict=True)}


class Snapshot:
    """One version of a table, as published: each seat's view and explanation made once, on demand, and shared by
    every connection of that seat (spectators share one); its socket frames are ra.server.http.outgoing's."""

    def __init__(
        self,
        version: int,
        state: GameState,
        log: list[dict[str, Any]],
        log_json: list[str],
        row: TableRow,
        module: GameModule | None = None,
        views: Mapping[int | None, dict[str, Any]] | None = None,
        seq: int | None = None,
        undo: dict[str, int] | None = None,
        log_generation: int = 0,
    ) -> None:
        self.version = version
        self.state = state  # never mutated again: the service applies actions to a clone
        # The stored steps so far (moves and undo steps: docs/PROTOCOL.md); without undo steps, the moves.
        self.seq = seq = len(state.history) if seq is None else seq
        self.log = log[:seq]
        self.names = [s["name"] for s in row.seats]
        self.summary = summary(row)
        self.module = module
        self.options = row.options  # its table options: which of the game's helpers explanations show
        self.undo = undo  # who may take back which move now (`Table.undo_offer`), the same for every seat
        self.log_generation = log_generation  # which serialization of the log `log_json` is (Table.snap)
        # Each log entry serialized once for the table's life: the socket's frames are put together from them
        # (ra.server.http.outgoing: the whole log, or its entries from a seq on for clients that kept the others).
        self.log_json = log_json[:seq]
        # `views`: the views of `state` with these names made already, by viewer (the spectator's told the last
        # move; the seats' were made with it when the game makes them at once: `version_views`).
        self._views: dict[int | None, dict[str, Any]] = {} if views is None else dict(views)
        self._explained: dict[int | None, dict[str, Any] | None] = {}
        # This version's socket frames, made by ra.server.http.outgoing when it is first sent (None until then).
        self.frames: object | None = None

    def view(self, seat: int | None) -> dict[str, Any]:
        """A seat's view (None: spectator's), made once per version; never to be changed by the caller."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = seat_view(self.state, seat, self.names)
        return view

    def explanation(self, seat: int | None) -> dict[str, Any] | None:
        """The engine's explanation of a seat's view (only what that view shows; None if the game has none), made
        once per version: it costs far more than the view, and most versions are never explained to anyone."""
        if seat in self._explained:
            return self._explained[seat]
        explained = self._explained[seat] = self.explain(self.view(seat))
        return explained

    def payload(self, seat: int | None) -> dict[str, Any]:
        """`{"seq","view","explain","log","undo"}` for a seat (None: spectator)."""
        view, explained = self.view(seat), self.explanation(seat)
        return {"seq": self.seq, "view": view, "explain": explained, "log": self.log, "undo": self.undo}

    def explain(self, view: Mapping[str, Any]) -> dict[str, Any] | None:
        """The engine's explanation of a view (only what that view shows; None if the game has none)."""
        return None if self.module is None else explanation(self.module, view, self.options)


@dataclass(eq=False)
class Table:
    """A loaded table: its stored row, the live game state, the public log and the bot spec of each bot seat."""

    row: TableRow
    module: GameModule
    state: GameState
    log: list[dict[str, Any]]
    bots: dict[int, str]
    log_json: list[str] = field(default_factory=list)  # each log entry serialized
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    snapshot: Snapshot | None = None
    current_at: list[tuple[int, ...]] = field(default_factory=list)  # current players at each seq
    # The views of `state` with `names` made so far, by viewer: the spectator's, which tells the next move and
    # spectators see, and every seat's when the game made them at once with it (`version_views`).
    seen: tuple[GameState, list[str], dict[int | None, dict[str, Any]]] | None = None
    bot_seconds: float = 2.0  # what a bot playing for an absent person may search (creation.stand_in_bots)
    # Every stored step (moves and undo steps, ra.core.undo), and the state just before the last move that stands.
    steps: list[Step] = field(default_factory=list)
    before: GameState | None = None
    judged: tuple[GameState, int, Verdict] | None = None  # the verdict on `state` after `steps`, once asked
    # `log_json` as last published, and its number: entries appended keep the number, a log serialized anew gets one.
    log_serialized: list[str] | None = None
    log_generation: int = 0

    def still_open(self, seat: int, seq: int) -> bool:
        """True if `seat` has been to act ever since `seq` without acting (its decision is unchanged)."""
        if not 0 <= seq <= self.seq or len(self.current_at) != self.seq + 1:
            return False
        return all(seat in self.current_at[k] for k in range(seq, self.seq + 1)) and all(
            self.steps[k].player != seat for k in range(seq, self.seq)
        )

    def verdict(self) -> Verdict:
        """Whether the last move that stands may be taken back by its player now (ra.core.undo), judged once per
        version of the game."""
        judged = self.judged
        if judged is None or judged[0] is not self.state or judged[1] != len(self.steps):
            verdict = judge(self.steps, self.before, self.state, getattr(self.module, "reveals", None))
            self.judged = judged = (self.state, len(self.steps), verdict)
        return judged[2]

    def needs_judging(self) -> bool:
        """True if the verdict on the last move takes comparing every seat's views (a person's move that drew
        nothing, in a game that does not say how it reveals: a few milliseconds in a big game, so callers judge it in
        a thread) and was not made yet."""
        history = self.state.history
        if not history or history[-1].player in self.bots or history[-1].draws or hasattr(self.module, "reveals"):
            return False
        judged = self.judged
        return judged is None or judged[0] is not self.state or judged[1] != len(self.steps)

    def undo_offer(self) -> dict[str, int] | None:
        """`{"player", "seq"}`: the person seat that may take back its move of step `seq` now; None if nobody may
        (the table has the option `undo` off, is abandoned, or its last move is a bot's or stands)."""
        if not table_option(self.row.options, "undo") or self.row.status == "abandoned":
            return None
        history = self.state.history
        if not history or history[-1].player in self.bots or history[-1].draws:
            return None  # decided without comparing views: the hot path of tables played by bots
        verdict = self.verdict()
        if not verdict.open or verdict.player is None or verdict.seq is None or verdict.player in self.bots:
            return None
        return {"player": verdict.player, "seq": verdict.seq}

    @property
    def names(self) -> list[str]:
        """The seats' current names."""
        return [s["name"] for s in self.row.seats]

    @property
    def seq(self) -> int:
        """Steps stored so far: the moves accepted, and the undo steps that took some back (versions only grow)."""
        return len(self.steps)

    def snap(self) -> Snapshot:
        """The current version's snapshot (made once per version)."""
        if self.snapshot is None or self.snapshot.version != self.version:
            if len(self.log_json) != len(self.log):
                self.log_json = [json_text(entry) for entry in self.log]
            if self.log_json is not self.log_serialized:  # a new list: its entries may have changed (names)
                self.log_serialized, self.log_generation = self.log_json, next(_LOG_GENERATIONS)
            views, undo = self.views(), self.undo_offer()
            self.snapshot = Snapshot(
                self.version,
                self.state,
                self.log,
                self.log_json,
                self.row,
                self.module,
                views,
                self.seq,
                undo,
                self.log_generation,
            )
        return self.snapshot

    def views(self) -> dict[int | None, dict[str, Any]]:
        """The views of the current state with the current names made so far, by viewer: the spectator's always
        (made now if need be), the seats' if the game made them with it (never to be changed)."""
        names, seen = self.names, self.seen
        if seen is None or seen[0] is not self.state or seen[1] != names or None not in seen[2]:
            self.seen = seen = (self.state, names, {None: seat_view(self.state, None, names)})
        return seen[2]

    def name_log(self, seats: Sequence[Mapping[str, Any]]) -> None:
        """Give the log's entries the names of `seats` (the table's seats from now on). Only if a name changed is the
        log serialized anew (a new generation: clients that kept entries get it whole); a seat taken, away or back
        keeps it, so that they still get only the new entries."""
        changed = False
        for entry in self.log:
            player = entry["player"]
            if 0 <= player < len(seats) and entry["name"] != seats[player]["name"]:
                entry["name"], changed = seats[player]["name"], True
        if changed:
            self.log_json = []

    def spectator_view(self) -> dict[str, Any]:
        """The spectator's view of the current state with the current names (made once; never to be changed)."""
        return self.views()[None]

    def bot_seats_to_act(self) -> list[int]:
        """Bot seats among the players who must act now."""
        if self.state.is_terminal():
            return []
        return [p for p in self.state.current_players() if p in self.bots]
