"""What every game's observation encoder shares (docs/OBSERVATIONS.md): the `Encoder` of a layout of named parts.

Each game lays out one fixed-size `float32` vector, the same length at every player count (seats are listed
relative to the viewer, the viewer first, then clockwise, padded to five), and fills it from a seat's view; the
mask is over the game's stable action ids. A game's encoder is its `ra.envs.<game>` package's `ENCODER`.
"""

from __future__ import annotations

import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ra.games import game_module

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

SEATS = 5  # seats in every observation (the largest table); absent seats are zeros
PLAYER_COUNTS = (2, 3, 4, 5)
SCORE_SCALE = 100.0  # scores are divided by this
LOW, HIGH = -10.0, 10.0  # bounds of every entry (only scores can leave [0, 1])


class Encoder:
    """The observation layout of one game: named slices, their sizes, and `encode(view)`."""

    def __init__(
        self,
        game: str,
        segments: Sequence[tuple[str, int, str]],
        fill: Callable[[Mapping[str, Any]], array.array[float]],
    ) -> None:
        """Lay out `segments` (name, size, description) and keep the function that fills them from a view."""
        self.game = game
        self.num_actions = int(game_module(game).NUM_ACTIONS)
        self.slices: dict[str, slice] = {}
        self.descriptions: dict[str, str] = {}
        start = 0
        for name, size, text in segments:
            self.slices[name] = slice(start, start + size)
            self.descriptions[name] = text
            start += size
        self.size = start
        self._fill = fill

    def encode(self, view: Mapping[str, Any]) -> FloatArray:
        """The observation vector of a seat's view (`float32`, length `size`)."""
        return np.frombuffer(self._fill(view), dtype=np.float32)

    def mask(self, view: Mapping[str, Any]) -> MaskArray:
        """The legal-action mask of a seat's view: 1 at each id in `view["legal_actions"]` (`int8`)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        ids = [a["id"] for a in view["legal_actions"]]
        if ids:
            mask[ids] = 1
        return mask


def relative(view: Mapping[str, Any], seat: int | None) -> int | None:
    """A seat's position relative to the viewer (0 = the viewer), or None."""
    if seat is None:
        return None
    me = view["viewer"] or 0
    return (int(seat) - me) % int(view["num_players"])


def layout(segments: Sequence[tuple[str, int, str]]) -> tuple[dict[str, int], int]:
    """Each segment's first index, and the total size."""
    at: dict[str, int] = {}
    start = 0
    for name, size, _ in segments:
        at[name] = start
        start += size
    return at, start


__all__ = [
    "HIGH",
    "LOW",
    "PLAYER_COUNTS",
    "SCORE_SCALE",
    "SEATS",
    "Encoder",
    "FloatArray",
    "MaskArray",
    "layout",
    "relative",
]
