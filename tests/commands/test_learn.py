"""`ra learn`: the tutorials walked in the terminal through Typer's runner, by notation and by number, with wrong
answers, `back`, `quit`, remembered progress and the real game offered at the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ra.cli import app
from ra.commands.learn import walk
from ra.commands.play import menu
from ra.commands.terminal import Terminal, console
from ra.core.text import Text
from ra.i18n import Reader
from ra.server.http.rules_pages import rule_place
from ra.tutorials import GAMES, tutorial

runner = CliRunner()


def _answers(game: str, by_number: bool = False) -> list[str]:
    """What a learner types to follow the whole tutorial: each step's move (or its menu number), Enter to read."""
    lesson = tutorial(game)
    lines: list[str] = []
    for index, step in enumerate(lesson.steps):
        moves = step.learner_moves(lesson.learner)
        if not moves:
            lines.append("")
        for j in moves:
            action = step.moves[j].action
            if not by_number:
                lines.append(action)
                continue
            choices = menu(lesson.module, lesson.position(index, j).view(lesson.learner))
            group, _, number = action.partition("=")
            lines.append(str(next(n for n, c in enumerate(choices, 1) if c.notation in (action, group))))
            if number and action.startswith("bonus>nile"):
                lines.append(number)  # the Nile bonus: space first, then the number
    return lines


def _learn(args: list[str], lines: list[str]) -> str:
    result = runner.invoke(app, ["learn", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", GAMES)
def test_learn_walks_the_whole_tutorial_by_notation(game: str, tmp_path: Path) -> None:
    progress = tmp_path / "learn.json"
    output = _learn([game, "--progress", str(progress)], [*_answers(game), "n"])
    steps = len(tutorial(game).steps)
    assert f"Step {steps} of {steps}" in output
    assert f"Whenever you like: ra play {game} --players 3 --bots easy" in output
    assert json.loads(progress.read_text())[game] == {"step": steps, "finished": True}


def test_the_ra_tutorial_tells_what_followed_each_move(tmp_path: Path) -> None:
    output = _learn(["ra", "--progress", str(tmp_path / "p.json")], [*_answers("ra"), "n"])
    for line in (
        "You won the auction with sun disk 5: you take Pharaoh, Gold, Art, God, Flood and the central sun disk 1",
        "The Funeral destroyed Hatshepsut's Pharaoh ×2.",
        "You gave up an Art tile to War.",
        "The Drought destroyed Khufu's Flood and Nile.",
        "Hatshepsut passed automatically (no sun disk beats 13).",
        "You passed automatically (no sun disk beats 11).",
        "Nobody bid: the lot stays on the auction track.",
        "That was the last Ra tile of epoch 1: it ends at once, without an auction, and the auction track's tiles"
        " are lost (Funeral, Gold and Pharaoh).",
        "You: Gods +2, Gold +6, Pharaohs +5, Nile and floods +1, Civilization +10 = +24, score 10 → 34.",
    ):
        assert line in output, line


def test_learn_by_number_asks_the_nile_bonus_space_then_number(tmp_path: Path) -> None:
    output = _learn(["write", "--progress", str(tmp_path / "p.json")], [*_answers("write", by_number=True), "n"])
    assert "Which number for Nile space 3" in output
    assert "You made the bonus entry: 8 in Nile space 3." in output
    assert "bonus>nile3=7" not in output  # never one menu line per number
    assert "[bonus>civ:new:art]" in output  # notation prints as written (no emoji for ":new:")


def test_wrong_answers_are_explained_and_asked_again(tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    lines = ["draw", "draw", "bid:16", "bid:13", "dance", "quit"]
    output = _learn(["ra", "--progress", str(progress)], lines)
    assert "you cannot bid disk 16: it is not yours" in output  # the engine's own message
    assert "keep the 13 and the 8 for bigger lots" in output  # the step's hint for a legal move
    assert "Not a choice" in output and "'dance' is not Ra notation" in output
    assert "Stopped; your progress is kept." in output
    assert json.loads(progress.read_text())["ra"]["step"] == 1


def test_back_replays_the_previous_step_and_progress_resumes(tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    output = _learn(["ra", "--progress", str(progress)], ["draw", "draw", "back", "draw", "draw", "bid:5", "quit"])
    assert output.count("Step 1 of") == 2 and output.count("Step 2 of") == 2
    assert json.loads(progress.read_text())["ra"]["step"] == 2
    resumed = _learn(["ra", "--progress", str(progress)], ["quit"])
    assert "Resuming at step 3" in resumed and "Step 3 of" in resumed
    restarted = _learn(["ra", "--progress", str(progress), "--restart"], ["quit"])
    assert "Step 1 of" in restarted and "Resuming" not in restarted


def test_the_end_of_the_tutorial_can_start_a_real_game_against_easy_bots(tmp_path: Path) -> None:
    lines = [*_answers("ra"), "y", *["1"] * 3000]
    output = _learn(["ra", "--progress", str(tmp_path / "p.json")], lines)
    assert "Nefertari (easy)" not in output.split("Start a real game now")[0]
    assert "(easy)" in output.split("Start a real game now")[1]
    assert "Final scores:" in output


def test_learn_rejects_an_unknown_game(tmp_path: Path) -> None:
    result = runner.invoke(app, ["learn", "chess", "--progress", str(tmp_path / "p.json")])
    assert result.exit_code != 0 and "unknown game" in result.output


def test_input_ending_early_keeps_progress(tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    result = runner.invoke(app, ["learn", "write", "--progress", str(progress)], input="reveal\n")
    assert result.exit_code == 1 and "progress is kept" in result.output
    assert json.loads(progress.read_text())["write"]["step"] == 0


def test_the_board_names_what_the_others_hold_and_the_learner_in_the_language(tmp_path: Path) -> None:
    output = _learn(["write", "--progress", str(tmp_path / "p.json")], [*_answers("write"), "n"])
    # The others' sheets in one line each, their entries named (God numbers, Nile numbers, types), not counted.
    khufu = "Khufu · score 0 · waiting · Gods none · Pharaohs 0 of 12 · Nile none · Civilization Old (Art, Writing)"
    assert f"{khufu} · Monuments Temple 1" in output
    assert "Hatshepsut · score 0 · chose card 2 (God 17) · Gods Old 3 17 · Pharaohs 2 of 12 · Nile 12 · " in output
    german = _learn(["ra", "--progress", str(tmp_path / "q.json"), "--lang", "de"], [*_answers("ra"), "n"])
    assert "▶ Du (du)" in german and "You" not in german  # the learner's seat on the board, in German too


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_met_later_are_told_with_their_sections(game: str, tmp_path: Path) -> None:
    output = _learn([game, "--progress", str(tmp_path / "p.json")], [*_answers(game), "n"])
    notes = [note for step in tutorial(game).steps for note in step.notes]
    assert notes
    for note in notes:
        link, section = rule_place(note.rule)
        # Cited as a reader can use it: the section as its heading reads, and its address on `ra serve`.
        assert f"• {note.text}" in output and f"  Rules: {section} — {link} (ra serve)" in output
    assert "docs/rules" not in output


class _Told(Terminal):
    """A terminal that keeps what it was told, in order: the story's lines are the ones indented by two spaces."""

    def __init__(self, told: list[tuple[str, str]], language: str = "en") -> None:
        super().__init__(console(), Reader(language, 0))
        self.told = told

    def say(
        self, text: Text | str = "", style: str | None = None, indent: str = "", hanging: str | None = None
    ) -> None:
        self.told.append((indent, str(text)))


@pytest.mark.parametrize("game", GAMES)
def test_a_steps_text_is_followed_by_the_move_it_names_with_no_other_move_between(game: str) -> None:
    """The terminal never runs ahead of the game: after a step's text, the first thing asked is the step's first
    move, before any other seat moves (the story's lines come after it)."""
    lesson = tutorial(game)
    told: list[tuple[str, str]] = []
    answers = iter(_answers(game))
    with console().capture():
        assert walk(_Told(told), lesson, 0, lambda _step: None, lambda _prompt: next(answers))
    starts = [i for i, (_, text) in enumerate(told) if text.startswith("Step ")]
    assert len(starts) == len(lesson.steps)
    for step, start in zip(lesson.steps, starts, strict=True):
        if not step.learner_moves(lesson.learner):
            continue
        after = told[start:]
        asked = next(i for i, (_, text) in enumerate(after) if text.startswith("Your move: "))
        assert after[asked][1] == f"Your move: {step.moves[0].action}", step.key
        assert not any(indent == "  " for indent, _ in after[:asked]), step.key  # nobody moved before it
