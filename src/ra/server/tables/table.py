"""A table in memory (`Table`): its stored row, the live game, the public log, and caches of what is published."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ra.core.protocol import GameModule, GameState
from ra.core.undo import Step, Verdict, judge
from ra.server.storage.rows import TableRow
from ra.server.tables.snapshot import Snapshot, seat_view
from ra.server.tables.story import table_option
from ra.server.tables.wire import json_text

# A number for each serialization of a table's log, unique in the process: a connection that kept the log's entries
# of one gets only the new ones of the next; a log serialized afresh (names changed, the table reloaded) is sent whole.
_LOG_GENERATIONS = itertools.count(1)


class Steps(NamedTuple):  # a tuple: made once a move, cheaply
    """Stored steps (moves and undo steps, ra.core.undo) that take a table's game on; `anew`: its whole game, from
    the start (a rebuild), in place of the one it had."""

    state: GameState  # the game after them: never mutated again
    before: GameState | None  # the game just before the last move that stands (None if none stands)
    steps: Sequence[Step]
    current_at: Sequence[tuple[int, ...]]  # the current players after each step (`anew`: at seq 0 first)
    entries: Sequence[dict[str, Any]]  # the log entry of each step
    # The views of `state` with the table's names made with it, by viewer (None: none made, or names changed).
    views: Mapping[int | None, dict[str, Any]] | None = None
    anew: bool = False


class Change(NamedTuple):
    """What one `Table.swap` changes; None: stays as it is."""

    row: TableRow | None = None  # a new row object (never one changed in place: published snapshots keep theirs)
    bots: Mapping[int, str] | None = None
    steps: Steps | None = None


# The fields that `Table` itself fills in as they are asked for (caches, the version count): every other field
# changes only through `Table.swap` (tests/server/test_table_swap.py).
_CACHES = frozenset({"version", "snapshot", "seen", "judged", "log_json", "log_serialized", "log_generation"})


@dataclass(eq=False, frozen=True)
class Table:
    """A loaded table: its stored row, the live game state, the public log and the bot spec of each bot seat.

    Frozen: its data changes in one place, `swap` (a move, an undo, seats, a clock event, a catch-up, a rebuild), so
    that nothing outside this class assigns a field or changes its lists."""

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
            judged = (self.state, len(self.steps), verdict)
            self._cache("judged", judged)
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
                self._cache("log_json", [json_text(entry) for entry in self.log])
            if self.log_json is not self.log_serialized:  # a new list: its entries may have changed (names)
                self._cache("log_serialized", self.log_json)
                self._cache("log_generation", next(_LOG_GENERATIONS))
            views, undo = self.views(), self.undo_offer()
            snapshot = Snapshot(
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
            self._cache("snapshot", snapshot)
            return snapshot
        return self.snapshot

    def new_version(self) -> Snapshot:
        """Count a new version (the table changed, or its watchers are to be told again) and snap it."""
        self._cache("version", self.version + 1)
        return self.snap()

    def views(self) -> dict[int | None, dict[str, Any]]:
        """The views of the current state with the current names made so far, by viewer: the spectator's always
        (made now if need be), the seats' if the game made them with it (never to be changed)."""
        names, seen = self.names, self.seen
        if seen is None or seen[0] is not self.state or seen[1] != names or None not in seen[2]:
            seen = (self.state, names, {None: seat_view(self.state, None, names)})
            self._cache("seen", seen)
        return seen[2]

    def swap(self, change: Change) -> None:
        """Make `change` the table's new data: the one place it changes. New rows and states come in as new objects
        (snapshots already published keep the old ones); steps are added to the steps, current players and log (or
        replace them, `anew`). A row with other seats gives the log's entries their names. Called under the table's
        lock (the abandon sweep's `updated` stamp aside)."""
        renamed = change.row is not None and change.row.seats != self.row.seats
        if change.row is not None:
            object.__setattr__(self, "row", change.row)
        if change.bots is not None:
            object.__setattr__(self, "bots", dict(change.bots))
        played = change.steps
        if played is not None:
            if played.anew:
                object.__setattr__(self, "steps", list(played.steps))
                object.__setattr__(self, "current_at", list(played.current_at))
                object.__setattr__(self, "log", list(played.entries))
                self._cache("log_json", [])  # serialized again for the next snapshot: a new generation
            else:
                self.steps.extend(played.steps)
                self.current_at.extend(played.current_at)
                self.log.extend(played.entries)
                self.log_json.extend(json_text(entry) for entry in played.entries)
            object.__setattr__(self, "state", played.state)
            object.__setattr__(self, "before", played.before)
            views = played.views
            self._cache("seen", None if views is None else (played.state, self.names, dict(views)))
        if renamed:
            self._name_log(self.row.seats)

    def _name_log(self, seats: Sequence[Mapping[str, Any]]) -> None:
        """Give the log's entries the names of `seats` (the table's seats from now on). Only if a name changed is the
        log serialized anew (a new generation: clients that kept entries get it whole); a seat taken, away or back
        keeps it, so that they still get only the new entries."""
        changed = False
        for entry in self.log:
            player = entry["player"]
            if 0 <= player < len(seats) and entry["name"] != seats[player]["name"]:
                entry["name"], changed = seats[player]["name"], True
        if changed:
            self._cache("log_json", [])

    def _cache(self, name: str, value: Any) -> None:
        """Fill in what the table makes as it is asked for (never its data: `swap`)."""
        assert name in _CACHES, name
        object.__setattr__(self, name, value)

    def spectator_view(self) -> dict[str, Any]:
        """The spectator's view of the current state with the current names (made once; never to be changed)."""
        return self.views()[None]

    def bot_seats_to_act(self) -> list[int]:
        """Bot seats among the players who must act now."""
        if self.state.is_terminal():
            return []
        return [p for p in self.state.current_players() if p in self.bots]
