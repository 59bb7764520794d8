"""Sun disk tuples, interned (docs/rules/ra.md §2, §5.3-§5.4, §8.2.3): one tuple object per set of disks.

The engine builds a seat's face-up and face-down disks only from these tables (a sale takes the disks left from
`WITHOUT` and the face-down ones with the central disk from `WITH`, no new tuple each time), so the lookups keyed
by them (`AUCTION_ROWS`, `WITHOUT`, `WITH`) find their key by identity instead of comparing tuples element by
element. Any equal tuple still finds the same entries; interning only saves time. Disks come from a few fixed
groups, so few tuples ever occur.
"""

from __future__ import annotations

from ra.games.ra.tables import MAX_DISK

DiskSet = tuple[int, ...]

DISK_SETS: dict[DiskSet, DiskSet] = {}  # each set of disks (high to low) to its one shared tuple
# §5.4: the disks left (interned) once disk d is sold, by d; () for a disk not in the set.
WITHOUT: dict[DiskSet, tuple[DiskSet, ...]] = {}
# §5.3: the disks (interned) once disk d joins them face down, kept high to low, by d.
WITH: dict[DiskSet, tuple[DiskSet, ...]] = {}
_BOUND = 50_000  # a bound for pathological callers; real games stay far below it


def interned(disks: DiskSet) -> DiskSet:
    """The shared tuple equal to `disks` (high to low), made `disks` itself on first sight."""
    shared = DISK_SETS.get(disks)
    if shared is None:
        if len(DISK_SETS) > _BOUND:
            DISK_SETS.clear()
            WITHOUT.clear()
            WITH.clear()
        shared = DISK_SETS[disks] = disks
    return shared


def without(disks: DiskSet) -> tuple[DiskSet, ...]:
    """Fill and return `WITHOUT[disks]`: by disk number, the interned disks left after selling that one."""
    disks = interned(disks)
    left: list[DiskSet] = [()] * (MAX_DISK + 1)
    for d in disks:
        left[d] = interned(tuple(x for x in disks if x != d))
    WITHOUT[disks] = table = tuple(left)
    return table


def with_disk(disks: DiskSet) -> tuple[DiskSet, ...]:
    """Fill and return `WITH[disks]`: by disk number, the interned disks with that one added, high to low."""
    disks = interned(disks)
    WITH[disks] = table = tuple(interned(tuple(sorted((*disks, d), reverse=True))) for d in range(MAX_DISK + 1))
    return table
