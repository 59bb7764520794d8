"""Sign-in and sign-up throttling among strangers (issue 41, findings 2, 3 and the sign-up part of 7): nobody locks a
name out from elsewhere, a known device signs in past the per-name ceiling, where accounts are seen is recorded,
sign-ups are counted in the database, and Argon2's own bounded threads keep a sign-in flood from stalling others."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from account_helpers import PASSWORD, people_app, sign_up, wait_for
from fastapi.testclient import TestClient

from ra.server.storage.schema import account_marks_t, accounts_t, sign_in_failures_t

WRONG = {"password": "guess guess"}


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with people_app(tmp_path / "data", sign_in_failures=3, sign_in_address_failures=6, sign_in_name_failures=5) as c:
        yield c


def client_at(web: TestClient, address: str, shared_loop: bool = False) -> TestClient:
    """Another browser of `web`'s app, coming from `address`; with `shared_loop` its requests run on `web`'s event
    loop (as a real server's do), else each on a loop of its own."""
    client = TestClient(web.app, base_url=str(web.base_url), client=(address, 50000))
    if shared_loop:
        client.portal = web.portal
    return client


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> int:
    """The status of a sign-in."""
    status: int = client.post("/api/account/sign-in", json={"name": name, "password": password}).status_code
    return status


def engine_of(client: TestClient) -> sa.Engine:
    engine: sa.Engine = client.app.state.people.accounts.store.engine  # type: ignore[attr-defined]
    return engine


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_wrong_passwords_from_one_address_lock_only_that_address_out(web: TestClient) -> None:
    sign_up(client_at(web, "198.51.100.7"), "Ann")
    attacker = client_at(web, "203.0.113.5")
    for _ in range(3):
        assert sign_in(attacker, "Ann", WRONG["password"]) == 401
    r = attacker.post("/api/account/sign-in", json={"name": "ann", "password": PASSWORD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0  # the attacker's own (name, address)
    assert sign_in(client_at(web, "192.0.2.44"), "Ann") == 200  # the owner, elsewhere, on a new browser
    assert sign_in(attacker, "Ann") == 429  # the owner's sign-in forgave nothing of the attacker's


def test_the_per_address_limit_holds_across_names_and_no_key_names_anyone(web: TestClient) -> None:
    guesser = client_at(web, "203.0.113.5")
    for i in range(6):
        assert sign_in(guesser, f"name{i}", WRONG["password"]) == 401
    assert sign_in(guesser, "other", WRONG["password"]) == 429
    assert sign_in(client_at(web, "192.0.2.44"), "other", WRONG["password"]) == 401  # another address is not
    with engine_of(web).connect() as c:
        keys = [str(k) for k in c.execute(sa.select(sign_in_failures_t.c.key)).scalars()]
    assert keys and all(k[1] == ":" and len(k) == 34 for k in keys)  # hashed, neither a name nor an address
    assert not any("name" in k or "203.0" in k for k in keys)


def test_a_known_device_signs_in_past_the_name_ceiling_an_unknown_one_does_not(web: TestClient) -> None:
    owner = client_at(web, "198.51.100.7")
    sign_up(owner, "Ann")
    cookie = next(c for c in owner.cookies.jar if c.name == "ra_device")
    assert cookie.secure and cookie.has_nonstandard_attr("HttpOnly")
    assert cookie.expires is not None and cookie.expires > time.time() + 300 * 86400  # long-lived
    for i in range(5):  # a guess spread over addresses, each within its own (name, address) limit
        assert sign_in(client_at(web, f"203.0.113.{i}"), "Ann", WRONG["password"]) == 401
    assert sign_in(client_at(web, "192.0.2.44"), "Ann") == 429  # the name's ceiling (5) reached: unknown devices wait
    owner_elsewhere = client_at(web, "192.0.2.99")
    owner_elsewhere.cookies.set("ra_device", str(cookie.value), domain=cookie.domain, path="/")
    r = owner_elsewhere.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert "ra_device" not in r.headers.get("set-cookie", "")  # a browser keeps its device token
    with engine_of(web).connect() as c:
        account = c.execute(sa.select(accounts_t.c.id).where(accounts_t.c.name == "Ann")).scalar_one()
        marks = {(str(m.kind), str(m.mark)) for m in c.execute(sa.select(account_marks_t))}
        owners = set(c.execute(sa.select(account_marks_t.c.account_id)).scalars())
    assert owners == {account}
    device = sha(str(cookie.value))
    assert marks == {("device", device), ("address", sha("198.51.100.7")), ("address", sha("192.0.2.99"))}


def test_a_known_device_is_still_throttled_for_its_own_failures(web: TestClient) -> None:
    owner = client_at(web, "198.51.100.7")
    sign_up(owner, "Ann")
    for _ in range(3):
        assert sign_in(owner, "Ann", WRONG["password"]) == 401
    assert sign_in(owner, "Ann") == 429  # a stolen device cookie gives a few guesses, no more
    assert sign_in(client_at(web, "192.0.2.44"), "Ann") == 200  # that locks no other browser out


def test_the_sign_up_limit_survives_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with people_app(data, sign_ups=2) as web:
        for name in ("Ann", "Bob"):
            sign_up(client_at(web, "203.0.113.5"), name)
        r = client_at(web, "203.0.113.5").post("/api/account/sign-up", json={"name": "Cid", "password": PASSWORD})
        assert r.status_code == 429
    with people_app(data, sign_ups=2) as web:  # a new process on the same database
        r = client_at(web, "203.0.113.5").post("/api/account/sign-up", json={"name": "Cid", "password": PASSWORD})
        assert r.status_code == 429 and 0 < int(r.headers["Retry-After"]) <= 3600
        sign_up(client_at(web, "192.0.2.44"), "Cid")  # another address may


class BlockingHasher:
    """Stands in for Argon2: every hash and check waits until `go` is set (then the check fails)."""

    def __init__(self) -> None:
        self.go, self.entered, self.lock = threading.Event(), 0, threading.Lock()

    def _wait(self) -> None:
        with self.lock:
            self.entered += 1
        self.go.wait(30)

    def verify(self, _stored: str, _password: str) -> bool:
        self._wait()
        return False

    def hash(self, _password: str) -> str:
        self._wait()
        return "no hash"

    def check_needs_rehash(self, _stored: str) -> bool:
        return False


def timed(call: Any, seconds: float) -> tuple[Any, float]:
    """`call()` in a thread: its value and how long it took; AssertionError if it takes over `seconds`."""
    out: list[Any] = []
    started = time.monotonic()
    thread = threading.Thread(target=lambda: out.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, f"still waiting after {seconds} s"
    return out[0], time.monotonic() - started


def test_a_sign_in_flood_is_refused_at_once_and_stalls_no_one(tmp_path: Path) -> None:
    flood = 40  # more than the default thread pool of any machine (32 at most)
    options: dict[str, Any] = {"password_threads": 1, "password_queue": 2, "sign_in_address_failures": 0}
    with people_app(tmp_path / "data", **options) as web:
        sign_up(web, "Ann")
        fake = BlockingHasher()
        web.app.state.people.accounts.passwords.hasher = fake  # type: ignore[attr-defined]
        answers: list[Any] = []

        def guess(i: int) -> None:
            client = client_at(web, f"203.0.113.{i}", shared_loop=True)
            answers.append(client.post("/api/account/sign-in", json={"name": f"n{i}", **WRONG}))

        threads = [threading.Thread(target=guess, args=(i,), daemon=True) for i in range(flood)]
        try:
            for thread in threads:
                thread.start()
            # one hash runs, two wait and the others are refused (or, without a bound, many hashes run)
            wait_for(lambda: fake.entered >= 2 or (fake.entered == 1 and len(answers) >= flood - 3), 10)
            r, took = timed(lambda: web.get("/api/account"), 3)
            assert r.status_code == 200 and took < 3
            r, took = timed(lambda: web.post("/api/account/sign-in", json={"name": "Ann", **WRONG}), 3)
            assert r.status_code == 503 and int(r.headers["Retry-After"]) > 0
            refused = list(answers)
            assert len(refused) == flood - 3 and {a.status_code for a in refused} == {503}
        finally:
            fake.go.set()
            for thread in threads:
                thread.join(10)
        assert sorted(a.status_code for a in answers).count(401) == 3  # the waiting ones were checked in the end
        assert web.app.state.people.accounts.passwords.pending == 0  # type: ignore[attr-defined]


def test_the_password_threads_stop_with_the_app(tmp_path: Path) -> None:
    web = people_app(tmp_path / "data")
    passwords = web.app.state.people.accounts.passwords  # type: ignore[attr-defined]
    with web:
        sign_up(web, "Ann")
        threads = passwords._threads
        assert threads is not None and passwords.pending == 0
    assert passwords._threads is None and threads._shutdown
