"""Who acts for a seat: a bot standing in for a person (away, left, lost on time) is told as the bot, never in the
person's own words ("You bid", "Your turn"), live and after a rebuild from storage."""

from __future__ import annotations

from typing import Any

from app_helpers import bots_in_threads, service_of, wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, ws_url

from ra.core.text import Text
from ra.games import game_module
from ra.i18n import Reader, render
from ra.server.tables.rebuild import rebuild
from ra.server.tables.snapshot import acted_for


def said(entry: dict[str, Any], seat: int, names: list[str]) -> list[str]:
    """An entry's lines as the reader at `seat` reads them (in English)."""
    return [render(Text.from_json(line), Reader("en", seat, names)) for line in entry["said"]]


def test_a_bot_playing_for_a_seat_that_left_speaks_of_the_person_as_others_do(client: TestClient) -> None:
    bots_in_threads(client)
    table = create(client, [person("Ann"), bot("random")])
    with client.websocket_connect(ws_url(table, 0)) as ann:
        read_until(ann, 0)
        ann.send_json({"type": "leave"})
        wait_for(lambda: client.get(f"/api/tables/{table['id']}").json()["status"] == "finished", 50, "the end")
    seat_state = client.get(f"/api/tables/{table['id']}/view", params={"seat": 0, "token": table["seats"][0]["token"]})
    view, log = seat_state.json()["view"], seat_state.json()["log"]
    assert view["stand_ins"] == [0]  # the view says a bot plays for Ann
    names = view["names"]
    for_ann = [entry for entry in log if entry["player"] == 0]
    assert for_ann and all(entry.get("stand_in") for entry in for_ann)
    for entry in for_ann:
        lines = said(entry, 0, names)
        assert lines[0].startswith("A bot played for you: Ann "), lines
        assert not any(line.lstrip().startswith(("You ", "Your ")) for line in lines), lines
        assert said(entry, 1, names)[0].startswith("Ann "), entry  # the others read it as before
    # Rebuilt from storage (a restart), the log tells the same.
    service = service_of(client)
    row = service.tables[table["id"]].row
    rebuilt = rebuild(game_module("ra"), row, service.storage.moves(table["id"]))
    assert [entry.get("stand_in", False) for entry in rebuilt.log] == [entry.get("stand_in", False) for entry in log]
    assert [entry["said"] for entry in rebuilt.log] == [entry["said"] for entry in log]


def test_a_seat_a_bot_plays_for_offers_its_person_no_action() -> None:
    view = {"viewer": 0, "names": ["Ann", "Bob"], "legal_actions": [{"id": 0, "notation": "draw"}]}
    shown = acted_for(view, 0, [0])
    assert shown["legal_actions"] == [] and shown["stand_ins"] == [0]
    assert acted_for(view, 1, [0])["legal_actions"] == view["legal_actions"]  # another seat's view keeps its own
    assert acted_for(view, 0, []) is view  # nobody stood in: the view as the game made it
    assert view["legal_actions"]  # never changed in place: the table's views are shared
