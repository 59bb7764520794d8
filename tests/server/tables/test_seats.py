"""Seats: clean names, the creator's token (invite links again), bot seeds from the table's own secret."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from app_helpers import bots_in_threads, random_choice, service_of
from fastapi.testclient import TestClient
from server_helpers import bot, create, no_secrets, person, read_until, wait_status, ws_url

from ra.server.bots.decisions import Decision
from ra.server.tables.errors import ServiceError
from ra.server.tables.names import check_name
from ra.server.tables.tokens import decision_seed, token_hash


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ann\x00", "Ann"),
        ("\x1b[31mAnn", "[31mAnn"),
        ("Ann\u202eevil", "Annevil"),
        ("\u2066Bob\u2069", "Bob"),
        ("A\u200bn\u200dn\u2060", "Ann"),
        ("\ufeffEve\u200e", "Eve"),
        ("Ann\u3164\u115f", "Ann"),
        ("  Cy \t\n Dee ", "Cy Dee"),
        ("Cy \u200b Dee", "Cy Dee"),
        ("Zoe\u0308 Åsa 李", "Zoë Åsa 李"),
    ],
)
def test_names_lose_control_bidi_and_invisible_characters(raw: str, shown: str) -> None:
    assert check_name(raw) == shown


@pytest.mark.parametrize("raw", ["", "   ", "\u200b\u200d", "\x00\x07", "\u202e", "\u3164", 5, None, "x" * 41])
def test_names_without_visible_characters_or_too_long_are_refused(raw: Any) -> None:
    with pytest.raises(ServiceError) as refused:
        check_name(raw)
    assert refused.value.code == "bad_message"


def test_names_are_cleaned_at_creation_and_rename(client: TestClient) -> None:
    table = create(client, [person("\u202eAnn\x1b"), {"kind": "bot", "bot": "random", "name": "Bo\u200bt"}])
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bot"]
    r = client.post(
        f"/api/tables/{table['id']}/seats/0/name", json={"token": table["seats"][0]["token"], "name": "Z\u2067ed"}
    )
    assert r.status_code == 200 and r.json()["seats"][0]["name"] == "Zed"


def test_the_creator_recovers_the_invite_links_and_nobody_else(client: TestClient, data_dir: Path) -> None:
    service = service_of(client)
    table = create(client, [person("Ann"), bot(), person("Bob")])
    creator = table.pop("creator")
    other = create(client, [person("Cy"), bot()])
    again = client.portal.call(service.invites, table["id"], creator)  # type: ignore[union-attr]
    assert again == table
    with client.websocket_connect(ws_url(again, 2)) as ws:  # the recovered link opens the seat
        assert read_until(ws, 0)["view"]["viewer"] == 2
    for wrong in (other["creator"], creator[:-1], "", None, 42):
        with pytest.raises(ServiceError) as refused:
            client.portal.call(service.invites, table["id"], wrong)  # type: ignore[union-attr]
        assert refused.value.code == "forbidden"
    with pytest.raises(ServiceError) as missing:
        client.portal.call(service.invites, "no-such-table", creator)  # type: ignore[union-attr]
    assert missing.value.code == "not_found"
    row = service.storage.get_table(table["id"])
    assert row is not None and row.creator_hash == token_hash(creator)
    stored = b"".join(p.read_bytes() for p in data_dir.glob("ra.sqlite3*"))
    secrets = [creator, *(s["token"] for s in table["seats"] if "token" in s)]
    assert not any(secret.encode() in stored for secret in secrets)  # only hashes are stored
    assert "creator" not in json.dumps(client.get(f"/api/tables/{table['id']}").json())


def test_bot_seeds_come_from_the_tables_own_secret_not_the_game_seed(client: TestClient) -> None:
    seen: list[Decision] = []

    def recording(task: Decision) -> int:
        seen.append(task)
        return random_choice(task)

    bots_in_threads(client, recording)
    table = create(client, [bot(), bot(), bot()])
    wait_status(client, table["id"])
    service = service_of(client)
    row = service.storage.get_table(table["id"])
    assert row is not None and row.bot_seed not in (0, row.seed)
    moves = service.storage.moves(table["id"])
    assert [t.seed for t in seen] == [decision_seed(row.bot_seed, m.player, m.seq - 1) for m in moves]
    derived_from_game_seed = {(row.seed + 7919 * (seat + 1)) % 2**32 for seat in range(3)}
    assert not derived_from_game_seed & {t.seed for t in seen}
    answers = [
        client.get(f"/api/tables/{table['id']}").json(),
        client.get(f"/api/tables/{table['id']}/view").json(),
        client.get(f"/api/tables/{table['id']}/record").json(),
        client.get(f"/api/tables/{table['id']}/replay").json(),
        client.get("/api/tables").json(),
    ]
    with client.websocket_connect(ws_url(table)) as ws:
        answers.append(read_until(ws, 1))
    for answer in answers:
        no_secrets(answer, row.seed)
        assert str(row.bot_seed) not in json.dumps(answer)
