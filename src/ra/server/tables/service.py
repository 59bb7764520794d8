"""The table service: create tables, check and apply actions under a per-table lock, commit, publish.

Game-agnostic: every game is reached through `ra.games.game_module(name)`. Its collaborators come in as the small
interfaces of interfaces.py: the pub/sub that tells every connection, the bot runner (`Bots`) and the other processes
serving the same tables (`Peers`); the tables themselves are `loaded.TableLoader` (loaded ones, others rebuilt from
storage). The seed never leaves the tables except into storage. Storage failures answer `unavailable` and change
nothing in memory.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import replace
from typing import Any

from ra.bots import Plugins, make_bot, parse_spec, plugin_name
from ra.bots.plugins import plays
from ra.core.errors import GameOverError, IllegalActionError, NotYourTurnError, text_of
from ra.core.protocol import GameState, Move
from ra.core.text import t
from ra.core.undo import Step, reasons
from ra.server.metrics import meter
from ra.server.storage.rows import MoveRow, NewMove, SeqConflictError, Storage
from ra.server.tables.cache import ReplayCache
from ra.server.tables.commits import GroupCommit, StorageCalls
from ra.server.tables.creation import invitations, new_table
from ra.server.tables.errors import GAME_OVER, ServiceError
from ra.server.tables.interfaces import Bots, Clocks, Peers, PubSub, Subscription, Turns
from ra.server.tables.loaded import TableLoader
from ra.server.tables.log import narrated_entry, undo_entry
from ra.server.tables.names import UNNAMED, check_name
from ra.server.tables.rebuild import replay_json, state_before_last
from ra.server.tables.requests import NewTable
from ra.server.tables.snapshot import Snapshot, version_views
from ra.server.tables.story import table_option
from ra.server.tables.summary import status_of, summary
from ra.server.tables.table import Change, Steps, Table
from ra.server.tables.tokens import hash_matches, token_matches
from ra.server.time_source import TimeSource

log = logging.getLogger("ra.server")


class MovedOn(ServiceError):
    """`stale`: another process stored a move first; the table has been caught up with it since."""


class TableService:
    """Every table of one server: in-memory games backed by `Storage`, updates published through `PubSub`."""

    def __init__(
        self,
        storage: Storage,
        tables: TableLoader,
        pubsub: PubSub[Snapshot],
        bots: Bots,
        peers: Peers,
        *,
        db: StorageCalls,
        replays: ReplayCache,
        clocks: Clocks,
        time_source: TimeSource,
        turns: Turns | None = None,
    ) -> None:
        self.storage, self.tables, self.pubsub = storage, tables, pubsub
        self.bots, self.peers, self.turns = bots, peers, turns
        self.clocks, self.time_source = (
            clocks,
            time_source,
        )  # the players' clocks; the game's time (ra.server.time_source)
        self.db, self.replays = db, replays
        self.stopping = False
        self.commits = GroupCommit(self._add_moves)

    def pinned(self, table_id: str) -> bool:
        """A table stays in memory while clients watch it, a bot plays it or an action is being stored."""
        table = self.tables.peek(table_id)
        return (
            self.pubsub.subscribers(table_id) > 0
            or self.bots.busy(table_id)
            or (table is not None and table.lock.locked())
        )

    # -- lifecycle ------------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bot workers, load the tables whose bot turns this process resumes (alone on its database:
        every unfinished one), and resume them."""
        self.bots.start()
        resume = await self.peers.tables_to_resume()
        if resume:
            self.bots.warm()  # the workers start while the tables are rebuilt
        for table_id in resume:
            try:
                table = await self.get(table_id)
            except ServiceError as exc:
                log.error("table %s cannot be loaded: %s", table_id, exc.message)
                continue
            except Exception as exc:
                log.error("table %s cannot be rebuilt: %s: %s", table_id, type(exc).__name__, exc)
                continue
            if table.bot_seats_to_act():
                self.kick_bots(table)
            else:
                await self.peers.settled(table)

    async def stop(self) -> None:
        """Stop the bots at once (killing their workers), finish storing, release storage."""
        self.stopping = True
        await self.bots.stop()
        self.replays.cancel_builds()
        await self.commits.drain()
        self.db.shutdown()
        self.storage.close()

    # -- tables -----------------------------------------------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        """A loaded table (rebuilt from storage if not in memory); ServiceError not_found if there is none."""
        return await self.tables.get(table_id)

    async def live(self, table: Table) -> Table:
        """The loaded copy of `table` (a caller's copy may have left memory meanwhile: it is reloaded)."""
        return await self.tables.live(table)

    def subscribe(self, table_id: str) -> Subscription[Snapshot]:
        """Every new version of the table from now on (its newest only, for a slow reader)."""
        return self.pubsub.subscribe(table_id)

    async def refresh(self, table: Table) -> None:
        """Catch the table up with the database if another process moved it on (a client is about to see it)."""
        async with table.lock:
            await self.peers.refresh(table)

    async def create(self, asked: NewTable) -> dict[str, Any]:
        """Create a table as `asked`; the answer holds each person seat's token and invite link, and the
        creator's token (`invites` gives the links again)."""
        plugins = self.tables.plugins
        fresh = new_table(asked, lambda spec, game: _check_bot(spec, game, plugins))
        await self.db(self.storage.create_table, fresh.row)
        table = self.tables.add(fresh.row, fresh.state)
        self.kick_bots(table)
        return {**invitations(fresh.row, fresh.creator), "creator": fresh.creator}

    async def invites(self, table_id: str, creator: Any) -> dict[str, Any]:
        """The invite links of a table again, for its creator's token; ServiceError forbidden for any other."""
        table = self.tables.peek(table_id)
        row = table.row if table is not None else await self.db(self.storage.get_table, table_id)
        if row is None:
            raise ServiceError("not_found", t("there is no table {table}", table=repr(table_id)))
        if not hash_matches(row.creator_hash, creator):
            raise ServiceError("forbidden", t("wrong creator token for this table"))
        return invitations(row, creator)

    async def list_tables(self, status: str | None) -> list[dict[str, Any]]:
        """Summaries of the tables (optionally of one status), most recently updated first."""
        if status not in (None, "open", "running", "finished", "abandoned"):
            # TRANSLATORS: the statuses are code, the same in every language.
            raise ServiceError(
                "bad_message", t("status is one of {statuses}", statuses="open, running, finished, abandoned")
            )
        rows = await self.db(self.storage.list_tables, status)
        loaded = [self.tables.peek(r.id) for r in rows]
        return [summary(t.row if t is not None else r) for r, t in zip(rows, loaded, strict=True)]

    # -- seats ----------------------------------------------------------------------------------------------

    def seat_of(self, table: Table, seat: Any, token: Any) -> int | None:
        """The seat a (seat, token) pair speaks for, None for a spectator; ServiceError forbidden otherwise."""
        if seat is None or seat == "":
            return None
        try:
            n = int(seat)
        except (TypeError, ValueError):
            raise ServiceError(
                "bad_message", t("seat must be a seat number, not {seat}", seat=repr(str(seat)[:20]))
            ) from None
        if not 0 <= n < len(table.row.seats):
            raise ServiceError("bad_message", t("there is no seat {seat} at this table", seat=n))
        if table.row.seats[n]["kind"] != "person":
            raise ServiceError("forbidden", t("seat {seat} is played by a bot", seat=n))
        if not token_matches(table.row.seats[n], token if isinstance(token, str) else None):
            raise ServiceError("forbidden", t("wrong token for seat {seat}", seat=n))
        return n

    async def seat_for(self, table: Table, seat: Any, token: Any) -> int | None:
        """`seat_of`, asked again of the stored table when the token is refused: another process may have given the
        seat a new token (a player took it from the lobby there) that this process has not read yet."""
        try:
            return self.seat_of(table, seat, token)
        except ServiceError as exc:
            if exc.code != "forbidden":
                raise
        await self.refresh(table)
        return self.seat_of(table, seat, token)

    async def join(self, table: Table, seat: int | None) -> None:
        """Mark a seat taken when its token first connects."""
        if seat is None or table.row.seats[seat].get("taken"):
            return
        table = await self.live(table)
        async with table.lock:
            seats = [dict(s) for s in table.row.seats]
            seats[seat]["taken"] = True
            await self._store_seats(table, seats)

    async def rename(self, table: Table, seat: int | None, name: Any, *, blank: bool = False) -> None:
        """Change a person seat's name (the seat's token was checked); `blank`: the seat's default name, which each
        reader reads in their language (its account was deleted: no bot account holds it either)."""
        if seat is None:
            raise ServiceError("forbidden", t("a spectator has no seat to rename"))
        name = UNNAMED if blank else check_name(name)
        table = await self.live(table)
        async with table.lock:
            seats = [dict(s) for s in table.row.seats]
            seats[seat]["name"] = name
            if blank:
                seats[seat].pop("account_bot", None)
            await self._store_seats(table, seats)

    async def reseat(self, table: Table, seat: int, token_hash: str, name: str, *, bot: bool = False) -> None:
        """Give a free person seat a new token (its hash) and name: a signed-in player takes it from the lobby
        (docs/ACCOUNTS.md), or a bot account accepts its invitation (`bot`: the summary marks the seat
        `account_bot`). ServiceError if the seat is a bot's or taken already."""
        table = await self.live(table)
        async with table.lock:
            seats = [dict(s) for s in table.row.seats]
            if seats[seat]["kind"] != "person" or seats[seat].get("taken"):
                raise ServiceError("state", t("seat {seat} is not free", seat=seat))
            seats[seat].update(token_hash=token_hash, name=check_name(name))
            if bot:
                seats[seat]["account_bot"] = True
            await self._store_seats(table, seats)

    async def _store_seats(self, table: Table, seats: list[dict[str, Any]]) -> None:
        """Store new seats, then (only then) change the table in memory and publish."""
        new = replace(table.row, seats=seats, updated=self.time_source.now())
        new.status = status_of(new, table.state)
        clock = self.clocks.after_seats(table, seats, new.status)  # a clock starts once every seat is taken
        if clock is not None:
            new.clock, new.due = clock
        write = clock or (None, None)
        await self.db(self.storage.update_table, new.id, seats, new.status, new.updated, table.row.seats, *write)
        table.swap(Change(row=new))  # the log's entries take the new names
        self.replays.forget(new.id)
        self._publish(table)

    # -- actions --------------------------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, seq: int, action: int) -> None:
        """A person's action at the seq they saw (its message validated already, `ra.server.http.messages`):
        applied, committed and published, or ServiceError."""
        received = time.perf_counter()  # the move latency counts the lock's wait and the catching up
        table = await self.live(table)
        async with table.lock:
            await self.peers.before_act(table)  # another process may have moved the table on
            if seq > table.seq:  # the client saw a version this process has not: another process made it
                await self.peers.catch_up(table)
            await self.clocks.before_act(table, seat)  # a seat a bot played while its person was away is theirs
            for last_try in (False, True):
                if seq != table.seq and not table.still_open(seat, seq):
                    raise ServiceError(
                        "stale",
                        t("stale action: you saw seq {seen}, the table is at seq {now}", seen=seq, now=table.seq),
                    )
                try:
                    await self.apply(table, seat, action, received)
                    break
                except MovedOn:
                    if last_try:
                        raise  # the table was caught up: check the action again on the newest state, once
        self.kick_bots(table)

    async def apply(self, table: Table, seat: int, action: int, received: float | None = None) -> None:
        """Apply (on a clone), commit, then swap in and publish. Caller holds `table.lock`; `received`: when the
        move came (perf_counter; now if not given), for its latency."""
        received = time.perf_counter() if received is None else received
        state = table.state
        if state.is_terminal():
            raise ServiceError("illegal", GAME_OVER)
        if table.row.status == "abandoned":
            raise ServiceError("illegal", t("this table was abandoned: nobody played or watched it for a long time"))
        if seat not in state.current_players():
            raise ServiceError("not_your_turn", t("it is not your turn"))
        new = state.clone()
        try:
            new.apply(action, seat)
        except NotYourTurnError as exc:
            raise ServiceError("not_your_turn", text_of(exc)) from None
        except (GameOverError, IllegalActionError) as exc:
            raise ServiceError("illegal", text_of(exc)) from None
        # Shielded: once handed to storage, the swap happens even if the caller is cancelled meanwhile.
        await asyncio.shield(self._commit(table, new, received))

    async def _commit(self, table: Table, new: GameState, received: float) -> None:
        """Commit the new state's last move (group commit), then swap it in and publish."""
        move: Move = new.history[-1]
        seq = table.seq + 1
        row = table.row
        status = status_of(row, new)
        # A bot's move for a person's seat (away, left, lost on time) is told as the bot's (tables/log.py).
        stand_in = move.player in table.bots and row.seats[move.player]["kind"] == "person"
        notation = table.module.action_to_str(move.action)
        record = MoveRow(seq, move.player, move.action, notation, move.draws, stand_in=stand_in)
        stamp = self.time_source.now()
        clock, timer = self.clocks.after_move(table, new, status)
        try:
            due = not new.is_terminal() and any(p in table.bots for p in new.current_players())
            were_due = any(p in table.bots for p in table.state.current_players())
            by_bot = move.player in table.bots
            item = NewMove(row.id, record, status, stamp, by_bot, due, were_due, clock, timer, row.clock_version)
            await self.commits.store(item)
        except SeqConflictError as exc:
            log.info("%s; catching up from storage", exc)  # another process won the race
            await self.peers.catch_up(table)
            raise MovedOn("stale", t("the table moved on; the newest state follows")) from None
        meter().move_accepted(row.game, time.perf_counter() - received)  # the one place a move is counted
        # Told from the spectator views before and after: the one before was made for the move before.
        names, before = table.names, table.state.current_players()
        views = version_views(table.module, new, names)
        after = views[None]
        entry = narrated_entry(table.module, table.state, new, names, (table.spectator_view(), after), seq, stand_in)
        step = Step(move.player, None, move.draws)
        played = Steps(new, table.state, [step], [new.current_players()], [entry], views)
        stored = replace(table.row, seq=seq, status=status, updated=stamp, clock=clock, due=timer)
        table.swap(Change(row=stored, steps=played))
        await self._judge(table)
        self._publish(table)
        if self.turns is not None:
            self.turns.moved(table, before)  # the turn notices

    async def _judge(self, table: Table) -> None:
        """Judge whether the table's last move may be taken back (ra.core.undo compares every seat's views: a few
        milliseconds for a big game) in a thread, before the snapshot that offers it is made; only for a person's
        move that drew nothing (any other is decided at once)."""
        if table.needs_judging():
            await asyncio.to_thread(table.verdict)

    # -- undo (ra.core.undo: the one place that decides whether it is allowed) -----------------------------------

    async def undo(self, table: Table, seat: int, seq: int) -> None:
        """A person taking back their last action, seen at `seq` (the message validated already): an undo step
        stored after it (versions only grow), the state before that action swapped in and published, or
        ServiceError (`illegal` with the reason, in words each reader renders: ra.core.undo)."""
        table = await self.live(table)
        async with table.lock:
            await self.peers.before_act(table)
            if seq > table.seq:
                await self.peers.catch_up(table)
            await self.clocks.before_act(table, seat)  # refused to a seat that is out; an away seat is theirs again
            for last_try in (False, True):
                self._check_undo(table, seat, seq)
                try:
                    await asyncio.shield(self._commit_undo(table, seat))
                    break
                except MovedOn:
                    if last_try:
                        raise
        self.kick_bots(table)

    def _check_undo(self, table: Table, seat: int, seq: int) -> None:
        """ServiceError unless `seat` may take back the table's last move now, having seen the table at `seq`."""
        if table.row.status == "abandoned":
            raise ServiceError("illegal", t("this table was abandoned: nobody played or watched it for a long time"))
        if not table_option(table.row.options, "undo"):
            raise ServiceError("illegal", t("actions cannot be taken back at this table (a table option)"))
        refusal = table.verdict().refusal(seat)
        if refusal is not None:
            raise ServiceError("illegal", reasons()[refusal])
        if seq != table.seq:
            raise ServiceError(
                "stale", t("stale action: you saw seq {seen}, the table is at seq {now}", seen=seq, now=table.seq)
            )

    async def _commit_undo(self, table: Table, seat: int) -> None:
        """Store the undo step of the table's last move, then swap in the state before that move and publish."""
        verdict = table.verdict()
        back, taken = table.before, table.state.history[-1]
        assert back is not None and verdict.seq is not None  # an open verdict has both
        seq, row, stamp = table.seq + 1, table.row, self.time_source.now()
        status = status_of(row, back)
        record = MoveRow(seq, seat, -1, "undo", (), verdict.seq)
        due = not back.is_terminal() and any(p in table.bots for p in back.current_players())
        were_due = any(p in table.bots for p in table.state.current_players())
        clock, timer = self.clocks.after_undo(table, back, status)
        item = NewMove(row.id, record, status, stamp, False, due, were_due, clock, timer, row.clock_version)
        try:
            await self.commits.store(item)
        except SeqConflictError as exc:
            log.info("%s; catching up from storage", exc)
            await self.peers.catch_up(table)
            raise MovedOn("stale", t("the table moved on; the newest state follows")) from None
        entry = undo_entry(table.module, taken, seq, table.names, verdict.seq)
        before = table.state.current_players()
        # The state before the move it took back (kept: nothing mutates a state once swapped in), and the one
        # before that, replayed (well under a millisecond), so that the move now last can be judged in its turn.
        earlier = await asyncio.to_thread(state_before_last, table.module, row, back)
        played = Steps(back, earlier, [Step(seat, verdict.seq)], [back.current_players()], [entry])
        stored = replace(table.row, seq=seq, status=status, updated=stamp, clock=clock, due=timer)
        table.swap(Change(row=stored, steps=played))
        self.replays.forget(row.id)
        await self._judge(table)
        self._publish(table)
        if self.turns is not None:
            self.turns.moved(table, before)  # the turn notices

    async def _add_moves(self, batch: list[NewMove]) -> list[SeqConflictError | None]:
        return await self.db(self.storage.add_moves, batch)

    async def close(self, table: Table) -> bool:
        """Close a playable table at once, as the abandon sweep closes an idle one (a moderator's action): stored,
        then its loaded copy and its watchers told; other processes read the status from the database. False if it
        was over already."""
        async with table.lock:
            if not await self.db(self.storage.close_table, table.row.id, self.time_source.now()):
                return False
            table.swap(Change(row=replace(table.row, status="abandoned")))
        self._publish(table)
        return True

    def publish(self, table: Table) -> None:
        """Tell the table's watchers of a change made apart from a move (the abandon sweep)."""
        self._publish(table)

    def _publish(self, table: Table) -> None:
        self.pubsub.publish(table.row.id, table.new_version())

    def kick_bots(self, table: Table) -> None:
        """Start the table's bot runner if a bot must act and none is running."""
        self.bots.kick(table)

    # -- finished tables ------------------------------------------------------------------------------------

    async def record(self, table: Table) -> dict[str, Any]:
        """The record of a finished game, with the seats' names and without seed or order (draws replay it): the
        moves that stand, and (`taken_back`, when there are any) the actions taken back (docs/RECORDS.md)."""
        if not table.state.is_terminal():
            raise ServiceError("state", t("the record is available once the game is over"))
        record = table.state.record()
        record.pop("seed", None)  # the draws in the moves replay the game (docs/RECORDS.md)
        record.pop("order", None)
        if "names" in record.get("options", {}):
            record["options"] = {**record["options"], "names": table.names}
        taken = taken_back(table)
        if taken:
            record["taken_back"] = taken
        return record

    async def replay_json(self, table: Table) -> bytes:
        """The replay of a finished game as JSON (`{"steps": [...]}`): built once, in a thread, then cached."""
        if not table.state.is_terminal():
            raise ServiceError("state", t("the replay is available once the game is over"))
        module, row, history = table.module, table.row, list(table.state.history)
        return await self.replays.get_or_build(row.id, lambda: replay_json(module, row, history))

    async def replay(self, table: Table) -> dict[str, Any]:
        """The replay as data (prefer `replay_json`, which is served without parsing or serializing again)."""
        data: dict[str, Any] = await asyncio.to_thread(json.loads, await self.replay_json(table))
        return data


def taken_back(table: Table) -> list[dict[str, Any]]:
    """The actions taken back at a table, in order, each as `{"player", "action", "at"}`: its notation, and how many
    moves stood before it (where it was made among the record's `moves`), from the log's entries."""
    entries = {entry["seq"]: entry for entry in table.log}
    taken: list[dict[str, Any]] = []
    standing = 0
    for step in table.steps:
        if step.undoes is None:
            standing += 1
            continue
        standing -= 1
        move = entries.get(step.undoes, {})
        taken.append({"player": step.player, "action": move.get("notation", "?"), "at": standing})
    return taken


def _check_bot(spec: str, game: str, plugins: Plugins) -> None:
    """Refuse (ValueError listing what is allowed) a spec the game's bots cannot be built from.

    A plug-in is checked without being built (it may be slow to build): the operator allows it and it plays the
    game. Any other plug-in spec is refused before anything is imported.
    """
    if plugin_name(spec) is None:
        make_bot(spec, game, 0)
        return
    parse_spec(spec, game, plugins)  # refuses a plug-in the operator did not allow, importing nothing
    plays(spec.strip(), game)
