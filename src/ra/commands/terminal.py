"""The terminal's reader: which language the commands speak, and every line put into it and fitted to the width.

`ra play`, `ra learn`, `ra replay`, `ra analyse` and `ra tournament` take `--lang`; without it the environment
decides (RA_LANG, then the locale variables LC_ALL, LC_MESSAGES and LANG, such as `de_DE.UTF-8`), else English.
Everything they print is a `Text` (or a name) rendered for one reader (language, seat, names) at the moment it is
printed, and wrapped between words (ra.commands.wrap) when the output is a terminal; a pipe or a file gets whole
lines.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from ra.commands.wrap import wrap_text
from ra.core.errors import text_of
from ra.core.protocol import GameModule
from ra.core.text import Text, tp
from ra.i18n import CODES, DEFAULT, SPECTATOR, Reader, closest, render

# Where the language comes from when --lang is not given, first set first (the POSIX order of the locale ones).
LANGUAGE_VARIABLES = ("RA_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

# The person's name in a game when they give none, and the learner's in a tutorial: "You" in their language.
YOU = tp("player name", "You")
Read = Callable[[str], str]  # reads a line after printing a prompt (`input`, or a test's script)
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language of everything the game says: en, de or zh-Hans (default: from RA_LANG, LC_ALL, LC_MESSAGES "
        "or LANG, else en).",
        show_default=False,
    ),
]


def reader_language(option: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: `--lang` (any tag of a shipped language, `de-AT` too), else the first variable of
    `LANGUAGE_VARIABLES` that is set, else English. A tag of no shipped language (`fr`, `C`) means English; for
    `--lang` a note on stderr says so, as it is more likely a typing error."""
    if option:
        found = closest(option)
        if found is None:
            expected = ", ".join(CODES)
            typer.echo(f"unknown language {option[:20]!r} (expected one of {expected}): speaking English", err=True)
        return found or DEFAULT
    for variable in LANGUAGE_VARIABLES:
        value = environ.get(variable, "").strip()
        if value:
            return closest(value) or DEFAULT
    return DEFAULT


def console() -> Console:
    """The commands' console: no markup, emoji codes or colour guesses, so `civ:new` or [1] print as written, and
    no wrapping of its own (`Terminal` wraps between words)."""
    return Console(highlight=False, markup=False, emoji=False, soft_wrap=True)


def progress_bar(
    screen: Console, *extra: ProgressColumn, remaining: bool = False, transient: bool = False
) -> Progress:
    """The commands' one progress bar: what is counted, the bar, done of total, any `extra` columns, then the time
    left (`remaining`) or the time taken."""
    clock = TimeRemainingColumn() if remaining else TimeElapsedColumn()
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), *extra, clock)
    return Progress(*columns, console=screen, transient=transient)


class Terminal:
    """A console and the reader it speaks to: renders texts in the reader's language and wraps them to the width."""

    def __init__(self, out: Console, reader: Reader = SPECTATOR, width: int | None = None) -> None:
        self.console = out
        self.reader = reader
        self._width = width  # fixed by tests; otherwise the terminal's width now, or no wrapping in a pipe

    @property
    def width(self) -> int | None:
        """The columns lines are wrapped to; None when the output is not a terminal (lines stay whole)."""
        if self._width is not None:
            return self._width
        return self.console.width if self.console.is_terminal else None

    def seated(self, seat: int | None, names: Sequence[str] = ()) -> Terminal:
        """The same terminal for a reader at `seat` (None: a spectator) of a game with these names."""
        return Terminal(self.console, Reader(self.reader.language, seat, tuple(names)), self._width)

    def words(self, text: Text | str) -> str:
        """A text in the reader's language (a plain string, a name, stays as it is)."""
        return render(text, self.reader)

    def say(
        self, text: Text | str = "", style: str | None = None, indent: str = "", hanging: str | None = None
    ) -> None:
        """Print a text, each of its lines after `indent` and wrapped to the width (continuation lines start with
        `hanging`, by default the line's own indentation)."""
        for line in self.words(text).split("\n"):
            for part in wrap_text(indent + line, self.width, hanging):
                self.console.print(part, style=style)

    def ask(self, read: Read, prompt: Text | str) -> str:
        """Print a prompt (wrapped like any line; the answer is typed after its last line) and read the answer."""
        width = None if self.width is None else self.width - 1  # room for the space before the answer
        *before, last = wrap_text(self.words(prompt), width)
        for line in before:
            self.console.print(line)
        return read(f"{last} ")

    def board(self, module: GameModule, view: Mapping[str, Any], full: bool = True) -> str:
        """The game's board of a view in the reader's language."""
        return board_text(module, view, full, self.words)


def board_text(module: GameModule, view: Mapping[str, Any], full: bool, words: Callable[[Text | str], str]) -> str:
    """`module.render_text` with the reader's `words` (every game's board takes them, `GameModule.render_text`)."""
    return module.render_text(view, full, words=words)


def error_text(exc: BaseException) -> Text:
    """An error's message as its text: the engines raise with a `Text`, other errors read as they are
    (`ra.core.errors.text_of`)."""
    return text_of(exc)
