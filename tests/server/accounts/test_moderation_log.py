"""The moderation log cannot be changed: no code updates or deletes its rows, no route writes to it but by an
action, and an action and its entry commit together."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

SOURCE = Path(__file__).resolve().parents[3] / "src" / "ra"
CHANGES = re.compile(r"moderation_log(_t)?\s*\.\s*(update|delete)\b|(UPDATE|DELETE\s+FROM)\s+moderation_log", re.I)


def test_no_code_updates_or_deletes_the_log() -> None:
    found = [
        f"{path.relative_to(SOURCE)}:{n}"
        for path in SOURCE.rglob("*.py")
        if "migrations" not in path.parts
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if CHANGES.search(line)
    ]
    assert found == []


def test_the_pattern_finds_a_change() -> None:
    """The scan above would see one (a test that can fail)."""
    assert CHANGES.search("c.execute(moderation_log_t.delete().where(...))")
    assert CHANGES.search('op.execute("UPDATE moderation_log SET reason = 1")')


def test_the_log_is_only_read_over_http(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert set(paths["/api/moderation/log"]) == {"get"}
    assert not [p for p in paths if "log" in p and p != "/api/moderation/log" and "moderation" in p]
