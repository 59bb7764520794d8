"""Undo over the WebSocket (ra.core.undo): allowed and told to the other seats, refused after a draw, after the next
player acted, for a spectator, at a table without it; rebuilt after a restart; the record keeps what stands."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from app_helpers import app_with
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, ws_url

from ra.core.text import Text
from ra.games import game_module, replay
from ra.i18n import Reader, render


class Seats:
    """One WebSocket per seat of a table (and a spectator's), with the newest state each has seen."""

    def __init__(self, client: TestClient, table: dict[str, Any], stack: ExitStack, seats: int) -> None:
        self.table = table
        self.ws = [stack.enter_context(client.websocket_connect(ws_url(table, seat))) for seat in range(seats)]
        self.latest = [read_until(ws, 0) for ws in self.ws]

    def at(self, seat: int, seq: int) -> dict[str, Any]:
        """The seat's state at `seq` (or later)."""
        if self.latest[seat]["seq"] < seq:
            self.latest[seat] = read_until(self.ws[seat], seq)
        return self.latest[seat]

    @property
    def seq(self) -> int:
        return int(max(state["seq"] for state in self.latest))

    def turn(self) -> int:
        """A seat that must act now (its view offers actions)."""
        seq = self.seq
        return next(seat for seat in range(len(self.ws)) if self.at(seat, seq)["view"]["legal_actions"])

    def act(self, seat: int, notation: str) -> dict[str, Any]:
        """Play `notation` for `seat`; the seat's state after it."""
        seq = self.seq
        self.ws[seat].send_json({"type": "action", "seq": seq, "move": notation})
        return self.at(seat, seq + 1)

    def undo(self, seat: int) -> dict[str, Any]:
        """Take back for `seat`; the seat's state after it."""
        seq = self.seq
        self.ws[seat].send_json({"type": "undo", "seq": seq})
        return self.at(seat, seq + 1)

    def refused(self, seat: int, seq: int | None = None) -> dict[str, Any]:
        """Ask `seat`'s undo and return the error it gets (nothing changes)."""
        self.ws[seat].send_json({"type": "undo", "seq": self.seq if seq is None else seq})
        reply = dict(self.ws[seat].receive_json())
        while reply["type"] == "state":  # states of earlier changes still on their way
            self.latest[seat] = reply
            reply = dict(self.ws[seat].receive_json())
        assert reply["type"] == "error", reply
        return reply


def notations(state: dict[str, Any], prefix: str = "") -> list[str]:
    return [str(a["notation"]) for a in state["view"]["legal_actions"] if str(a["notation"]).startswith(prefix)]


def said(entry: dict[str, Any], language: str, seat: int | None) -> str:
    return render(Text.from_json(entry["said"][0]), Reader(language, seat, ["Ann", "Bob"]))


def test_a_bid_taken_back_is_told_to_the_other_seat_and_the_invoke_before_it_stands(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    with ExitStack() as stack:
        seats = Seats(client, table, stack, 2)
        ann = seats.turn()
        bob = 1 - ann
        assert seats.at(ann, 0)["undo"] is None  # nothing to take back yet
        assert seats.act(ann, "ra")["undo"] == {"player": ann, "seq": 1}  # invoking Ra drew nothing
        before_bid = seats.at(bob, 1)
        bid = notations(before_bid, "bid:")[0]
        seats.act(bob, bid)
        for seat in (ann, bob):
            assert seats.at(seat, 2)["undo"] == {"player": bob, "seq": 2}  # the same offer to everyone
        assert seats.refused(ann)["code"] == "illegal"  # not Ann's action
        after = seats.undo(bob)
        assert after["seq"] == 3 and after["view"] == {**before_bid["view"]}  # back to the view before the bid
        entry = after["log"][-1]
        assert entry["seq"] == 3 and entry["notation"] == "undo" and entry["undoes"] == 2 and entry["player"] == bob
        phrase = str(game_module("ra").move_text(game_module("ra").str_to_action(bid), ()))
        assert entry["text"] == f"{['Ann', 'Bob'][bob]} took back: {phrase}"
        other = seats.at(ann, 3)
        assert other["log"] == after["log"] and [e["seq"] for e in other["log"]] == [1, 2, 3]
        assert said(other["log"][-1], "de", ann).startswith(f"{['Ann', 'Bob'][bob]} nahm zurück: ")
        assert said(other["log"][-1], "en", bob).startswith("You took back: ")
        # Bob acted after Ann's invoke: it stands, though Bob took his bid back.
        assert after["undo"] is None and other["undo"] is None
        refusal = seats.refused(ann)
        assert refusal["code"] == "illegal"
        assert refusal["text"]["m"] == "the next player has acted since: your action stands"
        assert render(Text.from_json(refusal["text"]), Reader("zh-Hans", ann)) == "下一位玩家已经行动：你的行动不能撤回"
        again = seats.act(bob, bid)
        assert again["seq"] == 4 and again["undo"] == {"player": bob, "seq": 4}
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["seq"] == 4
    answer = client.get(f"/api/tables/{table['id']}/view").json()  # the HTTP view says the same as the socket
    assert answer["undo"] == {"player": bob, "seq": 4} and answer["log"][2]["undoes"] == 2


def test_undo_is_refused_after_a_draw_stale_and_for_a_spectator(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")])
    with ExitStack() as stack:
        seats = Seats(client, table, stack, 2)
        ann = seats.turn()
        drawn = seats.act(ann, "draw")
        assert drawn["log"][-1]["draws"] and drawn["undo"] is None
        refusal = seats.refused(ann)
        assert refusal["code"] == "illegal" and "revealed a tile or card" in refusal["message"]
        assert refusal["text"]["m"].startswith("your action revealed")
        bob = seats.turn()
        assert bob != ann  # a draw hands the turn on (or starts an auction that Bob opens)
        seats.act(bob, notations(seats.at(bob, 1))[-1])
        assert seats.refused(bob, 1)["code"] == "stale"  # it saw an older version
        assert seats.refused(ann)["code"] == "illegal"  # Bob's action, not Ann's
        spectator = stack.enter_context(client.websocket_connect(ws_url(table)))
        read_until(spectator, 2)
        spectator.send_json({"type": "undo", "seq": 2})
        assert spectator.receive_json()["code"] == "forbidden"
        seats.ws[bob].send_json({"type": "undo"})
        reply = seats.ws[bob].receive_json()
        assert reply["code"] == "bad_message"
        assert reply["message"] == "an undo message needs the integer seq the sender saw"
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 2  # the refusals changed nothing


def test_a_table_without_undo_refuses_it_and_a_bot_closes_it_by_acting(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob")], undo=False)
    assert table["id"] and client.get(f"/api/tables/{table['id']}").json()["options"]["undo"] is False
    with ExitStack() as stack:
        seats = Seats(client, table, stack, 2)
        ann = seats.turn()
        assert seats.act(ann, "ra")["undo"] is None
        assert "table option" in seats.refused(ann)["message"]
    table = create(client, [person("Ann"), bot()])
    with client.websocket_connect(ws_url(table, 0)) as ws:
        state = read_until(ws, 0)
        while not state["view"]["legal_actions"]:
            state = read_until(ws, state["seq"] + 1)
        # Invoking Ra (or passing in an auction the bot opened by drawing Ra): the bot's decision comes next.
        move = "ra" if "ra" in notations(state) else "pass"
        ws.send_json({"type": "action", "seq": state["seq"], "move": move})
        mine = read_until(ws, state["seq"] + 1)
        while mine["log"][-1]["player"] == 0:  # the bot acts at once
            assert not mine["view"]["legal_actions"], mine["log"][-1]
            mine = read_until(ws, mine["seq"] + 1)
        # Once the bot has acted, Ann's invoke stands; and a bot's own move is never offered.
        assert mine["log"][-1]["player"] == 1 and mine["undo"] is None


def play_out(seats: Seats, rng: random.Random) -> dict[str, Any]:
    """Play random legal actions until the game ends; the final state of seat 0."""
    while True:
        state = seats.at(0, seats.seq)
        if state["table"]["status"] == "finished":
            return state
        turn = seats.turn()
        seats.act(turn, rng.choice(notations(seats.at(turn, seats.seq))))


def test_undo_steps_are_rebuilt_after_a_restart_and_the_record_keeps_what_stands(data_dir: Path) -> None:
    with TestClient(app_with(data_dir)) as client, ExitStack() as stack:
        table = create(client, [person("Ann"), person("Bob")])
        seats = Seats(client, table, stack, 2)
        ann = seats.turn()
        bob = 1 - ann
        seats.act(ann, "ra")
        bid = notations(seats.at(bob, 1), "bid:")[0]
        seats.act(bob, bid)
        seats.undo(bob)
        at_undo = seats.at(ann, 3)
        service = client.app.state.service  # type: ignore[attr-defined]
        before = service.tables[table["id"]].state.to_json()
    with TestClient(app_with(data_dir)) as client, ExitStack() as stack:
        seats = Seats(client, table, stack, 2)
        assert seats.latest[ann]["log"] == at_undo["log"] and seats.latest[ann]["view"] == at_undo["view"]
        service = client.app.state.service  # type: ignore[attr-defined]
        assert service.tables[table["id"]].state.to_json() == before
        assert seats.latest[bob]["undo"] is None and seats.latest[ann]["seq"] == 3
        final = play_out(seats, random.Random(3))
        state = service.tables[table["id"]].state
        record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["moves"][0]["action"] == "ra"
    assert len(record["moves"]) == final["seq"] - 2  # every step but the undo step and the bid it took back
    assert record["taken_back"] == [{"player": bob, "action": bid, "at": 1}]
    assert replay(record).scores() == state.scores()  # a valid engine record: only the moves that stand
    entries = final["log"]
    assert [e["seq"] for e in entries] == list(range(1, final["seq"] + 1))


def test_write_a_simultaneous_choice_is_taken_back_while_the_other_still_chooses(client: TestClient) -> None:
    table = create(client, [person("Ann"), person("Bob"), person("Cy")], game="write")
    rng = random.Random(5)
    with ExitStack() as stack:
        seats = Seats(client, table, stack, 3)
        while seats.at(0, seats.seq)["view"]["phase"] != "others_choice":
            turn = seats.turn()
            seats.act(turn, rng.choice(notations(seats.at(turn, seats.seq))))
        first, second = seats.at(0, seats.seq)["view"]["current_players"]
        before = seats.at(first, seats.seq)
        chosen = seats.act(first, notations(before)[0])
        assert chosen["undo"] == {"player": first, "seq": chosen["seq"]}
        assert seats.at(second, chosen["seq"])["view"]["current_players"] == [second]
        back = seats.undo(first)
        assert back["view"]["legal_actions"] == before["view"]["legal_actions"]
        assert back["view"]["current_players"] == before["view"]["current_players"]
        told = seats.at(second, back["seq"])["log"][-1]
        assert told["notation"] == "undo" and told["player"] == first
        # The other seat's choice at the seq it saw before the undo still counts (its decision did not change).
        move = notations(seats.at(second, back["seq"]))[0]
        seats.ws[second].send_json({"type": "action", "seq": before["seq"], "move": move})
        after = seats.at(second, back["seq"] + 1)
        assert after["log"][-1]["player"] == second and after["undo"] == {"player": second, "seq": after["seq"]}
        assert seats.refused(first)["text"]["m"] == "you can only take back your own last action"
