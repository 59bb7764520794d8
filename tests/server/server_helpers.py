"""Helpers of the server tests: request bodies, WebSocket paths, and the no-secrets check."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient


def person(name: str) -> dict[str, Any]:
    """A person seat of a POST /api/tables body."""
    return {"kind": "person", "name": name}


def bot(spec: str = "random") -> dict[str, Any]:
    """A bot seat of a POST /api/tables body."""
    return {"kind": "bot", "bot": spec}


def create(client: TestClient, seats: list[dict[str, Any]], game: str = "ra", **options: Any) -> dict[str, Any]:
    """Create a table; the 201 answer."""
    r = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
    assert r.status_code == 201, r.text
    return dict(r.json())


def ws_url(table: dict[str, Any], seat: int | None = None) -> str:
    """The WebSocket path of a seat (None: spectator)."""
    if seat is None:
        return f"/ws/{table['id']}"
    return f"/ws/{table['id']}?seat={seat}&token={table['seats'][seat]['token']}"


def no_secrets(message: Any, seed: int) -> None:
    """Assert a message holds neither the seed nor any key named order/seed/token_hash."""
    text = json.dumps(message)
    assert str(seed) not in text

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                assert key not in ("order", "seed", "token_hash", "token", "bag_order"), key
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(message)


def wait_status(client: TestClient, table_id: str, status: str = "finished", seconds: float = 30) -> dict[str, Any]:
    """Poll a table's summary until it has `status` (bots play in the background); its summary."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        summary = dict(client.get(f"/api/tables/{table_id}").json())
        if summary["status"] == status or time.monotonic() > deadline:
            assert summary["status"] == status, summary
            return summary
        time.sleep(0.02)


def read_until(ws: Any, seq: int, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read messages until a `state` at `seq` or later arrives (skipping older ones); that state."""
    while True:
        message = dict(ws.receive_json())
        if seen is not None:
            seen.append(message)
        if message["type"] == "state" and message["seq"] >= seq:
            return message
        assert message["type"] == "state", message


def seed_of(client: TestClient, table_id: str) -> int:
    """The table's seed, read from storage (the server never sends it)."""
    row = client.app.state.service.storage.get_table(table_id)  # type: ignore[attr-defined]
    assert row is not None
    return int(row.seed)
