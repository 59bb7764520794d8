"""Turn notices with two server processes on PostgreSQL and Redis: both senders race for the same queue, and every
turn's notice arrives once, not twice (the claims of ra.server.notices.store)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from notice_helpers import BASE, Inbox, body, inbox, link_in  # noqa: F401 (inbox: a fixture)
from processes import FAST, Serve, serve_processes
from services import Postgres, RedisServer
from websockets.sync.client import connect

from ra.server.notices.presence import SharedPresence

PASSWORD = "a long enough password"
TABLES = 6


@pytest.fixture
def mailing_pair(
    postgres: Postgres,
    redis_server: RedisServer,
    inbox: Inbox,  # noqa: F811
    tmp_path: Path,
) -> Iterator[list[Serve]]:
    """Two processes on a fresh database that mail through the test's SMTP server, each sending every 0.1 s."""
    mail = ("--smtp-host", "127.0.0.1", "--smtp-port", str(inbox.port), "--no-smtp-starttls",
            "--notice-seconds", "0.1", "--notice-grace", "0", "--base-url", BASE)  # fmt: skip
    servers = serve_processes(2, postgres.new_database(), redis_server.url, tmp_path, *FAST, *mail)
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


def account(base: str, name: str, inbox: Inbox) -> httpx.Client:  # noqa: F811
    """A new account whose address is verified by the link of the mail it received."""
    client = httpx.Client(base_url=base, timeout=10)
    r = client.post("/api/account/sign-up", json={"name": name, "password": PASSWORD, "email": f"{name}@example.org"})
    assert r.status_code == 201, r.text
    client.headers["X-CSRF-Token"] = client.cookies["ra_csrf"]
    [check] = inbox.checks_to(f"{name}@example.org")
    assert httpx.get(base + link_in(check), timeout=10).headers["location"] == "/account?email=verified"
    return client


def state_at(ws: Any, seq: int) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "state" and message["seq"] >= seq:
            return dict(message)


def play_while_mine(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal action while the seat has any; the state after."""
    while state["view"]["legal_actions"]:
        action = state["view"]["legal_actions"][0]["id"]
        ws.send(json.dumps({"type": "action", "seq": state["seq"], "action": action}))
        state = state_at(ws, state["seq"] + 1)
    return state


PACE = {"kind": "turn", "per_move": 86400}  # turn-based: the listing follows the pace


def test_two_senders_mail_each_turn_once(mailing_pair: list[Serve], inbox: Inbox) -> None:  # noqa: F811
    a, b = mailing_pair
    ann, bob = account(a.base, "ann", inbox), account(b.base, "bob", inbox)
    tables = []
    for i in range(TABLES):
        seats = [{"kind": "person", "name": "A"}, {"kind": "person", "name": "B"}]
        table = httpx.post(
            f"{(a, b)[i % 2].base}/api/tables", json={"game": "ra", "seats": seats, "pace": PACE}, timeout=10
        ).json()
        listing = {"creator": table["creator"], "open_seats": True, "turn_based": True}
        assert httpx.post(f"{a.base}/api/tables/{table['id']}/listing", json=listing, timeout=10).status_code == 200
        joined = [who.post(f"/api/tables/{table['id']}/seats/{seat}/join") for seat, who in enumerate((ann, bob))]
        links = [r.json()["link"] for r in joined]
        tables.append((table["id"], links))
    ws_base = a.base.replace("http://", "ws://") + "/ws/"
    for _table_id, links in tables:  # on process A, Ann (and Bob, watching, if he begins) play until Bob's turn
        with connect(ws_base + links[0].removeprefix("/t/")) as ws:
            state = state_at(ws, 0)
            if not state["view"]["legal_actions"]:
                with connect(ws_base + links[1].removeprefix("/t/")) as first:
                    mine = play_while_mine(first, state_at(first, 0))
                state = state_at(ws, mine["seq"])
            play_while_mine(ws, state)
    deadline = time.monotonic() + 60
    while len(inbox.to("bob@example.org")) < TABLES and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)  # ten more rounds of each sender: a second mail of any turn would have come by now
    mails = inbox.to("bob@example.org")
    texts = [body(mail) for mail in mails]
    for table_id, _ in tables:
        assert sum(f"/t/{table_id}/mine?seat=1" in text for text in texts) == 1, table_id
    assert len(mails) == TABLES
    assert not inbox.to("ann@example.org")  # she was at her tables


def test_a_seat_watching_through_the_other_process_is_not_mailed(mailing_pair: list[Serve], inbox: Inbox) -> None:  # noqa: F811
    """Presence is shared through Redis (notices/presence.py): Bob watches his tables through process B while Ann
    plays on process A; whichever process's sender claims his notices, none is mailed."""
    a, b = mailing_pair
    ann, bob = account(a.base, "ann", inbox), account(b.base, "bob", inbox)
    tables = []
    for _ in range(4):
        seats = [{"kind": "person", "name": "A"}, {"kind": "person", "name": "B"}]
        table = httpx.post(f"{a.base}/api/tables", json={"game": "ra", "seats": seats, "pace": PACE}, timeout=10).json()
        listing = {"creator": table["creator"], "open_seats": True, "turn_based": True}
        assert httpx.post(f"{a.base}/api/tables/{table['id']}/listing", json=listing, timeout=10).status_code == 200
        links = [who.post(f"/api/tables/{table['id']}/seats/{seat}/join").json()["link"] for seat, who in
                 enumerate((ann, bob))]  # fmt: skip
        tables.append(links)
    on_a, on_b = (server.base.replace("http://", "ws://") + "/ws/" for server in (a, b))
    for links in tables:
        with connect(on_b + links[1].removeprefix("/t/")) as watching:
            bob_state = state_at(watching, 0)
            time.sleep(0.3)  # B's claim reaches Redis (written at once on enter)
            with connect(on_a + links[0].removeprefix("/t/")) as ws:
                state = state_at(ws, 0)
                if not state["view"]["legal_actions"]:  # Bob begins: he plays on B until Ann's turn
                    state = state_at(ws, play_while_mine(watching, bob_state)["seq"])
                play_while_mine(ws, state)
            time.sleep(1.0)  # ten rounds of each sender while Bob still watches on B
    assert not inbox.to("bob@example.org")


def test_presence_through_redis_lapses_when_a_process_stops_renewing(redis_server: RedisServer) -> None:
    """A process that dies keeps no seat present for ever: its claim lapses after the TTL; one that stops cleanly
    takes its claims away at once; Redis away, a process answers for itself."""

    async def scenario() -> None:
        stale, other = SharedPresence(redis_server.url, "stale"), SharedPresence(redis_server.url, "other")
        stale.TTL, stale.RENEW = 0.5, 100.0  # claims once, then never renews in time: as a process killed
        stale.enter("t1", 1)
        await stale.start()
        await asyncio.sleep(0.2)
        assert await other.anywhere("t1", 1) and not await other.anywhere("t1", 0)
        await asyncio.sleep(0.6)
        assert not await other.anywhere("t1", 1)  # lapsed
        await stale.stop()
        clean = SharedPresence(redis_server.url, "clean")
        clean.enter("t2", 0)
        await clean.start()
        await asyncio.sleep(0.2)
        assert await other.anywhere("t2", 0)
        await clean.stop()
        assert not await other.anywhere("t2", 0)
        await other.stop()
        away = SharedPresence("redis://127.0.0.1:1", "away")
        away.enter("t3", 0)
        assert await away.anywhere("t3", 0) and not await away.anywhere("t3", 1)

    asyncio.run(scenario())
