"""Seats of accounts: keeping a guest seat, taking an open seat from the lobby, "my games" on another browser,
listings, and results and ratings recorded once a game ends."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from account_helpers import PASSWORD, csrf, new_listed_table, people_app, play_out, sign_up, sweep_now, wait_for
from app_helpers import bots_in_threads, service_of
from fastapi.testclient import TestClient
from server_helpers import bot, person, read_until, ws_url

from ra.core.text import Text
from ra.i18n import Reader, render
from ra.server.bots.runner import BotRunner


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data") as client:
        yield client


def browser(web: TestClient) -> TestClient:
    """Another browser on the same app."""
    return TestClient(web.app, base_url=str(web.base_url))


def test_a_kept_guest_seat_is_in_my_games_on_another_browser(web: TestClient) -> None:
    sign_up(web, "Ann")
    r = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), bot()]})
    table = r.json()
    seat = table["seats"][0]
    claim = {"table": table["id"], "seat": 0, "token": seat["token"]}
    assert web.post("/api/account/seats", json=claim, headers=csrf(web)).status_code == 200
    phone = browser(web)
    phone.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
    games = phone.get("/api/account/games").json()["games"]
    assert [g["id"] for g in games] == [table["id"]]
    assert games[0]["link"] == seat["invite"] and games[0]["table"]["game"] == "ra"


def test_a_kept_seat_is_named_as_its_account_as_the_chat_names_it(web: TestClient) -> None:
    """A signed-in creator who left the name blank plays under the account's name, not "Player 1"."""
    sign_up(web, "Ann")
    table = web.post("/api/tables", json={"game": "ra", "seats": [{"kind": "person"}, bot()]}).json()
    assert web.get(f"/api/tables/{table['id']}").json()["seats"][0]["name"] == ""
    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert web.post("/api/account/seats", json=claim, headers=csrf(web)).status_code == 200
    assert web.get(f"/api/tables/{table['id']}").json()["seats"][0]["name"] == "Ann"
    view = web.get(f"/api/tables/{table['id']}/view?seat=0&token={table['seats'][0]['token']}").json()["view"]
    assert view["names"][0] == "Ann"


def test_my_games_says_your_turn_only_while_no_bot_plays_the_seat(web: TestClient) -> None:
    sign_up(web, "Ann")
    pace = {"kind": "live", "bank": 30, "increment": 0, "timeout": "lose", "level": "easy"}
    body = {"game": "ra", "seats": [{"kind": "person"}, person("Bob")], "pace": pace}
    table = web.post("/api/tables", json=body).json()
    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert web.post("/api/account/seats", json=claim, headers=csrf(web)).status_code == 200
    bots_in_threads(web)
    runner = service_of(web).bots
    assert isinstance(runner, BotRunner)
    runner.stopping = True  # the bot that takes Ann's seat never moves here: her seat stays to act
    with web.websocket_connect(ws_url(table, 0)), web.websocket_connect(ws_url(table, 1)):
        live = service_of(web).tables[table["id"]]
        wait_for(lambda: bool(live.row.clock) and live.row.status == "running")
        ann_first = 0 in live.state.current_players()
        if not ann_first:  # Bob draws: Ann is to act
            service = service_of(web)
            web.portal.call(service.act, live, 1, live.seq, live.state.legal_actions()[0])  # type: ignore[union-attr]
        assert web.get("/api/account/games").json()["games"][0]["your_turn"] is True
        service_of(web).time_source.advance(31)
        clocks = web.app.state.clocks  # type: ignore[attr-defined]
        assert int(web.portal.call(clocks.sweep)) == 1  # type: ignore[union-attr]
    game = web.get("/api/account/games").json()["games"][0]
    assert game["table"]["seats"][0]["out"] == "lost" and 0 in game["to_act"] and game["your_turn"] is False


def test_my_games_tells_the_last_move_as_a_text_each_reader_renders(web: TestClient) -> None:
    sign_up(web, "Ann")
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), person("Bo")]}).json()
    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert web.post("/api/account/seats", json=claim, headers=csrf(web)).status_code == 200
    names = ("Ann", "Bo")
    with (
        web.websocket_connect("/ws/" + table["seats"][0]["invite"].removeprefix("/t/")) as ann,
        web.websocket_connect("/ws/" + table["seats"][1]["invite"].removeprefix("/t/")) as bo,
    ):
        mover = 0 if read_until(ann, 0)["view"]["legal_actions"] else 1  # the highest sun disk starts: either
        read_until(bo, 0)
        ws = (ann, bo)[mover]
        ws.send_json({"type": "action", "seq": 0, "move": "draw"})
        read_until(ws, 1)
    last = web.get("/api/account/games").json()["games"][0]["last_move"]
    said = Text.from_json(last["said"])
    assert render(said, Reader("en", None, names)) == last["text"]
    other = 1 - mover
    assert render(said, Reader("de", other, names)).startswith(f"{names[mover]} hat ")  # German, as the other reads


def test_a_seat_is_kept_by_one_account_only_and_only_with_its_token(web: TestClient) -> None:
    sign_up(web, "Ann")
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), person("Bob")]}).json()
    wrong = {"table": table["id"], "seat": 0, "token": table["seats"][1]["token"]}
    assert web.post("/api/account/seats", json=wrong, headers=csrf(web)).status_code == 403
    right = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert web.post("/api/account/seats", json=right, headers=csrf(web)).status_code == 200
    assert web.post("/api/account/seats", json=right, headers=csrf(web)).status_code == 200  # again: no change
    bob = browser(web)
    sign_up(bob, "Bob")
    assert bob.post("/api/account/seats", json=right, headers=csrf(bob)).status_code == 409


def test_only_the_creator_lists_a_table_and_only_before_anyone_sits(web: TestClient) -> None:
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), person("Bob")]}).json()
    body = {"open_seats": True, "rated": True}
    r = web.post(f"/api/tables/{table['id']}/listing", json={"creator": "not it", **body})
    assert r.status_code == 403
    r = web.post(f"/api/tables/{table['id']}/listing", json={"creator": table["creator"], **body})
    assert r.json() == {"open_seats": True, "rated": True, "rated_bots": False, "turn_based": False, "bots_pool": True}
    assert web.get(f"/api/tables/{table['id']}/listing").json()["rated"] is True
    with web.websocket_connect(f"/ws/{table['id']}?seat=0&token={table['seats'][0]['token']}") as ws:
        ws.receive_json()
        r = web.post(f"/api/tables/{table['id']}/listing", json={"creator": table["creator"], "rated": False})
        assert r.status_code == 409


def test_open_seats_are_listed_filtered_and_taken(web: TestClient) -> None:
    table = new_listed_table(web, [person("Host"), person("Guest"), bot()], open_seats=True, turn_based=True)
    closed = new_listed_table(web, [person("Host"), person("Guest")])
    found = web.get("/api/lobby/open").json()["tables"]
    assert [t["table"]["id"] for t in found] == [table["id"]] and found[0]["free"] == [0, 1]
    assert web.get("/api/lobby/open?game=ra&players=3&speed=turn_based").json()["tables"]
    assert not web.get("/api/lobby/open?players=2").json()["tables"]
    assert not web.get("/api/lobby/open?speed=live").json()["tables"]
    assert web.get("/api/lobby/open?speed=fast").status_code == 400

    sign_up(web, "Cleo")
    assert web.post(f"/api/tables/{closed['id']}/seats/1/join", headers=csrf(web)).status_code == 403
    assert web.post(f"/api/tables/{table['id']}/seats/2/join", headers=csrf(web)).status_code == 409  # a bot's
    joined = web.post(f"/api/tables/{table['id']}/seats/1/join", headers=csrf(web)).json()
    assert joined["link"].startswith(f"/t/{table['id']}?seat=1&token=")
    assert web.post(f"/api/tables/{table['id']}/seats/0/join", headers=csrf(web)).status_code == 409  # one each
    assert web.get("/api/lobby/open").json()["tables"][0]["free"] == [0]
    summary = web.get(f"/api/tables/{table['id']}").json()
    assert summary["seats"][1]["name"] == "Cleo"
    with web.websocket_connect(f"/ws/{table['id']}?seat=1&token={table['seats'][1]['token']}") as ws:
        assert ws.receive_json()["code"] == "forbidden"  # the creator's old link of that seat works no more
    with web.websocket_connect("/ws/" + joined["link"].removeprefix("/t/")) as ws:
        assert ws.receive_json()["type"] == "state"
    dan = browser(web)
    sign_up(dan, "Dan")
    assert dan.post(f"/api/tables/{table['id']}/seats/1/join", headers=csrf(dan)).status_code == 409
    assert web.get("/api/account/games").json()["games"][0]["id"] == table["id"]


def test_a_rated_game_moves_both_ratings_once(web: TestClient) -> None:
    table = new_listed_table(web, [person("A"), person("B")], open_seats=True, rated=True)
    players, links = [], []
    for seat, name in enumerate(("Ann", "Bob")):
        someone = browser(web)
        players.append(sign_up(someone, name)["player"])
        links.append(someone.post(f"/api/tables/{table['id']}/seats/{seat}/join", headers=csrf(someone)).json()["link"])
    play_out(web, links)
    board = wait_for(lambda: web.get("/api/ratings/ra").json()["players"])
    assert {p["player"] for p in board} == set(players) and all(p["games"] == 1 for p in board)
    assert all(p["sigma"] < 25 / 3 for p in board) and board[0]["rating"] >= board[1]["rating"]
    page = web.get(f"/api/players/{players[0]}").json()
    assert page["kind"] == "person" and page["ratings"][0]["games"] == 1
    assert len(page["ratings"][0]["history"]) == 1 and page["games"][0]["table"] == table["id"]
    assert page["win_shares"][0]["players"] == 2 and page["win_shares"][0]["games"] == 1
    assert sweep_now(web) == 0  # swept already: never rated twice
    assert web.get(f"/api/players/{players[0]}").json()["ratings"][0]["games"] == 1


def test_bots_are_rated_among_themselves_and_anchor_people(web: TestClient) -> None:
    table = new_listed_table(web, [bot("random"), bot("greedy")], rated=True, rated_bots=True)
    board = wait_for(lambda: web.get("/api/ratings/ra").json()["players"])
    assert {p["name"] for p in board} == {"random", "greedy"} and all(p["bot"] and p["built_in"] for p in board)
    assert web.get(f"/api/tables/{table['id']}").json()["status"] == "finished"


def test_unrated_games_are_recorded_but_move_no_rating(web: TestClient) -> None:
    new_listed_table(web, [bot("random"), bot("greedy")])
    wait_for(lambda: web.get("/api/tables?status=finished").json()["tables"])
    wait_for(lambda: sweep_now(web) == 0)
    assert web.get("/api/ratings/ra").json()["players"] == []
    assert web.get("/api/ratings/chess").status_code in (400, 404)
