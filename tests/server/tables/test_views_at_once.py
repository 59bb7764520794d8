"""A version's views made at once (issue 26): when the game can (`views`), the service makes every seat's view of a
new version with the spectator's it needs to tell the move, and each equals the view made for that seat alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import app_with, service_of
from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url

from ra.server.tables.snapshot import seat_view


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


def test_each_seat_gets_the_view_made_for_it_alone(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob"), person("Cy")])
    sockets = [quick.websocket_connect(ws_url(table, seat)) for seat in range(3)]
    with sockets[0] as ann, sockets[1] as bob, sockets[2] as cy:
        seats = [ann, bob, cy]
        states = [read_until(ws, 0) for ws in seats]
        for seq in range(8):
            mover = states[0]["view"]["current_player"]
            move = states[mover]["view"]["legal_actions"][0]["notation"]
            seats[mover].send_json({"type": "action", "seq": seq, "move": move})
            states = [read_until(ws, seq + 1) for ws in seats]
            live = service_of(quick).tables.peek(table["id"])
            assert live is not None and live.seen is not None
            assert set(live.seen[2]) == {None, 0, 1, 2}  # every seat's, made with the spectator's at the move
            for seat, state in enumerate(states):
                assert state["view"] == seat_view(live.state, seat, live.names)
                assert state["view"]["viewer"] == seat
                others = [s for s in range(3) if s != seat]  # the table's scores are hidden (R3, the default)
                assert all(state["view"]["scores"][s] is None for s in others) and state["view"]["scores"][seat]
