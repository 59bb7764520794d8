"""`ra tournament`: bots play each other with seats rotated, in parallel; Rich table, records, summary, plot."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ra.bots import split_specs
from ra.games import DEFAULT_GAME
from ra.tournament.runner import LOCAL_RAY as LOCAL
from ra.tournament.runner import TournamentResult, run_tournament


def results_table(result: TournamentResult) -> Table:
    """A Rich table with one row per entrant."""
    table = Table(title=f"{result.game}: {len(result.games)} games, {len(result.specs)} players, seed {result.seed}")
    for name, justify in (
        ("bot", "left"),
        ("games", "right"),
        ("wins", "right"),
        ("win share [95% CI]", "right"),
        ("mean score", "right"),
        ("mean rank", "right"),
        ("rating μ−3σ", "right"),
        ("p50 / p99 ms", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in result.stats:
        d = row.as_dict()
        table.add_row(
            d["label"],
            str(d["games"]),
            f"{d['wins']:g}",
            f"{d['win_share']:.0%} [{d['ci_low']:.0%}, {d['ci_high']:.0%}]",
            f"{d['mean_score']:.1f}",
            f"{d['mean_rank']:.2f}",
            f"{d['rating']:.1f}",
            f"{d['decision_p50_ms']:.1f} / {d['decision_p99_ms']:.1f}",
        )
    return table


def register(app: typer.Typer) -> None:
    """Add the `tournament` command to the `ra` app."""

    @app.command()
    def tournament(
        game: Annotated[str, typer.Option(help="The game: ra or write.")] = DEFAULT_GAME,
        players: Annotated[int, typer.Option(min=2, max=5, help="Players per game (2-5).")] = 3,
        seats: Annotated[
            str, typer.Option(help="Comma-separated bot specs, one per seat (e.g. mcts,greedy,random).")
        ] = "greedy,random,random",
        games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 30,
        jobs: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
        seed: Annotated[int, typer.Option(help="Master seed: every game's engine and bot seeds derive from it.")] = 0,
        out: Annotated[
            Path | None, typer.Option(help="Directory for every game's record, summary.json and summary.csv.")
        ] = None,
        plot: Annotated[
            Path | None, typer.Option(help="PNG file: win shares with intervals and score distributions.")
        ] = None,
        ray: Annotated[
            bool,
            typer.Option(
                "--ray",
                help="Run the games as Ray tasks (extra ra\\[ray]) on the cluster at ADDRESS (e.g. auto, "
                "ray://head:10001); without ADDRESS on RAY_ADDRESS or a new local Ray instance.",
            ),
        ] = False,
        address: Annotated[
            str | None,
            typer.Argument(metavar="[ADDRESS]", help="The Ray cluster's address, after --ray.", show_default=False),
        ] = None,
    ) -> None:
        """Play bots against each other with seats rotated every game; report win shares, scores and ratings."""
        specs = split_specs(seats)
        if len(specs) != players:
            message = f"--seats lists {len(specs)} bots but --players is {players}"
            raise typer.BadParameter(message, param_hint="--seats")
        if address is not None and not ray:
            message = f"unexpected argument {address!r}: a Ray address follows --ray"
            raise typer.BadParameter(message, param_hint="ADDRESS")
        if ray:
            try:
                importlib.import_module("ray")
            except ImportError:
                raise typer.BadParameter("Ray is not installed: pip install 'ra[ray]'", param_hint="--ray") from None
        ray_address = (address or LOCAL) if ray else None
        console = Console()
        try:
            with Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
                transient=False,
            ) as progress:
                task = progress.add_task(f"{game} games", total=games)

                def advance(_: dict[str, Any]) -> None:
                    progress.advance(task)

                result = run_tournament(
                    game, specs, games, seed=seed, jobs=jobs, out=out, on_done=advance, ray_address=ray_address
                )
        except ValueError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from exc
        console.print(results_table(result))
        if out is not None:
            console.print(f"records, summary.json and summary.csv written to {out}")
        if plot is not None:
            from ra.tournament.plot import plot_summary

            plot_summary(result.stats, plot, title=f"{game}, {players} players, {games} games, seed {seed}")
            console.print(f"plot written to {plot}")
