"""`ra puzzles mine`: find puzzles in games between bots and write the data file (docs/PUZZLES.md)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import TextColumn

from ra.commands.terminal import Lang, progress_bar, reader_language
from ra.core.text import t, tn
from ra.games import DEFAULT_GAME, GAMES
from ra.i18n import Reader, render
from ra.puzzles.mine import Settings, mine
from ra.puzzles.model import data_path, dumps

app = typer.Typer(help="Puzzles from real play: mine them from games between bots.", no_args_is_help=True)


def register(parent: typer.Typer) -> None:
    """Add the `puzzles` command group to the `ra` app."""
    parent.add_typer(app, name="puzzles")


@app.command(name="mine")
def mine_command(
    game: Annotated[str, typer.Option(help="The game: ra or write.")] = DEFAULT_GAME,
    count: Annotated[int, typer.Option(min=1, max=100_000, help="Puzzles to find.")] = 300,
    seed: Annotated[int, typer.Option(min=0, help="The master seed: the same seed gives the same puzzles.")] = 0,
    jobs: Annotated[int, typer.Option(min=1, max=256, help="Worker processes.")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="The data file (default: the package's data/<game>.json.gz).")
    ] = None,
    spec: Annotated[str, typer.Option(help="The confirming evaluator (default: the game's analysis spec).")] = "",
    max_games: Annotated[
        int, typer.Option(min=1, help="Stop after this many games even if short of puzzles.")
    ] = 100_000,
    lang: Lang = None,
) -> None:
    """Play games between bots, keep positions where one move is clearly best, and write them to a file."""
    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    reader = Reader(reader_language(lang))
    console = Console()
    path = out or data_path(game)
    started = time.perf_counter()
    with progress_bar(console, TextColumn("{task.fields[games]}")) as progress:
        task = progress.add_task(escape(render(t("{game} puzzles", game=game), reader)), total=count, games="")

        def show(found: int, wanted: int, played: int) -> None:
            progress.update(task, completed=found, games=escape(render(tn("{n} game", "{n} games", played), reader)))

        puzzles = mine(Settings(game, count, seed, spec), jobs, show, max_games)
    data = dumps(puzzles)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    kept = len(puzzles.puzzles)
    summary = t(
        "{kept} puzzles from {games} games in {seconds} s: {cpu} CPU-seconds, {each} per puzzle; {bytes} bytes "
        "written to {path}.",
        kept=kept,
        games=puzzles.played_games,
        seconds=round(time.perf_counter() - started, 1),
        cpu=round(puzzles.cpu_seconds, 1),
        each=round(puzzles.cpu_seconds / max(1, kept), 2),
        bytes=len(data),
        path=str(path),
    )
    console.print(escape(render(summary, reader)))
