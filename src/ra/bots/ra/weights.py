"""The weights of Ra's static evaluation (`ra.bots.ra.evaluation`): points per unit of each term of `seat_terms`.

`CLASSIC` holds the hand-set numbers the evaluation was born with (the clairvoyant yardstick in research/ keeps them),
`LEARNED` those fitted to self-play (`learned_weights`, written by tools/train_ra_evaluation.py), and `DEFAULT` is
what the search bot uses.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property

from ra.bots.ra.learned_weights import WEIGHTS


@dataclass(frozen=True)
class Weights:
    """Points per unit of each term of `seat_terms`, in the order of `TERMS` (the field names)."""

    god: float  # gods held (§9.1: 2 each)
    gold: float  # gold held (§9.1: 3 each)
    pharaoh_now: float  # soft +5 most / -2 fewest pharaohs this epoch
    pharaoh_later: float  # the same, times epochs still to come (pharaohs are kept)
    river_now: float  # Nile and floods this epoch (Nile by P(flood) while no flood is held)
    nile_later: float  # Nile tiles times epochs still to come
    civilization: float  # the civilization table, interpolated with the types still likely
    monuments: float  # §9.2 monument points of the tiles held
    monument_promise: float  # partial monument sets' promise, times the game still to play
    lots: float  # non-Ra tiles the face-up disks can still buy this epoch
    disk_future: float  # disk total times epochs still to come (bidding power)
    disk_rank: float  # soft highest-minus-lowest disk total (§9.2: ±5)
    god_open: float  # gods times the epoch still open (a god can still take a tile)
    disk_power: float  # face-up disk values times the epoch still open
    pharaoh_lead: float  # pharaohs above the others' mean, times epochs still to come
    monument_tiles: float  # monument tiles held, times the game still to play
    level: float  # the game still to play (the same for every seat: points everyone still gains)

    @cached_property
    def vector(self) -> tuple[float, ...]:
        """The weights in the order of `TERMS` (computed once: the search reads it per leaf)."""
        return tuple(getattr(self, name) for name in TERMS)


TERMS: tuple[str, ...] = tuple(f.name for f in fields(Weights))

# The hand-set numbers of the first evaluation (research/clairvoyant.py's yardstick): never change them.
CLASSIC = Weights(
    god=2.0,
    gold=3.0,
    pharaoh_now=1.0,
    pharaoh_later=0.55,
    river_now=1.0,
    nile_later=0.5,
    civilization=1.0,
    monuments=1.0,
    monument_promise=1.0,
    lots=1.25,
    disk_future=0.12,
    disk_rank=5.0,
    god_open=0.0,
    disk_power=0.0,
    pharaoh_lead=0.0,
    monument_tiles=0.0,
    level=0.0,
)
LEARNED = Weights(**WEIGHTS)  # fitted to self-play by tools/train_ra_evaluation.py
# The search bot's without `learned`; `hard` asks for LEARNED at 3+ seats (docs/research/strength.md, ninth round).
DEFAULT = CLASSIC
