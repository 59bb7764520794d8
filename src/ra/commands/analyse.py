"""`ra analyse`: weigh every decision of a finished game's record (docs/ANALYSIS.md) and report each seat's play."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ra.analysis import GameAnalysis, SeatSummary, analyse
from ra.analysis.parallel import LOCAL_RAY, process_mapper, ray_mapper
from ra.analysis.run import Mapper, analysis_parts
from ra.bots.spec import parse_spec
from ra.commands.terminal import Lang, console, error_text, progress_bar, reader_language
from ra.core import RecordError
from ra.core.record import load_record
from ra.core.text import Text, t, tn, tp
from ra.games import replay
from ra.i18n import Reader, render

# The columns of the seats' table: heading and alignment.
SEAT_COLUMNS: tuple[tuple[Text, str], ...] = (
    (tp("analysis column", "seat"), "left"),
    (tp("analysis column", "decisions"), "right"),
    # TRANSLATORS: the points of final margin a seat's decisions lost in all, by the analysis.
    (tp("analysis column", "points lost"), "right"),
    (tp("analysis column", "per decision"), "right"),
    # TRANSLATORS: the share of a seat's decisions the analysis classed good, in percent.
    (tp("analysis column", "accuracy"), "right"),
    (tp("analysis column", "good"), "right"),
    (tp("analysis column", "inaccuracies"), "right"),
    (tp("analysis column", "mistakes"), "right"),
    (tp("analysis column", "blunders"), "right"),
)
# The columns of a seat's costliest decisions.
COSTLY_COLUMNS: tuple[tuple[Text, str], ...] = (
    # TRANSLATORS: a move's index in the record ("#17"), as `ra replay --step` numbers them.
    (tp("analysis column", "move"), "right"),
    (tp("analysis column", "played"), "left"),
    (tp("analysis column", "better"), "left"),
    # TRANSLATORS: the points a decision lost, with its 95% confidence interval in brackets.
    (tp("analysis column", "lost [95% CI]"), "right"),
    (tp("analysis column", "why"), "left"),
)


def seat_name(seat: int) -> Text:
    """A seat as the command names it (numbered from 0, as `--seat` and `ra replay` do)."""
    return tp("analysis seat", "Seat {seat}", seat=seat)


def seats_table(analysis: GameAnalysis, seats: list[SeatSummary], reader: Reader) -> Table:
    """One row per seat: its decisions, the points they lost, its accuracy and its decisions per class."""
    title = t(
        "{game}: analysis of {moves}, seed {seed}",
        game=analysis.game,
        moves=tn("{n} move", "{n} moves", analysis.moves),
        seed=analysis.seed,
    )
    table = Table(title=render(title, reader))
    for heading, justify in SEAT_COLUMNS:
        table.add_column(render(heading, reader), justify=justify)  # type: ignore[arg-type]
    for summary in seats:
        table.add_row(
            render(seat_name(summary.seat), reader),
            str(summary.decisions),
            f"{summary.lost:.1f}",
            f"{summary.lost_per_decision:.2f}",
            f"{summary.accuracy:.0f}%",
            *(str(summary.counts.get(label, 0)) for label in ("good", "inaccuracy", "mistake", "blunder")),
        )
    return table


def costliest_table(analysis: GameAnalysis, summary: SeatSummary, reader: Reader) -> Table | None:
    """The seat's costliest decisions (None if it made none that lost points): move, played, better, loss, why."""
    reports = [r for r in (analysis.decision(i) for i in summary.costliest) if r is not None]
    if not reports:
        return None
    title = t("{seat}: the costliest decisions", seat=seat_name(summary.seat))
    table = Table(title=render(title, reader), show_lines=True)
    for heading, justify in COSTLY_COLUMNS:
        table.add_column(render(heading, reader), justify=justify)  # type: ignore[arg-type]
    for report in reports:
        table.add_row(
            f"#{report.index}",
            _words(report.chosen_words, report.chosen, reader),
            _words(report.best_words, report.best, reader),
            f"{report.loss:.1f} [{report.low:.1f}, {report.high:.1f}]",
            render(report.reason, reader) if report.reason is not None else "",
        )
    return table


def _words(text: Text | None, notation: str, reader: Reader) -> str:
    return render(text, reader) if text is not None else notation


def print_report(analysis: GameAnalysis, seat: int | None, out: Console, language: str) -> None:
    """The seats' table, then each seat's costliest decisions, in the reader's language."""
    reader = Reader(language)
    seats = [s for s in analysis.seats if seat is None or s.seat == seat]
    out.print(seats_table(analysis, seats, reader))
    for summary in seats:
        table = costliest_table(analysis, summary, Reader(language, summary.seat))  # the reasons say "your move"
        if table is None:
            out.print(render(t("{seat} lost no points worth naming.", seat=seat_name(summary.seat)), reader))
        else:
            out.print(table)


def fail(reason: Text, reader: Reader) -> typer.Exit:
    """Print an error on stderr; the exit to raise (code 2, as `ra replay`)."""
    typer.echo(render(t("error: {reason}", reason=reason), reader), err=True)
    return typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Add the `analyse` command to the `ra` app."""
    app.command(name="analyse")(analyse_command)


def analyse_command(
    record_file: Annotated[
        Path, typer.Argument(help="A finished game's record (docs/RECORDS.md).", metavar="RECORD.json")
    ],
    seat: Annotated[
        int | None, typer.Option(min=0, help="Analyse only this seat's decisions (seats are numbered from 0).")
    ] = None,
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes evaluating decisions.")] = 1,
    ray: Annotated[
        bool, typer.Option("--ray", help="Evaluate the decisions as Ray tasks (extra ra\\[ray]), see --address.")
    ] = False,
    address: Annotated[
        str | None,
        typer.Option(
            help="With --ray: the cluster's address (auto, ray://head:10001); default RAY_ADDRESS or a new "
            "local Ray instance.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the analysis as JSON (docs/ANALYSIS.md) instead of tables.")
    ] = False,
    seed: Annotated[int, typer.Option(help="The analysis seed: the same record and seed give the same analysis.")] = 0,
    spec: Annotated[
        str | None,
        typer.Option(
            help="The evaluator's bot spec (default: the game's, docs/ANALYSIS.md); cheaper is faster and "
            "rougher, e.g. search:samples=2,depth=1,nodes=300 for Ra.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Also write the analysis as JSON to this file.")] = None,
    lang: Lang = None,
) -> None:
    """Weigh every decision of a finished game from its seat's view: points lost, accuracy, costliest decisions.

    Each decision is evaluated by the game's evaluator over sampled deals (docs/ANALYSIS.md); the result depends
    only on the record, --seed and --spec, not on --jobs or --ray. Exit code 2 for a record that cannot be read,
    does not replay or is unfinished.
    """
    language = reader_language(lang)
    reader = Reader(language)
    if address is not None and not ray:
        raise typer.BadParameter("--address is the Ray cluster's address: it needs --ray", param_hint="--address")
    try:
        record = load_record(record_file)
        final = replay(record)
        analysis_parts(final.GAME)
        if spec is not None:
            parse_spec(spec, final.GAME)
    except (RecordError, ValueError) as exc:
        raise fail(error_text(exc), reader) from None
    if not final.is_terminal():
        raise fail(t("only a finished game can be analysed"), reader)
    players = len(final.scores())
    if seat is not None and seat >= players:
        raise fail(t("there is no seat {seat}: the game has {players}", seat=seat,
                     players=tn("{n} player", "{n} players", players)), reader)  # fmt: skip
    mapper: Mapper
    if ray:
        try:
            importlib.import_module("ray")
        except ImportError:
            raise typer.BadParameter("Ray is not installed: pip install 'ra[ray]'", param_hint="--ray") from None
        mapper = ray_mapper(address or LOCAL_RAY, jobs if jobs > 1 else None)
    else:
        mapper = process_mapper(jobs)
    seats = None if seat is None else [seat]
    # The bar goes to stderr, so that --json's stdout is the JSON alone.
    bar = Console(stderr=True, highlight=False)
    try:
        with progress_bar(bar, remaining=True, transient=True) as progress:
            task = progress.add_task(escape(render(t("decisions weighed"), reader)), total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            analysis = analyse(record, seed, spec, seats, progress=advance, mapper=mapper)
    except (RecordError, ValueError) as exc:
        raise fail(error_text(exc), reader) from None
    data = analysis.as_json()
    if out is not None:
        out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(data, indent=1, ensure_ascii=False))
        return
    screen = console()
    print_report(analysis, seat, screen, language)
    if out is not None:
        screen.print(render(t("analysis written to {path}", path=str(out)), reader))
