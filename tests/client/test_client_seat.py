"""The seat's play loop against a scripted server: what it sends for each state, error and lost connection."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

import pytest
from client_servers import error, received, scripted, state
from websockets.asyncio.server import ServerConnection

from ra.client import ClientError, Outcome, Reconnect, SeatPlayer

FAST = Reconnect(tries=3, first=0.01, most=0.05)


class Scripted:
    """A bot that answers from a list, then its last answer; it raises where the list holds an exception."""

    name = "scripted"

    def __init__(self, *answers: int | Exception) -> None:
        self.answers = list(answers)
        self.views: list[Mapping[str, Any]] = []

    def choose(self, view: Mapping[str, Any]) -> int:
        self.views.append(view)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        return answer


def play(script: Any, bot: Any, **options: Any) -> tuple[Outcome, SeatPlayer]:
    async def run() -> tuple[Outcome, SeatPlayer]:
        async with scripted(script) as base:
            player = SeatPlayer(f"{base}/ws/T1?seat=0", "T1", 0, bot, reconnect=FAST, seed=1, **options)
            return await asyncio.wait_for(player.run(), 30), player

    return asyncio.run(run())


def test_it_acts_on_each_decision_once_and_stops_when_the_table_is_finished() -> None:
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [3, 4]))
        got.append(await received(ws))
        await ws.send(state(1, []))  # another seat's turn: nothing to send
        await ws.send(state(2, [5, 6]))
        await ws.send(state(2, [5, 6]))  # the same seq again (a clock, a rename): the action is not sent twice
        got.append(await received(ws))
        await ws.send(state(3, [], status="finished"))
        await ws.wait_closed()

    outcome, _ = play(script, Scripted(4, 6))
    assert got == [{"type": "action", "seq": 0, "action": 4}, {"type": "action", "seq": 2, "action": 6}]
    assert (outcome.status, outcome.seq, outcome.sent, outcome.game) == ("finished", 3, 2, "ra")


def test_a_bot_is_made_for_the_game_the_first_state_names() -> None:
    games: list[str] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [7]))
        await received(ws)
        await ws.send(state(1, [], status="abandoned"))
        await ws.wait_closed()

    def make(game: str) -> Scripted:
        games.append(game)
        return Scripted(7)

    outcome, _ = play(script, make)
    assert games == ["ra"] and outcome.status == "abandoned"


def test_after_a_lost_connection_it_decides_again_from_the_newest_state_never_at_a_passed_seq() -> None:
    """The action sent at seq 4 was applied (the server is at 5 when the client comes back): the client acts at 5,
    never at 4 again; then the action at 5 is lost with the connection: the client sends at 5 again."""
    got: list[tuple[int, dict[str, Any]]] = []

    async def script(ws: ServerConnection, number: int) -> None:
        if number == 0:
            await ws.send(state(4, [1, 2]))
            got.append((number, await received(ws)))
            return  # the connection drops right after the client sent
        if number == 1:
            await ws.send(state(5, [1, 2]))  # its action was applied: a new decision
            got.append((number, await received(ws)))
            return  # lost again: this action never arrived
        await ws.send(state(5, [1, 2]))
        got.append((number, await received(ws)))
        await ws.send(state(6, [], status="finished"))
        await ws.wait_closed()

    outcome, _ = play(script, Scripted(1))
    assert [(n, m["seq"]) for n, m in got] == [(0, 4), (1, 5), (2, 5)]
    assert outcome.reconnects == 2 and outcome.status == "finished"


def test_while_its_action_is_on_its_way_another_seats_choice_asks_nothing_more() -> None:
    """RA and Write's simultaneous choices: another seat's choice raises the seq before this seat's choice is
    applied; the server applies it still, so the client does not decide again until its move is in the log."""
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [1, 2]))
        got.append(await received(ws))
        await ws.send(state(1, [1, 2], moved=(1,)))  # seat 1 chose; seat 0's choice is still on its way
        await ws.send(state(2, [3, 4], moved=(0,)))  # seat 0's choice applied: a new decision at once
        got.append(await received(ws))
        await ws.send(state(3, [], status="finished", moved=(0,)))
        await ws.wait_closed()

    bot = Scripted(1, 4)
    play(script, bot)
    assert [(m["seq"], m["action"]) for m in got] == [(0, 1), (2, 4)] and len(bot.views) == 2


def test_stale_with_a_newer_state_already_there_decides_on_it() -> None:
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [1, 2]))
        got.append(await received(ws))
        await ws.send(state(1, [1, 2], moved=(1,)))
        await ws.send(error("stale"))  # the action at 0 came too late after all: decide at 1
        got.append(await received(ws))
        await ws.send(state(2, [], status="finished", moved=(0,)))
        await ws.wait_closed()

    play(script, Scripted(2))
    assert [m["seq"] for m in got] == [0, 1]


def test_stale_waits_for_the_next_state() -> None:
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [1, 2]))
        got.append(await received(ws))
        await ws.send(error("stale"))
        await asyncio.sleep(0.2)  # nothing is sent again for seq 0
        await ws.send(state(2, [1, 2]))
        got.append(await received(ws))
        await ws.send(state(3, [], status="finished"))
        await ws.wait_closed()

    play(script, Scripted(2))
    assert [m["seq"] for m in got] == [0, 2]


def test_an_illegal_action_asks_the_bot_again_then_plays_a_random_legal_one(caplog: pytest.LogCaptureFixture) -> None:
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [1, 2, 3]))
        for _ in range(3):
            got.append(await received(ws))
            await ws.send(error("illegal"))
        await asyncio.sleep(0.2)  # after a third refusal the client waits for a new state
        await ws.send(state(1, [], status="finished"))
        await ws.wait_closed()

    bot = Scripted(1, 2, 3)
    with caplog.at_level(logging.WARNING, "ra.client"):
        outcome, _ = play(script, bot)
    assert [m["action"] for m in got[:2]] == [1, 2]  # the bot twice
    assert len(bot.views) == 2 and got[2]["seq"] == 0 and got[2]["action"] in (1, 2, 3)  # then a random one
    assert outcome.refused == 3 and "a random legal action after two refusals" in caplog.text


@pytest.mark.parametrize("answer", [RuntimeError("boom"), 99])
def test_a_bot_that_raises_or_answers_no_legal_action_is_replaced_by_a_random_action(
    answer: int | Exception, caplog: pytest.LogCaptureFixture
) -> None:
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [5, 6]))
        got.append(await received(ws))
        await ws.send(state(1, [], status="finished"))
        await ws.wait_closed()

    with caplog.at_level(logging.WARNING, "ra.client"):
        play(script, Scripted(answer))
    assert got[0]["action"] in (5, 6) and got[0]["seq"] == 0
    assert ("boom" if isinstance(answer, Exception) else "not a legal action") in caplog.text


def test_forbidden_raises() -> None:
    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(error("forbidden"))
        await ws.close(4403)

    with pytest.raises(ClientError) as caught:
        play(script, Scripted(1))
    assert caught.value.code == "forbidden" and "refused" in str(caught.value)


def test_a_transient_refusal_sends_the_same_action_at_the_same_seq() -> None:
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [1, 2]))
        got.append(await received(ws))
        await ws.send(error("unavailable"))
        got.append(await received(ws))
        await ws.send(state(1, [], status="finished"))
        await ws.wait_closed()

    bot = Scripted(2, 1)
    play(script, bot)
    assert got == [{"type": "action", "seq": 0, "action": 2}] * 2 and len(bot.views) == 1


def test_an_away_seat_says_it_is_back() -> None:
    got: list[dict[str, Any]] = []

    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(0, [], away=True))
        got.append(await received(ws))
        await ws.send(state(1, [], status="finished"))
        await ws.wait_closed()

    play(script, Scripted(1))
    assert got == [{"type": "back"}]


def test_a_seat_that_is_out_ends_its_play() -> None:
    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send(state(3, [], out="lost"))
        await ws.wait_closed()

    outcome, _ = play(script, Scripted(1))
    assert outcome.status == "out:lost"


def test_it_gives_up_after_its_tries_when_nothing_answers() -> None:
    async def script(ws: ServerConnection, _: int) -> None:
        await ws.close(1011)  # the server fails before any state, every time

    with pytest.raises(ClientError) as caught:
        play(script, Scripted(1))
    assert caught.value.code == "unreachable"


def test_a_message_that_is_no_json_object_is_ignored() -> None:
    async def script(ws: ServerConnection, _: int) -> None:
        await ws.send("[1, 2")
        await ws.send("[1, 2]")
        await ws.send('{"type": "state", "seq": "x"}')
        await ws.send(state(0, [], status="finished"))
        await ws.wait_closed()

    assert play(script, Scripted(1))[0].status == "finished"
