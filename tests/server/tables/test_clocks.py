"""The players' clocks over HTTP and WebSocket, on a time the tests control (`ra.server.time_source`): a live clock runs
out and a bot plays for the seat until its person returns; turn-based time per move over simulated days; the skip
and lose policies; leaving a game; RA and Write's simultaneous choices, each seat's clock running at once; the
pace's bounds; a time-out stored once by two processes on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from app_helpers import bots_in_threads, service_of, wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, ws_url

from ra.games import game_module
from ra.server.bots.runner import BotRunner
from ra.server.ratings.rating import forfeited
from ra.server.tables.pace import charged

DAY = 24 * 3600


def table_with(client: TestClient, seats: list[dict[str, Any]], pace: dict[str, Any], game: str = "ra") -> Any:
    r = client.post("/api/tables", json={"game": game, "options": {}, "seats": seats, "pace": pace})
    assert r.status_code == 201, r.text
    return r.json()


def summary(client: TestClient, table_id: str) -> dict[str, Any]:
    return dict(client.get(f"/api/tables/{table_id}").json())


def sweep(client: TestClient) -> int:
    """One round of the clock sweep, on the app's own event loop."""
    clocks = client.app.state.clocks  # type: ignore[attr-defined]
    return int(client.portal.call(clocks.sweep))  # type: ignore[union-attr]


def advance(client: TestClient, seconds: float) -> None:
    service_of(client).time_source.advance(seconds)


CLIENT: list[TestClient] = []


def current(state: dict[str, Any]) -> list[int]:
    """The seats to act at that state's table (the server's own state: the games' views name them apart)."""
    client = CLIENT[-1]
    return list(service_of(client).tables[state["table"]["id"]].state.current_players())


@pytest.fixture(autouse=True)
def _client_of_test(request: pytest.FixtureRequest) -> Iterator[None]:
    if "client" in request.fixturenames:
        CLIENT.append(request.getfixturevalue("client"))
    yield
    CLIENT.clear()


def test_a_live_clock_runs_out_a_bot_plays_for_the_seat_and_hands_it_back(client: TestClient) -> None:
    bots_in_threads(client)
    pace = {"kind": "live", "bank": 60, "increment": 5, "timeout": "bot", "level": "easy"}
    table = table_with(client, [person("Ann"), person("Bob")], pace)
    with client.websocket_connect(ws_url(table, 0)) as ann, client.websocket_connect(ws_url(table, 1)) as bob:
        state = read_until(ann, 0)
        state = read_until(bob, 0)
        assert state["table"]["status"] == "running" and state["now"] > 0
        mover = current(state)[0]
        clock = state["table"]["clock"]
        assert clock["pace"]["bank"] == 60 and clock["seats"][mover]["ends"] is not None
        assert clock["seats"][1 - mover]["ends"] is None  # only the seat to act runs
        assert sweep(client) == 0  # nothing due yet
        advance(client, 61)
        assert sweep(client) == 1
        assert sweep(client) == 0  # fired once
        away = summary(client, table["id"])
        assert away["seats"][mover]["away"] is True and away["seats"][mover]["out"] is None
        assert away["clock"]["seats"][mover] == {"left": 0, "ends": None}  # its time is spent; a bot plays it
        # The bot plays the seat's move; the other person is now to act, on their own clock.
        wait_for(lambda: summary(client, table["id"])["seq"] >= 1, what="the stand-in's move")
        ws = ann if mover == 0 else bob
        ws.send_json({"type": "back"})
        wait_for(lambda: not summary(client, table["id"])["seats"][mover]["away"], what="the seat handed back")
        back = summary(client, table["id"])
        assert back["seats"][mover]["away"] is False
        assert back["clock"]["seats"][mover]["left"] >= 15  # a returning person gets at least 15 s
        loaded = service_of(client).tables.peek(table["id"])
        assert loaded is not None and mover not in loaded.bots  # no bot plays the seat any more


def test_acting_and_reconnecting_give_an_away_seat_back(client: TestClient) -> None:
    pace = {"kind": "live", "bank": 30, "increment": 0, "timeout": "bot", "level": "easy"}
    table = table_with(client, [person("Ann"), person("Bob")], pace)
    bots_in_threads(client, deadline=5.0)
    runner = service_of(client).bots
    assert isinstance(runner, BotRunner)
    runner.stopping = True  # the stand-in never gets to move here: the person acts first
    with client.websocket_connect(ws_url(table, 0)), client.websocket_connect(ws_url(table, 1)) as bob:
        state = read_until(bob, 0)
        mover = current(state)[0]
        advance(client, 31)
        assert sweep(client) == 1
    assert summary(client, table["id"])["seats"][mover]["away"] is True
    with client.websocket_connect(ws_url(table, mover)) as again:  # reconnecting: the seat is theirs again
        state = read_until(again, 0)
        wait_for(lambda: not summary(client, table["id"])["seats"][mover]["away"], what="the reconnect")
        advance(client, 31)
        assert sweep(client) == 1
        assert summary(client, table["id"])["seats"][mover]["away"] is True
        state = read_until(again, state["seq"])
        assert state["view"]["stand_ins"] == [mover] and state["view"]["legal_actions"] == []  # the bot's to play
        game = service_of(client).tables[table["id"]].state
        move = game_module("ra").action_to_str(game.legal_actions()[0])  # sent all the same: the seat is theirs
        again.send_json({"type": "action", "seq": state["seq"], "move": move})  # acting gives it back too
        state = read_until(again, 1)
        assert state["table"]["seats"][mover]["away"] is False and state["log"][-1]["player"] == mover


def test_turn_based_time_per_move_over_simulated_days_skips_with_a_pass(client: TestClient) -> None:
    bots_in_threads(client)
    pace = {"kind": "turn", "per_move": DAY, "timeout": "skip", "level": "easy"}
    table = table_with(client, [person("Ann"), person("Bob")], pace)
    with client.websocket_connect(ws_url(table, 0)) as ann, client.websocket_connect(ws_url(table, 1)) as bob:
        state = read_until(bob, 0)
        read_until(ann, 0)
        invoker = current(state)[0]
        ws = ann if invoker == 0 else bob
        ws.send_json({"type": "action", "seq": 0, "move": "ra"})  # an auction: the other seat may pass
        state = read_until(ws, 1)
        bidder = current(state)[0]
        assert bidder != invoker
        ends = state["table"]["clock"]["seats"][bidder]["ends"]
        assert ends - state["now"] == pytest.approx(DAY, abs=60)  # a day for the move
        advance(client, DAY - 3600)
        assert sweep(client) == 0  # a day has not passed yet
        advance(client, 3601)
        assert sweep(client) == 1
        state = read_until(ws, 2)
        assert state["log"][-1]["player"] == bidder and state["log"][-1]["notation"] == "pass"
        after = summary(client, table["id"])
        assert after["seats"][bidder]["away"] is False  # skipped, still their seat
        assert after["clock"]["seats"][bidder]["ends"] is None
        if current(state) == [invoker]:  # the next day, the invoker's own bid is skipped in turn
            advance(client, DAY + 1)
            assert sweep(client) == 1
            state = read_until(ws, 3)
            assert state["log"][-1]["player"] == invoker
    row = service_of(client).storage.get_table(table["id"])
    assert row is not None and row.clock is not None and row.clock["fired"] == state["seq"] - 1


def test_the_lose_policy_ends_the_game_for_the_seat_and_a_bot_plays_it_out(client: TestClient) -> None:
    bots_in_threads(client)
    pace = {"kind": "live", "bank": 30, "increment": 0, "timeout": "lose", "level": "easy"}
    table = table_with(client, [person("Ann"), bot("random")], pace)
    with client.websocket_connect(ws_url(table, 0)) as ann:
        read_until(ann, 0)
        wait_for(lambda: 0 in service_of(client).tables[table["id"]].state.current_players(), what="Ann's turn")
        advance(client, 31)
        assert sweep(client) == 1
        lost = summary(client, table["id"])
        assert lost["seats"][0]["out"] == "lost" and lost["seats"][0]["away"] is False
        ann.send_json({"type": "back"})  # no coming back from a loss
    finished = wait_status_of(client, table["id"])
    assert finished["seats"][0]["out"] == "lost"


def wait_status_of(client: TestClient, table_id: str) -> dict[str, Any]:
    wait_for(lambda: summary(client, table_id)["status"] == "finished", seconds=50, what="the game's end")
    return summary(client, table_id)


def test_a_player_leaves_and_a_bot_plays_the_seat_for_good(client: TestClient) -> None:
    bots_in_threads(client)
    table = create(client, [person("Ann"), bot("random")])  # no clock: leaving works all the same
    with client.websocket_connect(ws_url(table, 0)) as ann:
        read_until(ann, 0)
        ann.send_json({"type": "leave"})
        wait_for(lambda: summary(client, table["id"])["seats"][0]["out"] == "left", what="the leave")
        ann.send_json({"type": "action", "seq": 0, "move": "draw"})
        while True:
            message = ann.receive_json()
            if message["type"] == "error":
                assert message["code"] == "forbidden"
                break
    assert wait_status_of(client, table["id"])["seats"][0]["out"] == "left"


def test_write_simultaneous_choices_run_every_choosing_seat_clock_at_once(client: TestClient) -> None:
    bots_in_threads(client)
    pace = {"kind": "live", "bank": 120, "increment": 10, "timeout": "bot", "level": "easy"}
    table = table_with(client, [person("Ann"), person("Bob"), person("Cy")], pace, game="write")
    module = game_module("write")
    rng = random.Random(3)
    sockets = [client.websocket_connect(ws_url(table, i)) for i in range(3)]
    with sockets[0] as a, sockets[1] as b, sockets[2] as c:
        ws = [a, b, c]
        states = [read_until(s, 0) for s in ws]
        state = states[0]
        while len(current(state)) < 2:
            seat = current(state)[0]
            legal = service_of(client).tables[table["id"]].state.legal_actions(seat)
            move = module.action_to_str(rng.choice(list(legal)))
            ws[seat].send_json({"type": "action", "seq": state["seq"], "move": move})
            state = read_until(ws[seat], state["seq"] + 1)
        choosing = current(state)
        clock = state["table"]["clock"]["seats"]
        assert all(clock[i]["ends"] is not None for i in choosing)  # each choosing seat's clock runs at once
        assert all(clock[i]["ends"] is None for i in range(3) if i not in choosing)
        advance(client, 200)
        assert sweep(client) == len(choosing)  # every one of them ran out, each once
        after = summary(client, table["id"])
        assert [after["seats"][i]["away"] for i in choosing] == [True] * len(choosing)
        wait_for(lambda: summary(client, table["id"])["seq"] > state["seq"], what="the stand-ins' choices")
        for i in choosing:
            ws[i].send_json({"type": "back"})
        wait_for(lambda: not any(s["away"] for s in summary(client, table["id"])["seats"]), what="all back")


OUT_OF_BOUNDS: list[dict[str, Any]] = [
    {"kind": "live", "bank": 5},
    {"kind": "live", "bank": 99999},
    {"kind": "live", "increment": -1},
    {"kind": "live", "bank": True},
    {"kind": "turn", "per_move": 60},
    {"kind": "fast"},
    {"kind": "live", "timeout": "explode"},
    {"kind": "live", "level": "grandmaster"},
    {"kind": "live", "level": "x" * 41},
    {"kind": "live", "bank": 60, "extra": 1},
]


def test_a_pace_out_of_bounds_is_refused(client: TestClient) -> None:
    for pace in OUT_OF_BOUNDS:
        r = client.post("/api/tables", json={"game": "ra", "seats": [person("A"), person("B")], "pace": pace})
        assert r.status_code in (400, 422), (pace, r.text)


def test_a_pace_hidden_in_the_options_is_refused(client: TestClient) -> None:
    body = {"game": "ra", "seats": [person("A"), person("B")], "options": {"pace": {"kind": "live", "bank": -1}}}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and "pace" in r.json()["error"]


def test_no_pace_means_no_clock_and_the_meta_says_which_games_skip(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    assert summary(client, table["id"])["clock"] is None
    assert {g["name"]: g["skips"] for g in client.get("/api/meta").json()["games"]} == {"ra": True, "write": True}


def test_the_listing_is_turn_based_as_the_pace_is(client: TestClient) -> None:
    turn = table_with(client, [person("Ann"), person("Bob")], {"kind": "turn", "per_move": 3 * DAY})
    live = table_with(client, [person("Ann"), person("Bob")], {"kind": "live"})
    assert client.get(f"/api/tables/{turn['id']}/listing").json()["turn_based"] is True  # never listed: its pace
    assert client.get(f"/api/tables/{live['id']}/listing").json()["turn_based"] is False
    for table, pace in ((turn, True), (live, False)):
        body = {"creator": table["creator"], "open_seats": True, "turn_based": not pace}
        assert client.post(f"/api/tables/{table['id']}/listing", json=body).json()["turn_based"] is pace


def test_seats_that_left_or_lost_are_placed_after_every_seat_still_in() -> None:
    assert forfeited([1, 2, 3], [0]) == [3, 1, 2]
    assert forfeited([2, 1, 3, 4], [1, 3]) == [1, 3, 2, 4]
    assert forfeited([1.5, 1.5, 3], [2]) == [1.5, 1.5, 3]
    assert forfeited([1, 2], []) == [1, 2]


def test_a_live_mover_earns_the_increment_only_when_its_turn_is_over() -> None:
    pace = {"kind": "live", "bank": 60, "increment": 10}
    clock = {"seats": [{"left": 60.0, "since": 100.0}, {"left": 60.0, "since": None}], "fired": 0}
    going_on = charged(pace, clock, 0, {0}, 105.0, turn_over=False)
    assert going_on["seats"][0] == {"left": 55.0, "since": 105.0}  # charged 5 s, runs on, no increment
    ended = charged(pace, going_on, 0, {1}, 108.0, turn_over=True)
    assert ended["seats"][0] == {"left": 62.0, "since": None}  # 3 s more, then the turn's one increment
    assert ended["seats"][1]["since"] == 108.0


def test_an_undo_gives_back_the_increment_its_move_earned(client: TestClient) -> None:
    pace = {"kind": "live", "bank": 60, "increment": 10, "timeout": "bot", "level": "easy"}
    table = table_with(client, [person("Ann"), person("Bob")], pace)
    with client.websocket_connect(ws_url(table, 0)) as ann, client.websocket_connect(ws_url(table, 1)) as bob:
        state = read_until(ann, 0)
        read_until(bob, 0)
        mover = current(state)[0]
        ws = (ann, bob)[mover]
        ws.send_json({"type": "action", "seq": state["seq"], "move": "ra"})  # invoking Ra ends the turn; no draw
        state = read_until(ws, state["seq"] + 1)
        assert 65 < summary(client, table["id"])["clock"]["seats"][mover]["left"] <= 70  # earned once
        ws.send_json({"type": "undo", "seq": state["seq"]})
        read_until(ws, state["seq"] + 1)
        assert 55 < summary(client, table["id"])["clock"]["seats"][mover]["left"] <= 60  # given back
