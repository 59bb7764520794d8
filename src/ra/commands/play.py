"""`ra play`: play Ra or RA and Write in the terminal against bots, told in the games' own words.

The board is drawn when it is your turn; every other move is one line (with what followed by itself: automatic
passes, auction results, disasters, scoring). A Nile bonus entry is asked in two steps, space then number.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from ra.bots import ANY_PLUGIN, Bot, levels_for, make_bot
from ra.bots.guarded import guarded
from ra.commands.terminal import YOU, Lang, Read, Terminal, console, error_text, reader_language
from ra.core import GameState, IllegalActionError, InvalidNotationError
from ra.core.protocol import GameModule, Move
from ra.core.record import save_record
from ra.core.text import Seat, Text, items, t, tn, tp
from ra.core.undo import Reason, Step, judge, reasons, standing, taken_back
from ra.games import GAMES, game_module
from ra.i18n import Reader

_NILE_BONUS = re.compile(r"^bonus>nile(\d+)=(\d+)$")
Check = Callable[[int], Text | str | None]  # why an action may not be taken now, None if it may

# The bot levels' names as a player reads them next to a bot's name ("Nefertari (easy)"); a level missing here
# (a game's own) shows its name as it is.
LEVEL_WORDS: dict[str, Text] = {
    "easy": tp("bot level", "easy"),
    "medium": tp("bot level", "medium"),
    "hard": tp("bot level", "hard"),
}
# What a person types to leave the game (the same in every language, as the other commands).
QUIT = ("quit", "exit")
# TRANSLATORS: the prompt of every decision in `ra play`; {again} is "?", {board} is "board" and {quit} is "quit",
# typed as they are.
CHOICE_PROMPT = t(
    "Your choice (number or notation; {again} lists the choices again, {board} shows every sheet, {quit} leaves "
    "the game):",
    again="?",
    board="board",
    quit=QUIT[0],
)


class Quit(Exception):
    """The person typed `quit` or `exit`: the game ends here, abandoned."""


def register(app: typer.Typer) -> None:
    """Add the `play` command to the `ra` app."""
    app.command(name="play")(play)


def play(
    game: Annotated[str, typer.Argument(help="ra or write")],
    players: Annotated[int, typer.Option("--players", "-n", min=2, max=5, help="Number of players.")] = 3,
    seat: Annotated[int, typer.Option(help="Your seat (0 = first), or -1 to watch bots play.")] = 0,
    bots: Annotated[
        str,
        typer.Option(help="Bot spec or level for the other seats, or a plug-in bot (module:Class; see docs/BOTS.md)."),
    ] = "easy",
    name: Annotated[
        str | None, typer.Option(help='Your name (default: "You" in your language).', show_default=False)
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the shuffle (default: random).")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record here at the end.")] = None,
    lang: Lang = None,
) -> None:
    """Play a game in the terminal: you choose from the legal actions, bots fill the other seats. Type undo to take
    back your last action while nobody acted since and nothing was drawn, quit (or exit) to leave the game."""
    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if not -1 <= seat < players:
        raise typer.BadParameter(f"--seat must be -1 or 0..{players - 1}")
    module = game_module(game)
    term = Terminal(console(), Reader(reader_language(lang)))
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    try:
        # A plug-in's failed decision is a random move, logged (ra.bots.guarded).
        seat_bots: dict[int, Bot] = {
            i: guarded(make_bot(bots, game, seed * 10 + i, ANY_PLUGIN), bots, seed * 10 + i, None)
            for i in range(players)
            if i != seat
        }
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    level = (LEVEL_WORDS.get(bots) or bots) if bots in {lv.name for lv in levels_for(game)} else None
    names = player_names(term, players, seat, name, level, seat_bots)
    game_at = Played(module, {"players": players, "names": names}, seed)
    term = term.seated(seat if seat >= 0 else None, names)
    try:
        play_loop(term, game_at, seat, seat_bots, input)
    except (EOFError, KeyboardInterrupt):
        term.say("")
        term.say(t("Game abandoned."))
        raise typer.Exit(1) from None
    except Quit:
        term.say(t("Game abandoned."))
        raise typer.Exit(0) from None
    term.say("")
    state = game_at.state
    term.say(term.board(module, state.view(seat if seat >= 0 else None)))
    term.say(final_scores(state, names))
    if record is not None:
        save_record(state.record(), record)
        term.say(t("Record written to {path} (replay it with: ra replay {path})", path=str(record)))


BOT_NAMES = ("Nefertari", "Imhotep", "Hatshepsut", "Khufu", "Tiye")


def bot_name(seat: int) -> str:
    """A distinct name for the bot in `seat`."""
    return BOT_NAMES[seat % len(BOT_NAMES)]


def player_names(
    term: Terminal, players: int, seat: int, name: str | None, level: Text | str | None, bots: Mapping[int, Bot]
) -> list[str]:
    """Every seat's name in the reader's language: the person's (by default "You"), and each bot's with its level
    (or its own name when the bots are given by a spec): "Nefertari (easy)"."""
    return [
        (name or term.words(YOU))
        if i == seat
        else term.words(t("{name} ({level})", name=bot_name(i), level=level or bots[i].name))
        for i in range(players)
    ]


@dataclass
class Played:
    """The game at the terminal: its state, every step so far (moves, and undos: `ra.core.undo.Step`) and the state
    before the last move that stands (to judge an undo)."""

    module: GameModule
    options: dict[str, Any]
    seed: int
    state: GameState = field(init=False)
    steps: list[Step] = field(default_factory=list)
    before: GameState | None = None

    def __post_init__(self) -> None:
        self.state = self.module.State.new(self.options, seed=self.seed)

    def apply(self, action: int, player: int) -> None:
        self.before = self.state.clone()
        self.state.apply(action, player)
        self.steps.append(Step(player, None, self.state.history[-1].draws))

    def undo_refused(self, seat: int) -> Reason | None:
        """Why `seat` may not take back the last move now (None: it may), by the one rule (ra.core.undo)."""
        verdict = judge(self.steps, self.before, self.state, getattr(self.module, "reveals", None))
        return verdict.refusal(seat)

    def undo(self, seat: int) -> Move:
        """Take back `seat`'s last move (`undo_refused` said it may): the game is replayed from its seed with the
        moves that stand, as a record replays. The move taken back."""
        taken, standing_moves = self.state.history[-1], self.state.history[:-1]
        self.steps.append(Step(seat, standing(self.steps)[-1]))
        self.state, self.before = self.module.State.new(self.options, seed=self.seed), None
        for number, move in enumerate(standing_moves, start=1):
            if number == len(standing_moves):
                self.before = self.state.clone()
            self.state.apply(move.action, move.player)
        return taken


def play_loop(term: Terminal, game: Played, seat: int, bots: dict[int, Bot], read: Read) -> None:
    """Alternate between the person's choices and the bots' until the game ends, telling every move."""
    viewer = seat if seat >= 0 else None
    module = game.module
    while not game.state.is_terminal():
        current = game.state.current_players()
        if seat in current:
            player, action = seat, _person_action(term, game, seat, read)
            if action == UNDO:
                taken = game.undo(seat)
                term.say(taken_back(module, taken, game.options["names"]), indent="  ")
                continue
        else:
            player = next(p for p in current if p in bots)
            action = bots[player].choose(game.state.view(player))
        before = game.state.view(viewer)
        game.apply(action, player)
        for line in module.narrate(before, game.state.view(viewer), game.state.history[-1]):
            term.say(line, indent="  ")


UNDO = -1  # what `_person_action` returns for "undo" (no action id is negative)


def _person_action(term: Terminal, game: Played, seat: int, read: Read) -> int:
    """Draw the board (other players' sheets in a line each) and read the person's action, or UNDO; Quit if they
    leave."""
    module, state = game.module, game.state
    view = state.view(seat)
    term.say("")
    term.say(term.board(module, view, full=False))
    if game.undo_refused(seat) is None:
        # TRANSLATORS: {undo} is "undo", typed as it is.
        term.say(t("You may take back your last action: type {undo}.", undo="undo"), indent="  ")
    while True:
        commands = ("board", "undo", *QUIT)
        answer = read_action(term, module, view, read, lambda a: engine_error(state, a, seat), commands)
        if isinstance(answer, int):
            return answer
        if answer in QUIT:
            raise Quit
        if answer == "undo":
            refused = game.undo_refused(seat)
            if refused is None:
                return UNDO
            term.say(t("No undo: {reason}", reason=reasons()[refused]), indent="  ")
            continue
        term.say(term.board(module, view))


def engine_error(state: GameState, action: int, seat: int) -> Text | str | None:
    """The engine's own message if `action` is illegal for `seat` now, else None (the state is not changed)."""
    try:
        state.clone().apply(action, seat)
    except IllegalActionError as exc:
        return error_text(exc)
    return None


# --- choosing an action ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """One numbered line of the menu: a legal action, or a Nile space whose number is asked next."""

    label: Text | str
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
        choices.append(Choice(module.legal_phrase(view, entry), entry["notation"]))
    for space, numbers in sorted(nile.items()):
        label = t(
            "Bonus entry: write a number from {low} to {high} in Nile space {space}",
            low=min(numbers),
            high=max(numbers),
            space=space,
        )
        choices.append(Choice(label, f"bonus>nile{space}", tuple(numbers)))
    return choices


def show_menu(term: Terminal, choices: list[Choice], highlight: tuple[str, ...] = ()) -> None:
    """Print the numbered choices with their notation, marking the highlighted ones (a Nile space by its number)."""
    for number, choice in enumerate(choices, 1):
        marked = choice.notation in highlight or any(h.startswith(f"{choice.notation}=") for h in highlight)
        line = f"{number:>2}. {term.words(choice.label)}   [{choice.notation}]"
        term.say(f"{line}   ◀" if marked else line, style="bold" if marked else None, indent="  ", hanging=" " * 6)


def read_action(
    term: Terminal,
    module: GameModule,
    view: Mapping[str, Any],
    read: Read,
    check: Check,
    commands: tuple[str, ...] = (),
    prompt: Text = CHOICE_PROMPT,
    highlight: tuple[str, ...] = (),
) -> int | str:
    """Ask until the answer is an action `check` accepts (its id) or one of `commands` (returned as typed)."""
    choices = menu(module, view)
    show_menu(term, choices, highlight)
    while True:
        answer = term.ask(read, prompt).strip().lower()
        if answer in commands:
            return answer
        if answer == "?":
            show_menu(term, choices, highlight)
            continue
        action = _answer_action(term, module, choices, answer, read)
        if not isinstance(action, int):
            term.say(t("Not a choice: {reason}", reason=action), indent="  ")
            continue
        problem = check(action)
        if problem is None:
            return action
        term.say(problem, indent="  ")


def _answer_action(
    term: Terminal, module: GameModule, choices: list[Choice], answer: str, read: Read
) -> int | Text | str:
    """The action id an answer names (a menu number, then a number for a Nile space, or a notation), or why the
    answer names none."""
    if not answer.isdecimal():
        try:
            return module.str_to_action(answer)
        except (ValueError, InvalidNotationError) as exc:
            return error_text(exc)
    number = int(answer)
    if not 1 <= number <= len(choices):
        return t("choose a number from 1 to {last}", last=len(choices))
    choice = choices[number - 1]
    if not choice.numbers:
        return module.str_to_action(choice.notation)
    low, high = min(choice.numbers), max(choice.numbers)
    space = choice.notation.removeprefix("bonus>nile")
    while True:
        typed = term.ask(
            read, t("Which number for Nile space {space} ({low} to {high})?", space=space, low=low, high=high)
        )
        if typed.strip().isdecimal() and int(typed) in choice.numbers:
            return module.str_to_action(f"{choice.notation}={int(typed)}")
        term.say(t("Not a choice: write a number from {low} to {high}", low=low, high=high), indent="  ")


def final_scores(state: GameState, names: list[str]) -> Text:
    """The final scores and the winner(s)."""
    scores = [
        t("{player} {score}", player=Seat(i, n), score=s)
        for i, (n, s) in enumerate(zip(names, state.scores(), strict=True))
    ]
    listed = scores[-1]
    for score in reversed(scores[:-1]):
        # TRANSLATORS: two or more of the final scores, one after the other ("Ana 34, Ben 20").
        listed = tp("final scores", "{score}, {more}", score=score, more=listed)
    winners = state.winners()
    return tn(
        "Final scores: {scores}. Winner: {winners}.",
        "Final scores: {scores}. Winners: {winners}.",
        len(winners),
        scores=listed,
        winners=items(Seat(w, names[w]) for w in winners),
    )
