"""`ra admin grant/revoke/ban/unban/reports` (ra.commands.moderation) on a data folder, as the operator runs them
beside `ra serve`: each change in the database and in the moderation log."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from ra.commands.moderation import register
from ra.server.accounts.moderation import COMMAND_LINE, Moderation
from ra.server.accounts.store import AccountStore
from ra.server.guards.look_alikes import name_key, skeleton
from ra.server.storage.rows import now
from ra.server.storage.sql import SqlStorage


def admin_app() -> typer.Typer:
    app = typer.Typer()
    admin = typer.Typer()
    register(admin)
    app.add_typer(admin, name="admin")
    return app


def with_account(data: Path, name: str) -> int:
    storage = SqlStorage.in_dir(data)
    try:
        found = AccountStore(storage.engine).create(name, name_key(name), "x", None, now(), skeleton(name))
    finally:
        storage.close()
    assert found is not None
    return found


def run(data: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(admin_app(), ["admin", *args, "--data", str(data), "--lang", "en"])
    return result.exit_code, result.output


def test_grant_ban_unban_and_reports_write_the_database_and_the_log(tmp_path: Path) -> None:
    data = tmp_path / "data"
    account = with_account(data, "Mo")
    sam = with_account(data, "Sam")
    assert run(data, "grant", "Mo", "moderator") == (0, "Mo is now moderator\n")
    assert run(data, "grant", "Mo", "king")[0] == 2
    assert run(data, "grant", "Nobody", "moderator")[0] == 2
    code, out = run(data, "ban", "sam", "--mute", "--hours", "1", "--reason", "insults")
    assert code == 0 and "Sam: muted until" in out
    storage = SqlStorage.in_dir(data)
    try:
        moderation = Moderation(storage.engine, cache_seconds=0)
        assert moderation.roles(account) == {"moderator"}
        sanction = moderation.sanction(sam)
        assert sanction is not None and sanction.kind == "mute" and sanction.reason == "insults"
        assert run(data, "unban", "Sam") == (0, "Sam: 1 sanction lifted\n")
        assert moderation.sanction(sam) is None
        assert run(data, "revoke", "Mo", "moderator")[0] == 0
        assert run(data, "revoke", "Mo", "moderator")[0] == 2
        assert moderation.roles(account) == set()
        log = moderation.entries()
        assert [e["action"] for e in log] == ["revoke", "lift", "mute", "grant"]
        assert {e["by"] for e in log} == {COMMAND_LINE}
    finally:
        storage.close()
    code, out = run(data, "reports", "--open")
    assert code == 0 and out.split() == ["id", "reported", "room", "sender", "message", "handled"]


def test_ban_takes_one_length_and_a_reason(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with_account(data, "Sam")
    assert run(data, "ban", "Sam", "--hours", "1", "--days", "1", "--reason", "x")[0] == 2
    assert run(data, "ban", "Sam", "--reason", " ")[0] == 2
    code, out = run(data, "ban", "Sam", "--reason", "spam")
    assert code == 0 and out == "Sam: banned for good\n"
