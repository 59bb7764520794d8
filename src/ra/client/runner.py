"""`ra bot run`'s loop: a bot account's invitations accepted, every seat it holds played (several games at once),
new invitations looked for every few seconds, until it has played the games it was asked to."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from ra.bots.base import Bot
from ra.client.answers import Outcome, Seat
from ra.client.api import AsyncClient
from ra.client.errors import ClientError
from ra.core.errors import text_of
from ra.core.text import Text, t

log = logging.getLogger("ra.client")

PLAYABLE = ("open", "running")  # a seat of an open table is played too: connecting is what takes it
MakeBot = Callable[[str, int], Bot]  # (game, seed) -> a bot: `ra.bots.make_bot` with the command's spec
Say = Callable[[Text], None]  # prints one line for a person


@dataclass
class Runner:
    """Plays a bot account's seats: `games` of them at most (None: until stopped), accepting invitations when
    `accept`, looking for new seats every `poll` seconds; each game's start and end told by `say`."""

    client: AsyncClient
    make_bot: MakeBot
    say: Say
    accept: bool = True
    games: int | None = None
    poll: float = 5.0
    seed: int = 0

    def __post_init__(self) -> None:
        self.playing: dict[tuple[str, int], asyncio.Task[Outcome]] = {}
        self.seen: set[tuple[str, int]] = set()  # seats started once: never played twice by this run
        self.finished = 0  # games played to their end
        self.ended = 0  # and those with the games given up on (the seat refused, the server out of reach)

    async def run(self) -> int:
        """Play until `games` games are over (or forever); the number of games played to their end. ClientError
        when the token is refused (401, 403): nothing more can be done with it."""
        try:
            while self.games is None or self.ended < self.games:
                wait = self.poll
                if self.games is None or len(self.seen) < self.games:
                    wait = await self._look()
                await self._reap(wait)
        finally:
            for task in self.playing.values():
                task.cancel()
            await asyncio.gather(*self.playing.values(), return_exceptions=True)
        return self.finished

    async def _look(self) -> float:
        """Accept invitations and start the held seats not played yet; the seconds to wait before looking again."""
        try:
            if self.accept:
                for invitation in await self.client.invitations():
                    try:
                        await self.client.accept(invitation.table, invitation.seat)
                    except ClientError as exc:
                        if exc.status in (401, 403):
                            raise
                        log.warning("invitation to table %s seat %d: %s", invitation.table, invitation.seat, exc)
            for seat in await self.client.games():
                if seat.status in PLAYABLE and (self.games is None or len(self.seen) < self.games):
                    self._start(seat)
        except ClientError as exc:
            if exc.status in (401, 403):
                raise
            log.warning("looking for games: %s", exc)
            return max(self.poll, exc.retry_after or 0)
        return self.poll

    def _start(self, seat: Seat) -> None:
        key = (seat.table, seat.seat)
        if key in self.seen:
            return
        self.seen.add(key)
        seed = self.seed + len(self.seen) - 1  # a seed of its own for each game, from the run's seed
        try:
            bot = self.make_bot(seat.game, seed)
        except Exception as exc:  # e.g. a plug-in for one game only: this seat is left alone, the others played
            self.ended += 1
            self.say(t("no bot for table {table}, seat {seat}: {reason}", table=seat.table, seat=seat.seat,
                       reason=text_of(exc)))  # fmt: skip
            return
        self.say(started(seat.table, seat.seat, seat.game))
        self.playing[key] = asyncio.create_task(self.client.play(seat.table, seat.seat, bot, seed=seed))

    async def _reap(self, wait: float) -> None:
        """Wait up to `wait` seconds for games to end, telling each end."""
        if not self.playing:
            await asyncio.sleep(wait)
            return
        done, _ = await asyncio.wait(self.playing.values(), timeout=wait, return_when=asyncio.FIRST_COMPLETED)
        for key, task in list(self.playing.items()):
            if task not in done:
                continue
            del self.playing[key]
            table, seat = key
            self.ended += 1
            try:
                outcome = task.result()
            except Exception as exc:  # the game is given up; the others go on
                reason = exc.text if isinstance(exc, ClientError) else text_of(exc)
                self.say(t("game stopped: table {table}, seat {seat}: {reason}", table=table, seat=seat, reason=reason))
                continue
            self.finished += 1
            self.say(ended(outcome))


def started(table: str, seat: int, game: str) -> Text:
    """The line that tells a game's start."""
    return t("game started: table {table}, seat {seat} ({game})", table=table, seat=seat, game=game)


def ended(outcome: Outcome) -> Text:
    """The line that tells how a game ended for the bot's seat."""
    table, seat, moves = outcome.table, outcome.seat, outcome.seq
    if outcome.status == "finished":
        return t("game over: table {table}, seat {seat}, after {moves} moves", table=table, seat=seat, moves=moves)
    if outcome.status == "abandoned":
        return t("game abandoned: table {table}, seat {seat}", table=table, seat=seat)
    return t("out of the game: table {table}, seat {seat} (a bot of the server plays it on)", table=table, seat=seat)
