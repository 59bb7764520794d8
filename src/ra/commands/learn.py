"""`ra learn`: walk a game's guided tutorial in the terminal, then offer a real game against easy bots.

Each step is explained, the other seats' moves are told one line each, and you are asked for the step's move (by
notation or number; `back` returns to the previous step, `quit` stops). Progress is kept in a small JSON file.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ra.commands import play as play_command
from ra.commands.play import Read
from ra.core import GameState
from ra.core.protocol import GameModule
from ra.core.text import Text, english
from ra.tutorials import GAMES, Play, Step, Tutorial, judge, play, tutorial

COMMANDS = ("back", "quit")


def register(app: typer.Typer) -> None:
    """Add the `learn` command to the `ra` app."""
    app.command(name="learn")(learn)


def default_progress() -> Path:
    """Where progress is kept: the user's data directory ($XDG_DATA_HOME or ~/.local/share), ra/learn.json."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "ra" / "learn.json"


def learn(
    game: Annotated[str, typer.Argument(help="ra or write")],
    progress: Annotated[
        Path | None, typer.Option(help="Progress file (default: ~/.local/share/ra/learn.json).")
    ] = None,
    restart: Annotated[bool, typer.Option("--restart", help="Start the tutorial from its first step.")] = False,
) -> None:
    """Learn a game with a guided tutorial, then play a real game against easy bots."""
    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    lesson = tutorial(game)
    path = progress or default_progress()
    saved = _load(path)
    start = 0 if restart else int(saved.get(game, {}).get("step", 0))
    if not 0 <= start < len(lesson.steps):  # finished before (or a bad file): from the beginning
        start = 0
    out = play_command.console()
    out.print(str(lesson.title), style="bold")
    if start:
        out.print(f"Resuming at step {start + 1} of {len(lesson.steps)} (--restart begins again).")
    else:
        out.print(str(lesson.intro))
        out.print("Type the move asked for, or its number; back returns to the previous step.")
    try:
        finished = walk(out, lesson, start, lambda step: _save(path, saved, game, step, len(lesson.steps)), input)
    except (EOFError, KeyboardInterrupt):
        out.print("\nStopped; your progress is kept.")
        raise typer.Exit(1) from None
    if not finished:
        out.print("Stopped; your progress is kept. Run the same command to go on.")
        return
    out.print("")
    out.print(str(lesson.ending))
    players = int(lesson.options["players"])
    command = f"ra play {game} --players {players} --bots {lesson.bots}"
    answer = input(f"Start a real game now ({command})? [y/N] ").strip().lower()
    if answer in ("y", "yes"):
        play_command.play(game, players=players, seat=0, bots=lesson.bots, name="You", seed=None, record=None)
    else:
        out.print(f"Whenever you like: {command}")


def walk(out: Console, lesson: Tutorial, start: int, save: Callable[[int], None], read: Read) -> bool:
    """Walk the steps from `start`; True once the last is done, False if the learner quits. `save(step)` keeps
    the step to resume at; `read(prompt)` reads a line."""
    index = start
    state = lesson.position(index)
    while index < len(lesson.steps):
        save(index)
        step = lesson.steps[index]
        out.print("")
        out.print(f"Step {index + 1} of {len(lesson.steps)} · {step.title}", style="bold")
        out.print(str(step.text))
        out.print(f"Rules: {step.rule}", style="dim")
        answer = _run_step(out, lesson, step, state, read)
        if answer == "quit":
            return False
        if answer == "back":
            index = max(0, index - 1)
            state = lesson.position(index)
            continue
        index += 1
    save(index)
    return True


def _run_step(out: Console, lesson: Tutorial, step: Step, state: GameState, read: Read) -> str:
    """Play one step's moves, asking the learner for theirs; 'done', or the command typed ('back', 'quit')."""
    module = lesson.module
    first = True
    for move in step.moves:
        if move.seat == lesson.learner:
            if move.say and not first:
                out.print(english(move.say, lesson.learner))
            first = False
            view = state.view(lesson.learner)
            out.print(module.render_text(view, full=False))
            out.print(f"Your move: {move.action}", style="bold")
            answer = play_command.read_action(
                out,
                module,
                view,
                read,
                functools.partial(_judged, module, state, move, step.hint_for(move), lesson.learner),
                COMMANDS,
                "Your move (notation or number; back, quit): ",
                highlight=(move.action,),
            )
            if isinstance(answer, str):
                return answer
        before = state.view(lesson.learner)
        play(module, state, move)
        for line in module.narrate(before, state.view(lesson.learner), state.history[-1]):
            out.print(f"  {english(line, lesson.learner)}")
    if not step.learner_moves(lesson.learner):
        answer = read("Press Enter to go on (back, quit): ").strip().lower()
        if answer in COMMANDS:
            return answer
    return "done"


def _judged(
    module: GameModule, state: GameState, move: Play, hint: Text | str, learner: int, answer: int
) -> str | None:
    """The judge's words for the learner, in English (until the terminal renders texts)."""
    said = judge(module, state, move, answer, hint)
    return None if said is None else english(said, learner)


def _load(path: Path) -> dict[str, Any]:
    """The saved progress ({game: {"step": n}}), empty if there is none or it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(path: Path, saved: dict[str, Any], game: str, step: int, steps: int) -> None:
    """Keep the step to resume `game` at (of `steps`), and whether the tutorial was finished."""
    saved[game] = {"step": step, "finished": step >= steps}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
