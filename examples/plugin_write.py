"""A plug-in bot for RA and Write: it writes the card it values most, by a fixed order of the sheet's sections.

Play it from this folder (docs/BOTS.md, "Plug-in bots"):

    ra tournament --game write --players 3 --seats plugin_write:Scribe,random,random --games 20

It reads only the legal actions its seat's view lists: what each entry writes, and where.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Majorities first (pharaohs, gods), then the current Kingdom's civilization line, monuments, the Nile.
SECTIONS = {"pharaohs": 4.0, "gods": 4.0, "civilization": 2.0, "monuments": 2.0, "nile": 1.0}


class Scribe:
    """Never loses a card it can write, takes every bonus entry, and writes where its section order says."""

    games = ("write",)

    def __init__(self, *, game: str, seed: int, seconds: float | None) -> None:
        self.game = game  # deterministic: it needs neither its seed nor a time budget

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """The id of its move: the best-valued entry (the first of equals)."""
        return int(max(legal_actions, key=lambda action: self.value(view, action))["id"])

    def value(self, view: Mapping[str, Any], action: Mapping[str, Any]) -> float:
        """How much it likes an entry."""
        if action["kind"] == "decline":
            return -5.0  # a bonus entry is worth more than none
        if action.get("lost"):
            return -10.0
        worth = SECTIONS.get(action.get("section") or "", 0.0)
        if action.get("section") == "civilization" and action["notation"].endswith(":" + view["kingdom"]):
            worth += 2.0  # this Kingdom's line scores first
        if action.get("section") == "gods" and action.get("number"):
            worth += action["number"] / 20  # a higher god counts more in the sum
        return worth
