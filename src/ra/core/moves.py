"""A game state's moves, shared between clones instead of copied (`clone` is the hot path of search).

The moves before the state's last clone are a chain of shared, immutable segments, `_past` = None or (earlier
chain, tuple of moves); the moves since then are the state's own list `_moves`, appended to by `push` as a plain
list. `clone` (MOVES_CLONE_SOURCE, written into each game's generated clone) turns the own moves into one more
segment, so a clone costs the same early and late in a game.

Reading `history` joins the segments into one list of the state's own (that `push` then keeps growing), so what a
caller holds is never changed by another state; the moves taken before a clone no longer grow, so take
`state.history` anew after one.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from ra.core.protocol import Move

# Source lines for a generated clone, which has the original as `self` and the new state as `c`.
MOVES_CLONE_SOURCE = """
    moves = self._moves
    if moves:
        self._past, self._moves = (self._past, tuple(moves)), []
    c._past, c._moves = self._past, []"""

Segments = tuple[Any, tuple[Move, ...]] | None  # (earlier segments, moves); Any as an alias cannot name itself


class SharedMoves:
    """The moves of a state, shared between clones (see the module docstring); games' states subclass it."""

    __slots__ = ("_moves", "_past")
    _past: Segments  # the moves before the last clone
    _moves: list[Move]  # the moves since the last clone, the state's own list

    @property
    def history(self) -> list[Move]:
        """Every move so far, first move first (`push` adds moves; callers only read the list)."""
        past = self._past
        if past is None:
            return self._moves
        segments = []
        while past is not None:
            past, moves = past
            segments.append(moves)
        joined = list(chain.from_iterable(reversed(segments)))  # at C speed: MCTS reads history after its clones
        joined += self._moves
        self._past, self._moves = None, joined
        return joined

    @history.setter
    def history(self, moves: list[Move]) -> None:
        self._past, self._moves = None, moves
