"""Turn notices by e-mail (docs/ACCOUNTS.md): a turn-based game between two accounts over HTTP and WebSockets, the
notice received once on a local SMTP server with its link, the link followed to the seat and a move made; quiet
hours delay a notice, the digest sends one mail for two tables, the daily cap, retries, and no address anywhere
else than in the mail."""

from __future__ import annotations

import datetime as dt
import logging
import smtplib
from collections.abc import Iterator
from pathlib import Path

import pytest
from account_helpers import csrf, sign_up, wait_for
from app_helpers import service_of
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
    mail_app,
    move_until_turn_of,
    notices_of,
    send_round,
    verify,
    ws_path,
)
from server_helpers import person, read_until

from ra.server.bots.runner import BotRunner

START = dt.datetime(2026, 12, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
def web(tmp_path: Path, inbox: Inbox, clock: Clock) -> Iterator[TestClient]:  # noqa: F811
    with mail_app(tmp_path / "data", inbox.port) as client:
        notices_of(client).now = clock
        yield client


def set_prefs(client: TestClient, **prefs: object) -> dict[str, object]:
    r = client.post("/api/account/notices", json={"mode": "each", **prefs}, headers=csrf(client))
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_turn_mails_once_and_its_link_reaches_the_seat(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    game = duel(web)
    bob = game.browsers[1]
    move_until_turn_of(web, game, 1)  # Ann plays until it is Bob's turn; Bob is away
    assert send_round(web) == 1
    assert send_round(web) == 0  # once
    [mail] = inbox.to(game.emails[1])
    assert not inbox.to(game.emails[0])  # Ann was at the table
    assert mail["Subject"] == "Your turn at Ra" and mail["To"] == game.emails[1]
    text = body(mail)
    link = f"{BASE}/t/{game.table}/mine?seat=1"
    assert link in text and f"{BASE}/account" in text and "Bob" in text

    path = link.removeprefix(BASE)
    assert web.get(path, follow_redirects=False).headers["location"].startswith("/account?next=")  # not signed in
    r = bob.get(path, follow_redirects=False)
    assert r.status_code == 303
    seat_link = r.headers["location"]
    assert seat_link.startswith(f"/t/{game.table}?seat=1&token=") and seat_link == game.links[1]
    with web.websocket_connect(ws_path(game.links[0])) as ann, bob.websocket_connect(ws_path(seat_link)) as ws:
        state = read_until(ws, 0)
        read_until(ann, 0)
        assert state["view"]["legal_actions"]
        ws.send_json({"type": "action", "seq": state["seq"], "action": state["view"]["legal_actions"][0]["id"]})
        assert read_until(ws, state["seq"] + 1)["seq"] == state["seq"] + 1
        read_until(ann, state["seq"] + 1)
    assert send_round(web) == 0  # Ann's turn came while she watched her table: no mail
    assert not inbox.to(game.emails[0])


def test_no_mail_tells_a_person_of_a_turn_a_bot_plays_for_them(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    game = duel(web)
    runner = service_of(web).bots
    assert isinstance(runner, BotRunner)
    runner.stopping = True  # the bot that takes Bob's seat never moves here: the seat stays to act
    with web.websocket_connect(ws_path(game.links[1])) as bob:
        state = read_until(bob, 0)
        while state["view"]["legal_actions"]:  # Bob plays his own turn first, if he begins
            bob.send_json({"type": "action", "seq": state["seq"], "action": state["view"]["legal_actions"][0]["id"]})
            state = read_until(bob, state["seq"] + 1)
        bob.send_json({"type": "leave"})
        wait_for(lambda: web.get(f"/api/tables/{game.table}").json()["seats"][1]["out"] == "left")
    move_until_turn_of(web, game, 1)  # Ann plays until Bob's seat is to act: the bot's turn, not Bob's
    assert send_round(web) == 0
    assert not inbox.to(game.emails[1])


def test_a_turn_based_table_never_listed_mails_the_seats_kept_from_invites(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    """The pace makes a table turn-based, not the lobby's listing: invited guests who keep their seats hear too."""
    pace = {"kind": "turn", "per_move": 86400}
    r = web.post("/api/tables", json={"game": "ra", "seats": [person("A"), person("B")], "pace": pace})
    assert r.status_code == 201, r.text
    table = r.json()
    browsers, links = [], []
    for seat, name in enumerate(("Gus", "Hana")):
        someone = browser(web)
        sign_up(someone, name, email=f"{name.lower()}@example.org")
        verify(web, someone)
        token = table["seats"][seat]["token"]
        kept = someone.post("/api/account/seats", json={"table": table["id"], "seat": seat, "token": token},
                            headers=csrf(someone))  # fmt: skip
        assert kept.status_code == 200, kept.text
        browsers.append(someone)
        links.append(table["seats"][seat]["invite"])
    assert web.get(f"/api/tables/{table['id']}/listing").json()["open_seats"] is False  # never listed
    game = Duel(table["id"], browsers, links, ["gus@example.org", "hana@example.org"])
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 1
    assert f"/t/{table['id']}/mine?seat=1" in body(inbox.to("hana@example.org")[0])


def test_live_tables_and_accounts_with_notices_off_get_no_mail(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    live = duel(web, ("Cleo", "Dan"), turn_based=False)
    move_until_turn_of(web, live, 1)
    game = duel(web, ("Eve", "Finn"))
    set_prefs(game.browsers[1], mode="off")
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 0 and not inbox.mails


def test_quiet_hours_delay_a_notice_to_their_end(web: TestClient, inbox: Inbox, clock: Clock) -> None:  # noqa: F811
    game = duel(web)
    set_prefs(game.browsers[1], quiet_from=22, quiet_to=8, time_zone="UTC+01:00")
    clock.set(dt.datetime(2026, 12, 2, 21, 30, tzinfo=dt.UTC))  # 22:30 at Bob's
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 0
    clock.set(dt.datetime(2026, 12, 3, 6, 59, tzinfo=dt.UTC))
    assert send_round(web) == 0
    clock.set(dt.datetime(2026, 12, 3, 7, 0, tzinfo=dt.UTC))  # 8:00 at Bob's
    assert send_round(web) == 1 and len(inbox.to(game.emails[1])) == 1


def test_the_digest_sends_one_mail_for_two_waiting_tables(web: TestClient, inbox: Inbox, clock: Clock) -> None:  # noqa: F811
    first = duel(web)
    info = set_prefs(first.browsers[1], mode="digest", time_zone="Europe/Berlin", language="de")
    assert info["mode"] == "digest" and info["mail"] is True and info["has_email"] is True
    second = duel(web, seated=first)
    move_until_turn_of(web, first, 1)
    move_until_turn_of(web, second, 1)
    assert send_round(web) == 0  # 12:00 UTC: the digest goes out at 8:00 in Berlin
    clock.set(dt.datetime(2026, 12, 3, 6, 59, tzinfo=dt.UTC))
    assert send_round(web) == 0
    clock.set(dt.datetime(2026, 12, 3, 7, 0, tzinfo=dt.UTC))
    assert send_round(web) == 1
    assert send_round(web) == 0
    [mail] = inbox.to(first.emails[1])
    text = body(mail)
    assert f"{BASE}/t/{first.table}/mine?seat=1" in text and f"{BASE}/t/{second.table}/mine?seat=1" in text
    assert mail["Subject"] == "2 Tische warten auf deinen Zug"  # in the account's language
    assert "Hallo Bob," in text


def test_a_day_has_at_most_the_cap_of_mails(tmp_path: Path, inbox: Inbox, clock: Clock) -> None:  # noqa: F811
    with mail_app(tmp_path / "data", inbox.port, per_day=1) as web:
        notices_of(web).now = clock
        first = duel(web)
        second = duel(web, seated=first)
        move_until_turn_of(web, first, 1)
        assert send_round(web) == 1
        move_until_turn_of(web, second, 1)
        assert send_round(web) == 0  # the day's one mail is spent: that notice is dropped
        clock.set(START + dt.timedelta(days=1, minutes=1))
        assert send_round(web) == 0  # ... not kept for a storm the next day
        assert len(inbox.to(first.emails[1])) == 1


def test_a_failing_mail_server_is_retried_and_nothing_is_lost(
    web: TestClient,
    inbox: Inbox,  # noqa: F811
    clock: Clock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = duel(web)
    notices = notices_of(web)
    real = notices.mailer

    class Down:
        def send(self, _message: object) -> None:
            raise ConnectionRefusedError("the mail server is down")

    class Refusing:
        def send(self, _message: object) -> None:
            raise smtplib.SMTPRecipientsRefused({"bob@example.org": (450, b"<bob@example.org>: try later")})

    notices.mailer = Refusing()
    move_until_turn_of(web, game, 1)
    with caplog.at_level(logging.INFO):
        assert send_round(web) == 0
    assert "SMTPRecipientsRefused: 450" in caplog.text and "@example.org" not in caplog.text
    notices.mailer = Down()
    clock.set(START + dt.timedelta(minutes=1))  # the first retry, after retry_seconds
    assert send_round(web) == 0
    clock.set(START + dt.timedelta(minutes=2))
    assert send_round(web) == 0  # not due again yet: the wait doubles
    notices.mailer = real
    clock.set(START + dt.timedelta(minutes=3))
    assert send_round(web) == 1 and len(inbox.to(game.emails[1])) == 1


def test_no_address_in_any_answer_view_or_log(
    web: TestClient,
    inbox: Inbox,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    game = duel(web)
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 1
    seen: list[str] = []
    for who in game.browsers:
        for path in ("/api/account", "/api/account/games", "/api/account/notices", "/api/account/export",
                     f"/api/tables/{game.table}", "/api/tables", "/api/lobby/open", f"/t/{game.table}"):  # fmt: skip
            r = who.get(path)
            assert r.status_code == 200, path
            seen.append(r.text)
        seen.append(who.get(f"/t/{game.table}/mine?seat=1", follow_redirects=False).headers["location"])
    for link in game.links:
        with web.websocket_connect(ws_path(link)) as ws:
            seen.append(str(ws.receive_json()))
    with web.websocket_connect(f"/ws/{game.table}") as ws:
        seen.append(str(ws.receive_json()))
    seen.extend(record.getMessage() for record in caplog.records if not record.name.startswith("mail"))  # not aiosmtpd
    assert inbox.to(game.emails[1])  # the address was used, for the mail alone
    for address in game.emails:
        assert not [text for text in seen if address in text or address.split("@")[0] + "@" in text]


def test_notice_preferences_are_checked(tmp_path: Path) -> None:
    from account_helpers import sign_up

    with mail_app(tmp_path / "data", None) as web:
        sign_up(web, "Ann")
        info = web.get("/api/account/notices").json()
        assert info == {"mode": "each", "quiet_from": None, "quiet_to": None, "time_zone": "UTC", "language": None,
                        "browser": False, "has_email": False, "mail": False}  # fmt: skip
        for bad in ({"time_zone": "Mars/Olympus"}, {"time_zone": "UTC+20"}, {"quiet_from": 22},
                    {"quiet_from": 24, "quiet_to": 8}, {"language": "xx"}, {"mode": "hourly"},
                    {"time_zone": "../../etc/passwd"}, {"time_zone": "x" * 65}, {"extra": 1}):  # fmt: skip
            r = web.post("/api/account/notices", json={"mode": "each", **bad}, headers=csrf(web))
            assert r.status_code == 400, (bad, r.status_code, r.text)
        assert web.post("/api/account/notices", json={"mode": "off"}).status_code == 403  # no CSRF token
        body = {"mode": "digest", "quiet_from": 22, "quiet_to": 7, "time_zone": "America/New_York",
                "language": "zh-Hans", "browser": True}  # fmt: skip
        assert set_prefs(web, **body)["time_zone"] == "America/New_York"
        assert web.get("/api/account/notices").json() == {**body, "has_email": False, "mail": False}
        assert browser(web).get("/api/account/notices").status_code == 401


def test_a_turn_whose_notice_was_never_queued_is_recovered_once(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    game = duel(web)
    service = web.app.state.service  # type: ignore[attr-defined]
    service.turns = None  # as if the process died between the move's commit and its notice
    move_until_turn_of(web, game, 1)
    service.turns = notices_of(web)
    assert send_round(web) == 0
    portal = web.portal
    assert portal is not None
    assert portal.call(notices_of(web).recover) == 1  # what a start does
    assert portal.call(notices_of(web).recover) == 0  # keyed by the seq the turn began at: never twice
    assert send_round(web) == 1 and len(inbox.to(game.emails[1])) == 1
    assert portal.call(notices_of(web).recover) == 0  # sent: still once


def test_a_claim_left_by_a_killed_run_is_freed_at_start(web: TestClient, inbox: Inbox, clock: Clock) -> None:  # noqa: F811
    game = duel(web)
    move_until_turn_of(web, game, 1)
    notices = notices_of(web)
    portal = web.portal
    assert portal is not None
    portal.call(notices.settled)
    assert len(notices.store.claim("an earlier run", START, START + dt.timedelta(hours=1))) == 1  # then killed
    assert send_round(web) == 0
    assert portal.call(notices.recover) == 0  # a start: alone on its database, the process frees the claim
    if not notices.solo:  # PostgreSQL: others may share it, so the claim runs out first
        assert send_round(web) == 0
        clock.set(START + dt.timedelta(hours=1, seconds=1))
    assert send_round(web) == 1 and len(inbox.to(game.emails[1])) == 1


def test_a_player_who_moves_within_the_grace_gets_no_mail(tmp_path: Path, inbox: Inbox, clock: Clock) -> None:  # noqa: F811
    with mail_app(tmp_path / "data", inbox.port, grace_seconds=120.0) as web:
        notices_of(web).now = clock
        game = duel(web)
        move_until_turn_of(web, game, 1)
        assert send_round(web) == 0  # not before the grace is over
        move_until_turn_of(web, game, 0)  # Bob moves (watching, say, on another process)
        clock.set(START + dt.timedelta(seconds=121))
        send_round(web)  # Ann, away now, hears of her turn
        assert not inbox.to(game.emails[1])
        move_until_turn_of(web, game, 1)  # Bob's next turn, and he stays away this time
        clock.set(START + dt.timedelta(seconds=242))
        assert send_round(web) == 1 and len(inbox.to(game.emails[1])) == 1


def test_a_simultaneous_choice_tells_each_away_seat_once_when_it_opens(
    web: TestClient,
    inbox: Inbox,  # noqa: F811
    fake_game: str,
) -> None:
    from account_helpers import sign_up

    seats = [{"kind": "person", "name": "A"}, {"kind": "person", "name": "B"}]
    pace = {"kind": "turn", "per_move": 86400}  # turn-based: the listing follows the pace
    table = web.post("/api/tables", json={"game": fake_game, "seats": seats, "pace": pace}).json()
    listing = {"creator": table["creator"], "open_seats": True, "turn_based": True}
    assert web.post(f"/api/tables/{table['id']}/listing", json=listing).status_code == 200
    links = []
    for seat, name in enumerate(("Ann", "Bob")):
        someone = browser(web)
        sign_up(someone, name, email=f"{name.lower()}@example.org")
        verify(web, someone)
        links.append(someone.post(f"/api/tables/{table['id']}/seats/{seat}/join", headers=csrf(someone)).json()["link"])

    def pick(seat: int, seq: int) -> int:
        with web.websocket_connect(ws_path(links[seat])) as ws:
            state = read_until(ws, seq)
            ws.send_json({"type": "action", "seq": state["seq"], "action": 0})
            return int(read_until(ws, state["seq"] + 1)["seq"])

    seq = pick(1, 0)  # Bob chooses; Ann was to choose already: no new turn for her
    assert send_round(web) == 0
    seq = pick(0, seq)  # Ann chooses last: the next choice opens for both, Bob away
    assert send_round(web) == 1 and len(inbox.to("bob@example.org")) == 1
    assert not inbox.to("ann@example.org")  # she was at the table when it opened
    pick(0, seq)  # Ann chooses again: Bob's choice stays open, no second notice
    assert send_round(web) == 0 and len(inbox.mails) == 1


def test_deleting_an_account_deletes_its_notices(web: TestClient, inbox: Inbox) -> None:  # noqa: F811
    import sqlalchemy as sa
    from account_helpers import PASSWORD

    from ra.server.storage.schema import notice_prefs_t, notices_t

    game = duel(web)
    bob = game.browsers[1]
    set_prefs(bob, quiet_from=1, quiet_to=2)
    move_until_turn_of(web, game, 1)
    assert send_round(web) == 1 and inbox.to(game.emails[1])
    assert bob.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(bob)).status_code == 200
    with notices_of(web).store.engine.connect() as c:
        assert c.execute(sa.select(sa.func.count()).select_from(notices_t).where(notices_t.c.seat == 1)).scalar() == 0
        assert c.execute(sa.select(sa.func.count()).select_from(notice_prefs_t)).scalar() == 0
