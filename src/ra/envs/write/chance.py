"""RA and Write's chance nodes for OpenSpiel: the starting seat, then each card of a `reveal` from the deck's counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ra.games.write as write_game
from ra.envs.chance import ChanceRules


class FirstPlayer:
    """The set-up: which seat starts, every seat equally likely."""

    def __init__(self, players: int) -> None:
        """One outcome per seat."""
        self.count = players

    def options(self, options: Mapping[str, Any], outcome: int) -> dict[str, Any]:
        """The options with the starting seat as `first_player`."""
        return {**options, "first_player": outcome}

    def text(self, outcome: int) -> str:
        """`first:` and the seat."""
        return f"first:{outcome}"


def undrawn(view: Mapping[str, Any]) -> dict[str, int]:
    """The cards left in the deck by name (public counts)."""
    return {k: int(c) for k, c in view["deck"]["composition"].items()}


CHANCE = ChanceRules(
    short_name="python_ra_and_write",
    long_name="Python RA and Write (Reiner Knizia)",
    draw="reveal",
    outcomes=tuple(write_game.CARD_NAMES),
    outcome_label="card",
    parameters={"kingdom_limited": False},
    # A bound, not a measure (random games stay near 350 at five players): 111 chance nodes (the first seat, 110
    # cards); at most 37 turns (each reveals 3 cards at least), each a reveal and at most 5 card choices; at most 15
    # bonus entries per seat (one per bonus symbol: 3 Gods, 4 Pharaohs, 4 Nile, 3 Civilization, all tops), each a
    # decision. 111 + 37 * 6 + 5 * 15 = 408.
    max_game_length=1000,
    undrawn=undrawn,
    setup=FirstPlayer,
    draws_per_action=None,  # a reveal goes on until three non-Ra cards lie face up, or the 9th Ra
)
