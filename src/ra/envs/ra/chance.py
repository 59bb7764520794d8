"""Ra's chance nodes for OpenSpiel: the deal of the sun disk groups, then one tile per `draw` from the bag's counts."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import ra.games.ra as ra_game
from ra.envs.chance import ChanceRules


class SunDiskDeal:
    """The set-up: which seat gets which group of sun disks (docs/rules/ra.md), every deal equally likely."""

    def __init__(self, players: int) -> None:
        """The deals of a table of `players`: every permutation of the player count's disk groups."""
        self.groups = ra_game.DISK_GROUPS[players]
        self.deals: list[tuple[int, ...]] = list(itertools.permutations(range(players)))
        self.count = len(self.deals)

    def options(self, options: Mapping[str, Any], outcome: int) -> dict[str, Any]:
        """The options with the deal's `disk_groups`, seat by seat."""
        return {**options, "disk_groups": [list(self.groups[g]) for g in self.deals[outcome]]}

    def text(self, outcome: int) -> str:
        """`deal:` and the group of each seat, e.g. `deal:0/2/1`."""
        return "deal:" + "/".join(str(g) for g in self.deals[outcome])


def undrawn(view: Mapping[str, Any]) -> dict[str, int]:
    """The tiles left in the bag by kind (public counts)."""
    return {k: int(c) for k, c in view["bag"].items()}


CHANCE = ChanceRules(
    short_name="python_ra",
    long_name="Python Ra (Reiner Knizia)",
    draw="draw",
    outcomes=tuple(ra_game.KINDS),
    outcome_label="draw",
    parameters={"scores_visible": False, "final_floor": "once"},
    # A bound, not a measure (random games stay near 300 at five players): 181 chance nodes (the deal, 180 tiles);
    # at most 180 draws; at most 100 auctions (30 started by a drawn Ra; every call of Ra either sells, which
    # spends one of at most 16 face-up disks an epoch, or, on a full track nobody buys, discards 8 drawn tiles: at
    # most 48 + 22 calls) of at most 5 bids each; at most 8 gods spent and 8 stops; 2 losses chosen for each of the
    # 6 War and Earthquake tiles. 181 + 180 + 70 + 500 + 16 + 12 = 959.
    max_game_length=1000,
    undrawn=undrawn,
    setup=SunDiskDeal,
    draws_per_action=1,
)
