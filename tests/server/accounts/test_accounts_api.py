"""Accounts over HTTP: sign up, in and out, sessions and their revocation, e-mail, password, export, deletion."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from account_helpers import PASSWORD, csrf, people_app, sign_up
from fastapi.testclient import TestClient


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data") as client:
        yield client


def test_sign_up_signs_in_and_the_account_shows_no_secrets(web: TestClient) -> None:
    answer = sign_up(web, "Ann", email="ann@example.org")
    assert answer["name"] == "Ann" and answer["has_email"] is True and answer["player"]
    me = web.get("/api/account").json()
    assert me["name"] == "Ann" and "ann@example.org" not in str(me) and "argon2" not in str(me)
    assert web.get("/api/account/sessions").json()["sessions"][0]["current"] is True


def test_names_are_unique_whatever_their_case(web: TestClient) -> None:
    sign_up(web, "Ann")
    other = people_app_client(web)
    r = other.post("/api/account/sign-up", json={"name": "ANN", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["text"]["m"]


def people_app_client(web: TestClient) -> TestClient:
    """A second browser on the same app (its own cookies)."""
    return TestClient(web.app, base_url=str(web.base_url))


def test_bad_input_is_refused_with_words(web: TestClient) -> None:
    assert web.post("/api/account/sign-up", json={"name": "Ann", "password": "short"}).status_code == 400
    assert web.post("/api/account/sign-up", json={"name": "   ", "password": PASSWORD}).status_code == 400
    r = web.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD, "email": "nope"})
    assert r.status_code == 400 and r.json()["error"]
    assert web.post("/api/account/sign-up", json={"name": "Ann", "password": "x" * 201}).status_code == 400
    assert web.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD, "more": 1}).status_code == 400


def test_sign_out_ends_the_session(web: TestClient) -> None:
    sign_up(web, "Ann")
    assert web.post("/api/account/sign-out", headers=csrf(web)).status_code == 200
    assert web.get("/api/account").status_code == 401


def test_sign_in_on_another_browser_and_revoke_it(web: TestClient) -> None:
    sign_up(web, "Ann")
    phone = people_app_client(web)
    assert phone.post("/api/account/sign-in", json={"name": "ann", "password": PASSWORD}).status_code == 200
    sessions = web.get("/api/account/sessions").json()["sessions"]
    assert len(sessions) == 2
    other = next(s for s in sessions if not s["current"])
    assert web.post("/api/account/sessions/revoke", json={"session": other["id"]}, headers=csrf(web)).status_code == 200
    assert phone.get("/api/account").status_code == 401
    assert web.get("/api/account").status_code == 200


def test_an_ended_session_is_told_once_its_cookies_cleared(web: TestClient) -> None:
    """A page asks for the account only while the browser holds the session's cookies (a signed-out page asks
    nothing, so its console shows no 401); the 401 of a session that ended elsewhere clears them."""
    sign_up(web, "Ann")
    phone = people_app_client(web)
    phone.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
    other = next(s for s in web.get("/api/account/sessions").json()["sessions"] if not s["current"])
    web.post("/api/account/sessions/revoke", json={"session": other["id"]}, headers=csrf(web))
    assert phone.cookies.get("ra_csrf") and phone.cookies.get("ra_session")
    answer = phone.get("/api/account")
    assert answer.status_code == 401 and answer.json()["text"]["m"] == "Sign in first."
    assert not phone.cookies.get("ra_csrf") and not phone.cookies.get("ra_session")
    assert web.get("/api/account").status_code == 200


def test_a_new_password_ends_the_other_sessions(web: TestClient) -> None:
    sign_up(web, "Ann")
    phone = people_app_client(web)
    phone.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
    body = {"old": PASSWORD, "new": "another long one"}
    assert web.post("/api/account/password", json=body, headers=csrf(web)).status_code == 200
    assert phone.get("/api/account").status_code == 401
    assert phone.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD}).status_code == 401
    assert phone.post("/api/account/sign-in", json={"name": "Ann", "password": "another long one"}).status_code == 200


def test_email_is_set_and_removed_but_never_shown(web: TestClient) -> None:
    sign_up(web, "Ann")
    assert web.post("/api/account/email", json={"email": "a@b.org"}, headers=csrf(web)).status_code == 200
    assert web.get("/api/account").json()["has_email"] is True
    export = web.get("/api/account/export").text
    assert "a@b.org" not in export
    assert web.post("/api/account/email", json={"email": None}, headers=csrf(web)).status_code == 200
    assert web.get("/api/account").json()["has_email"] is False


def test_delete_asks_for_the_password_and_removes_everything(web: TestClient) -> None:
    answer = sign_up(web, "Ann")
    assert web.post("/api/account/delete", json={"password": "wrong password"}, headers=csrf(web)).status_code == 403
    assert web.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(web)).status_code == 200
    assert web.get("/api/account").status_code == 401
    assert web.get(f"/api/players/{answer['player']}").status_code == 404
    again = people_app_client(web)
    assert again.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD}).status_code == 401
    assert again.post("/api/account/sign-up", json={"name": "Ann", "password": PASSWORD}).status_code == 201


def test_a_sign_in_name_is_cleaned_as_at_sign_up_and_odd_characters_reach_no_database(web: TestClient) -> None:
    sign_up(people_app_client(web), "Ann Lee")
    assert web.post("/api/account/sign-in", json={"name": "  Ann\u200b  Lee ", "password": PASSWORD}).status_code == 200
    for name in ("\x00", "Ann\x00Lee", "\u202e"):  # PostgreSQL refuses NUL in text: no 503, just a wrong name
        r = web.post("/api/account/sign-in", json={"name": name, "password": PASSWORD})
        assert r.status_code == 401 and r.json()["error"] == "The name or the password is wrong.", r.text
    r = web.post("/api/account/email", json={"email": "ann\x00@example.org"}, headers=csrf(web))
    assert r.status_code == 400, r.text
