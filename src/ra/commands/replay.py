"""`ra replay`: replay a game record and print the resulting state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ra.commands.terminal import Lang, error_text, reader_language
from ra.core import GameState, Move, RecordError
from ra.core.record import load_record
from ra.core.text import t
from ra.games import game_module
from ra.games import replay as replay_record
from ra.i18n import Reader, render


def register(app: typer.Typer) -> None:
    """Add the `replay` command to the `ra` app."""
    app.command(name="replay")(replay)


def replay(
    record_file: Annotated[Path, typer.Argument(help="A game record (docs/RECORDS.md).", metavar="RECORD.json")],
    step: Annotated[bool, typer.Option("--step", help="Print each action as it is applied.")] = False,
    seat: Annotated[
        int | None, typer.Option(help="Print this seat's view instead of the full state (-1: spectator).")
    ] = None,
    lang: Lang = None,
) -> None:
    """Replay a record and print the resulting state as JSON; exit code 2 if a move is illegal."""
    reader = Reader(reader_language(lang))
    try:
        record = load_record(record_file)
        module = game_module(record["game"])
    except (RecordError, ValueError) as exc:
        typer.echo(render(t("error: {reason}", reason=error_text(exc)), reader), err=True)
        raise typer.Exit(2) from None

    def show(index: int, move: Move, state: GameState) -> None:
        notation = module.action_to_str(move.action)
        if move.draws:
            # TRANSLATORS: a move of `ra replay --step`: p{player} is the seat from 0 and {draws} what it drew, as the
            # record (docs/RECORDS.md) names them.
            line = t("#{index} p{player} {notation} draws={draws}", index=index, player=move.player,
                     notation=notation, draws=str(list(move.draws)))  # fmt: skip
        else:
            line = t("#{index} p{player} {notation}", index=index, player=move.player, notation=notation)
        typer.echo(render(line, reader))

    try:
        state = replay_record(record, on_move=show if step else None)
    except RecordError as exc:
        typer.echo(render(t("error: illegal record: {reason}", reason=error_text(exc)), reader), err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(_summary(state, seat), indent=1))


def _summary(state: GameState, seat: int | None) -> dict[str, Any]:
    """What the replay prints: scores, winners at the end, and the state or a seat's view."""
    over = state.is_terminal()
    return {
        "game": state.GAME,
        "moves": len(state.history),
        "over": over,
        "scores": state.scores(),
        "winners": state.winners() if over else [],
        **({"state": state.to_json()} if seat is None else {"view": state.view(None if seat < 0 else seat)}),
    }
