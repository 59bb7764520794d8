"""Writing a tutorial's steps compactly: moves one per line, as `seat notation [draws] | what to say`."""

from __future__ import annotations

from ra.tutorials.model import Fact, Play, Step

Facts = tuple[Fact, ...]


def step(rule: str, key: str, title: str, text: str, moves: str = "", hint: str = "", facts: Facts = ()) -> Step:
    """A step from its text (re-flowed to one paragraph) and its moves, one per line ('0 draw pharaoh',
    '2 bid:7', '0 bid:2 | what the learner is told before this move')."""
    plays = tuple(Play.parse(line) for line in moves.strip().splitlines() if line.strip())
    return Step(key, title, " ".join(text.split()), rule, plays, hint, facts)
