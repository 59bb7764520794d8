"""HTTP API: meta, creating tables, seats and tokens, names, lobby listing, errors, pages."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from server_helpers import bot, create, person, wait_status

from ra.games import GAMES, game_module


def test_meta_describes_every_registered_game(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert [g["name"] for g in meta["games"]] == list(GAMES)
    for game in meta["games"]:
        module = game_module(game["name"])
        assert game["title"] == module.TITLE
        low, high = module.MIN_PLAYERS, module.MAX_PLAYERS
        assert game["players"]["minimum"] == low and game["players"]["maximum"] == high
        assert low <= game["players"]["default"] <= high
        engine_options = [o for o in game["options"] if o.get("scope") != "table"]
        assert engine_options == [spec.as_json() for spec in module.OPTIONS]
        table_options = {o["name"] for o in game["options"] if o.get("scope") == "table"}
        assert table_options == ({"lot_helper", "hints", "undo"} if game["name"] == "ra" else {"hints", "undo"})
        assert "random" in game["bots"]["kinds"]
        assert game["bots"]["levels"] and all(set(v) == {"name", "spec", "description"} for v in game["bots"]["levels"])


def test_create_without_a_game_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seats": [bot(), bot()]})
    assert r.status_code == 400 and "game" in r.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_create_gives_one_token_per_person_seat(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot(), person("Bob")])
    seats = table["seats"]
    assert [s["kind"] for s in seats] == ["person", "bot", "person"]
    assert "token" not in seats[1] and "invite" not in seats[1]
    assert seats[0]["token"] != seats[2]["token"]
    assert seats[0]["invite"] == f"/t/{table['id']}?seat=0&token={seats[0]['token']}"
    assert table["spectate"] == f"/t/{table['id']}"
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["game"] == "ra" and summary["players"] == 3 and summary["status"] == "open"
    names = [s["name"] for s in summary["seats"]]
    assert names[0] == "Ann" and names[2] == "Bob" and re.fullmatch(r"\w+ \(random\)", names[1]), names
    assert [s["taken"] for s in summary["seats"]] == [False, True, False]
    assert summary["seats"][1]["bot"] == "random"
    assert "token" not in str(summary) and "seed" not in summary


def test_bad_table_requests_are_400_and_create_nothing(client: TestClient) -> None:
    bodies = [
        {"game": "chess", "seats": [person("A"), person("B")]},
        {"game": "ra", "seats": []},
        {"game": "ra", "seats": [person("A")]},  # the engine refuses 1 player
        {"game": "ra", "seats": [person("A"), {"kind": "alien"}]},
        {"game": "ra", "seats": [person("A"), bot("no-such-bot")]},
        {"game": "ra", "options": {"scores_visible": "yes"}, "seats": [person("A"), person("B")]},
        {"game": "ra", "options": {"players": 4}, "seats": [person("A"), person("B")]},
        {"game": "ra", "options": {"seed": 1}, "seats": [person("A"), person("B")]},
        {"game": "ra", "options": [], "seats": [person("A"), person("B")]},
        [1, 2],
    ]
    for body in bodies:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["error"]
    r = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_engine_option_error_text_is_the_message(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "ra", "options": {"final_floor": "x"}, "seats": [bot(), bot()]})
    assert r.status_code == 400
    assert "final_floor" in r.json()["error"]


def test_missing_table_is_404(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/view", "/api/tables/nope/record", "/api/tables/nope/replay"):
        r = client.get(path)
        assert r.status_code == 404 and "nope" in r.json()["error"]


def test_view_needs_the_seats_token(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    tid, tok0, tok1 = table["id"], table["seats"][0]["token"], table["seats"][1]["token"]
    spectator = client.get(f"/api/tables/{tid}/view").json()
    assert spectator["seq"] == 0 and spectator["view"]["viewer"] is None and spectator["log"] == []
    assert spectator["view"]["legal_actions"] == []
    first = spectator["view"]["current_player"]
    token = table["seats"][first]["token"]
    mine = client.get(f"/api/tables/{tid}/view", params={"seat": first, "token": token}).json()
    assert mine["view"]["viewer"] == first and mine["view"]["legal_actions"]
    assert client.get(f"/api/tables/{tid}/view", params={"seat": 0, "token": "wrong"}).status_code == 403
    assert client.get(f"/api/tables/{tid}/view", params={"seat": 0, "token": tok1}).status_code == 403
    assert client.get(f"/api/tables/{tid}/view", params={"seat": 0}).status_code == 403
    assert client.get(f"/api/tables/{tid}/view", params={"seat": 7, "token": tok0}).status_code == 400


def test_rename_with_token_only(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob"), bot()])
    tid, tok0, tok1 = table["id"], table["seats"][0]["token"], table["seats"][1]["token"]
    r = client.post(f"/api/tables/{tid}/seats/0/name", json={"token": tok0, "name": "  Anna  "})
    assert r.status_code == 200 and r.json()["seats"][0]["name"] == "Anna"
    assert client.post(f"/api/tables/{tid}/seats/0/name", json={"token": tok1, "name": "X"}).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/0/name", json={"token": "t", "name": "X"}).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/2/name", json={"token": tok0, "name": "X"}).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/0/name", json={"token": tok0, "name": ""}).status_code == 400
    assert client.post(f"/api/tables/{tid}/seats/0/name", json={"token": tok0, "name": "x" * 99}).status_code == 400
    view = client.get(f"/api/tables/{tid}/view").json()["view"]
    assert view["names"][:2] == ["Anna", "Bob"]


def test_lobby_lists_tables_by_status(client: TestClient) -> None:
    open_table = create(client, [person("Ann"), bot()])
    finished = create(client, [bot(), bot()])
    wait_status(client, finished["id"])
    assert client.get("/api/tables?status=bogus").status_code == 400
    ids = {s: [t["id"] for t in client.get(f"/api/tables?status={s}").json()["tables"]] for s in ("open", "finished")}
    assert open_table["id"] in ids["open"]
    assert finished["id"] in ids["finished"]
    every = client.get("/api/tables").json()["tables"]
    assert {t["id"] for t in every} == {open_table["id"], finished["id"]}
    assert all(set(t) >= {"id", "game", "status", "players", "seats", "created", "updated", "seq"} for t in every)


def test_record_and_replay_only_when_finished(client: TestClient) -> None:
    table = create(client, [person("Ann"), bot()])
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 409
    assert client.get(f"/api/tables/{table['id']}/replay").status_code == 409


def test_pages_answer_html(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/t/abc?seat=0&token=x", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]
