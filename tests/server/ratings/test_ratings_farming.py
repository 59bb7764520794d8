"""Rating farming refused at sweep time, from the database: a rated game between accounts that share an address or
a device within the window moves no rating and is flagged; so is a game of two accounts past their rated games
together in a day. A game of strangers moves the ratings (the control)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from account_helpers import csrf, new_listed_table, people_app, play_out, sign_up, wait_for
from fastapi.testclient import TestClient
from server_helpers import person

from ra.server.settings import AccountSettings
from ra.server.storage.schema import account_marks_t, accounts_t, game_results_t


def app(tmp_path: Path, **settings: Any) -> TestClient:
    """An app with the shared-mark check on (the test helpers switch it off)."""
    return people_app(tmp_path / "data", **{"shared_mark_days": 30, **settings})


def engine_of(web: TestClient) -> sa.Engine:
    engine: sa.Engine = web.app.state.people.reports.engine  # type: ignore[attr-defined]
    return engine


ADDRESSES = iter(range(1, 250))


def browser(web: TestClient, address: str | None = None) -> TestClient:
    """A browser of its own (its own device cookie) at an address of its own unless `address` is given."""
    address = address or f"203.0.113.{next(ADDRESSES)}"
    return TestClient(web.app, base_url=str(web.base_url), client=(address, 50000))


def accounts(web: TestClient, *names: str, address: str | None = None) -> tuple[list[TestClient], list[str]]:
    """Signed-in browsers of new accounts with these names (each at an address of its own, or all at `address`),
    and their player ids."""
    browsers = [browser(web, address) for _ in names]
    return browsers, [sign_up(b, name)["player"] for b, name in zip(browsers, names, strict=True)]


def mark(web: TestClient, name: str, kind: str, seen: str, days_ago: float = 0) -> None:
    """Note that the account was seen with this address or device (`seen`), as sign-ins do."""
    digest = hashlib.sha256(seen.encode()).hexdigest()
    at = dt.datetime.now(dt.UTC) - dt.timedelta(days=days_ago)
    with engine_of(web).begin() as c:
        account = c.execute(sa.select(accounts_t.c.id).where(accounts_t.c.name == name)).scalar_one()
        c.execute(account_marks_t.insert().values(account_id=account, kind=kind, mark=digest, seen=at))


def rated_game(web: TestClient, players: list[TestClient]) -> dict[str, Any]:
    """A rated table of these players' accounts played to its end; its result row once swept."""
    table = new_listed_table(web, [person("A"), person("B")], open_seats=True, rated=True)
    links = [
        someone.post(f"/api/tables/{table['id']}/seats/{seat}/join", headers=csrf(someone)).json()["link"]
        for seat, someone in enumerate(players)
    ]
    play_out(web, links)

    def result() -> dict[str, Any] | None:
        with engine_of(web).connect() as c:
            row = c.execute(sa.select(game_results_t).where(game_results_t.c.table_id == table["id"])).first()
        return None if row is None else dict(row._mapping)

    found: dict[str, Any] = wait_for(result)
    return found


def games_of(web: TestClient, player: str) -> int:
    ratings = web.get(f"/api/players/{player}").json()["ratings"]
    return int(ratings[0]["games"]) if ratings else 0


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with app(tmp_path) as client:
        yield client


@pytest.mark.parametrize(("kind", "flag"), [("address", "shared_address"), ("device", "shared_device")])
def test_accounts_sharing_a_mark_move_no_rating(web: TestClient, kind: str, flag: str) -> None:
    players, ids = accounts(web, "Ann", "Alt")
    mark(web, "Ann", kind, "the same one")
    mark(web, "Alt", kind, "the same one", days_ago=2)
    mark(web, "Alt", "address", "somewhere else")
    result = rated_game(web, players)
    assert result["flag"] == flag and result["rated"] is False
    assert web.get("/api/ratings/ra").json()["players"] == []
    assert [games_of(web, player) for player in ids] == [0, 0]


def test_accounts_made_at_one_address_move_no_rating(web: TestClient) -> None:
    # the marks as sign-ups write them (accounts/service.py), not inserted by the test
    players, ids = accounts(web, "Ann", "Alt", address="198.51.100.7")
    result = rated_game(web, players)
    assert result["flag"] == "shared_address" and result["rated"] is False
    assert [games_of(web, player) for player in ids] == [0, 0]


def test_strangers_move_ratings_and_old_or_other_marks_do_not_count(web: TestClient) -> None:
    players, ids = accounts(web, "Ann", "Bob")
    mark(web, "Ann", "address", "ann's home")
    mark(web, "Bob", "address", "bob's home")
    mark(web, "Ann", "device", "a phone sold long ago", days_ago=60)
    mark(web, "Bob", "device", "a phone sold long ago")  # seen by Ann outside the window
    mark(web, "Bob", "device", "ann's home")  # another kind: an address is no device
    result = rated_game(web, players)
    assert result["flag"] is None and result["rated"] is True
    assert [games_of(web, player) for player in ids] == [1, 1]


def test_the_shared_mark_check_can_be_switched_off(tmp_path: Path) -> None:
    with app(tmp_path, shared_mark_days=0) as web:
        players, ids = accounts(web, "Ann", "Alt")
        mark(web, "Ann", "address", "the same one")
        mark(web, "Alt", "address", "the same one")
        assert rated_game(web, players)["flag"] is None
        assert [games_of(web, player) for player in ids] == [1, 1]


def test_repeated_pairings_beyond_the_limit_move_no_rating(tmp_path: Path) -> None:
    with app(tmp_path, pairing_games=1) as web:
        players, ids = accounts(web, "Ann", "Bob")
        flags = [rated_game(web, players)["flag"] for _ in range(2)]
        assert flags == [None, "repeat_pairing"]
        assert [games_of(web, player) for player in ids] == [1, 1]
        others, _ = accounts(web, "Cleo")
        assert rated_game(web, [players[0], others[0]])["flag"] is None  # another pair counts on its own
        assert games_of(web, ids[0]) == 2


def test_the_limits_are_checked() -> None:
    with pytest.raises(ValueError, match="shared_mark_days"):
        AccountSettings(shared_mark_days=-1)
    with pytest.raises(ValueError, match="pairing_window"):
        AccountSettings(pairing_window=0)
    assert AccountSettings().shared_mark_days == 30 and AccountSettings().pairing_games == 3
