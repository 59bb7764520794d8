"""Explanations in the state messages (issue 12): each seat gets the engine's `explain` of its own view, so no
explanation ever tells a score hidden from its seat; the lot-value helper and hints are table options of /api/meta;
the rules are served as pages that the table's rules panels link into."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import app_with, service_of
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, ws_url

from ra.core.text import Text
from ra.games import GAMES, game_module
from ra.games.ra import State
from ra.i18n.render import Reader, render
from ra.server.http.outgoing import state_frame
from ra.server.http.rules_pages import render_markdown, rules_markdown
from ra.server.tables.snapshot import Snapshot
from ra.server.tables.story import engine_options

STATIC_JS = Path(__file__).resolve().parents[3] / "src" / "ra" / "server" / "static" / "js"


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    """An app whose bots decide in threads of the test process."""
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


def said(text: Any, seat: int | None = None, language: str = "en") -> str:
    """An explanation's text as a reader at `seat` reads it (the wire carries texts: docs/PROTOCOL.md)."""
    return render(Text.from_json(text) if isinstance(text, dict) else text, Reader(language, seat))


def test_each_seat_gets_the_explanation_of_its_own_view(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob")])
    with quick.websocket_connect(ws_url(table, 0)) as ann, quick.websocket_connect(ws_url(table)) as watcher:
        mine, theirs = read_until(ann, 0), read_until(watcher, 0)
    for message in (mine, theirs):
        elements = message["explain"]["elements"]
        assert {"tile:pharaoh", "central_disk", "ra_track", "auction_track", "bag", "pharaohs"} <= set(elements)
        for disk in message["view"]["disks"][0]["face_up"]:
            assert f"sun_disk:{disk}" in elements
        assert all(said(text) for text in elements.values())
    assert "You" in said(mine["explain"]["elements"]["tile:pharaoh"], 0)  # told to its viewer
    assert "you" not in said(theirs["explain"]["elements"]["tile:pharaoh"]).lower().split()
    pharaoh = mine["explain"]["elements"]["tile:pharaoh"]
    assert said(pharaoh, 0, "de") != said(pharaoh, 0)  # and in German for a German reader
    # The HTTP view carries the same explanation as the seat's state message.
    seat_state = quick.get(f"/api/tables/{table['id']}/view", params={"seat": 0, "token": table["seats"][0]["token"]})
    assert seat_state.json()["explain"] == mine["explain"]


def test_write_explains_sections_cards_and_deck(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), bot("random")], game="write")
    with quick.websocket_connect(ws_url(table, 0)) as ws:
        state = read_until(ws, 0)
    elements = state["explain"]["elements"]
    assert {"gods", "pharaohs", "nile", "civilization", "monuments", "deck", "ra_cards"} <= set(elements)
    assert "lot_value" not in state["explain"]  # the lot-value helper is Ra's


def hidden_scores_state() -> State:
    """A 3-player Ra game with hidden scores (R3), played at random into epoch 2: the seats' scores differ."""
    state = State.new({"players": 3, "names": ["Ann", "Bob", "Cleo"]}, seed=5)
    rng = random.Random(2)
    while state.epoch < 2:
        seat = state.current_players()[0]
        state.push(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_an_explanation_never_tells_a_score_hidden_from_its_seat(quick: TestClient) -> None:
    """Change every score Ann may not see: her view and her explanation stay exactly the same."""
    table = create(quick, [person("Ann"), person("Bob"), person("Cleo")])
    row = service_of(quick).tables.peek(table["id"]).row  # type: ignore[union-attr]
    module = game_module("ra")
    state = hidden_scores_state()
    other = copy.deepcopy(state)
    other.points = [state.points[0], state.points[1] + 37, state.points[2] + 11]
    rows = copy.deepcopy(list(other.epoch_scores))
    for row_of in rows:
        for seat in (1, 2):
            row_of["players"][seat]["after"] += 17
            row_of["players"][seat]["categories"]["pharaohs"] += 5
    other.epoch_scores = tuple(rows)
    first, second = Snapshot(1, state, [], [], row, module), Snapshot(1, other, [], [], row, module)
    assert first.payload(0) == second.payload(0)
    sent_at = 1_700_000_000.0  # the text on the wire, as sent at one moment
    assert state_frame(first, 0).at(sent_at) == state_frame(second, 0).at(sent_at)
    assert state_frame(first, None).at(sent_at) == state_frame(second, None).at(sent_at)
    assert state_frame(first, 1).at(sent_at) != state_frame(second, 1).at(sent_at)  # the seat who may see them
    assert first.payload(1)["view"]["scores"][1] != second.payload(1)["view"]["scores"][1]  # it is a real score
    assert first.payload(0)["view"]["scores"][1] is None


def lot_values(client: TestClient, table: dict[str, Any]) -> list[Any]:
    """Both seats draw tiles in turn until a Ra tile; the lot values seat 0 was shown while the track held tiles."""
    seen: list[Any] = []
    with client.websocket_connect(ws_url(table, 0)) as ann, client.websocket_connect(ws_url(table, 1)) as bob:
        states = [read_until(ann, 0), read_until(bob, 0)]
        for _ in range(12):
            if states[0]["view"]["auction_track"]:
                seen.append(states[0]["explain"]["lot_value"])
            seat = states[0]["view"]["current_player"]
            if "draw" not in {a["notation"] for a in states[seat]["view"]["legal_actions"]}:
                break  # a Ra tile started an auction
            seq = states[0]["seq"]
            (ann, bob)[seat].send_json({"type": "action", "seq": seq, "move": "draw"})
            states = [read_until(ann, seq + 1), read_until(bob, seq + 1)]
    return seen


def shown_lot_values(client: TestClient, **options: Any) -> list[Any]:
    """The lot values of a new 2-person table (a new deal until the first draw is not a Ra tile)."""
    for _ in range(10):
        table = create(client, [person("Ann"), person("Bob")], **options)
        values = lot_values(client, table)
        if values:
            return values
    raise AssertionError("ten deals in a row started with a Ra tile")


def test_the_lot_value_helper_is_a_table_option_on_by_default(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), bot("random")])
    summary = quick.get(f"/api/tables/{table['id']}").json()
    assert summary["options"]["lot_helper"] is True and summary["options"]["hints"] is False
    values = shown_lot_values(quick)
    assert all(isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v) for v in values)
    assert all(v is None for v in shown_lot_values(quick, lot_helper=False))


def test_meta_offers_the_table_options_after_each_games_own(client: TestClient) -> None:
    for game in client.get("/api/meta").json()["games"]:
        module = game_module(game["name"])
        engine = [spec.as_json() for spec in module.OPTIONS]
        assert game["options"][: len(engine)] == engine
        table = {o["name"]: o for o in game["options"][len(engine) :]}
        assert set(table) == ({"lot_helper", "hints", "undo"} if game["name"] == "ra" else {"hints", "undo"})
        assert all(o["scope"] == "table" and o["kind"] == "bool" and o["label"] and o["help"] for o in table.values())
        assert table["hints"]["default"] is False and table["undo"]["default"] is True
        if game["name"] == "ra":
            assert table["lot_helper"]["default"] is True


def test_table_options_are_checked_stored_and_kept_from_the_engine(quick: TestClient) -> None:
    bad = quick.post("/api/tables", json={"game": "ra", "options": {"hints": "yes"}, "seats": [bot(), bot()]})
    assert bad.status_code == 400 and "hints" in bad.json()["error"]
    table = create(quick, [person("Ann"), bot("random")], hints=True, scores_visible=True)
    summary = quick.get(f"/api/tables/{table['id']}").json()
    assert summary["options"]["hints"] is True and summary["options"]["lot_helper"] is True
    view = quick.get(f"/api/tables/{table['id']}/view").json()["view"]
    assert view["options"]["scores_visible"] is True
    assert "hints" not in view["options"] and "lot_helper" not in view["options"]  # the engine never sees them


def test_the_lot_value_helper_is_only_ras(quick: TestClient) -> None:
    """An RA and Write table has no lot-value helper: not stored, not explained, never given to its engine."""
    table = create(quick, [person("Ann"), bot("random")], game="write", lot_helper=True)
    options = quick.get(f"/api/tables/{table['id']}").json()["options"]
    assert options["hints"] is False and "lot_helper" not in options
    # tables stored when every game offered it keep it out of the engine's options
    assert engine_options({"players": 2, "lot_helper": True, "hints": False}) == {"players": 2}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_are_served_as_a_page(client: TestClient, game: str) -> None:
    page = client.get(f"/rules/{game}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"
    assert game_module(game).TITLE in page.text


def test_an_unknown_games_rules_are_not_found(client: TestClient) -> None:
    answer = client.get("/rules/chess")
    assert answer.status_code == 404 and "chess" in answer.json()["error"]
    assert "script-src 'self'" in answer.headers["content-security-policy"]


@pytest.mark.parametrize(("game", "panel"), [("ra", "games/ra/help.js"), ("write", "games/write/help.js")])
def test_every_link_of_a_rules_panel_finds_its_section(game: str, panel: str) -> None:
    source = (STATIC_JS / panel).read_text(encoding="utf-8")
    anchors = re.findall(r'"#([a-z0-9-]+)"', source)
    assert len(anchors) >= 6, "the panel links its sections"
    _, headings = render_markdown(rules_markdown(game))
    ids = {anchor for _, anchor, _ in headings}
    assert set(anchors) <= ids, sorted(set(anchors) - ids)
    assert f"/rules/{game}" in source
