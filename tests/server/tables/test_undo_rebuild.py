"""The rebuild of stored steps with undo steps (tables/rebuild.py): a bonus chain taken back move by move replays to
the game before it, the log tells every step, and steps that break the rule are refused."""

from __future__ import annotations

import random

import pytest

from ra.core.protocol import GameState
from ra.core.undo import judge
from ra.games import game_module
from ra.server.storage.rows import MoveRow, TableRow
from ra.server.tables.rebuild import new_state, rebuild, state_before_last

WRITE = game_module("write")


def two_in_a_row(seed: int) -> tuple[TableRow, GameState, int]:
    """A 3-player RA and Write table, a game played at random, and an index where one seat made two moves in a row
    that drew nothing (a card and its bonus entry)."""
    seats = [{"kind": "person", "name": name} for name in ("Ana", "Ben", "Cy")]
    row = TableRow("T", "write", {"players": 3}, seed, seats, "running")
    state = new_state(WRITE, row.options, seed)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.history) < 150:
        player = state.current_players()[0]
        state.apply(rng.choice(list(state.legal_actions(player))), player)
        moves = state.history
        if len(moves) >= 2 and moves[-1].player == moves[-2].player and not moves[-1].draws and not moves[-2].draws:
            return row, state, len(moves) - 2
    raise AssertionError("no two moves in a row by one seat")


def rows(state: GameState, upto: int) -> list[MoveRow]:
    return [
        MoveRow(i + 1, m.player, m.action, WRITE.action_to_str(m.action), m.draws)
        for i, m in enumerate(state.history[:upto])
    ]


def test_a_chain_taken_back_move_by_move_replays_to_the_game_before_it() -> None:
    row, played, i = two_in_a_row(4)
    seat = played.history[i].player
    stored = rows(played, i + 2)
    stored += [MoveRow(i + 3, seat, -1, "undo", (), i + 2), MoveRow(i + 4, seat, -1, "undo", (), i + 1)]
    game = rebuild(WRITE, row, stored)
    expected = new_state(WRITE, row.options, row.seed)
    for move in played.history[:i]:
        expected.apply(move.action, move.player)
    assert game.state.to_json() == expected.to_json()
    assert len(game.current_at) == len(stored) + 1 and len(game.steps) == len(stored)
    before = state_before_last(WRITE, row, game.state)
    assert game.before is not None and before is not None and game.before.to_json() == before.to_json()
    log = game.log
    assert [entry["seq"] for entry in log] == list(range(1, len(stored) + 1))
    assert [entry.get("undoes") for entry in log[-2:]] == [i + 2, i + 1]
    assert log[-1]["text"].startswith(f"{['Ana', 'Ben', 'Cy'][seat]} took back: ")
    # After both undos the seat's move before the chain is judged like any other (here: whoever made it).
    verdict = judge(game.steps, game.before, game.state)
    assert verdict.seq == i and verdict.player == played.history[i - 1].player


def test_an_undo_step_that_takes_back_anything_but_the_last_move_is_refused() -> None:
    row, played, i = two_in_a_row(4)
    stored = [*rows(played, i + 2), MoveRow(i + 3, played.history[i].player, -1, "undo", (), i + 1)]
    with pytest.raises(RuntimeError, match="not the last move standing"):
        rebuild(WRITE, row, stored)
