"""The bot interface: a bot decides from the view of its own seat, never from the full state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class Bot(Protocol):
    """A player that chooses one of the legal actions listed in its seat's view."""

    name: str

    def choose(self, view: Mapping[str, Any]) -> int:
        """The id of one action from `view["legal_actions"]` (the view of this bot's own seat)."""
        ...


def legal_ids(view: Mapping[str, Any]) -> list[int]:
    """The legal action ids a view offers its viewer; ValueError if it offers none."""
    ids = [entry["id"] for entry in view["legal_actions"]]
    if not ids:
        raise ValueError("the view offers no legal action: it is not this seat's decision")
    return ids


def seat_of(view: Mapping[str, Any]) -> int:
    """The seat whose view this is; ValueError for a spectator's view, which offers no decision."""
    seat = view["viewer"]
    if not isinstance(seat, int):
        raise ValueError("a spectator's view offers no decision")
    return seat
