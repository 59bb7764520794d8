"""What a game's chance nodes are for OpenSpiel (`ra.envs.openspiel`): the `CHANCE` of its `ra.envs.<game>` package.

OpenSpiel decides every random event of a game as an explicit chance node: one set-up node per game, then, after
each decision that draws (Ra's `draw`, RA and Write's `reveal`), one node per tile or card drawn. A game describes
both as data and small functions here, so the adapter itself never asks which game it runs. No pyspiel here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class SetupChance(Protocol):
    """The set-up chance node of one table: how many outcomes (equally likely), and what each one means."""

    count: int

    def options(self, options: Mapping[str, Any], outcome: int) -> dict[str, Any]:
        """The engine's options after `outcome` (the table's options with what the outcome decided)."""
        ...

    def text(self, outcome: int) -> str:
        """The outcome as text in the public history, e.g. `deal:0/2/1` or `first:1`."""
        ...


@dataclass(frozen=True)
class ChanceRules:
    """A game's OpenSpiel names, parameters and chance nodes."""

    short_name: str  # the name `pyspiel.load_game` takes
    long_name: str
    draw: str  # the notation of the decision that chance nodes follow
    outcomes: tuple[str, ...]  # every tile or card name that can be drawn; a draw's outcome is its index here
    outcome_label: str  # a draw outcome as text is `<outcome_label>:<name>`
    parameters: Mapping[str, Any]  # the table options OpenSpiel may set, with their defaults
    # Moves and chance nodes: a bound each game argues, far above random games (tests/envs measure them). It is
    # also the number of history rows of the perfect-recall information-state tensor (`ra.envs.recall`).
    max_game_length: int
    undrawn: Callable[[Mapping[str, Any]], dict[str, int]]  # public counts of what is left to draw, from a view
    setup: Callable[[int], SetupChance]  # the set-up chance node at a player count
    # Outcomes one drawing decision takes: a fixed number, or None for as many as the engine draws (a reveal that
    # goes on until its cards are complete, found by trying the outcomes so far on a clone).
    draws_per_action: int | None


__all__ = ["ChanceRules", "SetupChance"]
