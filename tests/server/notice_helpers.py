"""Helpers of the notices tests: a local SMTP server (aiosmtpd) that keeps what it receives (the mails that verify an
address apart), an app that mails through it on a clock the test sets, an address verified through its link, and a
turn-based table between two accounts."""

from __future__ import annotations

import dataclasses
import datetime as dt
import email
import re
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from account_helpers import account_settings, csrf, new_listed_table, sign_up
from aiosmtpd.controller import Controller
from app_helpers import settings_on
from fastapi.testclient import TestClient
from server_helpers import person, read_until

from ra.server.accounts.links import VERIFY_PATH, verify_token
from ra.server.http.app import create_app
from ra.server.notices.service import Notices
from ra.server.settings import NoticeSettings
from ra.server.storage.schema import accounts_t, players_t

BASE = "https://ra.test"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Inbox:
    """What the local SMTP server received: each mail with its envelope's recipients; the mails that verify an
    address (they carry its link) in `checks`, the others (notices) in `mails`."""

    port: int
    mails: list[tuple[list[str], Message]] = field(default_factory=list)
    checks: list[tuple[list[str], Message]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # aiosmtpd's hook
        message = email.message_from_bytes(envelope.content)
        with self.lock:
            kept = self.checks if VERIFY_PATH + "?" in body(message) else self.mails
            kept.append((list(envelope.rcpt_tos), message))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        with self.lock:
            return [m for rcpt, m in self.mails if address in rcpt]

    def checks_to(self, address: str) -> list[Message]:
        """The verification mails `address` received."""
        with self.lock:
            return [m for rcpt, m in self.checks if address in rcpt]


def body(message: Message) -> str:
    """A mail's text."""
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(message.get_content_charset() or "utf-8")


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    """A local SMTP server on a free port, for one test."""
    box = Inbox(free_port())
    controller = Controller(box, hostname="127.0.0.1", port=box.port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


class Clock:
    """The time the notices read, set by the test."""

    def __init__(self, at: dt.datetime) -> None:
        self.at = at

    def __call__(self) -> dt.datetime:
        return self.at

    def set(self, at: dt.datetime) -> None:
        self.at = at


def mail_app(data_dir: Path, port: int | None, **notices: Any) -> TestClient:
    """An app (not started) whose notices mail through 127.0.0.1:`port` (None: no SMTP), its sender idle (tests
    run its rounds), a turn's mail due at once (no grace)."""
    options = {"smtp_host": "127.0.0.1", "smtp_port": port, "smtp_starttls": False} if port else {}
    settings = dataclasses.replace(
        settings_on(data_dir),
        accounts=account_settings(),
        notices=NoticeSettings(
            **{"notice_seconds": 3600.0, "grace_seconds": 0.0, "base_url": BASE, **options, **notices}
        ),
    )
    return TestClient(create_app(settings), base_url="https://testserver")


def notices_of(client: TestClient) -> Notices:
    found: Notices = client.app.state.notices  # type: ignore[attr-defined]
    return found


def send_round(client: TestClient) -> int:
    """Wait for the notices being queued, then run one round of the sender; mails sent."""
    portal = client.portal
    assert portal is not None
    notices = notices_of(client)
    portal.call(notices.settled)
    return portal.call(notices.send_due)


def browser(web: TestClient) -> TestClient:
    """Another browser (its own cookies) on the same running app and its event loop (`web` is started)."""
    other = TestClient(web.app, base_url=str(web.base_url))
    other.portal = web.portal  # the tables' locks live on the app's loop
    return other


@dataclass
class Duel:
    """A turn-based Ra table of two accounts: their browsers and seat links."""

    table: str
    browsers: list[TestClient]
    links: list[str]
    emails: list[str]


def verify_link(web: TestClient, someone: TestClient) -> str:
    """The path of the link that verifies the address `someone`'s account has now (as its mail carries it)."""
    player = someone.get("/api/account").json()["player"]
    query = (
        sa.select(accounts_t.c.email, accounts_t.c.mail_secret)
        .join(players_t, players_t.c.account_id == accounts_t.c.id)
        .where(players_t.c.id == player)
    )
    with notices_of(web).store.engine.connect() as c:
        row = c.execute(query).one()
    assert row.email is not None and row.mail_secret is not None, "no address waits for its link"
    return f"{VERIFY_PATH}?account={player}&token={verify_token(row.mail_secret, row.email)}"


def link_in(message: Message) -> str:
    """The path (and query) of the verification link in a verification mail."""
    found = re.search(re.escape(BASE + VERIFY_PATH) + r"\?\S+", body(message))
    assert found is not None, body(message)
    return found.group().removeprefix(BASE)


def verify(web: TestClient, someone: TestClient) -> None:
    """Open the link that verifies the address of `someone`'s account (as its owner would, from the mail)."""
    r = someone.get(verify_link(web, someone), follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/account?email=verified", r.headers
    assert someone.get("/api/account").json()["email_verified"] is True


def duel(
    web: TestClient, names: tuple[str, str] = ("Ann", "Bob"), turn_based: bool = True, seated: Duel | None = None
) -> Duel:
    """Two accounts (with verified addresses) at a new turn-based table, a seat each; with `seated`, that duel's
    accounts (in the same seats)."""
    table = new_listed_table(web, [person("A"), person("B")], open_seats=True, turn_based=turn_based)
    browsers, links, emails = [], [], []
    for seat, name in enumerate(names):
        if seated is not None:
            someone, address = seated.browsers[seat], seated.emails[seat]
        else:
            someone, address = browser(web), f"{name.lower()}@example.org"
            sign_up(someone, name, email=address)
            verify(web, someone)  # no notice goes to an address before its link is opened
        r = someone.post(f"/api/tables/{table['id']}/seats/{seat}/join", headers=csrf(someone))
        assert r.status_code == 200, r.text
        browsers.append(someone)
        links.append(r.json()["link"])
        emails.append(address)
    return Duel(table["id"], browsers, links, emails)


def ws_path(link: str) -> str:
    return "/ws/" + link.removeprefix("/t/")


def move_until_turn_of(web: TestClient, game: Duel, seat: int) -> dict[str, Any]:
    """Play first legal actions over the other seat's WebSocket until it is `seat`'s turn (the other may do nothing
    more); the other seat's last state."""
    other = 1 - seat
    with web.websocket_connect(ws_path(game.links[other])) as ws:
        state = read_until(ws, 0)
        if not state["view"]["legal_actions"]:  # `seat` begins: it plays (watching) until the other's turn
            with web.websocket_connect(ws_path(game.links[seat])) as first:
                mine = read_until(first, 0)
                while mine["view"]["legal_actions"]:
                    action = mine["view"]["legal_actions"][0]["id"]
                    first.send_json({"type": "action", "seq": mine["seq"], "action": action})
                    mine = read_until(first, mine["seq"] + 1)
            state = read_until(ws, mine["seq"])
        for _ in range(50):
            if not state["view"]["legal_actions"]:  # two seats: the other one's turn
                return state
            action = state["view"]["legal_actions"][0]["id"]
            ws.send_json({"type": "action", "seq": state["seq"], "action": action})
            state = read_until(ws, state["seq"] + 1)
    raise AssertionError("the turn never came")
