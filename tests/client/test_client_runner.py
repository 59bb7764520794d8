"""`ra bot run`'s loop with a scripted Bot API: invitations accepted, each held seat played once, several at once,
N games and then a stop; a refused token stops it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ra.bots import RandomBot
from ra.client import ClientError, Invitation, Outcome, Runner, Seat
from ra.core.text import Text, t


class FakeApi:
    """The Bot API as `Runner` uses it: invitations become held seats once accepted; each game lasts `seconds`."""

    def __init__(self, invitations: list[Invitation], held: list[Seat], seconds: float = 0.05) -> None:
        self.invited, self.held, self.seconds = invitations, held, seconds
        self.accepted: list[tuple[str, int]] = []
        self.played: list[tuple[str, int]] = []
        self.at_once = self.most_at_once = 0
        self.refuse: ClientError | None = None

    async def invitations(self) -> list[Invitation]:
        if self.refuse is not None:
            raise self.refuse
        return list(self.invited)

    async def accept(self, table: str, seat: int) -> Seat:
        self.accepted.append((table, seat))
        invitation = next(i for i in self.invited if (i.table, i.seat) == (table, seat))
        self.invited.remove(invitation)
        self.held.append(Seat(table, seat, invitation.game, "open"))
        return self.held[-1]

    async def games(self) -> list[Seat]:
        return list(self.held)

    async def play(self, table: str, seat: int, bot: Any, *, seed: int | None = None) -> Outcome:
        self.played.append((table, seat))
        self.at_once += 1
        self.most_at_once = max(self.most_at_once, self.at_once)
        await asyncio.sleep(self.seconds)
        self.at_once -= 1
        self.held = [s for s in self.held if (s.table, s.seat) != (table, seat)]
        return Outcome(table, seat, "ra", "finished", 40, {}, 12, 0, 0)


def run(api: FakeApi, **options: Any) -> tuple[int, list[str]]:
    lines: list[str] = []

    def say(text: Text) -> None:
        lines.append(str(text))

    runner = Runner(api, lambda game, seed: RandomBot(seed), say, poll=0.01, **options)  # type: ignore[arg-type]
    return asyncio.run(asyncio.wait_for(runner.run(), 20)), lines


def test_it_accepts_invitations_plays_every_held_seat_once_at_once_and_stops_after_n_games() -> None:
    api = FakeApi([Invitation("T2", 1, "ra", 3, None, None)], [Seat("T1", 0, "write"), Seat("T0", 2, "ra", "finished")])
    played, lines = run(api, games=2)
    assert played == 2 and api.accepted == [("T2", 1)]
    assert sorted(api.played) == [("T1", 0), ("T2", 1)] and api.most_at_once == 2  # a finished seat is not played
    assert sorted(lines) == [
        "game over: table T1, seat 0, after 40 moves",
        "game over: table T2, seat 1, after 40 moves",
        "game started: table T1, seat 0 (write)",
        "game started: table T2, seat 1 (ra)",
    ]


def test_without_accepting_it_plays_only_the_seats_it_holds() -> None:
    api = FakeApi([Invitation("T2", 1, "ra", 3, None, None)], [Seat("T1", 0, "ra")])
    played, _ = run(api, games=1, accept=False)
    assert played == 1 and api.accepted == [] and api.played == [("T1", 0)]


def test_a_refused_token_stops_it() -> None:
    api = FakeApi([], [])
    api.refuse = ClientError(t("the token is not valid"), status=401, code="unauthorized")
    with pytest.raises(ClientError) as caught:
        run(api)
    assert caught.value.status == 401


def test_a_game_that_fails_is_told_and_counted_without_stopping_the_others() -> None:
    api = FakeApi([], [Seat("T1", 0, "ra"), Seat("T2", 0, "ra")])
    real = api.play

    async def play(table: str, seat: int, bot: Any, *, seed: int | None = None) -> Outcome:
        if table == "T1":
            raise ClientError(t("the server refused the table's socket (HTTP {status})", status=403), code="forbidden")
        return await real(table, seat, bot, seed=seed)

    api.play = play  # type: ignore[method-assign]
    played, lines = run(api, games=2)
    assert played == 1
    assert "game stopped: table T1, seat 0: the server refused the table's socket (HTTP 403)" in lines


def test_a_seat_of_a_game_the_bot_cannot_play_is_told_and_left_alone() -> None:
    api = FakeApi([], [Seat("T1", 0, "write"), Seat("T2", 0, "ra")])
    lines: list[str] = []

    def make(game: str, seed: int) -> RandomBot:
        if game == "write":
            raise ValueError("this bot plays Ra only")
        return RandomBot(seed)

    runner = Runner(api, make, lambda text: lines.append(str(text)), poll=0.01, games=2)  # type: ignore[arg-type]
    assert asyncio.run(asyncio.wait_for(runner.run(), 20)) == 1
    assert api.played == [("T2", 0)] and "no bot for table T1, seat 0: this bot plays Ra only" in lines
