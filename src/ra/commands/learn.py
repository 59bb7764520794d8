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

from ra.commands import play as play_command
from ra.commands.terminal import Lang, Read, Terminal, console, reader_language
from ra.core import GameState
from ra.core.text import Text, t, tp
from ra.i18n import Reader
from ra.server.http.rules_pages import rule_place
from ra.tutorials import GAMES, Step, Tutorial, judge, play, tutorial

COMMANDS = ("back", "quit")
YES, YES_WORD = tp("answer", "y"), tp("answer", "yes")  # the English answers are taken too


def cite(rule: str, language: str) -> Text:
    """A rules citation as a reader can use it: the section's heading in `language` and the address `ra serve`
    shows it at (a repository path only where the site has no page for it)."""
    link, section = rule_place(rule, language)
    if link is None or section is None:
        return t("Rules: {link}", link=link or rule)
    # TRANSLATORS: a rules section's heading, and its address on the site `ra serve` runs ("/rules/ra#5-auctions").
    return t("Rules: {section} — {address} (ra serve)", section=section, address=link)


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
    lang: Lang = None,
) -> None:
    """Learn a game with a guided tutorial, then play a real game against easy bots."""
    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    language = reader_language(lang)
    lesson = tutorial(game)
    path = progress or default_progress()
    saved = _load(path)
    start = 0 if restart else int(saved.get(game, {}).get("step", 0))
    if not 0 <= start < len(lesson.steps):  # finished before (or a bad file): from the beginning
        start = 0
    term = Terminal(console(), Reader(language))
    term = term.seated(lesson.learner, lesson.seat_names(term.words))  # the learner's "You" in the reader's words
    term.say(lesson.title, style="bold")
    if start:
        term.say(
            t("Resuming at step {step} of {steps} (--restart begins again).", step=start + 1, steps=len(lesson.steps))
        )
    else:
        term.say(lesson.intro)
        term.say(t("Type the move asked for, or its number; {back} returns to the previous step.", back="back"))
    try:
        finished = walk(term, lesson, start, lambda step: _save(path, saved, game, step, len(lesson.steps)), input)
    except (EOFError, KeyboardInterrupt):
        term.say("")
        term.say(t("Stopped; your progress is kept."))
        raise typer.Exit(1) from None
    if not finished:
        term.say(t("Stopped; your progress is kept. Run the same command to go on."))
        return
    term.say("")
    term.say(lesson.ending)
    players = int(lesson.options["players"])
    command = f"ra play {game} --players {players} --bots {lesson.bots}"
    if lang:  # the language was asked for: so is it in the real game
        command += f" --lang {language}"
    # TRANSLATORS: {yes} and {no} are the answers y and N (translated below, context "answer").
    prompt = t("Start a real game now ({command})? [{yes}/{no}]", command=command, yes=YES, no=tp("answer", "N"))
    answer = term.ask(input, prompt).strip().lower()
    if answer in {"y", "yes", term.words(YES).lower(), term.words(YES_WORD).lower()}:
        play_command.play(
            game, players=players, seat=0, bots=lesson.bots, name=None, seed=None, record=None, lang=language
        )
    else:
        term.say(t("Whenever you like: {command}", command=command))


def walk(term: Terminal, lesson: Tutorial, start: int, save: Callable[[int], None], read: Read) -> bool:
    """Walk the steps from `start`; True once the last is done, False if the learner quits. `save(step)` keeps
    the step to resume at; `read(prompt)` reads a line."""
    index = start
    state = lesson.position(index, words=term.words)  # the seats named as the reader reads them
    while index < len(lesson.steps):
        save(index)
        step = lesson.steps[index]
        term.say("")
        term.say(
            t("Step {step} of {steps} · {title}", step=index + 1, steps=len(lesson.steps), title=step.title),
            style="bold",
        )
        term.say(step.text)
        term.say(cite(step.rule, term.reader.language), style="dim")
        for note in step.notes:  # rules met later: a sentence each, and where to read it
            term.say(note.text, indent="• ", hanging="  ")
            term.say(cite(note.rule, term.reader.language), style="dim", indent="  ")
        answer = _run_step(term, lesson, step, state, read)
        if answer == "quit":
            return False
        if answer == "back":
            index = max(0, index - 1)
            state = lesson.position(index, words=term.words)
            continue
        index += 1
    save(index)
    return True


def _run_step(term: Terminal, lesson: Tutorial, step: Step, state: GameState, read: Read) -> str:
    """Play one step's moves, asking the learner for theirs; 'done', or the command typed ('back', 'quit')."""
    module = lesson.module
    first = True
    for move in step.moves:
        if move.seat == lesson.learner:
            if move.say and not first:
                term.say(move.say)
            first = False
            view = state.view(lesson.learner)
            term.say(term.board(module, view, full=False))
            term.say(t("Your move: {notation}", notation=move.action), style="bold")
            answer = play_command.read_action(
                term,
                module,
                view,
                read,
                functools.partial(judge, module, state, move, hint=step.hint),
                COMMANDS,
                t("Your move (notation or number; {back}, {quit}):", back="back", quit="quit"),
                highlight=(move.action,),
            )
            if isinstance(answer, str):
                return answer
        before = state.view(lesson.learner)
        play(module, state, move)
        for line in module.narrate(before, state.view(lesson.learner), state.history[-1]):
            term.say(line, indent="  ")
    if not step.learner_moves(lesson.learner):
        answer = term.ask(read, t("Press Enter to go on ({back}, {quit}):", back="back", quit="quit")).strip().lower()
        if answer in COMMANDS:
            return answer
    return "done"


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
