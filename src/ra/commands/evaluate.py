"""`ra evaluate AGENT`: the agent against the ladder of bots at 2, 3 and 4 players (ra.tournament.evaluate)."""

from __future__ import annotations

import importlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ra.bots import ANY_PLUGIN, split_specs
from ra.commands.terminal import Lang, error_text, progress_bar, reader_language
from ra.core.text import Text, t, tn, tp
from ra.games import DEFAULT_GAME
from ra.i18n import Reader, render
from ra.tournament.evaluate import LADDER, PLAYER_COUNTS, Evaluation, evaluate, process_runner, ray_runner
from ra.tournament.games import LOCAL_RAY

# The columns of the results table: heading and alignment.
COLUMNS: tuple[tuple[Text, str], ...] = (
    (tp("evaluation column", "players"), "right"),
    (tp("evaluation column", "against"), "left"),
    (tp("evaluation column", "games"), "right"),
    # TRANSLATORS: the agent's share of the games won, with its 95% confidence interval in brackets.
    (tp("evaluation column", "win share [95% CI]"), "right"),
    # TRANSLATORS: the win share of an agent exactly as strong as the level (1 / players).
    (tp("evaluation column", "even"), "right"),
    # TRANSLATORS: the agent's score less the other players' mean score, with its 95% interval.
    (tp("evaluation column", "margin [95% CI]"), "right"),
    (tp("evaluation column", "verdict"), "left"),
)
VERDICTS: dict[str, Text] = {
    "stronger": tp("evaluation verdict", "stronger"),
    "weaker": tp("evaluation verdict", "weaker"),
    "undecided": tp("evaluation verdict", "not separated"),
}


def results_table(evaluation: Evaluation, reader: Reader) -> Table:
    """One row per table size and level."""
    title = t("{agent} in {game}, seed {seed}", agent=evaluation.agent, game=evaluation.game, seed=evaluation.seed)
    table = Table(title=escape(render(title, reader)))
    for heading, justify in COLUMNS:
        table.add_column(escape(render(heading, reader)), justify=justify)  # type: ignore[arg-type]
    for cell in evaluation.cells:
        share, low, high = cell.win_share()
        margin, margin_low, margin_high = cell.margin()
        table.add_row(
            str(cell.players),
            escape(cell.level),
            str(cell.games),
            f"{share:.0%} [{low:.0%}, {high:.0%}]",
            f"{cell.fair_share:.0%}",
            f"{margin:+.1f} [{margin_low:+.1f}, {margin_high:+.1f}]",
            escape(render(VERDICTS[cell.verdict()], reader)),
        )
    return table


def summary_lines(evaluation: Evaluation) -> list[Text]:
    """Per table size: where the agent stands among the levels, what could not be separated, the ratings."""
    lines: list[Text] = []
    for players in sorted({cell.players for cell in evaluation.cells}):
        table = tn("{n} player", "{n} players", players)
        above, below, undecided = evaluation.placement(players)
        if above is not None and below is not None:
            lines.append(t("{players}: stronger than {above}, weaker than {below}", players=table, above=above,
                           below=below))  # fmt: skip
        elif above is not None:
            lines.append(t("{players}: stronger than {above}", players=table, above=above))
        elif below is not None:
            lines.append(t("{players}: weaker than {below}", players=table, below=below))
        for level in undecided:
            games = next(c.games for c in evaluation.cells if c.players == players and c.level == level)
            lines.append(t("{players}: could not separate the agent from {level} in {games}", players=table,
                           level=level, games=tn("{n} game", "{n} games", games)))  # fmt: skip
        ratings = ", ".join(f"{r.name} {r.ordinal:.1f}" for r in evaluation.ratings.get(players, []))
        if ratings:
            # TRANSLATORS: OpenSkill ratings (mean less three standard deviations), best first.
            lines.append(t("{players}: ratings μ−3σ: {ratings}", players=table, ratings=ratings))
    return lines


def register(app: typer.Typer) -> None:
    """Add the `evaluate` command to the `ra` app."""

    @app.command("evaluate")
    def evaluate_command(
        agent: Annotated[
            str,
            typer.Argument(
                help="The agent: a bot spec (hard, search:samples=20, ...) or a plug-in bot (module:Class, "
                "plugin:NAME; docs/BOTS.md), which can wrap a trained policy (examples/plugin_policy.py)."
            ),
        ],
        game: Annotated[str, typer.Option(help="The game: ra or write.")] = DEFAULT_GAME,
        players: Annotated[str, typer.Option(help="Table sizes, comma-separated.")] = ",".join(map(str, PLAYER_COUNTS)),
        ladder: Annotated[str, typer.Option(help="The levels to play against, comma-separated.")] = ",".join(LADDER),
        deals: Annotated[
            int, typer.Option(min=1, help="Deals per round; each deal is played once with the agent in every seat.")
        ] = 20,
        max_deals: Annotated[
            int,
            typer.Option(
                min=1, help="Deals at most per table size and level: rounds go on until the agent is separated."
            ),
        ] = 100,
        seed: Annotated[int, typer.Option(help="Master seed: every deal and bot seed derives from it.")] = 0,
        jobs: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
        ray: Annotated[
            bool,
            typer.Option(
                "--ray", help="Run the games as Ray tasks (extra ra\\[ray]) on ADDRESS or a new local Ray instance."
            ),
        ] = False,
        address: Annotated[
            str | None,
            typer.Argument(metavar="[ADDRESS]", help="The Ray cluster's address, after --ray.", show_default=False),
        ] = None,
        json_out: Annotated[
            Path | None, typer.Option("--json", help="Also write every row and rating to this JSON file.")
        ] = None,
        plugin_seconds: Annotated[
            float | None,
            typer.Option(min=0.001, help="The time budget per decision handed to plug-in bots.", show_default=False),
        ] = None,
        lang: Lang = None,
    ) -> None:
        """Measure an agent against the ladder of bots: win share and margin with 95% intervals, ratings.

        Deals are paired (the agent plays each deal from every seat; every level gets the same deals), and rounds
        of deals go on until the agent's win share is clearly above or below an even share, or --max-deals.
        """
        reader = Reader(reader_language(lang))
        try:
            counts = [int(n) for n in players.split(",") if n.strip()]
        except ValueError:
            raise typer.BadParameter(f"not a list of numbers: {players!r}", param_hint="--players") from None
        if not counts or any(n < 2 or n > 5 for n in counts):
            raise typer.BadParameter("table sizes are 2 to 5 players", param_hint="--players")
        if max_deals < deals:
            raise typer.BadParameter(f"--max-deals ({max_deals}) is below --deals ({deals})", param_hint="--max-deals")
        if address is not None and not ray:
            message = f"unexpected argument {address!r}: a Ray address follows --ray"
            raise typer.BadParameter(message, param_hint="ADDRESS")
        if ray:
            try:
                importlib.import_module("ray")
            except ImportError:
                raise typer.BadParameter("Ray is not installed: pip install 'ra[ray]'", param_hint="--ray") from None
        runner = ray_runner(address or LOCAL_RAY, jobs if jobs > 1 else None) if ray else process_runner(jobs)
        console = Console()
        try:
            with progress_bar(console) as progress:
                task = progress.add_task(escape(render(t("{game} games", game=game), reader)), total=0)

                def planned(games: int) -> None:
                    total = progress.tasks[0].total or 0
                    progress.update(task, total=total + games)

                def advance(_result: dict[str, Any]) -> None:
                    progress.advance(task)

                evaluation = evaluate(
                    game, agent, ladder=split_specs(ladder), player_counts=counts, deals=deals, max_deals=max_deals,
                    seed=seed, runner=runner, plugins=replace(ANY_PLUGIN, seconds=plugin_seconds),
                    on_planned=planned, on_result=advance,
                )  # fmt: skip
        except ValueError as exc:
            console.print(render(t("error: {reason}", reason=error_text(exc)), reader), style="red", markup=False)
            raise typer.Exit(2) from exc
        console.print(results_table(evaluation, reader))
        for line in summary_lines(evaluation):
            console.print(render(line, reader), markup=False)
        if json_out is not None:
            json_out.write_text(json.dumps(evaluation.as_json(), indent=1) + "\n", encoding="utf-8")
            console.print(render(t("results written to {path}", path=str(json_out)), reader), markup=False)


__all__ = ["register", "results_table", "summary_lines"]
