"""A tutorial as data: a guided game on a fixed tile or card order, one idea per step, every move scripted.

A `Step` explains one idea (citing the rules section as a link target), then lists the moves that happen in it, in
order. The learner's moves are asked (their notation is what to play and what to highlight); the other seats' moves
are played for them. Drawing moves name what they draw, and the draws of all steps, in order, are the bag or deck
order the game starts from: the whole game is fixed. Going back a step replays the moves before it.

Every word a learner reads is a `Text` (docs/TRANSLATING.md), put into the reader's language when it is shown;
`as_json(words)` gives the tutorial with its words put through `words` (English by default). A `Fact` quotes the
words of its step that state a number, as a text of its own: its translation must appear in the translation of the
step's text, so that the quote can be found in every language (tests/tutorials).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ra.core import GameState, IllegalActionError, InvalidNotationError
from ra.core.errors import text_of
from ra.core.protocol import GameModule
from ra.core.text import Text, english, t
from ra.games import game_module

# A tutorial's words: a Text, or (until every game's tutorial gives texts) a plain English string.
Words = Text | str
Path = tuple[str | int, ...]  # a place in the learner's view: keys and indexes
WordsOut = Callable[[Text | str], Any]  # how `as_json` puts words into the browser's data (English by default)


@dataclass(frozen=True)
class Play:
    """One scripted move: the seat, its notation, and for a draw or reveal the tiles or cards it draws."""

    seat: int
    action: str
    draws: tuple[str, ...] = ()
    say: Words | None = None  # for a learner's move after the first of a step: what to do now, in one line

    @classmethod
    def parse(cls, text: str, say: Words | None = None) -> Play:
        """'0 draw pharaoh', '2 bid:7', '0 reveal god:14,ra,nile:9' -> a Play that says `say` (a plain English say
        may still follow a '|': '0 bid:2 | Bid your 2')."""
        move, _, plain = text.partition("|")
        seat, action, *draws = move.split()
        return cls(int(seat), action, tuple(draws[0].split(",")) if draws else (), say or plain.strip() or None)

    def as_json(self, learner: int, hint: Words | None, words: WordsOut = english) -> dict[str, Any]:
        """The move as JSON: a learner's move carries the notations to highlight and the step's hint for a wrong
        one, if it has one."""
        data: dict[str, Any] = {"seat": self.seat, "action": self.action, "learner": self.seat == learner}
        if self.draws:
            data["draws"] = list(self.draws)
        if self.seat == learner:
            data["highlight"] = [self.action]
            if hint is not None:
                data["hint"] = words(hint)
            if self.say is not None:
                data["say"] = words(self.say)
        return data


@dataclass(frozen=True)
class Fact:
    """A number a step's text states, and where the engine shows it: a path into the learner's view."""

    path: Path
    value: int
    says: Words  # the words of the step's text that state it, e.g. "+5 for the most pharaohs"

    def read(self, view: Mapping[str, Any]) -> Any:
        """The value at `path` in a view."""
        found: Any = view
        for key in self.path:
            found = found[key]
        return found


@dataclass(frozen=True)
class Note:
    """A rule the guided game does not show, told in a sentence beside a step, with the rules section to read."""

    text: Words
    rule: str  # a link target such as docs/rules/ra.md#6-god-tiles

    def as_json(self, words: WordsOut = english) -> dict[str, Any]:
        """The note as JSON, its words put through `words`."""
        return {"text": words(self.text), "rule": self.rule}


@dataclass(frozen=True)
class Step:
    """One idea: a title, a short explanation in the game's words, the rules section, and the moves it plays."""

    key: str
    title: Words
    text: Words
    rule: str  # a link target such as docs/rules/ra.md#5-auctions
    moves: tuple[Play, ...] = ()
    hint: Words | None = None  # said when the learner makes a legal move that is not the step's (else `asks_for`)
    facts: tuple[Fact, ...] = ()
    notes: tuple[Note, ...] = ()  # rules met later in a real game ("rules you will meet later"), each with its link
    # Parameters of the text (and of its facts' quotes) read from the learner's view as the step begins: numbers
    # the game computes are told as the board shows them, never written twice.
    reads: tuple[tuple[str, Path], ...] = ()

    def learner_moves(self, learner: int) -> list[int]:
        """The indexes in `moves` of the learner's moves."""
        return [i for i, m in enumerate(self.moves) if m.seat == learner]

    def as_json(self, learner: int, words: WordsOut = english) -> dict[str, Any]:
        """The step as JSON (what a browser needs to walk it), its words put through `words`."""
        return {
            "key": self.key,
            "title": words(self.title),
            "text": words(self.text),
            "rule": self.rule,
            "moves": [m.as_json(learner, self.hint, words) for m in self.moves],
            "facts": [{"path": list(f.path), "value": f.value, "says": words(f.says)} for f in self.facts],
            "notes": [n.as_json(words) for n in self.notes],
        }


@dataclass(frozen=True)
class Tutorial:
    """A guided game: its options, the learner's seat, the steps, and the closing words before a real game."""

    game: str
    title: Words
    learner: int
    options: Mapping[str, Any]
    steps: tuple[Step, ...]
    ending: Words
    bots: str = "easy"  # the level of the real game offered at the end
    intro: Words = ""
    # The seats' names as a reader reads them: a seat whose name in `options` is a word (the learner's "You") names
    # it here as a text, to be put into the reader's language and given to the renderer as the seat's name.
    names: tuple[Words, ...] = ()

    def __post_init__(self) -> None:
        """A step that asks the learner for a move begins with it: the step's text names that move, so what the
        text asks for is on the board the moment the text is shown (the others' moves before it belong to the end
        of the step before)."""
        for step in self.steps:
            mine = step.learner_moves(self.learner)
            if mine and mine[0] != 0:
                raise ValueError(f"step {step.key!r} begins with another seat's move, not the learner's")
        object.__setattr__(self, "steps", tuple(self._read(i, step) for i, step in enumerate(self.steps)))

    def _read(self, index: int, step: Step) -> Step:
        """`step` with the parameters it reads filled from the learner's view as it begins."""
        if not step.reads:
            return step
        view = self.position(index).view(self.learner)
        values = {name: Fact(path, 0, "").read(view) for name, path in step.reads}

        def filled(words: Words) -> Words:
            if isinstance(words, str):
                return words
            return words.with_params(**{k: v for k, v in values.items() if "{" + k + "}" in words.msgid})

        facts = tuple(replace(fact, says=filled(fact.says)) for fact in step.facts)
        return replace(step, text=filled(step.text), facts=facts, reads=())

    @property
    def module(self) -> GameModule:
        """The game's engine."""
        return game_module(self.game)

    def order(self) -> list[str]:
        """The bag or deck order, first drawn first: every scripted draw, in order."""
        return [d for step in self.steps for m in step.moves for d in m.draws]

    def start(self, words: Callable[[Text | str], str] = english) -> GameState:
        """The game before the first step, its seats named in the reader's `words` (the learner's "You" too: every
        view, board and story of the game then names the seats as the reader reads them)."""
        options = dict(self.options)
        if self.names:
            options["names"] = self.seat_names(words)
        return self.module.State.new(options, order=self.order())

    def position(self, step: int, move: int = 0, words: Callable[[Text | str], str] = english) -> GameState:
        """The game before move `move` of step `step`: the replay of every move before it (seats named in
        `words`, see `start`)."""
        state = self.start(words)
        for s in self.steps[:step]:
            for m in s.moves:
                play(self.module, state, m)
        if step < len(self.steps):
            for m in self.steps[step].moves[:move]:
                play(self.module, state, m)
        return state

    def seat_names(self, words: Callable[[Text | str], str] = english) -> list[str]:
        """The seats' names in the reader's words (`names`, else the names of `options`)."""
        names = self.names or tuple(self.options.get("names", ()))
        return [words(name) for name in names]

    def as_json(self, words: WordsOut = english) -> dict[str, Any]:
        """The whole tutorial as JSON-able data, served to browsers as it is: its words put through `words`
        (English by default; `Text.as_json` sends texts for the browser to render)."""
        return {
            "game": self.game,
            "title": words(self.title),
            "intro": words(self.intro),
            "learner": self.learner,
            "options": dict(self.options),
            "order": self.order(),
            "steps": [s.as_json(self.learner, words) for s in self.steps],
            "ending": {
                "text": words(self.ending),
                "bots": self.bots,
                "players": self.options["players"],
                "command": f"ra play {self.game} --players {self.options['players']} --bots {self.bots}",
            },
        }


def play(module: GameModule, state: GameState, move: Play) -> None:
    """Apply a scripted move; ValueError if the engine refuses it or it draws something else than scripted."""
    try:
        state.apply(module.str_to_action(move.action), move.seat)
    except (IllegalActionError, InvalidNotationError) as exc:  # a bug in the script, for its author: English
        raise ValueError(f"scripted move {move} is refused: {exc}") from exc
    drawn = state.history[-1].draws
    if drawn != move.draws:
        raise ValueError(f"scripted move {move} drew {list(drawn)}")


def phrase(module: GameModule, view: Mapping[str, Any], notation: str) -> Text | str:
    """A legal action of a view as an instruction in the game's words ("Draw a tile"); the notation if the view
    does not offer it."""
    for entry in view.get("legal_actions", ()):
        if entry["notation"] == notation:
            return module.legal_phrase(view, entry)
    return notation


def asks_for(module: GameModule, state: GameState, move: Play) -> Text:
    """What the learner is told after a legal move when the step has no hint of its own: the step's move in the
    game's words, never its notation."""
    named = phrase(module, state.view(move.seat), move.action)
    return t("That is allowed, but this step asks for another move: {move}.", move=named)


def judge(
    module: GameModule, state: GameState, expected: Play, answer: int | str, hint: Words | None = None
) -> Words | None:
    """None if `answer` (an action id or notation) is the expected move; else why not, in the game's words.

    An unknown notation or an illegal move is explained by the engine's own message; a legal move that is not the
    step's by `hint` (the step's own), else by naming the step's move (`asks_for`).
    """
    try:
        action = answer if isinstance(answer, int) else module.str_to_action(answer)
        notation = module.action_to_str(action)
    except InvalidNotationError as exc:
        return text_of(exc)
    if notation == expected.action:
        return None
    try:
        state.clone().apply(action, expected.seat)
    except IllegalActionError as exc:
        return t("The rules do not allow {move}: {reason}.", move=notation, reason=text_of(exc))
    return hint or asks_for(module, state, expected)
