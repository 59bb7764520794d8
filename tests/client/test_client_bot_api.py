"""The client with a bot account's token against the real app (in this process, on a real socket; the Bot API of
docs/BOT_API.md): invitations accepted and games played by `Runner`, a revoked token refused at once, also on an
open socket, and a token without the play scope refused."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Mapping
from typing import Any

import httpx
import pytest

from ra.bots import RandomBot
from ra.client import AsyncClient, Client, ClientError, Reconnect, Runner
from ra.core.text import Text

PASSWORD = "correct horse battery"


class Account:
    """A person signed in on the live app (cookies and CSRF header), who owns a bot account."""

    def __init__(self, base: str) -> None:
        self.web = httpx.Client(base_url=base, timeout=20)
        assert self.web.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD}).status_code == 201
        assert self.post("/api/account/bots", {"name": "Robo"}).status_code == 201

    def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        return self.web.post(path, json=body, headers={"X-CSRF-Token": self.web.cookies.get("ra_csrf") or ""})

    def token(self, *scopes: str) -> tuple[str, str]:
        """A new token of the bot: (token, id)."""
        made = self.post("/api/account/bots/Robo/tokens", {"label": "test", "scopes": list(scopes)})
        assert made.status_code == 201, made.text
        return made.json()["token"], made.json()["id"]

    def revoke(self, token_id: str) -> None:
        assert self.post(f"/api/account/bots/Robo/tokens/{token_id}/revoke").json() == {"ok": True}

    def table_inviting_the_bot(self, bots: int = 1) -> str:
        """A table of Ra with a person seat (0) the bot is invited to, and `bots` greedy bots; its id."""
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "greedy"}] * bots
        table = self.web.post("/api/tables", json={"game": "ra", "seats": seats}).json()
        invited = self.web.post(
            f"/api/tables/{table['id']}/seats/0/invite", json={"creator": table["creator"], "bot": "Robo"}
        )
        assert invited.status_code == 200, invited.text
        return str(table["id"])


@pytest.fixture
def ann(live: str) -> Iterator[Account]:
    account = Account(live)
    yield account
    account.web.close()


def test_the_runner_accepts_the_invitations_and_plays_both_games_at_once(live: str, ann: Account) -> None:
    token, _ = ann.token("play", "read")
    tables = [ann.table_inviting_the_bot(), ann.table_inviting_the_bot(bots=2)]
    lines: list[str] = []

    def say(text: Text) -> None:
        lines.append(str(text))

    async def run() -> int:
        async with AsyncClient(live, token) as client:
            assert (await client.account()).name == "Robo"
            assert sorted(i.table for i in await client.invitations()) == sorted(tables)
            runner = Runner(client, lambda game, seed: RandomBot(seed), say, games=2, poll=0.2)
            return await asyncio.wait_for(runner.run(), 90)

    assert asyncio.run(run()) == 2
    for table in tables:
        summary = ann.web.get(f"/api/tables/{table}").json()
        assert summary["status"] == "finished"
        assert summary["seats"][0]["account_bot"] is True and summary["seats"][0]["name"] == "Robo"
        assert any(f"game over: table {table}, seat 0, after" in line for line in lines)
    with Client(live, token) as client:
        assert client.invitations() == []


class Slow:
    """A random bot that thinks a little, so that the game is still running when the token is revoked."""

    name = "slow"

    def __init__(self) -> None:
        self.bot = RandomBot(5)
        self.decided = 0

    def choose(self, view: Mapping[str, Any]) -> int:
        time.sleep(0.05)
        self.decided += 1
        return self.bot.choose(view)


def test_a_revoked_token_is_refused_at_once_also_on_its_open_socket(live: str, ann: Account) -> None:
    token, token_id = ann.token("play", "read")
    table = ann.table_inviting_the_bot()
    bot = Slow()

    async def run() -> tuple[ClientError, float]:
        async with AsyncClient(live, token, reconnect=Reconnect(tries=2, first=0.05)) as client:
            await client.accept(table, 0)
            game = asyncio.create_task(client.play(table, 0, bot))
            while bot.decided < 3:
                await asyncio.sleep(0.02)
            await asyncio.to_thread(ann.revoke, token_id)
            revoked = time.monotonic()
            with pytest.raises(ClientError) as refused:
                await asyncio.wait_for(game, 20)
            with pytest.raises(ClientError) as call:
                await client.games()
            assert call.value.status == 401 and call.value.code == "unauthorized"
            return refused.value, time.monotonic() - revoked

    refused, seconds = asyncio.run(run())
    assert refused.code == "forbidden" and seconds < 5
    assert ann.web.get(f"/api/tables/{table}").json()["status"] != "finished"


def test_a_token_without_the_play_scope_reads_but_may_not_accept_or_play(live: str, ann: Account) -> None:
    token, _ = ann.token("read")
    table = ann.table_inviting_the_bot()
    with Client(live, token, reconnect=Reconnect(tries=1, first=0.05)) as client:
        assert [i.table for i in client.invitations()] == [table]
        with pytest.raises(ClientError) as accept:
            client.accept(table, 0)
        assert accept.value.status == 403
        with pytest.raises(ClientError) as play:
            client.play(table, 0, RandomBot(1))
        assert play.value.code == "forbidden"
