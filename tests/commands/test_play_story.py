"""`ra play` tells the game in its own words: no keys from views, automatic passes told, one line per other move
with the board only when it is your turn, and the Nile bonus asked as a space, then a number."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from ra.cli import app
from ra.commands.play import menu, read_action
from ra.commands.terminal import Terminal, console
from ra.games import game_module
from ra.tutorials import tutorial

runner = CliRunner()
# Keys that views and notation use, which people should never read.
KEYS = re.compile(
    r"phase |invoked_nonfull|invoked_full|ra_drawn|step_pyramid|active_choice|others_choice|pending_bonus|"
    r"sun_disks|full_monument_columns|all_monument_columns|\bciv:|\bmonument:|\bgod:\d|\bnile:\d"
)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_watching_bots_uses_only_the_games_words(game: str) -> None:
    result = runner.invoke(app, ["play", game, "-n", "4", "--seat", "-1", "--seed", "11"])
    assert result.exit_code == 0, result.output
    assert not KEYS.search(result.output), KEYS.search(result.output)
    assert "Final scores:" in result.output


def test_ra_tells_automatic_passes_auction_results_and_epoch_scores() -> None:
    result = runner.invoke(app, ["play", "ra", "-n", "3", "--seat", "-1", "--seed", "5"])
    assert "passed automatically (no face-up sun disk)" in result.output
    assert re.search(r"won the auction with sun disk \d+: takes", result.output)
    assert "Epoch 1 is scored; scores are hidden until the end." in result.output
    assert "Step Pyramid" in result.output or "Pyramid" in result.output


def test_write_tells_kingdom_scoring_and_end_bonuses() -> None:
    result = runner.invoke(app, ["play", "write", "-n", "3", "--seat", "-1", "--seed", "5"])
    assert "The Old Kingdom ends and is scored:" in result.output
    assert "The ninth Ra card ends the game: the face-up cards are discarded unused. End bonuses:" in result.output


@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_board_is_drawn_only_when_it_is_your_turn(game: str) -> None:
    result = runner.invoke(app, ["play", game, "-n", "3", "--seed", "4"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    prompts = result.output.count("Your choice (number or notation")
    boards = len(re.findall(r"^(Epoch \d of 3 · Ra track|\w+ Kingdom · Ra cards)", result.output, flags=re.MULTILINE))
    assert prompts > 10 and boards == prompts + 1  # a board for each decision of yours, and the final board
    sheets = len(re.findall(r"^  Civilization +Agr", result.output, flags=re.MULTILINE))
    assert sheets <= prompts + 3  # your own sheet at each decision; the others' in one line each


def test_the_nile_bonus_is_asked_as_a_space_then_a_number() -> None:
    lesson = tutorial("write")
    step = next(i for i, s in enumerate(lesson.steps) if s.key == "chain")
    state = lesson.position(step, 0)  # a Nile bonus entry is pending
    view = state.view(0)
    choices = menu(game_module("write"), view)
    assert len(view["legal_actions"]) > 60 and len(choices) <= 13
    space3 = next(n for n, c in enumerate(choices, 1) if c.notation == "bonus>nile3")
    answers = iter([str(space3), "3", "25", "8"])
    out = console()
    module = game_module("write")
    with out.capture() as captured:
        action = read_action(Terminal(out), module, view, lambda _prompt: next(answers), lambda _a: None)
    assert action == module.str_to_action("bonus>nile3=8")
    assert captured.get().count("Not a choice: write a number from 7 to 20") == 2


def test_an_illegal_notation_gets_the_engines_message() -> None:
    result = runner.invoke(app, ["play", "ra", "-n", "3", "--seed", "1"], input="bid:16\n" + "1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "you cannot bid disk 16: it is not yours" in result.output
