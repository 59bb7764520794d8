"""`ra play`: play Ra or RA and Write in the terminal against bots."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any

import typer

from ra.bots import Bot, make_bot
from ra.core import GameState, IllegalActionError, InvalidNotationError
from ra.core.protocol import GameModule
from ra.core.record import save_record
from ra.games import GAMES, game_module


def register(app: typer.Typer) -> None:
    """Add the `play` command to the `ra` app."""
    app.command(name="play")(play)


def play(
    game: Annotated[str, typer.Argument(help="ra or write")],
    players: Annotated[int, typer.Option("--players", "-n", min=2, max=5, help="Number of players.")] = 3,
    seat: Annotated[int, typer.Option(help="Your seat (0 = first), or -1 to watch bots play.")] = 0,
    bots: Annotated[str, typer.Option(help="Bot spec for the other seats (see docs/BOTS.md).")] = "random",
    name: Annotated[str, typer.Option(help="Your name.")] = "You",
    seed: Annotated[int | None, typer.Option(help="Seed of the shuffle (default: random).")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record here at the end.")] = None,
) -> None:
    """Play a game in the terminal: you choose from the legal actions, bots fill the other seats."""
    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if not -1 <= seat < players:
        raise typer.BadParameter(f"--seat must be -1 or 0..{players - 1}")
    module = game_module(game)
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    names = [name if i == seat else f"Bot {i + 1}" for i in range(players)]
    state = module.State.new({"players": players, "names": names}, seed=seed)
    seat_bots: dict[int, Bot] = {
        i: make_bot(bots, game, seed=seed * 10 + i) for i in range(players) if i != seat
    }
    try:
        _play_loop(module, state, seat, seat_bots)
    except (EOFError, KeyboardInterrupt):
        typer.echo("\nGame abandoned.")
        raise typer.Exit(1) from None
    view = state.view(seat if seat >= 0 else None)
    typer.echo(module.render_text(view))
    typer.echo(_result_line(state, names))
    if record is not None:
        save_record(state.record(), record)
        typer.echo(f"Record written to {record} (replay it with: ra replay {record})")


def _play_loop(module: GameModule, state: GameState, seat: int, seat_bots: dict[int, Bot]) -> None:
    """Alternate between the person's choices and the bots' until the game ends."""
    last_shown = -1
    while not state.is_terminal():
        current = state.current_players()
        if seat in current:
            for move in state.history[last_shown + 1 :]:
                typer.echo(f"  {_move_text(module, state, move.player, move.action, move.draws)}")
            last_shown = len(state.history) - 1
            state.apply(_ask(module, state, seat), seat)
            continue
        player = current[0]
        state.apply(seat_bots[player].choose(state.view(player)), player)
        if seat < 0:
            move = state.history[-1]
            typer.echo(_move_text(module, state, move.player, move.action, move.draws))


def _ask(module: GameModule, state: GameState, seat: int) -> int:
    """Show the board from the person's seat and read a legal action (by number or notation)."""
    view = state.view(seat)
    typer.echo("")
    typer.echo(module.render_text(view))
    legal: list[dict[str, Any]] = view["legal_actions"]
    for number, entry in enumerate(legal, 1):
        typer.echo(f"  {number:>2}. {entry['notation']}")
    while True:
        answer = input("Your choice (number or notation, ? to list again): ").strip()
        if answer == "?":
            return _ask(module, state, seat)
        try:
            action = legal[int(answer) - 1]["id"] if answer.isdigit() else module.str_to_action(answer)
        except (IndexError, InvalidNotationError) as exc:
            typer.echo(f"  Not a choice: {exc or 'no such number'}")
            continue
        probe = state.clone()
        try:
            probe.apply(action, seat)
        except IllegalActionError as exc:
            typer.echo(f"  Illegal: {exc}")
            continue
        return action


def _move_text(module: GameModule, state: GameState, player: int, action: int, draws: tuple[str, ...]) -> str:
    """One log line in the game's words: who did what ("Bot 2 bid sun disk 13")."""
    return f"{state.view(None)['names'][player]} {module.move_text(action, draws)}"


def _result_line(state: GameState, names: list[str]) -> str:
    """The final scores and the winner(s)."""
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, state.scores(), strict=True))
    winners = " and ".join(names[w] for w in state.winners())
    return f"Final scores: {scores}. Winner: {winners}."
