"""Issue 41, finding 8: look-alike names, weak passwords, and a client that picks its own address with
X-Forwarded-For. A name is free only if no account's skeleton (UTS #39, guards/look_alikes.py) is the same; a password
is refused if it is mostly white space, of too few characters, common, or the name; `ra serve` believes no proxy
header unless told which proxies to trust."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from account_helpers import PASSWORD, csrf, people_app, sign_up
from fastapi.testclient import TestClient
from services import free_port, wait_port

from ra.commands.serve import proxy_options
from ra.server.guards.look_alikes import skeleton


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path) as client:
        yield client


@pytest.mark.parametrize(
    ("first", "look_alike"),
    [
        ("admin", "аdmin"),  # a Cyrillic а
        ("idmin", "ıdmin"),  # a dotless ı
        ("admin", "ADMIN"),
        ("admin", "ａｄｍｉｎ"),  # full width
        ("admin", "ádmin"),  # a combining accent
        ("Ramses", "Rаmsеs"),  # Cyrillic а and е
    ],
)
def test_a_look_alike_of_a_taken_name_is_taken(web: TestClient, first: str, look_alike: str) -> None:
    sign_up(web, first)
    web.cookies.clear()
    r = web.post("/api/account/sign-up", json={"name": look_alike, "password": PASSWORD})
    assert r.status_code == 409, r.text
    assert r.json()["text"]["m"] == "This name is taken; choose another."


def test_names_that_only_look_different_stay_apart() -> None:
    assert skeleton("Khufu") != skeleton("Khafre")
    assert skeleton("ldmin") != skeleton("1dmin")  # ASCII is only case-folded
    assert skeleton("张三") == "张三"


@pytest.mark.parametrize(
    "password",
    [
        " " * 8,  # eight spaces
        " " * 12 + "ab",  # white space around too few characters
        "aaaaaaaaaaaa",  # one character
        "abababab",  # two
        "password",
        "iloveyou",
        "Qwertyuiop",  # common, whatever the case
        "Nefertari",  # the name itself
    ],
)
def test_weak_passwords_are_refused_at_sign_up(web: TestClient, password: str) -> None:
    r = web.post("/api/account/sign-up", json={"name": "Nefertari", "password": password})
    assert r.status_code == 400, (password, r.text)
    assert r.json()["text"]["m"]


def test_a_weak_new_password_is_refused(web: TestClient) -> None:
    sign_up(web, "Hatshepsut")
    r = web.post("/api/account/password", json={"old": PASSWORD, "new": "        "}, headers=csrf(web))
    assert r.status_code == 400, r.text
    r = web.post("/api/account/password", json={"old": PASSWORD, "new": "sunshine"}, headers=csrf(web))
    assert r.status_code == 400, r.text


def test_proxy_headers_are_believed_from_named_proxies_only() -> None:
    assert proxy_options(()) == {"proxy_headers": False, "forwarded_allow_ips": ""}
    trusted = proxy_options(("127.0.0.1", "10.0.0.2"))
    assert trusted == {"proxy_headers": True, "forwarded_allow_ips": "127.0.0.1,10.0.0.2"}


SERVE = """
import sys
from pathlib import Path
from ra.commands.serve import run
from ra.server.settings import Limits, ServiceSettings, Settings
run(Settings(port=int(sys.argv[1]), data=Path(sys.argv[2]), log_level="warning",
             forwarded_allow_ips=tuple(sys.argv[3:]),
             limits=Limits(creations=2), service=ServiceSettings(bot_workers=0)))
"""


def _creations(tmp_path: Path, *trusted: str) -> list[int]:
    """Start `ra serve` (its own uvicorn run) allowing 2 tables per address; create 3 from 127.0.0.1, each claiming
    another address in X-Forwarded-For; their status codes."""
    port, data = free_port(), tmp_path / ("trusted" if trusted else "plain")
    data.mkdir()
    log = (data / "server.log").open("wb")
    process = subprocess.Popen([sys.executable, "-c", SERVE, str(port), str(data), *trusted], stdout=log, stderr=log)
    try:
        wait_port(port, 60)
        body = {"game": "ra", "seats": [{"kind": "person", "name": "A"}, {"kind": "bot", "bot": "random"}]}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
            return [
                client.post("/api/tables", json=body, headers={"X-Forwarded-For": f"198.51.100.{n}"}).status_code
                for n in range(3)
            ]
    finally:
        process.terminate()
        process.wait(15)
        log.close()


def test_a_client_cannot_choose_its_address_with_x_forwarded_for(tmp_path_factory: pytest.TempPathFactory) -> None:
    # a folder of its own (not tmp_path): the server process stores on SQLite whatever the test's storage kind
    folder = tmp_path_factory.mktemp("forwarded")
    assert _creations(folder) == [201, 201, 429]  # the header is ignored: one address, two tables
    assert _creations(folder, "127.0.0.1") == [201, 201, 201]  # from a trusted proxy, three players


def test_migrating_folds_the_names_made_before_and_leaves_a_later_look_alike_without_one(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    import sqlalchemy as sa
    from alembic import command

    from ra.server.storage.schema import alembic_config, upgrade

    engine = sa.create_engine(f"sqlite:///{tmp_path_factory.mktemp('old') / 'ra.sqlite3'}")
    config = alembic_config()
    with engine.begin() as c:
        config.attributes["connection"] = c
        command.upgrade(config, "0007")
        for name in ("admin", "аdmin", "Bob"):  # the second a look-alike made before the rule
            c.execute(
                sa.text("INSERT INTO accounts (name, name_key, password, created) VALUES (:n, :k, 'x', '2026-01-01')"),
                {"n": name, "k": name.casefold()},
            )
    upgrade(engine)
    with engine.connect() as c:
        rows: dict[str, str | None] = dict(c.execute(sa.text("SELECT name, name_skeleton FROM accounts")).all())
    engine.dispose()
    assert rows == {"admin": "admin", "аdmin": None, "Bob": "bob"}
