"""`ra bot run`'s options: what it refuses before connecting anywhere, and its help."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ra.cli import app

runner = CliRunner()


def test_its_help_says_the_token_is_better_in_the_environment() -> None:
    result = runner.invoke(app, ["bot", "run", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "RA_BOT_TOKEN" in result.output and "visible to other users" in result.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--server", "http://127.0.0.1:9"], "give --server and a token"),
        (["--token", "rab_x"], "give --server and a token"),
        (["--server", "http://127.0.0.1:9", "--token", "rab_x", "--table", "T1"], "--table and --seat go together"),
        (["--server", "http://127.0.0.1:9", "--token", "rab_x", "--bot", "nonsense"], "no game has the bot"),
        (["--link", "http://127.0.0.1:9/t/T1?seat=0"], "a seat link names one seat and its token"),
    ],
)
def test_it_refuses_what_cannot_work(args: list[str], says: str) -> None:
    result = runner.invoke(app, ["bot", "run", *args], env={"RA_BOT_TOKEN": ""})
    assert result.exit_code == 2
    assert says in result.output


def test_the_token_comes_from_the_environment() -> None:
    # A server nobody listens on: the token was taken (no complaint about a missing one), the call fails.
    result = runner.invoke(app, ["bot", "run", "--server", "http://127.0.0.1:9"], env={"RA_BOT_TOKEN": "rab_x"})
    assert result.exit_code == 2 and "the server did not answer" in result.output
