"""Perfect recall for OpenSpiel's information-state tensor: the whole public history, one slot per move.

In both games every decision and every draw is public (only the order of what is still undrawn is hidden), so a
seat's information state with perfect recall is its own observation (what it privately knows: in Ra its score
while R3 hides the others') plus the history of every move and chance outcome. `History` keeps that history as
codes, shared between copies of a state until one of them grows it; `write_recall` lays it out as a fixed-size
float32 array of `slots` rows (docs/OBSERVATIONS.md, "The information-state tensor"):

- entries 0-5, the actor: the mover's seat relative to the observing seat (0 = itself, then clockwise), one-hot,
  or entry 5 for chance (the set-up and every draw);
- then `bits` entries, the action id (or the chance outcome) in binary, least significant bit first.

Rows past the current length are zeros, so different histories give different tensors.

`write_compact` is the compact alternative (OpenSpiel game parameter `infostate="compact"`): a fixed-size summary
of the history, a few hundred to two thousand entries instead of a thousand rows, which is no longer perfect recall:

- `scores`: every seat's score (relative seats, / 100). In Ra with hidden scores (R3) the view shows only one's own,
  but every scoring is worked out from public tiles and disks, so a seat that remembers the game knows them all;
- `counts`: per relative seat, how often it has played each action id, as log2(1 + n) / log2(1 + max length);
- `recent`: the last `RECENT` moves and chance outcomes in the rows above, the most recent first;
- `length`: moves and chance outcomes so far / the game's maximum length.

No pyspiel here.
"""

from __future__ import annotations

import array

import numpy as np
import numpy.typing as npt

from ra.envs.encoding import SCORE_SCALE, SEATS

CHANCE = SEATS  # the actor column (and code) of chance
ACTOR_COLUMNS = SEATS + 1
ID_RANGE = 4096  # a code is actor * ID_RANGE + id
RECENT = 32  # moves the compact summary keeps in full: an epoch's last auction and its draws, a turn of reveals
INFOSTATES = ("full", "compact")  # the information-state tensor: every move (perfect recall) or the summary


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


def _codes(history: History) -> npt.NDArray[np.int64]:
    """The history's codes as an array (a copy: the shared array may still grow)."""
    return np.frombuffer(history.codes[: history.length], dtype=np.int64)


def _write_rows(out: npt.NDArray[np.float32], codes: npt.NDArray[np.int64], viewer: int, players: int) -> None:
    """Fill the first len(codes) rows of `out`: the actor relative to `viewer` (or chance), then the id in binary."""
    length = len(codes)
    if not length:
        return
    bits = out.shape[1] - ACTOR_COLUMNS
    actors, ids = np.divmod(codes, ID_RANGE)
    columns = np.where(actors == CHANCE, CHANCE, (actors - viewer) % players)
    out[np.arange(length), columns] = 1.0
    out[:length, ACTOR_COLUMNS:] = (ids[:, None] >> np.arange(bits)) & 1


def write_recall(
    out: npt.NDArray[np.float32], history: History, viewer: int, players: int, bits: int
) -> None:
    """Fill `out` (slots x (ACTOR_COLUMNS + bits)) with `history` as seen by `viewer`; ValueError if it is longer."""
    length = history.length
    if length > out.shape[0]:
        raise ValueError(f"{length} moves do not fit the {out.shape[0]} slots of the recall tensor")
    if out.shape[1] != ACTOR_COLUMNS + bits:
        raise ValueError(f"history rows of {out.shape[1]} entries do not hold {bits}-bit ids")
    out.fill(0.0)
    _write_rows(out, _codes(history), viewer, players)


def compact_shapes(num_actions: int, bits: int) -> dict[str, tuple[int, ...]]:
    """The parts of the compact summary, in order, and their shapes (`write_compact`)."""
    return {
        "scores": (SEATS,),
        "counts": (SEATS, num_actions),
        "recent": (RECENT, ACTOR_COLUMNS + bits),
        "length": (1,),
    }


def write_compact(
    parts: dict[str, npt.NDArray[np.float32]],
    history: History,
    viewer: int,
    players: int,
    scores: list[int] | None,
    max_length: int,
) -> None:
    """Fill the parts of `compact_shapes` with the summary of `history` as seen by `viewer`.

    `scores` are every seat's scores in seat order (None before the game is set up).
    """
    codes = _codes(history)
    score_part = parts["scores"]
    score_part.fill(0.0)
    if scores is not None:
        for seat, score in enumerate(scores):
            score_part[(seat - viewer) % players] = score / SCORE_SCALE
    counts = parts["counts"]
    num_actions = counts.shape[1]
    actors, ids = np.divmod(codes, ID_RANGE)
    decided = actors != CHANCE
    cells = ((actors[decided] - viewer) % players) * num_actions + ids[decided]
    tally = np.bincount(cells, minlength=counts.size).reshape(counts.shape)
    counts[:] = np.log2(1.0 + tally) / np.log2(1.0 + max_length)
    recent = parts["recent"]
    recent.fill(0.0)
    _write_rows(recent, codes[::-1][: recent.shape[0]], viewer, players)
    parts["length"][0] = len(codes) / max_length


__all__ = [
    "ACTOR_COLUMNS",
    "CHANCE",
    "ID_RANGE",
    "INFOSTATES",
    "RECENT",
    "History",
    "compact_shapes",
    "id_bits",
    "write_compact",
    "write_recall",
]
