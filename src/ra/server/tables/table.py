"""A table in memory (`Table`): its stored row, the live game, the public log, and caches of what is published."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ra.core.protocol import GameModule, GameState
from ra.core.undo import Step, Verdict, judge
from ra.server.storage.rows import TableRow
from ra.server.tables.snapshot import Snapshot, seat_view
from ra.server.tables.story import table_option
from ra.server.tables.wire import json_text

# A number for each serialization of a table's log, unique in the process: a connection that kept the log's entries
# of one gets only the new ones of the next; a log serialized afresh (names changed, the table reloaded) is sent whole.
_LOG_GENERATIONS = itertools.count(1)


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
