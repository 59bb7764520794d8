"""The players' clocks: a table's pace, each seat's time, the timers that act for an absent player, leaving a game.

A table's pace is chosen at creation and kept in its options (`pace`, checked by pace.py's `check_pace`): none (the
default: no clock), `live` (a time bank per seat plus an increment per turn, BGA's Fischer clock) or `turn`
(turn-based: a time per move, hours or days). What happens when a seat's time runs out is also chosen (`timeout`):

- `bot`: a bot of the chosen `level` plays for the seat until its person returns (they reconnect, act, or press
  "I'm back"); the seat shows `away`. A returning person gets their time left, at least `RETURN_GRACE` seconds
  (turn-based: a fresh time per move).
- `skip`: the seat plays one of the game's pass-like moves (the game's `PASS_MOVES`, when one is legal), and keeps
  its seat; where none is legal now, the seat is handled as under `bot`.
- `lose`: the game ends for that seat: a bot plays its moves to the end so the others play on, the seat shows
  `out: "lost"`, and the results place it after every seat still in (ratings/sweep.py).

Leaving a game (`leave`) hands the seat to a bot for good (`out: "left"`), placed like a lost seat.

The clock's state (`Table.row.clock`: per seat `left`, the seconds left, and `since`, when its time began to run, or
None) is written with each move, in the move's own transaction (storage/writes.py). Only persons' seats that are to
act run, and only while the table is `running` (every person seat taken). RA and Write's simultaneous choices run
the clock of every seat that must choose at once. The timer is the row's `due`: each process's `TableClocks.sweep`
looks for due ones every `clock_sweep_seconds`, and a time-out is stored once across processes (storage/timers.py),
or, for `skip`, is the pass move itself (the moves' unique key decides).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import replace
from typing import Any

from ra.core.protocol import GameModule, GameState
from ra.core.text import t
from ra.server.settings import ServiceSettings
from ra.server.storage.sql import SqlStorage
from ra.server.storage.timers import due_tables, store_event
from ra.server.sweeps import Sweep
from ra.server.tables.commits import StorageCalls
from ra.server.tables.creation import stand_in_bots
from ra.server.tables.errors import ServiceError
from ra.server.tables.loaded import TableLoader
from ra.server.tables.pace import LIVE, RETURN_GRACE, charged, due_of, pace_of, ran_out
from ra.server.tables.summary import status_of
from ra.server.tables.table import Change, Table
from ra.server.time_source import TimeSource

log = logging.getLogger("ra.server")
# A leave decided while a move was being stored elsewhere is decided again this many times before "try again".
LEAVE_TRIES = 3


def timed_seats(table: Table, state: GameState, status: str) -> set[int]:
    """The seats whose clocks run in `state`: persons' seats to act, played by no bot, at a running table."""
    if status != "running" or state.is_terminal():
        return set()
    return {p for p in state.current_players() if p not in table.bots}


ClockWrite = tuple[dict[str, Any] | None, dt.datetime | None]
Publish = Callable[[Table], None]
Play = Callable[[Table, int, int], Awaitable[None]]
CatchUp = Callable[[Table], Awaitable[bool]]


def turn_ended(module: GameModule, before: GameState, after: GameState, mover: int) -> bool:
    """Whether the mover's action ended its turn: as the game tells (its optional `turn_over`), else when the mover
    is no longer to act."""
    turn_over = getattr(module, "turn_over", None)
    return bool(turn_over(before, after, mover)) if turn_over else mover not in after.current_players()


class TableClocks:
    """The clocks of this process's tables: what each move and seat change does to a clock (the service's hooks,
    `tables/interfaces.py`'s `Clocks`), the seats' clock events (time-out, return, leave), and the sweep."""

    def __init__(
        self,
        storage: SqlStorage,
        db: StorageCalls,
        tables: TableLoader,
        time_source: TimeSource,
        settings: ServiceSettings,
    ) -> None:
        self.storage, self.db, self.tables, self.time_source, self.settings = storage, db, tables, time_source, settings
        # Bound by assembly.py once the service exists.
        self.play: Play | None = None
        self.publish: Publish | None = None
        self.kick: Publish | None = None
        self.catch_up: CatchUp | None = None
        self._sweep = Sweep("ra-clocks", self.sweep, settings.clock_sweep_seconds, what="clock sweep")
        self._skipping: set[str] = set()  # tables whose next move is a time-out's pass (counted as fired)

    # -- the service's hooks ----------------------------------------------------------------------------------

    def after_move(self, table: Table, new: GameState, status: str) -> ClockWrite:
        """The clock and timer to store with the move that made `new` (None, None: the table has no clock)."""
        pace, clock = pace_of(table.row.options), table.row.clock
        if pace is None or clock is None:
            return None, None
        mover = new.history[-1].player
        earned = turn_ended(table.module, table.state, new, mover)
        fresh = charged(pace, clock, mover, timed_seats(table, new, status), self.time_source(), earned)
        if table.row.id in self._skipping:
            fresh["fired"] = int(fresh.get("fired", 0)) + 1
        return fresh, due_of(fresh)

    def after_undo(self, table: Table, back: GameState, status: str) -> ClockWrite:
        """The clock and timer to store with an undo step that brings back `back`: its seats to act run again, and
        nobody earns an increment; one the move taken back earned is given back (playing the turn again earns it
        again). None, None: the table has no clock."""
        pace, clock = pace_of(table.row.options), table.row.clock
        if pace is None or clock is None:
            return None, None
        mover = table.state.history[-1].player
        if pace["kind"] == LIVE and turn_ended(table.module, back, table.state, mover):
            seats = [dict(s) for s in clock["seats"]]
            seats[mover]["left"] = max(0.0, seats[mover]["left"] - float(pace["increment"]))
            clock = {**clock, "seats": seats}
        fresh = charged(pace, clock, None, timed_seats(table, back, status), self.time_source())
        return fresh, due_of(fresh)

    def after_seats(self, table: Table, seats: list[dict[str, Any]], status: str) -> ClockWrite | None:
        """The clock to store with a seat change (None: unchanged): it starts when the table starts running."""
        pace, clock = pace_of(table.row.options), table.row.clock
        if pace is None or clock is None or status == table.row.status:
            return None
        fresh = charged(pace, clock, None, timed_seats(table, table.state, status), self.time_source())
        return fresh, due_of(fresh)

    async def before_act(self, table: Table, seat: int) -> None:
        """A person acts: refused if they left or lost the seat; a seat a bot played while they were away is theirs
        again first. Caller holds `table.lock`."""
        spec = table.row.seats[seat]
        if spec.get("out"):
            raise ServiceError("forbidden", t("you are out of this game: a bot plays this seat to its end"))
        if spec.get("stand_in"):
            await self._back(table, seat)

    # -- seats' events ----------------------------------------------------------------------------------------

    async def back(self, table: Table, seat: int) -> None:
        """The person of an away seat is back ("I'm back", or they reconnected): the seat is theirs again."""
        table = await self.tables.live(table)
        async with table.lock:
            if table.row.seats[seat].get("stand_in") and not table.row.seats[seat].get("out"):
                await self._back(table, seat)

    async def ensure(self, table: Table) -> None:
        """Start the clocks that should run and do not (a client connected): two processes seating the last two
        persons at once each saw the table still open, so neither started them. Nothing to do mostly (no query)."""
        pace, clock = pace_of(table.row.options), table.row.clock
        if pace is None or clock is None:
            return
        idle = [i for i in timed_seats(table, table.state, table.row.status) if clock["seats"][i]["since"] is None]
        if not idle:
            return
        table = await self.tables.live(table)
        async with table.lock:
            clock = table.row.clock or clock
            if any(clock["seats"][i]["since"] is None for i in timed_seats(table, table.state, table.row.status)):
                try:
                    await self._event(table, {})
                except Exception as exc:  # storage away: the next connection tries again
                    log.warning("table %s: its clocks could not start: %s: %s", table.row.id, type(exc).__name__, exc)

    async def leave(self, table: Table, seat: int) -> None:
        """The person leaves the game: a bot plays the seat to its end."""
        for _ in range(LEAVE_TRIES):  # a move stored meanwhile (a bot's, another process's) is caught up: again
            table = await self.tables.live(table)
            async with table.lock:
                if table.state.is_terminal() or table.row.status not in ("open", "running"):
                    raise ServiceError("illegal", t("the game is over"))
                if table.row.seats[seat].get("out"):
                    return
                pace = pace_of(table.row.options)
                level = pace["level"] if pace is not None else "medium"
                if await self._event(table, {seat: {"stand_in": level, "out": "left"}}, stop=[seat]):
                    return
        raise ServiceError("stale", t("the table moved on; try again"))

    async def _back(self, table: Table, seat: int) -> None:
        if not await self._event(table, {seat: {"stand_in": None}}, grace=[seat]):
            raise ServiceError("stale", t("the table moved on; try again"))

    async def _event(
        self,
        table: Table,
        changes: dict[int, dict[str, Any]],
        stop: Collection[int] = (),
        grace: Collection[int] = (),
        fired: int = 0,
    ) -> bool:
        """Store a clock event on the table as this process has it (caller holds the lock): the seat fields to
        change, the seats whose clocks stop, the seats given back (their time at least RETURN_GRACE). False if the
        table changed elsewhere first (it is caught up: decide again)."""
        row, at = table.row, self.time_source()
        seats = [dict(s) for s in row.seats]
        for i, fields in changes.items():
            for key, value in fields.items():
                if value is None:
                    seats[i].pop(key, None)
                else:
                    seats[i][key] = value
        after = replace(row, seats=seats)
        probe = replace(table, row=after, bots=stand_in_bots(after, table.bots, table.bot_seconds))
        clock, due = row.clock, row.due
        pace = pace_of(row.options)
        if pace is not None and clock is not None:
            clock = {**clock, "seats": [dict(s) for s in clock["seats"]], "fired": int(clock.get("fired", 0)) + fired}
            for i in stop:  # charged the time they had, then stopped
                seat = clock["seats"][i]
                if seat["since"] is not None:
                    seat["left"] = max(0.0, seat["left"] - max(0.0, at - seat["since"]))
                seat["since"] = None
            timed = timed_seats(probe, table.state, row.status)
            for i in grace:
                left = clock["seats"][i]["left"]
                clock["seats"][i]["left"] = max(left, RETURN_GRACE, float(pace.get("increment", 0)))
            clock = charged(pace, clock, None, timed, at)
            due = due_of(clock)
        bots_due = bool(probe.bot_seats_to_act())
        stamp = self.time_source.now()
        stored = await self.db(
            store_event,
            self.storage.engine,
            self.storage.leases,
            row.id,
            table.seq,
            row.clock_version,
            changes,
            clock or {},
            due,
            stamp,
            bots_due,
        )
        if stored is None:
            if self.catch_up is not None:
                await self.catch_up(table)
            return False
        new = replace(row, seats=stored, clock=clock, due=due, clock_version=row.clock_version + 1, updated=stamp)
        new.status = status_of(new, table.state)
        table.swap(Change(row=new, bots=stand_in_bots(new, table.bots, table.bot_seconds)))
        if self.publish is not None:
            self.publish(table)
        if bots_due and self.kick is not None:
            self.kick(table)
        return True

    # -- timers -----------------------------------------------------------------------------------------------

    def start(self) -> None:
        """Look for due timers every `clock_sweep_seconds` from now on."""
        self._sweep.start()

    async def stop(self) -> None:
        """Stop looking."""
        await self._sweep.stop()

    async def sweep(self) -> int:
        """One round: act on every due timer (at most a batch); how many time-outs this process acted on."""
        engine = self.storage.engine
        found = await self.db(due_tables, engine, self.time_source.now(), self.settings.clock_sweep_batch)
        fired = 0
        for table_id in found:
            try:
                fired += await self.fire(table_id)
            except ServiceError as exc:
                log.info("table %s: its timer waits (%s: %s)", table_id, exc.code, exc.message)
        return fired

    async def fire(self, table_id: str) -> int:
        """Act on a table's timer if it is due: each seat whose time ran out gets the table's policy; how many."""
        table = await self.tables.get(table_id)
        async with table.lock:
            if self.catch_up is not None:
                await self.catch_up(table)  # another process may have acted on it already
            pace, clock = pace_of(table.row.options), table.row.clock
            if pace is None or clock is None or table.state.is_terminal():
                return 0
            out = ran_out(clock, self.time_source())
            if not out:
                return 0
            policy = pace["timeout"]
            if policy == "skip":
                skipped = await self._skip(table, out[0])
                if skipped:
                    return 1
            level = pace["level"]
            fields: dict[str, Any] = {"stand_in": level, "out": "lost"} if policy == "lose" else {"stand_in": level}
            for seat in out:
                log.info("table %s: seat %d ran out of time (%s)", table_id, seat, policy)
            done = await self._event(table, {seat: dict(fields) for seat in out}, stop=out, fired=len(out))
            return len(out) if done else 0

    async def _skip(self, table: Table, seat: int) -> bool:
        """Play a pass-like move for the seat (the game's PASS_MOVES), if one is legal now. Caller holds the lock."""
        passes = getattr(table.module, "PASS_MOVES", ())
        legal = set(table.state.legal_actions(seat))
        for notation in passes:
            action = table.module.str_to_action(notation)
            if action in legal and self.play is not None:
                log.info("table %s: seat %d ran out of time and passes (%s)", table.row.id, seat, notation)
                self._skipping.add(table.row.id)
                try:
                    await self.play(table, seat, action)
                except ServiceError as exc:
                    if exc.code != "stale":
                        raise
                    return True  # another process stored a move first: that one stands
                finally:
                    self._skipping.discard(table.row.id)
                if self.kick is not None:
                    self.kick(table)  # a bot may be next
                return True
        return False
