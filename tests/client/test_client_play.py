"""Whole games against the real server app (in this process, on a real socket): a seat link played to the end,
and played again with the connection cut right after the client sends, without an action lost or applied twice."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from client_servers import CuttingProxy
from typer.testing import CliRunner

from ra.bots import make_bot
from ra.cli import app
from ra.client import Outcome, Reconnect, SeatLink, SeatPlayer, play_link
from ra.games import game_module


def new_table(base: str, game: str = "ra", bots: int = 1) -> dict[str, Any]:
    """A table with a person seat (0) and `bots` greedy bots; the creation's answer."""
    seats = [{"kind": "person", "name": "Client"}] + [{"kind": "bot", "bot": "greedy"}] * bots
    answer = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def seat_moves(base: str, table: str, game: str, seat: int) -> list[tuple[int, int]]:
    """(seq before it, action id) of every move of `seat` in the table's record."""
    record = httpx.get(f"{base}/api/tables/{table}/record").json()
    module = game_module(game)
    return [(i, module.str_to_action(m["action"])) for i, m in enumerate(record["moves"]) if m["player"] == seat]


@pytest.mark.parametrize("game", ["ra", "write"])
def test_a_seat_link_is_played_to_the_end(live: str, game: str) -> None:
    created = new_table(live, game)
    outcome = play_link(f"{live}{created['seats'][0]['invite']}", lambda g: make_bot("random", g, 1), seed=1)
    summary = httpx.get(f"{live}/api/tables/{created['id']}").json()
    assert summary["status"] == outcome.status == "finished" and outcome.seq == summary["seq"]
    moves = seat_moves(live, created["id"], game, 0)
    assert len(moves) == outcome.sent > 0 and outcome.refused == 0


class Recording(SeatPlayer):
    """A seat player that keeps every action it sent, as (seq, id)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log: list[tuple[int, int]] = []
        self.stale = 0

    async def _send(self, ws: Any, action: int) -> None:
        self.log.append((self.seq, action))
        await super()._send(ws, action)

    async def _on_error(self, ws: Any, message: dict[str, Any]) -> None:
        self.stale += message.get("code") == "stale"
        await super()._on_error(ws, message)


def test_cut_connections_right_after_sending_lose_no_action_and_repeat_none(live: str) -> None:
    """Six connections are cut right after the client's action: three times the action reaches the server first,
    three times it is lost. The game still ends, every move of the seat in the record was sent once at its seq,
    and no action was sent for a seq that had passed."""
    created = new_table(live, "ra", bots=2)
    link = SeatLink.parse(f"{live}{created['seats'][0]['invite']}")
    port = int(live.rsplit(":", 1)[1])

    async def run() -> tuple[Outcome, Recording, CuttingProxy]:
        proxy = CuttingProxy(port, cuts=6, forward=lambda n: n % 2 == 0)
        server = await proxy.start()
        async with server:
            url = link.socket.replace(f":{port}/", f":{proxy.port}/")
            bot = make_bot("random", "ra", 3)
            player = Recording(url, link.table, 0, bot, reconnect=Reconnect(first=0.05, most=0.2), seed=3)
            return await asyncio.wait_for(player.run(), 90), player, proxy

    outcome, player, proxy = asyncio.run(run())
    assert proxy.done == 6 and outcome.reconnects == 6 and outcome.status == "finished"
    moves = seat_moves(live, created["id"], "ra", 0)
    assert set(moves) <= set(player.log)  # each move of the seat is one the client sent, at the seq it was sent for
    seqs = [seq for seq, _ in player.log]
    assert len(moves) == len(set(seqs))  # each decision the client sent for was applied, once
    assert seqs == sorted(seqs)  # never back to a seq that had passed
    # A seq was sent twice only where the action had been lost (three times), never where the server had it.
    assert len(player.log) - len(set(seqs)) <= 3 and player.stale <= 1


def test_ra_bot_run_plays_a_seat_link_to_the_end(live: str) -> None:
    created = new_table(live)
    link = f"{live}{created['seats'][0]['invite']}"
    result = CliRunner().invoke(app, ["bot", "run", "--link", link, "--bot", "greedy", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert f"game over: table {created['id']}, seat 0, after" in result.output
    assert httpx.get(f"{live}/api/tables/{created['id']}").json()["status"] == "finished"


def test_ra_bot_run_plays_a_plug_in_bot_of_the_examples(
    live: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples"))
    created = new_table(live)
    link = f"{live}{created['seats'][0]['invite']}"
    result = CliRunner().invoke(app, ["bot", "run", "--link", link, "--bot", "plugin_ra:Cautious"])
    assert result.exit_code == 0, result.output
    assert httpx.get(f"{live}/api/tables/{created['id']}").json()["status"] == "finished"
    # The plug-in decided, never a fallback: no random move logged, and no god spent (it never spends one).
    assert "random" not in caplog.text
    record = httpx.get(f"{live}/api/tables/{created['id']}/record").json()
    assert not [m for m in record["moves"] if m["player"] == 0 and str(m["action"]).startswith("god")]


def test_a_bot_that_cannot_be_made_for_the_tables_game_stops_with_why(
    live: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples"))
    created = new_table(live)  # a table of Ra, for a plug-in that plays RA and Write only
    link = f"{live}{created['seats'][0]['invite']}"
    result = CliRunner().invoke(app, ["bot", "run", "--link", link, "--bot", "plugin_write:Scribe"])
    assert result.exit_code == 2
    assert f"no bot for table {created['id']}, seat 0: plug-in bot 'plugin_write:Scribe' does not play" in result.output
