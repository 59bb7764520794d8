"""The fields of a Ra state (FIELDS), how `clone` and `from_fields` set them, and the stores clones share.

Most fields are copied by `clone` only if the rules change them in place; `points` and `discard` are lists the
rules replace whole (a copy at the rare change), so clones share them. An epoch's end only notes its scoring: the
scores add it up when `points` is next read, the breakdown rows when `epoch_scores` is (mechanics.py). The undrawn
bag and the moves, the two long lists, are stored so that a clone shares them instead of copying them:

- The bag (`_bag`, `_left`): a clone shares the list with its original and keeps its own count of undrawn tiles,
  `_bag[:_left]`; the next draw is `_bag[_left - 1]`. The rules never write into a shared bag: a draw only lowers
  `_left`. A count of OWN means the list is the state's alone: it may have been handed out through `bag`, and its
  owner may change it in place (shuffle it, take tiles out), so then a draw pops it.
- The moves (`_past`, `_moves`): the moves before the state's last clone are a chain of shared, immutable
  segments, `_past` = None or (earlier chain, tuple of moves); the moves since then are the state's own list
  `_moves`, appended to by `push` as a plain list. `clone` turns the own moves into one more segment.

Reading `bag` or `history` gives the state a list of its own first (the bag copied, the moves joined into one
list that `push` then keeps growing), so what a caller holds and changes is never seen by another state. A clone
gets a copy of a bag that was handed out, so the holder may go on changing it; the moves taken before a clone no
longer grow, so take `state.history` anew after one. `bag_size` counts the undrawn tiles without a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ra.core.moves import MOVES_CLONE_SOURCE, SharedMoves
from ra.games.ra.scoring import Due, EpochScoring, Unscored, built_scoring, epoch_points

# The fields of a state, written once: name -> whether `clone` copies it. Only lists the rules change in place are
# copied; every other field is immutable (ints, tuples, frozen Options) or replaced whole, so clones share it. The
# bag and the history (STORED) are kept in SharedStores below, and CLONE_SOURCE shares them between clones.
# `__slots__`, `clone`, `new`, `from_json` and `from_view` all follow this table (State.from_fields).
FIELDS: dict[str, bool] = {
    "num_players": False,
    "options": False,
    "seed": False,
    "order": False,
    "ra_len": False,
    "bag": False,
    "track": True,
    "ra_filled": False,
    "central": False,
    "up": True,
    "down": True,
    "held": True,
    "discard": False,
    "points": False,
    "epoch": False,
    "phase": False,
    "cur": False,
    "auc_kind": False,
    "auc_ra": False,
    "auc_high": False,
    "auc_bidder": False,
    "auc_bids": False,
    "pending": False,
    "lose_war": False,
    "lose_quake": False,
    "after": False,
    "epoch_scores": False,
    "history": False,
}


OWN = -1  # the count of a bag that is the state's alone
STORED = ("bag", "history", "points", "epoch_scores")  # kept under other slots (properties; the scores: mechanics)

# How `clone` shares the stores, as source lines for the generated clone (field_functions), which has
# the original as `self` and the new state as `c`. A bag handed out through `bag` (OWN) may still be changed by
# whoever holds it, so the clone gets a copy of it (shared by its own clones); the original's own moves become a
# shared segment. The scores and epoch scorings (`_points`, `_due`, `_scored`) are shared as they are, once the
# original has added up the epochs ended since its scores were last read (else every clone would add them up again).
CLONE_SOURCE = (
    """
    left = self._left
    if left == OWN:
        c._bag = self._bag[:]
        c._left = len(c._bag)
    else:
        c._bag = self._bag
        c._left = left
    if self._due:
        self._add_due()
    c._scored = self._scored
    c._points, c._due = self._points, self._due"""
    + MOVES_CLONE_SOURCE
)


def field_functions(fields: Mapping[str, bool]) -> dict[str, Callable[..., Any]]:
    """`clone` and `from_fields` written out from the field table, one line per field, as dataclasses write `__init__`.

    A loop over the fields at run time would make `clone`, the hot path of search, about twice as slow.
    """
    kept = {name: copied for name, copied in fields.items() if name not in STORED}
    copies = "".join(f"\n    c.{name} = self.{name}{'[:]' if copied else ''}" for name, copied in kept.items())
    copies += CLONE_SOURCE
    sets = "".join(f"\n    st.{name} = {name}" for name in fields)
    source = (
        f"def clone(self):\n    c = new(type(self)){copies}\n    return c\n"
        f"def from_fields(cls, *, {', '.join(fields)}):\n    st = new(cls){sets}\n    return st\n"
    )
    namespace: dict[str, Any] = {"new": object.__new__, "OWN": OWN}
    exec(source, namespace)
    namespace["clone"].__doc__ = "An independent copy, cheap enough for search."
    namespace["from_fields"].__doc__ = "A state from every field of FIELDS by keyword (TypeError if one is missing)."
    return {"clone": namespace["clone"], "from_fields": namespace["from_fields"]}


class SharedStores(SharedMoves):
    """The bag and the moves (ra.core.moves), shared between clones until read (see the module docstring)."""

    __slots__ = ("_bag", "_left")
    _bag: list[int]  # drawn from the end
    _left: int  # undrawn tiles in `_bag`, or OWN

    @property
    def bag(self) -> list[int]:
        """The undrawn tiles, drawn from the end: this state's own list, which its owner may change in place."""
        left = self._left
        if left != OWN:
            self._bag, self._left = self._bag[:left], OWN
        return self._bag

    @bag.setter
    def bag(self, tiles: list[int]) -> None:
        self._bag, self._left = tiles, OWN

    @property
    def bag_size(self) -> int:
        """How many tiles are undrawn, without taking a list of one's own (search reads it at every leaf)."""
        left = self._left
        return len(self._bag) if left == OWN else left


class SharedScores(SharedStores):
    """The scores and the epoch scorings (§9): an epoch's end only notes its scoring, added up when read."""

    __slots__ = ("_due", "_points", "_scored")
    _scored: tuple[EpochScoring | Unscored, ...]  # one per epoch whose points are added, its rows built when first read
    _points: list[int]  # the scores once the epochs of _scored are added; replaced, never changed in place
    _due: tuple[Due, ...]  # the epochs ended since, whose points are not added yet (oldest first)

    @property
    def points(self) -> list[int]:
        """Scores by seat (§9); the epochs ended since the last read are added up now, not at each epoch end."""
        if self._due:
            self._add_due()
        return self._points

    @points.setter
    def points(self, scores: list[int]) -> None:
        try:
            due = self._due
        except AttributeError:  # a state being built (from_fields): nothing is due yet
            due = ()
        if due:  # the epochs ended since keep their scoring rows; only the scores are replaced
            self._add_due()
        self._points, self._due = scores, ()

    @property
    def epoch_scores(self) -> tuple[EpochScoring, ...]:
        """One scoring per finished epoch (§9): the breakdown rows are built on first read, not at the epoch end."""
        if self._due:
            self._add_due()
        scored = self._scored
        if scored and isinstance(scored[-1], tuple):
            self._scored = scored = tuple(e if isinstance(e, dict) else built_scoring(e) for e in scored)
        return scored  # type: ignore[return-value]  # every entry is a dict now

    @epoch_scores.setter
    def epoch_scores(self, scorings: tuple[EpochScoring, ...]) -> None:
        self._scored = tuple(scorings)

    def _add_due(self) -> None:
        """Add the scorings of the epochs ended since to the scores, each from the scores before it (§9.3 floor)."""
        points, done = self._points, []
        for epoch, held, final, totals, floor in self._due:
            done.append((epoch, held, final, totals, points, floor))
            points = epoch_points(held, len(points), final, totals, points, floor)
        self._scored, self._points, self._due = (*self._scored, *done), points, ()
