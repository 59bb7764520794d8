"""Which seats have a table page open in this process: a person watching their table needs no mail."""

from __future__ import annotations

from collections import Counter


class Presence:
    """Open seat connections of this process, counted per (table, seat)."""

    def __init__(self) -> None:
        self.open: Counter[tuple[str, int]] = Counter()

    def enter(self, table_id: str, seat: int) -> None:
        """A connection of the seat opened."""
        self.open[(table_id, seat)] += 1

    def leave(self, table_id: str, seat: int) -> None:
        """It closed."""
        key = (table_id, seat)
        self.open[key] -= 1
        if self.open[key] <= 0:
            del self.open[key]

    def present(self, table_id: str, seat: int) -> bool:
        """True while a connection of the seat is open here."""
        return self.open.get((table_id, seat), 0) > 0
