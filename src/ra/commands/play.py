"""`ra play`: play Ra or RA and Write in the terminal against bots, told in the games' own words.

The board is drawn when it is your turn; every other move is one line (with what followed by itself: automatic
passes, auction results, disasters, scoring). A Nile bonus entry is asked in two steps, space then number.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ra.bots import Bot, levels_for, make_bot
from ra.core import GameState, IllegalActionError, InvalidNotationError
from ra.core.protocol import GameModule
from ra.core.record import save_record
from ra.core.text import english
from ra.games import GAMES, game_module

_NILE_BONUS = re.compile(r"^bonus>nile(\d+)=(\d+)$")
Read = Callable[[str], str]


def register(app: typer.Typer) -> None:
    """Add the `play` command to the `ra` app."""
    app.command(name="play")(play)


def console() -> Console:
    """The terminal's console: no markup, emoji codes or colour guesses, so `civ:new` or [1] print as written."""
    return Console(highlight=False, markup=False, emoji=False, soft_wrap=True)


def play(
    game: Annotated[str, typer.Argument(help="ra or write")],
    players: Annotated[int, typer.Option("--players", "-n", min=2, max=5, help="Number of players.")] = 3,
    seat: Annotated[int, typer.Option(help="Your seat (0 = first), or -1 to watch bots play.")] = 0,
    bots: Annotated[str, typer.Option(help="Bot spec or level for the other seats (see docs/BOTS.md).")] = "easy",
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
    try:
        seat_bots: dict[int, Bot] = {
            i: make_bot(bots, game, seed=seed * 10 + i) for i in range(players) if i != seat
        }
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    level = bots if bots in {lv.name for lv in levels_for(game)} else None
    names = [name if i == seat else f"{bot_name(i)} ({level or seat_bots[i].name})" for i in range(players)]
    state = module.State.new({"players": players, "names": names}, seed=seed)
    out = console()
    try:
        play_loop(out, module, state, seat, seat_bots, input)
    except (EOFError, KeyboardInterrupt):
        out.print("\nGame abandoned.")
        raise typer.Exit(1) from None
    out.print("")
    out.print(module.render_text(state.view(seat if seat >= 0 else None)))
    out.print(result_line(state, names))
    if record is not None:
        save_record(state.record(), record)
        out.print(f"Record written to {record} (replay it with: ra replay {record})")


BOT_NAMES = ("Nefertari", "Imhotep", "Hatshepsut", "Khufu", "Tiye")


def bot_name(seat: int) -> str:
    """A distinct name for the bot in `seat`."""
    return BOT_NAMES[seat % len(BOT_NAMES)]


def play_loop(out: Console, module: GameModule, state: GameState, seat: int, bots: dict[int, Bot], read: Read) -> None:
    """Alternate between the person's choices and the bots' until the game ends, telling every move."""
    viewer = seat if seat >= 0 else None
    while not state.is_terminal():
        current = state.current_players()
        if seat in current:
            player, action = seat, _person_action(out, module, state, seat, read)
        else:
            player = next(p for p in current if p in bots)
            action = bots[player].choose(state.view(player))
        before = state.view(viewer)
        state.apply(action, player)
        for line in module.narrate(before, state.view(viewer), state.history[-1]):
            out.print(f"  {english(line, viewer)}")


def _person_action(out: Console, module: GameModule, state: GameState, seat: int, read: Read) -> int:
    """Draw the board (other players' sheets in a line each) and read the person's action."""
    view = state.view(seat)
    out.print("")
    out.print(module.render_text(view, full=False))
    while True:
        answer = read_action(out, module, view, read, lambda a: engine_error(state, a, seat), ("board",))
        if isinstance(answer, int):
            return answer
        out.print(module.render_text(view))


def engine_error(state: GameState, action: int, seat: int) -> str | None:
    """The engine's own message if `action` is illegal for `seat` now, else None (the state is not changed)."""
    try:
        state.clone().apply(action, seat)
    except IllegalActionError as exc:
        return str(exc)
    return None


# --- choosing an action ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """One numbered line of the menu: a legal action, or a Nile space whose number is asked next."""

    label: str
    notation: str
    numbers: tuple[int, ...] = ()  # for a Nile space: the numbers it takes (asked in a second step)


def menu(module: GameModule, view: Mapping[str, Any]) -> list[Choice]:
    """The legal actions as numbered choices; a Nile bonus entry is one choice per space, not per number."""
    choices: list[Choice] = []
    nile: dict[int, list[int]] = {}
    for entry in view["legal_actions"]:
        found = _NILE_BONUS.match(entry["notation"])
        if found:
            nile.setdefault(int(found[1]), []).append(int(found[2]))
            continue
        choices.append(Choice(str(module.legal_phrase(view, entry)), entry["notation"]))
    for space, numbers in sorted(nile.items()):
        low, high = min(numbers), max(numbers)
        label = f"Bonus entry: write a number from {low} to {high} in Nile space {space}"
        choices.append(Choice(label, f"bonus>nile{space}", tuple(numbers)))
    return choices


def show_menu(out: Console, choices: list[Choice], highlight: tuple[str, ...] = ()) -> None:
    """Print the numbered choices with their notation, marking the highlighted ones (a Nile space by its number)."""
    for number, choice in enumerate(choices, 1):
        marked = choice.notation in highlight or any(h.startswith(f"{choice.notation}=") for h in highlight)
        line = f"  {number:>2}. {choice.label}   [{choice.notation}]"
        out.print(f"{line}   ◀" if marked else line, style="bold" if marked else None)


def read_action(
    out: Console,
    module: GameModule,
    view: Mapping[str, Any],
    read: Read,
    check: Callable[[int], str | None],
    commands: tuple[str, ...] = (),
    prompt: str = "Your choice (number or notation; ? lists the choices again, board shows every sheet): ",
    highlight: tuple[str, ...] = (),
) -> int | str:
    """Ask until the answer is an action `check` accepts (its id) or one of `commands` (returned as typed)."""
    choices = menu(module, view)
    show_menu(out, choices, highlight)
    while True:
        answer = read(prompt).strip().lower()
        if answer in commands:
            return answer
        if answer == "?":
            show_menu(out, choices, highlight)
            continue
        try:
            action = _answer_action(out, module, choices, answer, read)
        except (IndexError, ValueError, InvalidNotationError) as exc:
            out.print(f"  Not a choice: {exc or 'no such number'}")
            continue
        problem = check(action)
        if problem is None:
            return action
        out.print(f"  {problem}")


def _answer_action(out: Console, module: GameModule, choices: list[Choice], answer: str, read: Read) -> int:
    """The action id an answer names: a menu number (then a number for a Nile space) or a notation."""
    if not answer.isdigit():
        return module.str_to_action(answer)
    number = int(answer)
    if not 1 <= number <= len(choices):
        raise IndexError(f"choose a number from 1 to {len(choices)}")
    choice = choices[number - 1]
    if not choice.numbers:
        return module.str_to_action(choice.notation)
    low, high = min(choice.numbers), max(choice.numbers)
    while True:
        text = read(f"Which number for Nile space {choice.notation[10:]} ({low} to {high})? ").strip()
        if text.isdigit() and int(text) in choice.numbers:
            return module.str_to_action(f"{choice.notation}={int(text)}")
        out.print(f"  Not a choice: write a number from {low} to {high}")


def result_line(state: GameState, names: list[str]) -> str:
    """The final scores and the winner(s)."""
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, state.scores(), strict=True))
    winners = " and ".join(names[w] for w in state.winners())
    return f"Final scores: {scores}. Winner: {winners}."
