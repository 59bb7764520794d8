"""The results sweep: every few seconds, the finished tables without a result get one, and a rated table's players
their new ratings, each table in one transaction keyed by its id (store.py): exactly once whichever process gets
there first, and a process killed midway leaves either all of it or nothing.

No hook on the table service: the sweep reads finished tables from the database and replays each game from its
stored moves (as a restart does) for its scores and winners.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Awaitable, Callable

from ra.games import GAMES, game_module
from ra.server.accounts.store import table_row
from ra.server.ratings.rating import forfeited, places, rate
from ra.server.ratings.store import Finished, Outcome, RatingStore
from ra.server.storage.rows import MoveRow
from ra.server.sweeps import Sweep
from ra.server.tables.rebuild import rebuild

log = logging.getLogger("ra.server")
BATCH = 20  # tables per round: a backlog (an old database) is worked off without holding a thread for long


class ResultSweep:
    """Records results and ratings of finished tables every `seconds`; `moves(table_id)` reads a table's moves,
    `tidy()` runs every hundredth round, the first included (other housekeeping of the accounts)."""

    def __init__(
        self,
        store: RatingStore,
        moves: Callable[[str], list[MoveRow]],
        seconds: float,
        tidy: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.store, self.moves, self.seconds, self.tidy = store, moves, seconds, tidy
        self.rounds = 0
        self._sweep = Sweep("ra-results", self._round, seconds, what="results sweep", wait_first=False)

    def start(self) -> None:
        """Sweep in the background from now on."""
        self._sweep.start()

    async def stop(self) -> None:
        """Stop sweeping (a table half done is rolled back by its transaction)."""
        await self._sweep.stop()

    async def _round(self) -> None:
        round_number, self.rounds = self.rounds, self.rounds + 1  # a failed round counts too
        await self.sweep()
        if self.tidy is not None and round_number % 100 == 0:
            await self.tidy()

    async def sweep(self) -> int:
        """One round: record every unswept finished table (at most a batch); how many this process recorded."""
        found = await asyncio.to_thread(self.store.unswept, BATCH)
        recorded = 0
        for finished in found:
            outcome = await asyncio.to_thread(self.outcome, finished)
            if await asyncio.to_thread(self.store.record, outcome, rate):
                recorded += 1
        return recorded

    def outcome(self, finished: Finished) -> Outcome:
        """What to record of a finished table (blocking: it replays the game)."""
        row = table_row(finished.row)
        scores: list[int] = []
        winners: list[int] = []
        if row.game in GAMES:
            try:
                state = rebuild(game_module(row.game), row, self.moves(row.id)).state
                scores, winners = [int(s) for s in state.scores()], [int(w) for w in state.winners()]
            except Exception as exc:  # recorded without scores, so that it is not replayed again every round
                log.error("table %s: cannot replay its game for the result: %s: %s", row.id, type(exc).__name__, exc)
        seat_places = places(scores, winners) if scores else []
        out = [seat for seat, spec in enumerate(row.seats) if spec.get("out")]  # left or lost on time
        if out and len(out) < len(seat_places):  # placed after every seat still in; the best of those won
            seat_places = forfeited(seat_places, out)
            winners = [seat for seat, place in enumerate(seat_places) if place == min(seat_places)]
        players: dict[int, str] = dict(finished.holders)
        bots: set[str] = set()
        for seat, spec in enumerate(row.seats):
            if spec["kind"] == "bot":
                players[seat] = self.store.bot_player(str(spec["bot"]))
                bots.add(players[seat])
        seats = {
            seat: (player, seat_places[seat], seat in winners)
            for seat, player in players.items()
            if seat < len(seat_places)
        }
        rated, anchors = self._who_is_rated(finished, seats, bots)
        # A program at the table (a bot account): rated apart from people's games, unless its listing says not.
        pool = "bots" if finished.bot_seats and finished.bots_pool else "people"
        ended = row.updated or dt.datetime.now(dt.UTC)
        return Outcome(row.id, row.game, scores, winners, ended, seats, rated, anchors, pool)

    @staticmethod
    def _who_is_rated(
        finished: Finished, seats: dict[int, tuple[str, float, bool]], bots: set[str]
    ) -> tuple[list[str], list[str]]:
        """(players whose ratings move, bots rated against as fixed anchors). People's ratings move; bots count
        only at tables rated with bots, and move only among bots alone."""
        if not finished.rated:
            return [], []
        entrants = [player for _, (player, _, _) in sorted(seats.items())]
        people = [p for p in entrants if p not in bots]
        if len(set(entrants)) != len(entrants):
            return [], []  # someone held two seats: no rating from playing oneself
        if not finished.rated_bots:
            return (people, []) if len(people) >= 2 else ([], [])
        if len(entrants) < 2:
            return [], []
        if not people:
            return entrants, []  # bots among themselves: their own ratings move
        return people, [p for p in entrants if p in bots]
