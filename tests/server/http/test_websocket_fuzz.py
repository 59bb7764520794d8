"""WebSocket fuzzing (Hypothesis): random and malformed messages from the seat to act, the other seat and a
spectator never change the table wrongly, never crash the server, and always get a reply or a clean close."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from app_helpers import app_with
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import create, person, ws_url
from starlette.websockets import WebSocketDisconnect

from ra.games import game_module
from ra.server.settings import Limits

LIMITS = Limits()
RA = game_module("ra")
ROLES = ("to_act", "other_seat", "spectator")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
odd_values = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=30), json_values
)


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for every example (each plays on a table of its own, so creations are not limited)."""
    with TestClient(app_with(tmp_path_factory.mktemp("fuzz"), limits=Limits(creations=0))) as client:
        yield client


@dataclass(frozen=True)
class Message:
    """A drawn message; its seq and action are filled in from the table's state when it is sent (`text`).

    Drawn independently of the table (whose seed the server chooses), so Hypothesis can replay and shrink it.
    """

    role: str
    kind: str
    seq: tuple[str, Any] = ("offset", 0)  # ("offset", k): the table's seq + k; ("odd", value): that value
    pick: tuple[str, Any] = ("legal", 0)  # ("legal", i): the i-th legal action (mod); ("odd", value); ("text", s)
    value: Any = None

    def text(self, legal: list[dict[str, Any]], seq: int) -> str | bytes:
        """The message as sent, for a table at `seq` where the sender's legal actions are `legal`."""
        if self.kind in ("action", "move"):
            at = seq + self.seq[1] if self.seq[0] == "offset" else self.seq[1]
            field = "action" if self.kind == "action" else "move"
            if self.pick[0] == "legal":
                chosen = legal[self.pick[1] % len(legal)][("id" if field == "action" else "notation")] if legal else 0
            else:
                chosen = self.pick[1]
            return json.dumps({"type": "action", "seq": at, field: chosen})
        if self.kind == "rename":
            return json.dumps({"type": "rename", "name": self.value})
        if self.kind == "ping":
            return '{"type": "ping"}'
        if self.kind == "deep":
            return "[" * int(self.value)
        if self.kind == "huge":
            return json.dumps({"type": "ping", "padding": "x" * LIMITS.max_ws_message})
        return self.value if isinstance(self.value, str | bytes) else json.dumps(self.value)


@st.composite
def messages(draw: st.DrawFn) -> Message:
    """A role and a message: well-formed actions (legal or not, at this seq or not), renames, pings and junk."""
    role = draw(st.sampled_from(ROLES))
    kind = draw(st.sampled_from(["action", "move", "rename", "ping", "json", "text", "bytes", "deep", "huge"]))
    seq = draw(st.tuples(st.just("offset"), st.integers(-2, 2)) | st.tuples(st.just("odd"), odd_values))
    if kind == "action":
        pick = draw(
            st.tuples(st.just("legal"), st.integers(0, 30))
            | st.tuples(st.just("odd"), st.integers(-5, 500) | odd_values)
        )
        return Message(role, kind, seq, pick)
    if kind == "move":
        pick = draw(st.tuples(st.just("legal"), st.integers(0, 30)) | st.tuples(st.just("odd"), st.text(max_size=80)))
        return Message(role, kind, seq, pick)
    values = {
        "rename": st.text(max_size=60) | odd_values,
        "json": json_values,
        "text": st.text(max_size=200),
        "bytes": st.binary(max_size=200),
        "deep": st.integers(LIMITS.max_json_depth + 1, 10_000),
    }
    return Message(role, kind, value=draw(values[kind]) if kind in values else None)


class Table:
    """One Ra table of two people and a spectator, seen through the protocol."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.table = create(client, [person("Ann"), person("Bob")])
        self.id = self.table["id"]
        self.sockets: dict[int | None, Any] = {}
        for seat in (0, 1, None):
            self.connect(seat)

    def connect(self, seat: int | None) -> None:
        """(Re)open the socket of a seat or the spectator and read its first state."""
        if seat in self.sockets:
            self.sockets.pop(seat).__exit__(None, None, None)
        ws = self.client.websocket_connect(ws_url(self.table, seat)).__enter__()
        assert ws.receive_json()["type"] == "state"
        self.sockets[seat] = ws

    def close(self) -> None:
        """Close every socket."""
        for ws in self.sockets.values():
            ws.__exit__(None, None, None)

    def summary(self) -> dict[str, Any]:
        """The table's summary over HTTP."""
        return dict(self.client.get(f"/api/tables/{self.id}").json())

    def legal(self, seat: int) -> list[dict[str, Any]]:
        """The legal actions of a seat now."""
        token = self.table["seats"][seat]["token"]
        view = self.client.get(f"/api/tables/{self.id}/view", params={"seat": seat, "token": token}).json()["view"]
        return list(view["legal_actions"])

    def replies(self, seat: int | None, pongs: int) -> list[dict[str, Any]] | None:
        """Send a ping after the message and read up to its pong (the `pongs`-th): the messages before it
        (None: the socket was closed cleanly, and is open again)."""
        ws = self.sockets[seat]
        ws.send_text('{"type": "ping"}')
        seen: list[dict[str, Any]] = []
        while True:
            try:
                message = dict(ws.receive_json())
            except WebSocketDisconnect as closed:
                assert closed.code == 1009 and closed.reason, closed
                assert seen and seen[-1]["code"] == "too_big"
                self.connect(seat)
                return None
            if message == {"type": "pong"}:
                pongs -= 1
                if pongs == 0:
                    return seen
            seen.append(message)


def sent_action(raw: str | bytes, legal: list[dict[str, Any]], seq: int) -> int | None:
    """The action id a message must apply (a well-formed action of a legal id at the current seq), else None."""
    try:
        msg = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(msg, dict) or msg.get("type") != "action" or len(raw) > LIMITS.max_ws_message:
        return None
    if type(msg.get("seq")) is not int or msg["seq"] != seq:
        return None  # two people act in turn: an older seq is never still open in Ra
    ids = {a["id"] for a in legal}
    action = msg.get("action")
    if "move" in msg:
        try:
            action = RA.str_to_action(msg["move"])
        except ValueError:
            return None
    return action if type(action) is int and action in ids else None


def type_of(raw: str | bytes) -> Any:
    """The `type` of a message, if it is a JSON object under the size limit."""
    try:
        msg = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    return msg.get("type") if isinstance(msg, dict) and len(raw) <= LIMITS.max_ws_message else None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_websocket_fuzz_never_changes_a_table_wrongly(fuzz_client: TestClient, data: st.DataObject) -> None:
    client = fuzz_client
    table = Table(client)
    try:
        for _ in range(data.draw(st.integers(1, 8))):
            before = table.summary()
            seq = before["seq"]
            to_act = client.get(f"/api/tables/{table.id}/view").json()["view"]["current_player"]
            legal = table.legal(to_act) if to_act is not None else []
            message = data.draw(messages())
            role, raw = message.role, message.text(legal, seq)
            seat = {"to_act": to_act, "other_seat": 1 - to_act, "spectator": None}[role] if to_act is not None else None
            ws = table.sockets[seat]
            ws.send_bytes(raw) if isinstance(raw, bytes) else ws.send_text(raw)
            replies = table.replies(seat, 2 if type_of(raw) == "ping" else 1)
            after = table.summary()
            expected = sent_action(raw, legal, seq) if role == "to_act" else None
            if expected is None:
                assert after["seq"] == seq, (role, raw)
            else:
                assert after["seq"] == seq + 1, (raw, replies)
                entry = client.get(f"/api/tables/{table.id}/view").json()["log"][-1]
                notation = next(a["notation"] for a in legal if a["id"] == expected)
                assert (entry["player"], entry["notation"]) == (seat, notation)
            if seat is None:
                assert after["seats"] == before["seats"]  # a spectator changes nothing, not even a name
            else:
                others = [s for s in range(2) if s != seat]
                assert [after["seats"][s] for s in others] == [before["seats"][s] for s in others]
            errors = [m for m in (replies or []) if m["type"] == "error"]
            assert all(m["code"] != "internal" and m["message"] for m in errors), errors  # never a server fault
            if replies is not None and after["seq"] == seq and not errors:
                # else the answer is an error; a rename's answer is the state it publishes
                assert type_of(raw) == "ping" or (type_of(raw) == "rename" and seat is not None), (raw, replies)
                if seat is not None:
                    assert 0 < len(after["seats"][seat]["name"]) <= 40
            assert len(client.app.state.service.storage.moves(table.id)) == after["seq"]  # type: ignore[attr-defined]
    finally:
        table.close()
