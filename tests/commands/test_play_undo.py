"""Undo in `ra play` (issue 30): a person takes back their own last action while ra.core.undo allows it (nobody
acted since, nothing drawn); the game is replayed from its seed with the moves that stand, and its record keeps only
those."""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ra.bots import make_bot
from ra.cli import app
from ra.commands.play import Played, play_loop
from ra.commands.terminal import Terminal
from ra.core.record import load_record, save_record
from ra.games import game_module, replay

NAMES = ["You", "Nefertari (easy)", "Imhotep (easy)"]


def played(game: str, players: int, seed: int) -> Played:
    return Played(game_module(game), {"players": players, "names": NAMES[:players]}, seed)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_a_person_takes_back_an_action_and_the_game_goes_on_from_before_it(game: str, tmp_path: Path) -> None:
    undone = 0
    for seed in range(12):
        at = played(game, 3, seed)
        bots = {i: make_bot("easy", game, seed=seed * 10 + i) for i in (1, 2)}
        out = io.StringIO()
        term = Terminal(Console(file=out, width=200, color_system=None)).seated(0, NAMES)
        wanted = {"undo": True}
        before_last: list[Mapping[str, Any]] = []

        def read(
            _prompt: object,
            at: Played = at,
            wanted: dict[str, bool] = wanted,
            before_last: list[Mapping[str, Any]] = before_last,
        ) -> str:
            if wanted["undo"] and at.undo_refused(0) is None:
                wanted["undo"] = False  # once a game: then the same decision again, by number
                assert at.before is not None
                before_last.append(at.before.view(0))
                return "undo"
            if before_last and len(before_last) == 1:
                assert at.state.view(0) == before_last[0]  # back to the state before the action taken back
                before_last.append({})
            return "1"

        play_loop(term, at, 0, bots, read)
        if wanted["undo"]:
            continue  # no action of the person could be taken back in this game
        undone += 1
        assert "You took back: " in out.getvalue()
        assert len(before_last) == 2
        moves = [s for s in at.steps if s.undoes is None]
        assert len(at.state.history) == len(moves) - 1  # the move taken back is not in the game
        path = tmp_path / f"game{seed}.json"
        save_record(at.state.record(), path)
        again = replay(load_record(path))
        assert again.is_terminal() and again.history == at.state.history
    assert undone >= 3, undone


def test_an_undo_is_refused_after_a_draw_after_a_bot_and_before_any_action() -> None:
    at = played("ra", 2, 3)
    assert at.undo_refused(at.state.current_players()[0]) == "nothing"
    mover = at.state.current_players()[0]
    at.apply(game_module("ra").str_to_action("draw"), mover)
    assert at.undo_refused(mover) == "revealed"
    at = played("ra", 2, 7)
    first = at.state.current_players()[0]
    at.apply(game_module("ra").str_to_action("ra"), first)  # invoking Ra draws nothing
    assert at.undo_refused(first) is None
    second = at.state.current_players()[0]
    assert second != first
    at.apply(at.state.legal_actions(second)[-1], second)
    assert at.undo_refused(first) == "next_acted" and at.undo_refused(second) is None


def test_typing_undo_with_nothing_to_take_back_says_why() -> None:
    result = CliRunner().invoke(app, ["play", "ra", "-n", "2", "--seed", "3"], input="undo\n" + "1\n" * 5000)
    assert result.exit_code == 0, result.output
    assert "No undo: there is no action to take back" in result.output


@pytest.mark.parametrize(("game", "moves"), [("ra", 1), ("write", 2)])
def test_typing_undo_after_a_bot_acted_gives_the_true_reason(game: str, moves: int) -> None:
    """The person's last action stands because a bot acted after it, not because it is someone else's."""
    typed = "1\n" * moves + "undo\n" + "1\n" * 5000
    result = CliRunner().invoke(app, ["play", game, "-n", "2", "--seed", "3"], input=typed)
    assert result.exit_code == 0, result.output
    assert "No undo: the next player has acted since: your action stands" in result.output
    assert "you can only take back your own last action" not in result.output
