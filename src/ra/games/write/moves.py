"""The two lists of an RA and Write state that grow all game, the moves and the used cards, shared between clones
instead of copied (`clone` is the hot path of search). The moves are ra.core.moves' chain of shared segments, as in
the Ra engine.

The used cards (`_used`) are a chain of shared, immutable links, None or (earlier chain, cards): `push` adds a
turn's face-up cards as one link instead of copying the whole list. Reading `used` gives a new list each time.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any

from ra.core.moves import MOVES_CLONE_SOURCE, SharedMoves

# How `clone` shares the moves and the used cards, as source lines for the generated clone (state.py), which has
# the original as `self` and the new state as `c`.
CLONE_SOURCE = """
    c._used = self._used""" + MOVES_CLONE_SOURCE

Links = tuple[Any, Sequence[int]] | None  # (earlier links, card codes), never changed in place


class SharedLists(SharedMoves):
    """The moves and the used cards, shared between clones (see the module docstring)."""

    __slots__ = ("_used",)
    _used: Links  # the used cards, one link per turn

    @property
    def used(self) -> list[int]:
        """The card codes out of play, first used first (a new list on each read)."""
        links = self._used
        if links is None:
            return []
        parts = []
        while links is not None:
            links, cards = links
            parts.append(cards)
        if len(parts) > 1:  # joined once, so that reading again walks one link
            self._used = (None, tuple(chain.from_iterable(reversed(parts))))
            return list(self._used[1])
        return list(parts[0])

    @used.setter
    def used(self, cards: list[int]) -> None:
        self._used = (None, tuple(cards))
