"""A plug-in bot for Ra: a cautious bidder that calls Ra when the track's lot is worth it.

Play it from this folder (docs/BOTS.md, "Plug-in bots"):

    ra tournament --game ra --players 3 --seats plugin_ra:Cautious,random,random --games 20

It reads only its seat's view: what lies on the auction track, and its own sun disks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Rough points a tile brings its taker (docs/rules/ra.md §9); disasters cost.
WORTH = {"god": 2.0, "gold": 3.0, "pharaoh": 1.5, "nile": 1.0, "flood": 1.5}
CIVILIZATION = {"art", "agriculture", "religion", "astronomy", "writing"}
DISASTERS = {"funeral", "drought", "war", "earthquake"}


def lot_worth(track: Sequence[str]) -> float:
    """The lot's rough worth to whoever wins it."""
    worth = 0.0
    for tile in track:
        if tile in DISASTERS:
            worth -= 2.0
        elif tile in CIVILIZATION:
            worth += 1.5
        else:
            worth += WORTH.get(tile, 1.0)  # a monument
    return worth


class Cautious:
    """Calls Ra for a lot worth 4 points or more (less as the Ra track fills), bids its smallest disk on a lot worth
    3 or more, passes otherwise; never spends a god."""

    games = ("ra",)

    def __init__(self, *, game: str, seed: int, seconds: float | None) -> None:
        self.game = game  # deterministic: it needs neither its seed nor a time budget

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> str:
        """The notation of its move."""
        notations = [action["notation"] for action in legal_actions]
        worth = lot_worth(view["auction_track"])
        track = view["ra_track"]
        target = 4.0 - 2.0 * track["filled"] / track["length"]  # the epoch's end nears: take what there is
        if "ra" in notations and (worth >= target or "draw" not in notations):
            return "ra"
        if "draw" in notations:
            return "draw"
        bids = sorted((action for action in legal_actions if action["kind"] == "bid"), key=lambda a: a["disk"])
        if bids and (worth >= 3.0 or "pass" not in notations):
            return str(bids[0]["notation"])
        if "pass" in notations:
            return "pass"
        return str(notations[0])  # anything else (a disaster's discard): the first choice
