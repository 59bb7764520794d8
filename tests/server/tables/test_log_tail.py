"""The log's new entries only (issue 26): a client that connects with `log=tail` keeps the log it got, and each
`state` brings it only the entries after those (`log_from`); the whole log again when earlier entries changed (a
seat renamed). A client without it gets the whole log in every state, `log_from` 0, as before."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url

from ra.server.http.messages import StateMessage


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


def kept(log: list[dict[str, Any]], state: dict[str, Any]) -> list[dict[str, Any]]:
    """The whole log a `log=tail` client holds after `state` (as the browser's `keptLog` merges it)."""
    return log[: state["log_from"]] + list(state["log"])


def test_a_client_that_keeps_the_log_gets_only_its_new_entries(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob")])
    tails = [quick.websocket_connect(ws_url(table, seat) + "&log=tail") for seat in (0, 1)]
    with quick.websocket_connect(ws_url(table)) as whole, tails[0] as ann, tails[1] as bob:
        sockets = {0: ann, 1: bob}
        logs: dict[int, list[dict[str, Any]]] = {}
        states = {seat: read_until(ws, 0) for seat, ws in sockets.items()}
        for seat, state in states.items():
            assert state["log_from"] == 0 and state["log"] == []
            logs[seat] = kept([], state)
        read_until(whole, 0)
        seq, sizes = 0, []
        while seq < 12:
            mover = states[0]["view"]["current_player"]
            notation = states[mover]["view"]["legal_actions"][0]["notation"]
            sockets[mover].send_json({"type": "action", "seq": seq, "move": notation})
            full = read_until(whole, seq + 1)
            assert full["log_from"] == 0 and len(full["log"]) == seq + 1  # a client without `log=tail`: all of it
            for seat, ws in sockets.items():
                state = read_until(ws, seq + 1)
                assert StateMessage.model_validate(state).log_from == seq  # only what this client had not had
                assert [entry["seq"] for entry in state["log"]] == [seq + 1]
                logs[seat] = kept(logs[seat], state)
                assert logs[seat] == full["log"]
                states[seat] = state
                sizes.append(len(str(state["log"])))
            seq += 1
        assert max(sizes) < len(str(full["log"])) / 4  # the tails stay small while the log grows


@contextmanager
def after_a_draw(quick: TestClient) -> Iterator[tuple[Any, Any, dict[str, Any]]]:
    """Ann and Bob keeping the log (`log=tail`) at a new table after its first move, a draw: the mover's socket,
    Bob's, and the state Bob got of that move (the whole log, one entry)."""
    table = create(quick, [person("Ann"), person("Bob")])
    tails = [quick.websocket_connect(ws_url(table, seat) + "&log=tail") for seat in (0, 1)]
    with tails[0] as ann, tails[1] as bob:
        mover = read_until(bob, 0)["view"]["current_player"]
        moving = (ann, bob)[mover]
        moving.send_json({"type": "action", "seq": 0, "move": "draw"})
        state = read_until(bob, 1)
        assert state["seq"] == 1 and state["log_from"] == 0 and len(state["log"]) == 1
        yield moving, bob, state


def test_renamed_seats_send_the_whole_log_again(quick: TestClient) -> None:
    with after_a_draw(quick) as (moving, bob, state):
        mover = state["log"][0]["player"]
        name = state["view"]["names"][mover]
        moving.send_json({"type": "rename", "name": name + "a"})
        while True:
            state = dict(bob.receive_json())
            if state["type"] == "state" and state["view"]["names"][mover] == name + "a":
                break
        assert state["log_from"] == 0 and len(state["log"]) == 1  # an earlier entry changed: the whole log again
        assert state["log"][0]["name"] == name + "a"


def test_a_seat_change_that_renames_nobody_keeps_the_tails(quick: TestClient) -> None:
    with after_a_draw(quick) as (moving, bob, state):
        # The seats are stored and published again (as when one is taken, goes away or comes back), no name changed.
        moving.send_json({"type": "rename", "name": state["view"]["names"][state["log"][0]["player"]]})
        again = dict(bob.receive_json())
        assert again["type"] == "state" and again["seq"] == 1
        assert again["log_from"] == 1 and again["log"] == []  # nothing new: the log Bob kept still holds
