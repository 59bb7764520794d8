"""Mail only to addresses their owners confirmed, one recipient each, and a way out of every notice (issue 41,
finding 4): addresses parsed by email-validator; a new address gets one mail whose signed link verifies it, and no
notice before; a link for an older address or a forged one verifies nothing; verification mails are limited per
day; every notice carries `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058), whose one-click POST
turns the notices off without a session, and whose GET only shows a button."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from account_helpers import csrf, sign_up
from fastapi.testclient import TestClient
from notice_helpers import (
    BASE,
    Clock,
    Duel,
    Inbox,
    body,
    browser,
    duel,
    inbox,  # noqa: F401 (a fixture)
    link_in,
    mail_app,
    move_until_turn_of,
    notices_of,
    send_round,
    verify_link,
)
from server_helpers import person

START = dt.datetime(2026, 12, 2, 12, 0, tzinfo=dt.UTC)
ONE_CLICK = {"content-type": "application/x-www-form-urlencoded"}


@pytest.fixture
def web(tmp_path: Path, inbox: Inbox) -> Iterator[TestClient]:  # noqa: F811
    with mail_app(tmp_path / "data", inbox.port) as client:
        notices_of(client).now = Clock(START)
        yield client


ODD = [
    "a,b@example.test",
    "a,b@example.org",
    "ann@example.org, bob@example.org",
    "ann@example.org;bob@example.org",
    "Ann <ann@example.org>",
    '"ann bob"@example.org',
    "ann",
    "ann@",
    "@example.org",
    "ann@localhost",
    "ann@[127.0.0.1]",
    "ann@example.org\r\nBcc: eve@example.org",
    "ann\x00@example.org",
    "ann\x07@example.org",
    "ann@exam\tple.org",
    "ann@example.test",  # a special-use domain: nobody's mailbox
]


def test_an_address_is_one_valid_recipient_or_refused(tmp_path: Path) -> None:
    with mail_app(tmp_path / "data", None) as web:
        sign_up(web, "Ann")
        accepted = []
        for address in ODD:
            r = web.post("/api/account/email", json={"email": address}, headers=csrf(web))
            if r.status_code != 400 or r.json()["error"] != "That does not look like an e-mail address.":
                accepted.append(address)
            r = browser(web).post("/api/account/sign-up", json={"name": "Bob", "password": "x" * 12, "email": address})
            if r.status_code != 400:
                accepted.append(address)
        assert not accepted
        assert web.get("/api/account").json()["has_email"] is False
        r = web.post("/api/account/email", json={"email": " Ann@EXAMPLE.org "}, headers=csrf(web))
        assert r.status_code == 200 and r.json()["verification"] == "no_mail"  # this server sends none
        assert web.get("/api/account").json()["has_email"] is True


def unverified_duel(web: TestClient) -> Duel:
    """Ann and Bob at a turn-based table; Bob stores his address (as "Bob@EXAMPLE.org") and has not opened its link."""
    table = web.post("/api/tables", json={"game": "ra", "seats": [person("A"), person("B")],
                                          "pace": {"kind": "turn", "per_move": 86400}}).json()  # fmt: skip
    browsers = []
    for seat, name in enumerate(("Ann", "Bob")):
        someone = browser(web)
        sign_up(someone, name)
        token = table["seats"][seat]["token"]
        kept = someone.post("/api/account/seats", json={"table": table["id"], "seat": seat, "token": token},
                            headers=csrf(someone))  # fmt: skip
        assert kept.status_code == 200, kept.text
        browsers.append(someone)
    bob = browsers[1]
    r = bob.post("/api/account/email", json={"email": "Bob@EXAMPLE.org"}, headers=csrf(bob))
    assert r.status_code == 200, r.text
    invites = [seat["invite"] for seat in table["seats"]]
    return Duel(table["id"], browsers, invites, ["", "Bob@example.org"])  # normalized: the domain in lower case


def test_no_notice_before_the_address_is_verified_and_its_link_verifies_it(
    web: TestClient,
    inbox: Inbox,  # noqa: F811
) -> None:
    game = unverified_duel(web)
    bob, address = game.browsers[1], game.emails[1]
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 0 and not inbox.to(address)  # Bob's turn, but nobody confirmed his address
    me = bob.get("/api/account").json()
    assert me["has_email"] is True and me["email_verified"] is False
    [(recipients, check)] = inbox.checks  # the one mail it got: the link that verifies it, to one recipient
    assert recipients == [address] and check["To"] == address and "List-Unsubscribe" not in check
    link = link_in(check)
    stranger = TestClient(web.app, base_url=str(web.base_url))  # the link works without a session
    stranger.portal = web.portal
    for _ in range(2):  # and opening it twice is the same
        r = stranger.get(link, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/account?email=verified"
    assert bob.get("/api/account").json()["email_verified"] is True
    r = bob.post("/api/account/email", json={"email": address}, headers=csrf(bob))  # the same address: kept verified
    assert r.json()["verification"] == "none" and bob.get("/api/account").json()["email_verified"] is True

    move_until_turn_of(web, game, 0)
    move_until_turn_of(web, game, 1)  # Bob's next turn: now he hears of it
    assert send_round(web) == 1 and len(inbox.to(address)) == 1 and len(inbox.checks) == 1


def test_a_link_for_an_older_address_or_a_forged_one_verifies_nothing(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    sign_up(web, "Ann")
    for address in ("ann@example.org", "ann@example.net"):
        r = web.post("/api/account/email", json={"email": address}, headers=csrf(web))
        assert r.json()["verification"] == "sent"
    old = link_in(inbox.checks_to("ann@example.org")[0])
    new = link_in(inbox.checks_to("ann@example.net")[0])
    query = parse_qs(urlsplit(new).query)
    player, token = query["account"][0], query["token"][0]
    forged = [
        old,  # the link of the address before: never the new one's
        f"/account/verify?account={player}&token={token[:-1]}{'0' if token[-1] != '0' else '1'}",
        f"/account/verify?account={player}&token=",
        f"/account/verify?account={player}",
        f"/account/verify?account=nobody&token={token}",
        f"/account/verify?account={player}&token={'x' * 200}",
    ]
    for link in forged:
        r = web.get(link, follow_redirects=False)
        assert r.status_code in (303, 400) and r.headers.get("location", "") != "/account?email=verified", link
        assert web.get("/api/account").json()["email_verified"] is False, link
    assert web.get(new, follow_redirects=False).headers["location"] == "/account?email=verified"
    assert new == verify_link(web, web) and web.get("/api/account").json()["email_verified"] is True
    web.post("/api/account/email", json={"email": "ann@example.com"}, headers=csrf(web))  # a third address
    for link in (old, new):  # the links of the earlier ones verify nothing
        assert web.get(link, follow_redirects=False).headers["location"] == "/account?email=link-invalid"
    assert web.get("/api/account").json()["email_verified"] is False


def test_verification_mails_are_limited_per_day(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    sign_up(web, "Ann", email="ann@example.org")  # the first: sent at sign-up
    answers = [
        web.post("/api/account/email", json={"email": f"ann{n}@example.org"}, headers=csrf(web)).json()["verification"]
        for n in range(3)
    ]
    assert answers == ["sent", "sent", "limited"]
    assert web.post("/api/account/email/verify", headers=csrf(web)).json()["verification"] == "limited"
    assert len(inbox.checks) == 3 and not inbox.mails
    assert web.post("/api/account/email/verify").status_code == 403  # CSRF-protected


def test_every_notice_carries_a_one_click_unsubscribe(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    game = duel(web)
    bob = game.browsers[1]
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 1
    [mail] = inbox.to(game.emails[1])
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    header = mail["List-Unsubscribe"]
    assert header.startswith(f"<{BASE}/api/notices/unsubscribe?account=") and header.endswith(">")
    url = header[1:-1]
    assert url in body(mail)  # and in the text, for those whose mail program shows no button
    path = url.removeprefix(BASE)
    player = bob.get("/api/account").json()["player"]
    assert parse_qs(urlsplit(path).query)["account"] == [player]
    nobody = TestClient(web.app, base_url="https://mail.example.net")  # a mail program: no cookie, another origin
    nobody.portal = web.portal

    page = nobody.get(path)  # link scanners open links: a GET only shows the button
    assert page.status_code == 200 and 'method="post"' in page.text and "List-Unsubscribe" in page.text
    assert bob.get("/api/account/notices").json()["mode"] == "each"

    token = parse_qs(urlsplit(path).query)["token"][0]
    bad = [f"/api/notices/unsubscribe?account={player}&token={token[::-1]}",
           f"/api/notices/unsubscribe?account={player}&token=",
           f"/api/notices/unsubscribe?account={player}",
           f"/api/notices/unsubscribe?account=nobody&token={token}"]  # fmt: skip
    for link in bad:
        r = nobody.post(link, content=b"List-Unsubscribe=One-Click", headers=ONE_CLICK)
        assert r.status_code == 403, (link, r.status_code)
        assert nobody.get(link).status_code == 403
    assert bob.get("/api/account/notices").json()["mode"] == "each"  # nothing changed
    refused = nobody.post("/api/account/notices", content=b"mode=off", headers=ONE_CLICK)
    assert refused.status_code == 415  # no other route takes a form

    r = nobody.post(path, content=b"List-Unsubscribe=One-Click", headers=ONE_CLICK)
    assert r.status_code == 200, r.text
    assert bob.get("/api/account/notices").json()["mode"] == "off"
    assert nobody.post(path, content=b"List-Unsubscribe=One-Click", headers=ONE_CLICK).status_code == 200  # again
    move_until_turn_of(web, game, 0)
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 0 and len(inbox.to(game.emails[1])) == 1  # no more notices


def test_the_digest_carries_the_one_click_unsubscribe_too(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    game = duel(web)
    bob = game.browsers[1]
    r = bob.post("/api/account/notices", json={"mode": "digest"}, headers=csrf(bob))
    assert r.status_code == 200
    move_until_turn_of(web, game, 1)
    notices_of(web).now = Clock(START + dt.timedelta(days=1))
    assert send_round(web) == 1
    [mail] = inbox.to(game.emails[1])
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["List-Unsubscribe"][1:-1] in body(mail)
