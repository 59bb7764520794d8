"""Helpers of the bot account tests (docs/BOT_API.md): bots and tokens made under a session, a table with a seat a
bot accepted, the Bot API's header."""

from __future__ import annotations

from typing import Any

from account_helpers import csrf
from fastapi.testclient import TestClient
from server_helpers import person


def make_bot(web: TestClient, name: str) -> dict[str, Any]:
    """A bot account of the signed-in person on `web`; the answer."""
    r = web.post("/api/account/bots", json={"name": name}, headers=csrf(web))
    assert r.status_code == 201, r.text
    return dict(r.json())


def make_token(web: TestClient, bot: str, scopes: tuple[str, ...] = ("play", "read"), label: str = "laptop") -> str:
    """A new token of the bot `bot` (owned by the person signed in on `web`)."""
    r = web.post(f"/api/account/bots/{bot}/tokens", json={"label": label, "scopes": list(scopes)}, headers=csrf(web))
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


def bearer(token: str) -> dict[str, str]:
    """The Bot API's header for `token`."""
    return {"Authorization": f"Bearer {token}"}


def seated_bot(web: TestClient, api: TestClient, bot: str, token: str) -> dict[str, Any]:
    """A Ra table of two seats made on `web` (seat 0 a guest's), whose seat 1 the bot accepted through `api`; the
    creation's answer."""
    table = dict(web.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), {"kind": "person"}]}).json())
    r = web.post(f"/api/tables/{table['id']}/seats/1/invite", json={"creator": table["creator"], "bot": bot})
    assert r.status_code == 200, r.text
    r = api.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=bearer(token))
    assert r.status_code == 200, r.text
    return table
