"""Perfect recall for OpenSpiel's information-state tensor: the whole public history, one slot per move.

In both games every decision and every draw is public (only the order of what is still undrawn is hidden), so a
seat's information state with perfect recall is its own observation (what it privately knows: in Ra its score
while R3 hides the others') plus the history of every move and chance outcome. `History` keeps that history as
codes, shared between copies of a state until one of them grows it; `write_recall` lays it out as a fixed-size
float32 array of `slots` rows (docs/OBSERVATIONS.md, "The information-state tensor"):

- entries 0-5, the actor: the mover's seat relative to the observing seat (0 = itself, then clockwise), one-hot,
  or entry 5 for chance (the set-up and every draw);
- then `bits` entries, the action id (or the chance outcome) in binary, least significant bit first.

Rows past the current length are zeros, so different histories give different tensors. No pyspiel here.
"""

from __future__ import annotations

import array

import numpy as np
import numpy.typing as npt

from ra.envs.encoding import SEATS

CHANCE = SEATS  # the actor column (and code) of chance
ACTOR_COLUMNS = SEATS + 1
ID_RANGE = 4096  # a code is actor * ID_RANGE + id


def id_bits(largest: int) -> int:
    """The bits that hold every id up to `largest`."""
    return max(1, int(largest).bit_length())


class History:
    """The codes of the moves so far: one array shared by copies, each copy knowing how much of it is its own."""

    __slots__ = ("codes", "length")

    def __init__(self, codes: array.array[int] | None = None, length: int = 0) -> None:
        """The first `length` codes of `codes` (an empty history by default)."""
        self.codes = array.array("q") if codes is None else codes
        self.length = length

    def copy(self) -> History:
        """A copy sharing the codes (the first of the two to grow keeps the array, the other copies its part)."""
        return History(self.codes, self.length)

    def add(self, actor: int, ident: int) -> None:
        """Append one move (`actor` a seat, or CHANCE) and its action id or chance outcome."""
        codes, length = self.codes, self.length
        if len(codes) != length:  # another copy grew the shared array: take our part
            codes = self.codes = codes[:length]
        codes.append(actor * ID_RANGE + ident)
        self.length = length + 1

    def moves(self) -> list[tuple[int, int]]:
        """(actor, id) of every move so far."""
        return [divmod(code, ID_RANGE) for code in self.codes[: self.length]]

    def __getstate__(self) -> tuple[array.array[int], int]:
        return (self.codes[: self.length], self.length)

    def __setstate__(self, saved: tuple[array.array[int], int]) -> None:
        self.codes, self.length = saved


def write_recall(
    out: npt.NDArray[np.float32], history: History, viewer: int, players: int, bits: int
) -> None:
    """Fill `out` (slots x (ACTOR_COLUMNS + bits)) with `history` as seen by `viewer`; ValueError if it is longer."""
    length = history.length
    if length > out.shape[0]:
        raise ValueError(f"{length} moves do not fit the {out.shape[0]} slots of the recall tensor")
    out.fill(0.0)
    if not length:
        return
    codes = np.frombuffer(history.codes[:length], dtype=np.int64)  # a copy: the shared array may still grow
    actors, ids = np.divmod(codes, ID_RANGE)
    columns = np.where(actors == CHANCE, CHANCE, (actors - viewer) % players)
    rows = np.arange(length)
    out[rows, columns] = 1.0
    out[:length, ACTOR_COLUMNS : ACTOR_COLUMNS + bits] = (ids[:, None] >> np.arange(bits)) & 1


__all__ = ["ACTOR_COLUMNS", "CHANCE", "ID_RANGE", "History", "id_bits", "write_recall"]
