"""Hints (issue 12): with the table option `hints`, a seat asks `{"type":"hint"}` and gets what the `hard` bot would
play for it, decided in the bot pool, with its reason (what the move is for and how sure the bot is, issue 31 item
4), both as texts the reader's language renders (issue 28); each connection may ask a few a minute."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import create, person, read_until, ws_url

from ra.core.text import Text, t
from ra.i18n import Reader, render
from ra.server.bots import runner as botrunner
from ra.server.bots.decisions import Decision, HintTask, decide, pack_hint, reason_of, unpack_hint
from ra.server.http import connection as ws

GENERIC = "It is the move the hard bot judges best for you here."


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    """An app whose bots (and hints) decide in threads of the test process."""
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


def next_reply(socket: Any) -> dict[str, Any]:
    """The next message that is not a state update."""
    message = dict(socket.receive_json())
    while message["type"] == "state":
        message = dict(socket.receive_json())
    return message


def first_seat(client: TestClient, table: dict[str, Any]) -> int:
    return int(client.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"])


def test_a_hint_is_the_hard_bots_move_for_the_seat_with_a_reason(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    seat = first_seat(quick, table)
    with quick.websocket_connect(ws_url(table, seat)) as socket:
        state = read_until(socket, 0)
        socket.send_json({"type": "hint"})
        hint = next_reply(socket)
    assert hint["type"] == "hint" and hint["seq"] == 0, hint
    legal = {a["notation"]: a["id"] for a in state["view"]["legal_actions"]}
    assert legal[hint["notation"]] == hint["id"]
    move, why = Text.from_json(hint["text"]), Text.from_json(hint["reason"])
    assert str(move)[:1].isupper()
    assert "deal" in str(why) or "only move" in str(why), str(why)  # how sure, from the bot's counts
    assert "trails" not in str(why) and "behind" not in str(why)


@pytest.mark.parametrize("code", ["de", "zh-Hans"])
def test_a_hint_reads_in_the_readers_language(quick: TestClient, code: str) -> None:
    """The hint message carries texts, not English: the table page renders them in its reader's language (the
    language its `?lang=` or `ra_lang` cookie chose; the same catalogs as the browser's, tests/i18n)."""
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    seat = first_seat(quick, table)
    page = quick.get(f"/t/{table['id']}?lang={code}")
    assert f'<html lang="{code}"' in page.text
    with quick.websocket_connect(ws_url(table, seat)) as socket:
        read_until(socket, 0)
        socket.send_json({"type": "hint"})
        hint = next_reply(socket)
    reader = Reader(code, seat, ["Ann", "Bob"])
    english = [render(Text.from_json(hint[key]), Reader("en", seat)) for key in ("text", "reason")]
    said = [render(Text.from_json(hint[key]), reader) for key in ("text", "reason")]
    for mine, theirs in zip(said, english, strict=True):
        assert mine and mine != theirs, (mine, theirs)
    assert "the bot" not in said[1] and "lot" not in said[1].split()
    if code == "zh-Hans":
        assert any("\u4e00" <= c <= "\u9fff" for c in said[1])


def test_hints_are_refused_where_they_do_not_apply(quick: TestClient) -> None:
    off = create(quick, [person("Ann"), person("Bob")])
    with quick.websocket_connect(ws_url(off, first_seat(quick, off))) as socket:
        read_until(socket, 0)
        socket.send_json({"type": "hint"})
        assert next_reply(socket)["code"] == "forbidden"  # hints are off at this table
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    waiting = 1 - first_seat(quick, table)
    with quick.websocket_connect(ws_url(table, waiting)) as socket, quick.websocket_connect(ws_url(table)) as watcher:
        read_until(socket, 0)
        read_until(watcher, 0)
        socket.send_json({"type": "hint"})
        assert next_reply(socket)["code"] == "not_your_turn"
        watcher.send_json({"type": "hint"})
        assert next_reply(watcher)["code"] == "forbidden"


def test_hints_are_rate_limited_per_connection(quick: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(botrunner, "HINT_LEVEL", "mcts:iterations=20")  # quick answers: only the limit matters
    monkeypatch.setattr(ws, "HINTS_PER_WINDOW", 3)
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    seat = first_seat(quick, table)
    with quick.websocket_connect(ws_url(table, seat)) as socket:
        read_until(socket, 0)
        for _ in range(3):
            socket.send_json({"type": "hint"})
            assert next_reply(socket)["type"] == "hint"
        socket.send_json({"type": "hint"})
        refused = next_reply(socket)
        assert refused["code"] == "too_many" and "3 hints a minute" in refused["message"]
        assert render(Text.from_json(refused["text"]), Reader("de")).startswith("höchstens 3 Tipps pro Minute")
    with quick.websocket_connect(ws_url(table, seat)) as again:  # the limit is the connection's
        read_until(again, 0)
        again.send_json({"type": "hint"})
        assert next_reply(again)["type"] == "hint"


def test_one_hint_at_a_time(quick: TestClient) -> None:
    table = create(quick, [person("Ann"), person("Bob")], hints=True)
    with quick.websocket_connect(ws_url(table, first_seat(quick, table))) as socket:
        read_until(socket, 0)
        socket.send_json({"type": "hint"})
        socket.send_json({"type": "hint"})
        replies = [next_reply(socket), next_reply(socket)]
    assert sorted(r["type"] for r in replies) == ["error", "hint"]
    assert next(r for r in replies if r["type"] == "error")["code"] == "too_many"


class Simulator:
    """A bot that exposes only how many games it simulated (as `mcts` does)."""

    name = "simulator"
    last_iterations = 1000

    def choose(self, _view: Any) -> int:
        return 7


class Sampler:
    """A bot that exposes in how many of its sampled deals each move came out best (as the search bots do)."""

    name = "sampler"

    def __init__(self, samples: int = 10, best: dict[int, int] | None = None) -> None:
        self.last_samples = samples
        self.last_leads = {3: 4.25, 4: -1.0, 5: -3.0}
        self.last_best = best if best is not None else {3: 8, 4: 6, 5: 2}

    def choose(self, _view: Any) -> int:
        return 3


def test_how_sure_the_bot_is_comes_from_its_own_counts() -> None:
    assert str(reason_of(Sampler(), 3)) == "Quite sure: it was the best move in 8 of the 10 deals the bot imagined."
    assert str(reason_of(Sampler(), 4)) == "Fairly sure: it was the best move in 6 of the 10 deals the bot imagined."
    close = str(reason_of(Sampler(), 5))
    assert close.startswith("A close call: it was the best move in only 2 of the 10 deals")
    # A move that trails the best opponent on average never reads as a loss (issue 31, item 4).
    for action in (3, 4, 5):
        assert not {"trails", "behind", "loses"} & set(str(reason_of(Sampler(), action)).split())
    assert str(reason_of(Sampler(1, {3: 1}), 3)) == "Only a rough guess: the bot had time to imagine a single deal."
    two = "Quite sure: it was the best move in 2 of the 2 deals the bot imagined."
    assert str(reason_of(Sampler(2, {3: 2}), 3)) == two
    assert str(reason_of(Simulator(), 7)) == "It came out best in the 1000 games the bot played out from here."
    assert str(reason_of(object(), 3)) == GENERIC
    german = render(reason_of(Sampler(), 3), Reader("de"))
    assert german == "Recht sicher: Er war in 8 von 10 Verteilungen, die sich der Bot ausgemalt hat, der beste Zug."


def test_a_hint_packs_its_reason_as_a_text() -> None:
    for action, why in ((0, t("{message}", message="—é ünïcode")), (77, reason_of(Sampler(), 3))):
        hint = unpack_hint(pack_hint(action, why))
        assert hint.action == action and hint.reason == why
    assert str(unpack_hint(5).reason) == GENERIC  # nothing packed: the generic reason


def test_a_hint_task_answers_through_the_pools_integer_channel() -> None:
    from ra.games import game_module

    state = game_module("ra").State.new({"players": 2}, seed=1)
    view = dict(state.view(state.current_players()[0]))
    hint = unpack_hint(decide(HintTask("ra", "mcts:iterations=30", 1, view)))
    assert hint.action in {a["id"] for a in view["legal_actions"]}
    first, second = str(hint.reason.params["first"]), str(hint.reason.params["second"])
    assert first.startswith(("Draw a tile", "Call an auction")), first  # what the move is for
    assert second == "It came out best in the 30 games the bot played out from here."
    assert decide(Decision("ra", "mcts:iterations=30", 1, view)) == hint.action  # a plain decision: the id alone
