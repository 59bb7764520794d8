"""The table service: create and load tables, apply actions under a per-table lock, commit, publish, run bots.

Game-agnostic: every game is reached through `ra.games.game_module(name)`. A game is rebuilt from storage by
replaying its moves from (options, seed); the seed never leaves this module except into storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ra.bots import make_bot
from ra.core.errors import GameOverError, IllegalActionError, NotYourTurnError
from ra.core.protocol import GameState, Move
from ra.games import GAMES, game_module
from ra.server.model import (
    MAX_NAME,
    ServiceError,
    Snapshot,
    Table,
    check_name,
    log_entry,
    status_of,
    summary,
    token_hash,
    token_matches,
)
from ra.server.pubsub import LocalPubSub, PubSub
from ra.server.rebuild import new_state, rebuild, replay_steps
from ra.server.storage import MoveRow, NewMove, SeqConflictError, Storage, TableRow, now

log = logging.getLogger("ra.server")
T = TypeVar("T")


class TableService:
    """Every table of one server: in-memory games backed by `Storage`, updates published through `PubSub`."""

    def __init__(
        self, storage: Storage, pubsub: PubSub[Snapshot] | None = None, bot_delay: float = 0.6, db_threads: int = 1
    ) -> None:
        self.storage = storage
        self.pubsub: PubSub[Snapshot] = pubsub if pubsub is not None else LocalPubSub()
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._db = ThreadPoolExecutor(max_workers=db_threads, thread_name_prefix="ra-db")
        self._stopping = False
        self._commits: list[tuple[NewMove, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking storage call off the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # -- lifecycle ------------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished table and resume pending bot turns."""
        for table_id in await self.db(self.storage.unfinished_ids):
            try:
                table = await self.get(table_id)
            except Exception as exc:
                log.error("table %s cannot be rebuilt: %s", table_id, type(exc).__name__)
                continue
            self.kick_bots(table)

    async def stop(self) -> None:
        """Cancel bot tasks and release storage."""
        self._stopping = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._committer is not None:
            with contextlib.suppress(Exception):
                await self._committer
        self._db.shutdown(wait=True)
        self.storage.close()

    # -- tables -----------------------------------------------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        """A loaded table (rebuilt from storage on first use); ServiceError not_found if there is none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self.tables.get(table_id)
                if table is not None:
                    return table
                row = await self.db(self.storage.get_table, table_id)
                if row is None:
                    raise ServiceError("not_found", f"there is no table {table_id!r}")
                moves = await self.db(self.storage.moves, table_id)
                table = self._load(row, moves)
                self.tables[table_id] = table
                return table
        finally:
            self._loading.pop(table_id, None)

    def _load(self, row: TableRow, moves: list[MoveRow]) -> Table:
        module = game_module(row.game)
        state, current_at = rebuild(module, row, moves)
        names = [s["name"] for s in row.seats]
        entries = [log_entry(module, m, i + 1, names) for i, m in enumerate(state.history)]
        bots = {
            i: make_bot(s["bot"], row.game, (row.seed + 7919 * (i + 1)) % 2**32)
            for i, s in enumerate(row.seats)
            if s["kind"] == "bot"
        }
        return Table(row=row, module=module, state=state, log=entries, bots=bots, current_at=current_at)

    async def create(self, body: Any) -> dict[str, Any]:
        """Create a table from a POST body; the answer holds each person seat's token and invite link."""
        if not isinstance(body, dict):
            raise ServiceError("bad_message", "the body is a JSON object with game, options and seats")
        game = body.get("game", "ra")
        if not isinstance(game, str) or game not in GAMES:
            raise ServiceError("bad_message", f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        module = game_module(game)
        options = body.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise ServiceError("bad_message", "options is a JSON object")
        if "seed" in options or "order" in options:
            raise ServiceError("bad_message", "the server chooses the seed; options may not hold seed or order")
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise ServiceError("bad_message", "seats is a non-empty list of {kind, name} or {kind, bot}")
        seed = secrets.randbits(62)
        seats, tokens = self._seats(seats_in, game, seed)
        options = dict(options)
        players = options.setdefault("players", len(seats))
        if players != len(seats):
            raise ServiceError("bad_message", f"option players is {players!r} but there are {len(seats)} seats")
        options["names"] = [s["name"] for s in seats]
        try:
            state = new_state(module, options, seed)
        except (ValueError, TypeError) as exc:
            raise ServiceError("bad_message", str(exc)) from None
        table_id = secrets.token_urlsafe(6)
        row = TableRow(id=table_id, game=game, options=options, seed=seed, seats=seats, status="open")
        row.status = status_of(row, state)
        await self.db(self.storage.create_table, row)
        table = self._load(row, [])
        self.tables[table_id] = table
        self.kick_bots(table)
        answer = []
        for i, s in enumerate(seats):
            entry: dict[str, Any] = {"seat": i, "kind": s["kind"]}
            if i in tokens:
                entry["token"] = tokens[i]
                entry["invite"] = f"/t/{table_id}?seat={i}&token={tokens[i]}"
            answer.append(entry)
        return {"id": table_id, "seats": answer, "spectate": f"/t/{table_id}"}

    @staticmethod
    def _seats(seats_in: list[Any], game: str, seed: int) -> tuple[list[dict[str, Any]], dict[int, str]]:
        seats: list[dict[str, Any]] = []
        tokens: dict[int, str] = {}
        for i, spec in enumerate(seats_in):
            if not isinstance(spec, dict) or spec.get("kind") not in ("person", "bot"):
                raise ServiceError("bad_message", f"seat {i}: kind must be 'person' or 'bot'")
            if spec["kind"] == "bot":
                bot = spec.get("bot")
                if not isinstance(bot, str) or not bot.strip():
                    raise ServiceError("bad_message", f"seat {i}: a bot seat needs a bot spec, e.g. 'random'")
                try:
                    make_bot(bot, game, seed)
                except ValueError as exc:
                    raise ServiceError("bad_message", f"seat {i}: {exc}") from None
                name = check_name(spec["name"]) if spec.get("name") else f"{bot} bot"
                seats.append({"kind": "bot", "name": name[:MAX_NAME], "bot": bot, "taken": True})
            else:
                name = check_name(spec["name"]) if spec.get("name") else f"Player {i + 1}"
                tokens[i] = secrets.token_urlsafe(16)
                seats.append({"kind": "person", "name": name, "token_hash": token_hash(tokens[i]), "taken": False})
        return seats, tokens

    async def list_tables(self, status: str | None) -> list[dict[str, Any]]:
        """Summaries of the tables (optionally of one status), most recently updated first."""
        if status not in (None, "open", "running", "finished"):
            raise ServiceError("bad_message", "status is one of open, running, finished")
        rows = await self.db(self.storage.list_tables, status)
        return [summary(self.tables[r.id].row if r.id in self.tables else r) for r in rows]

    # -- seats ----------------------------------------------------------------------------------------------

    def seat_of(self, table: Table, seat: Any, token: Any) -> int | None:
        """The seat a (seat, token) pair speaks for, None for a spectator; ServiceError forbidden otherwise."""
        if seat is None or seat == "":
            return None
        try:
            n = int(seat)
        except (TypeError, ValueError):
            raise ServiceError("bad_message", f"seat must be a seat number, not {seat!r}") from None
        if not 0 <= n < len(table.row.seats):
            raise ServiceError("bad_message", f"there is no seat {n} at this table")
        if table.row.seats[n]["kind"] != "person":
            raise ServiceError("forbidden", f"seat {n} is played by a bot")
        if not token_matches(table.row.seats[n], token if isinstance(token, str) else None):
            raise ServiceError("forbidden", f"wrong token for seat {n}")
        return n

    async def join(self, table: Table, seat: int | None) -> None:
        """Mark a seat taken when its token first connects."""
        if seat is None or table.row.seats[seat].get("taken"):
            return
        async with table.lock:
            seats = [dict(s) for s in table.row.seats]
            seats[seat]["taken"] = True
            await self._store_seats(table, seats)

    async def rename(self, table: Table, seat: int | None, name: Any) -> None:
        """Change a person seat's name (the seat's token was checked)."""
        if seat is None:
            raise ServiceError("forbidden", "a spectator has no seat to rename")
        name = check_name(name)
        async with table.lock:
            seats = [dict(s) for s in table.row.seats]
            seats[seat]["name"] = name
            await self._store_seats(table, seats)

    async def _store_seats(self, table: Table, seats: list[dict[str, Any]]) -> None:
        row = table.row
        new = TableRow(row.id, row.game, row.options, row.seed, seats, row.status, row.seq, row.created, now())
        new.status = status_of(new, table.state)
        await self.db(self.storage.update_table, row.id, seats, new.status, new.updated)
        table.row = new
        for entry in table.log:
            entry["name"] = seats[entry["player"]]["name"] if 0 <= entry["player"] < len(seats) else entry["name"]
        table.log_json = []  # names changed: serialize the log again
        self._publish(table)

    # -- actions --------------------------------------------------------------------------------------------

    async def act(self, table: Table, seat: int | None, seq: Any, action: Any) -> None:
        """A person's action at the seq they saw: applied, committed and published, or ServiceError."""
        if seat is None:
            raise ServiceError("forbidden", "a spectator cannot act; open the invite link of your seat")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise ServiceError("bad_message", "an action message needs the integer seq the sender saw")
        if isinstance(action, bool) or not isinstance(action, int):
            raise ServiceError("bad_message", "an action message needs an integer action id")
        async with table.lock:
            if seq != table.seq and not table.still_open(seat, seq):
                raise ServiceError("stale", f"stale action: you saw seq {seq}, the table is at seq {table.seq}")
            await self._apply(table, seat, action)
        self.kick_bots(table)

    async def _apply(self, table: Table, seat: int, action: int) -> None:
        """Apply (on a clone), commit, then swap in and publish. Caller holds `table.lock`."""
        state = table.state
        if state.is_terminal():
            raise ServiceError("illegal", "the game is over")
        if seat not in state.current_players():
            raise ServiceError("not_your_turn", "it is not your turn")
        new = state.clone()
        try:
            new.apply(action, seat)
        except NotYourTurnError as exc:
            raise ServiceError("not_your_turn", str(exc)) from None
        except (GameOverError, IllegalActionError) as exc:
            raise ServiceError("illegal", str(exc)) from None
        # Shielded: once handed to storage, the swap happens even if the caller is cancelled meanwhile.
        await asyncio.shield(self._commit(table, new))

    async def _commit(self, table: Table, new: GameState) -> None:
        """Commit the new state's last move (group commit), then swap it in and publish."""
        move: Move = new.history[-1]
        seq = len(new.history)
        row = table.row
        status = status_of(row, new)
        record = MoveRow(seq, move.player, move.action, table.module.action_to_str(move.action), move.draws)
        stamp = now()
        try:
            await self._store_move(NewMove(row.id, record, status, stamp))
        except SeqConflictError:
            log.error("table %s: seq conflict at %d; reloading from storage", row.id, seq)
            self.tables.pop(row.id, None)
            raise ServiceError("stale", "the table moved on; reconnect to see it") from None
        table.state = new
        table.current_at.append(new.current_players())
        entry = log_entry(table.module, move, seq, table.names)
        table.log.append(entry)
        table.log_json.append(json.dumps(entry))
        row.seq, row.status, row.updated = seq, status, stamp
        self._publish(table)

    async def _store_move(self, item: NewMove) -> None:
        """Queue a move for the next group commit and wait until it is committed (or refused)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._commits.append((item, future))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_batches(), name="ra-group-commit")
        await future

    async def _commit_batches(self) -> None:
        """Commit whatever is queued in one transaction, until the queue is empty."""
        while self._commits:
            batch, self._commits = self._commits, []
            results: list[BaseException | None]
            try:
                results = list(await self.db(self.storage.add_moves, [item for item, _ in batch]))
            except Exception as exc:
                results = [exc] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if result is None:
                    future.set_result(None)
                else:
                    future.set_exception(result)

    def _publish(self, table: Table) -> None:
        table.version += 1
        self.pubsub.publish(table.row.id, table.snap())

    # -- bots -----------------------------------------------------------------------------------------------

    def kick_bots(self, table: Table) -> None:
        """Start the table's bot runner if a bot must act and none is running."""
        if self._stopping or not table.bot_seats_to_act():
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._run_bots(table), name=f"bots-{table.row.id}")
            table.bot_task.add_done_callback(_report_failure)

    async def _run_bots(self, table: Table) -> None:
        """Play bot turns (after `bot_delay`) until a person must act or the game ends."""
        while not self._stopping:
            seats = table.bot_seats_to_act()
            if not seats:
                return
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            seat, seq = seats[0], table.seq
            view = table.state.view(seat)
            action = await self._choose(table, seat, view)
            async with table.lock:
                if not table.still_open(seat, seq):
                    continue  # the decision changed meanwhile: decide again
                try:
                    await self._apply(table, seat, action)
                except ServiceError as exc:
                    log.warning("table %s: bot seat %d chose a refused action (%s)", table.row.id, seat, exc.code)
                    fallback = [a["id"] for a in view.get("legal_actions", [])]
                    if not fallback:
                        return
                    await self._apply(table, seat, fallback[0])

    async def _choose(self, table: Table, seat: int, view: dict[str, Any]) -> int:
        bot = table.bots[seat]
        try:
            return int(await asyncio.to_thread(bot.choose, view))
        except Exception as exc:
            log.warning("table %s: bot seat %d failed to choose (%s)", table.row.id, seat, type(exc).__name__)
            return int(view["legal_actions"][0]["id"])

    # -- finished tables ------------------------------------------------------------------------------------

    async def record(self, table: Table) -> dict[str, Any]:
        """The record of a finished game, with the seats' names and without seed or order (draws replay it)."""
        if not table.state.is_terminal():
            raise ServiceError("state", "the record is available once the game is over")
        record = table.state.record()
        record.pop("seed", None)  # the draws in the moves replay the game (docs/RECORDS.md)
        record.pop("order", None)
        if "names" in record.get("options", {}):
            record["options"] = {**record["options"], "names": table.names}
        return record

    async def replay(self, table: Table) -> dict[str, Any]:
        """Spectator views after each action of a finished game (step 0 = start)."""
        if not table.state.is_terminal():
            raise ServiceError("state", "the replay is available once the game is over")
        return await asyncio.to_thread(replay_steps, table.module, table.row, list(table.state.history))


def _report_failure(task: asyncio.Task[None]) -> None:
    """Log a bot runner that died, so that a stuck table is never silent."""
    if not task.cancelled() and task.exception() is not None:
        log.error("%s stopped: %r", task.get_name(), task.exception())
