"""The `ra` command: learn and play in the terminal, replay and analyse records, run tournaments, serve the table."""

from __future__ import annotations

from typing import Annotated

import typer

from ra import __version__
from ra.commands import admin, analyse, bot, evaluate, learn, play, puzzles, replay, serve, tournament

app = typer.Typer(
    name="ra",
    help="Reiner Knizia's Ra and RA and Write: play, replay, analyse, measure bots, serve the browser table, "
    "and play bots on a server.",
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(value: bool) -> None:
    """`ra --version`: the installed version, then exit before any command runs."""
    if value:
        typer.echo(f"ra {__version__}")
        raise typer.Exit


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Options of `ra` itself, before a command."""


admin.register(app)
analyse.register(app)
bot.register(app)
evaluate.register(app)
learn.register(app)
play.register(app)
puzzles.register(app)
replay.register(app)
serve.register(app)
tournament.register(app)


def main() -> None:
    """Entry point of the `ra` console script."""
    app()
