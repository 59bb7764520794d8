"""`ra tournament`: bots play each other with seats rotated, in parallel; Rich table, records, summary, plot."""

from __future__ import annotations

import importlib
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ra.bots import ANY_PLUGIN, plugin_name, split_specs
from ra.commands.terminal import Lang, error_text, progress_bar, reader_language
from ra.core.text import Text, t, tn, tp
from ra.games import DEFAULT_GAME
from ra.i18n import SPECTATOR, Reader, render
from ra.tournament.games import LOCAL_RAY as LOCAL
from ra.tournament.runner import TournamentResult, run_tournament

# The columns of the results table: heading and alignment.
COLUMNS: tuple[tuple[Text, str], ...] = (
    (tp("tournament column", "bot"), "left"),
    (tp("tournament column", "games"), "right"),
    (tp("tournament column", "wins"), "right"),
    # TRANSLATORS: the share of games won, with its 95% confidence interval in brackets.
    (tp("tournament column", "win share [95% CI]"), "right"),
    (tp("tournament column", "mean score"), "right"),
    (tp("tournament column", "mean rank"), "right"),
    # TRANSLATORS: an OpenSkill rating, its mean less three standard deviations.
    (tp("tournament column", "rating μ−3σ"), "right"),
    # TRANSLATORS: the median and the 99th percentile of a bot's time per decision, in milliseconds.
    (tp("tournament column", "p50 / p99 ms"), "right"),
)
# The columns added by --analyse.
ANALYSIS_COLUMNS: tuple[tuple[Text, str], ...] = (
    # TRANSLATORS: the mean points of final margin a bot's decisions lost by the analysis, with its 95% interval.
    (tp("tournament column", "lost / decision [95% CI]"), "right"),
    # TRANSLATORS: the share of a bot's decisions the analysis classed good, in percent.
    (tp("tournament column", "accuracy"), "right"),
)
# The column added when a plug-in bot plays.
# TRANSLATORS: how many of a plug-in bot's decisions failed (an error, an illegal move, no answer in time) and were
# played as random moves instead.
FALLBACK_COLUMN: tuple[Text, str] = (tp("tournament column", "fallbacks"), "right")


def results_table(result: TournamentResult, reader: Reader = SPECTATOR) -> Table:
    """A Rich table with one row per entrant, its words in the reader's language."""
    title = t(
        "{game}: {games}, {players}, seed {seed}",
        game=result.game,
        games=tn("{n} game", "{n} games", len(result.games)),
        players=tn("{n} player", "{n} players", len(result.specs)),
        seed=result.seed,
    )
    table = Table(title=escape(render(title, reader)))
    analysed = any(row.analysed for row in result.stats)
    plugins = any(plugin_name(spec) is not None for spec in result.specs)
    for heading, justify in COLUMNS + (ANALYSIS_COLUMNS if analysed else ()) + ((FALLBACK_COLUMN,) if plugins else ()):
        table.add_column(escape(render(heading, reader)), justify=justify)  # type: ignore[arg-type]
    for row in result.stats:
        d = row.as_dict()
        lost = (
            [
                f"{d['lost_per_decision']:.2f} [{d['lost_low']:.2f}, {d['lost_high']:.2f}]",
                f"{d['accuracy']:.0f}%",
            ]
            if analysed
            else []
        )
        table.add_row(
            d["label"],
            str(d["games"]),
            f"{d['wins']:g}",
            f"{d['win_share']:.0%} [{d['ci_low']:.0%}, {d['ci_high']:.0%}]",
            f"{d['mean_score']:.1f}",
            f"{d['mean_rank']:.2f}",
            f"{d['rating']:.1f}",
            f"{d['decision_p50_ms']:.1f} / {d['decision_p99_ms']:.1f}",
            *lost,
            *([str(d["fallbacks"])] if plugins else []),
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
        analyse: Annotated[
            bool,
            typer.Option(
                "--analyse",
                help="Also analyse every game where it was played (docs/ANALYSIS.md): each bot's points lost per "
                "decision and accuracy.",
            ),
        ] = False,
        analysis_spec: Annotated[
            str | None,
            typer.Option(
                help="With --analyse: the evaluator's bot spec (default: the game's; a cheap one such as "
                "search:samples=2,depth=1,nodes=300 for Ra is much faster).",
                show_default=False,
            ),
        ] = None,
        plugin_seconds: Annotated[
            float | None,
            typer.Option(
                min=0.001,
                help="The time budget per decision handed to plug-in bots (module:Class or plugin:NAME specs, "
                "docs/BOTS.md); one that takes more than twice as long, plus 1 s, is left behind and its seat plays "
                "random moves (default: no budget, left behind after 30 s).",
                show_default=False,
            ),
        ] = None,
        lang: Lang = None,
    ) -> None:
        """Play bots against each other with seats rotated every game; report win shares, scores and ratings."""
        specs = split_specs(seats)
        if len(specs) != players:
            message = f"--seats lists {len(specs)} bots but --players is {players}"
            raise typer.BadParameter(message, param_hint="--seats")
        if address is not None and not ray:
            message = f"unexpected argument {address!r}: a Ray address follows --ray"
            raise typer.BadParameter(message, param_hint="ADDRESS")
        if analysis_spec is not None and not analyse:
            raise typer.BadParameter("--analysis-spec needs --analyse", param_hint="--analysis-spec")
        if ray:
            try:
                importlib.import_module("ray")
            except ImportError:
                raise typer.BadParameter("Ray is not installed: pip install 'ra[ray]'", param_hint="--ray") from None
        ray_address = (address or LOCAL) if ray else None
        reader = Reader(reader_language(lang))
        console = Console()
        try:
            with progress_bar(console) as progress:
                task = progress.add_task(escape(render(t("{game} games", game=game), reader)), total=games)

                def advance(_: dict[str, Any]) -> None:
                    progress.advance(task)

                result = run_tournament(
                    game, specs, games, seed=seed, jobs=jobs, out=out, on_done=advance, ray_address=ray_address,
                    analysis=analyse, analysis_spec=analysis_spec,
                    plugins=replace(ANY_PLUGIN, seconds=plugin_seconds),
                )  # fmt: skip
        except ValueError as exc:
            console.print(render(t("error: {reason}", reason=error_text(exc)), reader), style="red", markup=False)
            raise typer.Exit(2) from exc
        console.print(results_table(result, reader))
        if out is not None:
            written = t("records, summary.json and summary.csv written to {path}", path=str(out))
            console.print(render(written, reader), markup=False)
        if plot is not None:
            from ra.tournament.plot import plot_summary

            title = t(
                "{game}, {players}, {games}, seed {seed}",
                game=game,
                players=tn("{n} player", "{n} players", players),
                games=tn("{n} game", "{n} games", games),
                seed=seed,
            )
            plot_summary(result.stats, plot, title=render(title, reader), words=lambda text: render(text, reader))
            console.print(render(t("plot written to {path}", path=str(plot)), reader), markup=False)
