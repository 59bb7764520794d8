"""Attacks on accounts: sign-in throttling, CSRF, session fixation, cookie flags, account enumeration, and someone
else's data."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from account_helpers import PASSWORD, csrf, people_app, sign_up
from fastapi.testclient import TestClient
from server_helpers import bot, person


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data", sign_in_failures=3, sign_in_address_failures=5) as client:
        yield client


def browser(web: TestClient) -> TestClient:
    return TestClient(web.app, base_url=str(web.base_url))


def test_failed_sign_ins_are_throttled_per_name_even_with_the_right_password(web: TestClient) -> None:
    sign_up(browser(web), "Ann")
    for _ in range(3):
        assert web.post("/api/account/sign-in", json={"name": "Ann", "password": "guess guess"}).status_code == 401
    r = web.post("/api/account/sign-in", json={"name": "ann", "password": PASSWORD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0


def test_failed_sign_ins_are_throttled_per_address_across_names(web: TestClient) -> None:
    for i in range(5):
        assert web.post("/api/account/sign-in", json={"name": f"n{i}", "password": "guess guess"}).status_code == 401
    assert web.post("/api/account/sign-in", json={"name": "other", "password": "guess guess"}).status_code == 429


def test_state_changes_need_the_csrf_token(web: TestClient) -> None:
    sign_up(web, "Ann")
    assert web.post("/api/account/sign-out").status_code == 403
    assert web.post("/api/account/sign-out", headers={"X-CSRF-Token": "forged"}).status_code == 403
    r = web.post("/api/account/delete", json={"password": PASSWORD}, headers={"X-CSRF-Token": ""})
    assert r.status_code == 403
    assert web.get("/api/account").status_code == 200  # nothing happened
    other = browser(web)
    sign_up(other, "Bob")
    assert web.post("/api/account/sign-out", headers=csrf(other)).status_code == 403  # another session's token


def test_sign_in_from_another_site_is_refused(web: TestClient) -> None:
    sign_up(browser(web), "Ann")
    evil = {"Origin": "https://evil.example"}
    body = {"name": "Ann", "password": PASSWORD}
    assert web.post("/api/account/sign-in", json=body, headers=evil).status_code == 403
    assert web.post("/api/account/sign-up", json={"name": "Eve", "password": PASSWORD}, headers=evil).status_code == 403
    assert web.post("/api/account/sign-in", json=body, headers={"Origin": "https://testserver"}).status_code == 200
    r = web.post(
        "/api/account/sign-in", content="name=Ann", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert r.status_code == 415  # a cross-site form cannot post JSON


def test_a_planted_session_cookie_is_never_adopted(web: TestClient) -> None:
    sign_up(browser(web), "Ann")
    web.cookies.set("ra_session", "planted-by-an-attacker")
    r = web.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
    issued = r.cookies.get("ra_session")
    assert issued and issued != "planted-by-an-attacker"
    attacker = browser(web)
    attacker.cookies.set("ra_session", "planted-by-an-attacker")
    assert attacker.get("/api/account").status_code == 401
    before = browser(web)
    before.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
    first = before.cookies.get("ra_session")
    before.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
    assert before.cookies.get("ra_session") != first  # each sign-in a new secret


def test_cookie_flags(web: TestClient) -> None:
    r = web.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD})
    cookies = {c.split("=", 1)[0]: c.lower() for c in r.headers.get_list("set-cookie")}
    session, token = cookies["ra_session"], cookies["ra_csrf"]
    assert "httponly" in session and "secure" in session and "samesite=lax" in session and "path=/" in session
    assert "httponly" not in token and "secure" in token and "samesite=lax" in token


def test_cookies_are_not_secure_on_plain_loopback_only(tmp_path: Path) -> None:
    with people_app(tmp_path / "loop", base_url="http://127.0.0.1") as local:
        r = local.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD})
        assert all("secure" not in c.lower() for c in r.headers.get_list("set-cookie"))
        assert local.get("/api/account").status_code == 200
    with people_app(tmp_path / "plain", base_url="http://ra.example.org") as public:
        r = public.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD})
        assert all("secure" in c.lower() for c in r.headers.get_list("set-cookie"))


def test_no_answer_tells_which_names_exist(web: TestClient) -> None:
    sign_up(browser(web), "Ann")
    unknown = web.post("/api/account/sign-in", json={"name": "Nobody", "password": "guess guess"})
    wrong = web.post("/api/account/sign-in", json={"name": "Ann", "password": "guess guess"})
    assert unknown.status_code == wrong.status_code == 401 and unknown.json() == wrong.json()
    paths = [route.path for route in web.app.routes if "account" in getattr(route, "path", "")]  # type: ignore[attr-defined]
    assert not [p for p in paths if "{" in p]  # no account is named in any address: none can be probed
    assert web.get("/api/players/1").status_code == 404  # player ids are random, not counted


def test_the_export_is_of_the_own_account_only(web: TestClient) -> None:
    ann = browser(web)
    sign_up(ann, "Ann", email="ann@example.org")
    table = ann.post("/api/tables", json={"game": "ra", "seats": [person("Ann"), bot()]}).json()
    claim = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    ann.post("/api/account/seats", json=claim, headers=csrf(ann))
    sign_up(web, "Bob")
    mine = web.get("/api/account/export").json()
    assert mine["account"]["name"] == "Bob" and mine["seats"] == []
    assert "Ann" not in str(mine) and "ann@example.org" not in str(mine)
    assert web.get("/api/account/export?account=1").json()["account"]["name"] == "Bob"
    anns = ann.get("/api/account/export").json()
    assert len(anns["seats"]) == 1 and "ann@example.org" not in str(anns) and "argon2" not in str(anns)
    assert browser(web).get("/api/account/export").status_code == 401


def test_no_password_hash_or_email_reaches_the_logs(web: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("DEBUG"):
        sign_up(web, "Ann", email="ann@example.org")
        web.post("/api/account/sign-in", json={"name": "Ann", "password": "guess guess"})
    text = caplog.text
    assert "ann@example.org" not in text and "argon2" not in text and PASSWORD not in text
