"""Writing a tutorial's steps compactly: moves one per line, as `seat notation [draws]`.

A learner's move that says something first ends its line with `|`; the step's `says` give those words, in order:

    step(rule, "gods", t("Spending a god"), t("You won a God. ..."), '''
        0 god:pharaoh
        1 draw ra
        0 bid:2 |''', says=(t("Bid your 2."),))

(A plain English say may still follow the `|` on its line, until every tutorial gives texts.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ra.core.text import Text
from ra.tutorials.model import Fact, Note, Path, Play, Step, Words

Facts = tuple[Fact, ...]
Notes = Sequence[tuple[str, Text]]  # (rules section, the rule in a sentence): see `Note`
Reads = tuple[tuple[str, Path], ...]  # the text's parameters read from the learner's view: see `Step.reads`


class Stepper(Protocol):
    """A tutorial's way of writing a step: `step` with the rules document bound (`stepper`)."""

    def __call__(
        self,
        key: str,
        title: Words,
        rule: str,
        text: Words,
        moves: str = "",
        hint: Words | None = None,
        facts: Facts = (),
        says: Sequence[Text] = (),
        notes: Notes = (),
        reads: Reads = (),
    ) -> Step: ...


def step(
    rule: str,
    key: str,
    title: Words,
    text: Words,
    moves: str = "",
    hint: Words | None = None,
    facts: Facts = (),
    says: Sequence[Text] = (),
    notes: Sequence[Note] = (),
    reads: Reads = (),
) -> Step:
    """A step from its text and its moves, one per line ('0 draw pharaoh', '2 bid:7', '0 bid:2 |' for a move that
    says the next of `says` first), and the `notes` told beside it; ValueError if the `|` marks and `says` do not
    match."""
    lines = [line.strip() for line in moves.strip().splitlines() if line.strip()]
    marked = [i for i, line in enumerate(lines) if line.endswith("|")]
    if len(marked) != len(says):
        raise ValueError(f"step {key!r}: {len(marked)} moves marked to say something, but {len(says)} says")
    said = dict(zip(marked, says, strict=True))
    plays = tuple(Play.parse(line, said.get(i)) for i, line in enumerate(lines))
    if isinstance(text, str):  # a plain English text, written over several lines: one paragraph
        text = " ".join(text.split())
    return Step(key, title, text, rule, plays, hint or None, facts, tuple(notes), reads)


def stepper(rules: str) -> Stepper:
    """How a tutorial writes its steps: `stepper("docs/rules/ra.md#")` gives a function of (key, title, rule, text,
    moves, hint, facts, says, notes) whose `rule` and notes' sections are anchors of that rules document
    ('5-auctions'); see `step`."""

    def tutorial_step(
        key: str,
        title: Words,
        rule: str,
        text: Words,
        moves: str = "",
        hint: Words | None = None,
        facts: Facts = (),
        says: Sequence[Text] = (),
        notes: Notes = (),
        reads: Reads = (),
    ) -> Step:
        told = [Note(words, rules + anchor) for anchor, words in notes]
        return step(rules + rule, key, title, text, moves, hint, facts, says, told, reads)

    return tutorial_step
