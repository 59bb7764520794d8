"""A tutorial as data: a guided game on a fixed tile or card order, one idea per step, every move scripted.

A `Step` explains one idea (citing the rules section as a link target), then lists the moves that happen in it, in
order. The learner's moves are asked (their notation is what to play and what to highlight); the other seats' moves
are played for them. Drawing moves name what they draw, and the draws of all steps, in order, are the bag or deck
order the game starts from: the whole game is fixed. Going back a step replays the moves before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ra.core import GameState, IllegalActionError, InvalidNotationError
from ra.core.protocol import GameModule
from ra.games import game_module


@dataclass(frozen=True)
class Play:
    """One scripted move: the seat, its notation, and for a draw or reveal the tiles or cards it draws."""

    seat: int
    action: str
    draws: tuple[str, ...] = ()
    say: str = ""  # for a learner's move after the first of a step: what to do now, in one line

    @classmethod
    def parse(cls, text: str) -> Play:
        """'0 draw pharaoh', '2 bid:7', '0 reveal god:14,ra,nile:9 | Now take the God' -> a Play."""
        move, _, say = text.partition("|")
        seat, action, *draws = move.split()
        return cls(int(seat), action, tuple(draws[0].split(",")) if draws else (), say.strip())

    def as_json(self, learner: int, hint: str) -> dict[str, Any]:
        """The move as JSON: a learner's move carries the notations to highlight and the hint for a wrong one."""
        data: dict[str, Any] = {"seat": self.seat, "action": self.action, "learner": self.seat == learner}
        if self.draws:
            data["draws"] = list(self.draws)
        if self.seat == learner:
            data["highlight"] = [self.action]
            data["hint"] = hint
            if self.say:
                data["say"] = self.say
        return data


@dataclass(frozen=True)
class Fact:
    """A number a step's text states, and where the engine shows it: a path into the learner's view."""

    path: tuple[str | int, ...]
    value: int
    says: str  # the words of the text that state it, e.g. "+5 for the most pharaohs"

    def read(self, view: Mapping[str, Any]) -> Any:
        """The value at `path` in a view."""
        found: Any = view
        for key in self.path:
            found = found[key]
        return found


@dataclass(frozen=True)
class Step:
    """One idea: a title, a short explanation in the game's words, the rules section, and the moves it plays."""

    key: str
    title: str
    text: str
    rule: str  # a link target such as docs/rules/ra.md#5-auctions
    moves: tuple[Play, ...] = ()
    hint: str = ""  # said when the learner makes a legal move that is not the step's
    facts: tuple[Fact, ...] = ()

    def hint_for(self, move: Play) -> str:
        """What the learner is told after a legal move that is not `move`."""
        return self.hint or f"That is allowed, but this step asks for {move.action}."

    def learner_moves(self, learner: int) -> list[int]:
        """The indexes in `moves` of the learner's moves."""
        return [i for i, m in enumerate(self.moves) if m.seat == learner]

    def as_json(self, learner: int) -> dict[str, Any]:
        """The step as JSON (what a browser needs to walk it)."""
        return {
            "key": self.key,
            "title": self.title,
            "text": self.text,
            "rule": self.rule,
            "moves": [m.as_json(learner, self.hint_for(m)) for m in self.moves],
            "facts": [{"path": list(f.path), "value": f.value, "says": f.says} for f in self.facts],
        }


@dataclass(frozen=True)
class Tutorial:
    """A guided game: its options, the learner's seat, the steps, and the closing words before a real game."""

    game: str
    title: str
    learner: int
    options: Mapping[str, Any]
    steps: tuple[Step, ...]
    ending: str
    bots: str = "easy"  # the level of the real game offered at the end
    intro: str = ""

    @property
    def module(self) -> GameModule:
        """The game's engine."""
        return game_module(self.game)

    def order(self) -> list[str]:
        """The bag or deck order, first drawn first: every scripted draw, in order."""
        return [d for step in self.steps for m in step.moves for d in m.draws]

    def start(self) -> GameState:
        """The game before the first step."""
        return self.module.State.new(dict(self.options), order=self.order())

    def position(self, step: int, move: int = 0) -> GameState:
        """The game before move `move` of step `step`: the replay of every move before it."""
        state = self.start()
        for s in self.steps[:step]:
            for m in s.moves:
                play(self.module, state, m)
        if step < len(self.steps):
            for m in self.steps[step].moves[:move]:
                play(self.module, state, m)
        return state

    def as_json(self) -> dict[str, Any]:
        """The whole tutorial as JSON-able data, served to browsers as it is."""
        return {
            "game": self.game,
            "title": self.title,
            "intro": self.intro,
            "learner": self.learner,
            "options": dict(self.options),
            "order": self.order(),
            "steps": [s.as_json(self.learner) for s in self.steps],
            "ending": {
                "text": self.ending,
                "bots": self.bots,
                "players": self.options["players"],
                "command": f"ra play {self.game} --players {self.options['players']} --bots {self.bots}",
            },
        }


def play(module: GameModule, state: GameState, move: Play) -> None:
    """Apply a scripted move; ValueError if the engine refuses it or it draws something else than scripted."""
    try:
        state.apply(module.str_to_action(move.action), move.seat)
    except (IllegalActionError, InvalidNotationError) as exc:
        raise ValueError(f"scripted move {move} is refused: {exc}") from exc
    drawn = state.history[-1].draws
    if drawn != move.draws:
        raise ValueError(f"scripted move {move} drew {list(drawn)}")


def judge(module: GameModule, state: GameState, expected: Play, answer: int | str, hint: str = "") -> str | None:
    """None if `answer` (an action id or notation) is the expected move; else why not, in the game's words.

    An unknown notation or an illegal move is explained by the engine's own message; a legal move that is not the
    step's by `hint` (the step's `hint_for(expected)`).
    """
    try:
        action = answer if isinstance(answer, int) else module.str_to_action(answer)
        notation = module.action_to_str(action)
    except InvalidNotationError as exc:
        return str(exc)
    if notation == expected.action:
        return None
    try:
        state.clone().apply(action, expected.seat)
    except IllegalActionError as exc:
        return f"The rules do not allow {notation}: {exc}."
    return hint or f"That is allowed, but this step asks for {expected.action}."
