"""Seats that tell who they are (issue 12): distinct bot names, a wrong seat link that falls back to watching,
and replays of finished games that show every score at every step."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, wait_status, ws_url
from starlette.websockets import WebSocketDisconnect

from ra.core.text import Seat, t, tp
from ra.i18n import Reader, render
from ra.server.tables.story import BOT_NAMES, bot_names


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    """An app whose bots decide in threads of the test process."""
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


def test_bot_seats_get_distinct_egyptian_names_with_their_level(quick: TestClient) -> None:
    table = create(
        quick,
        [
            person("Khufu"),
            bot("greedy"),
            bot("greedy"),
            bot("hard"),
            {"kind": "bot", "bot": "easy", "name": "Sparring"},
        ],
    )
    seats = quick.get(f"/api/tables/{table['id']}").json()["seats"]
    names = [s["name"] for s in seats]
    assert names[0] == "Khufu" and names[4] == "Sparring"  # given names are kept
    for name, level in zip(names[1:4], ["greedy", "greedy", "hard"], strict=True):
        match = re.fullmatch(r"(\w+) \((\w+)\)", name)
        assert match and match.group(1) in BOT_NAMES and match.group(2) == level, name
        assert match.group(1) != "Khufu"  # never a person's name
    assert len(set(names)) == len(names)
    view = quick.get(f"/api/tables/{table['id']}/view").json()["view"]
    assert view["names"] == names


def test_bot_names_stay_unique_beyond_the_list() -> None:
    labels: list[str | None] = ["random"] * (len(BOT_NAMES) + 3)
    named = bot_names(labels, [], "table")
    assert len(set(named)) == len(named)
    assert bot_names(["greedy", None], ["Ann"], "x")[1] is None


def test_the_end_names_the_winning_bot(quick: TestClient) -> None:
    table = create(quick, [bot("random"), bot("random")])
    summary = wait_status(quick, table["id"])
    view = quick.get(f"/api/tables/{table['id']}/view").json()
    names = [s["name"] for s in summary["seats"]]
    winners = [names[s] for s in view["view"]["result"]["winners"]]
    assert any(f"{winner} wins" in line for winner in winners for line in view["log"][-1]["lines"])


@pytest.mark.parametrize(
    "query",
    ["?seat=0&token=wrong", "?seat=0", "?seat=1&token={tok0}", "?seat=7&token=x", "?seat=x&token=y", "?seat=2&token=x"],
)
def test_a_wrong_seat_link_falls_back_to_watching(quick: TestClient, query: str) -> None:
    table = create(quick, [person("Ann"), person("Bob"), bot("random")])
    path = f"/ws/{table['id']}" + query.format(tok0=table["seats"][0]["token"]) + "&fallback=spectator"
    with quick.websocket_connect(path) as socket:
        notice = socket.receive_json()
        assert notice["type"] == "error" and notice["code"] in ("forbidden", "bad_message")
        assert "you are watching as a spectator" in notice["message"]
        state = read_until(socket, 0)
        assert state["view"]["viewer"] is None and state["view"]["legal_actions"] == []
        socket.send_json({"type": "action", "seq": state["seq"], "move": "draw"})
        reply = socket.receive_json()
        while reply["type"] == "state":  # the bot may be playing meanwhile
            reply = socket.receive_json()
        assert reply["code"] == "forbidden"  # watching only
    summary = quick.get(f"/api/tables/{table['id']}").json()
    assert not any(s["taken"] for s in summary["seats"] if s["kind"] == "person")


def test_without_the_fallback_a_wrong_link_is_still_refused(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob")])
    with quick.websocket_connect(f"/ws/{table['id']}?seat=0&token=wrong") as socket:
        assert socket.receive_json()["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    with quick.websocket_connect(ws_url(table, 0) + "&fallback=spectator") as socket:
        assert read_until(socket, 0)["view"]["viewer"] == 0  # a good link is the seat's, fallback or not


def test_a_replay_shows_every_score_at_every_step(quick: TestClient) -> None:
    table = create(quick, [bot("random"), bot("random"), bot("random")])  # scores hidden during the game (R3)
    wait_status(quick, table["id"])
    live = quick.get(f"/api/tables/{table['id']}/view").json()
    steps = quick.get(f"/api/tables/{table['id']}/replay").json()["steps"]
    assert len(steps) == live["seq"] + 1
    for step in steps:
        assert None not in step["view"]["scores"]
        for epoch in step["view"]["epoch_scores"]:
            assert None not in epoch["players"]
    assert steps[-1]["view"]["scores"] == live["view"]["result"]["scores"]
    # The replay tells each epoch's score changes, which the live log kept hidden until the end.
    replay_text = [line for step in steps[1:] for line in step["move"]["lines"]]
    live_text = [line for entry in live["log"] for line in entry["lines"]]
    assert "Epoch 1 is scored; scores are hidden until the end." in live_text
    assert "Epoch 1 is scored:" in replay_text
    assert [s["move"]["notation"] for s in steps[1:]] == [e["notation"] for e in live["log"]]


def test_a_blank_name_is_read_as_the_default_in_each_readers_language(quick: TestClient) -> None:
    """A seat nobody named is sent blank, never as English words: each reader reads "Player 1" in their language."""
    table = create(quick, [{"kind": "person", "name": "  "}, {"kind": "person"}, bot("random")])
    seats = quick.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["name"] for s in seats[:2]] == ["", ""]
    view = quick.get(f"/api/tables/{table['id']}/view").json()["view"]
    assert view["names"][:2] == ["", ""]
    said = t("{message}", message=Seat(1, view["names"][1]))  # a seat in a sentence, as the log sends it
    assert render(said, Reader("de", None, view["names"])) == "Spieler 2"
    default = tp("seat", "Player {number}", number=2)
    assert render(said, Reader("zh-Hans", None, view["names"])) == render(default, Reader("zh-Hans")) != "Player 2"
