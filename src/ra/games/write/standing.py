"""Where each seat stands now, for the explanations (explain.py): the view's sheets scored by the engine's own rules.

"Now" means "if the current Kingdom were scored at this moment" (docs/rules/ra-and-write.md §5); what an entry
would change is scored the same way, on a copy of the sheets with the entry made.
"""

from __future__ import annotations

from collections.abc import Callable

from ra.games.write.fromview import sheet_block
from ra.games.write.scoring import NUM_SECTIONS, majority_points, score_kingdom
from ra.games.write.sheet import SHEET_WIDTH
from ra.games.write.tables import KINGDOMS, SECTIONS
from ra.games.write.view import WriteView
from ra.games.write.words import joined, kingdom_title, signed


class Table:
    """The view's scoresheets as the engine's flat list, with the current Kingdom scored as if it ended now."""

    def __init__(self, view: WriteView) -> None:
        """Read the sheets of `view` and score the current Kingdom on a copy."""
        self.view = view
        self.n = view["num_players"]
        self.viewer = view["viewer"]
        self.sheets = [x for sheet in view["sheets"] for x in sheet_block(sheet, None, None)]
        self.k = KINGDOMS.index(view["kingdom"])
        self.kingdom = kingdom_title(view["kingdom"])
        self.over = view["result"] is not None
        self.scorings_left = len(KINGDOMS) - view["ra"]["kingdoms_scored"]
        self.limit = self.k if view["options"]["kingdom_limited"] else -1  # the kingdom-limited variant (§2)
        self.counts, self.points = score_kingdom(self.sheets[:], self.n, self.k)

    def count(self, seat: int, section: str) -> int:
        """What counts in `section` for `seat` if the current Kingdom were scored now."""
        return self.counts[seat * NUM_SECTIONS + SECTIONS.index(section)]

    def now(self, seat: int, section: str) -> int:
        """The points `seat` would score in `section` if the current Kingdom were scored now."""
        return self.points[seat * NUM_SECTIONS + SECTIONS.index(section)]

    def if_entered(self, seat: int, section: str, entry: Callable[[list[int], int], object]) -> int:
        """The points `seat` would score now in `section` after `entry(s, block)` on a copy of the sheets."""
        s = self.sheets[:]
        entry(s, seat * SHEET_WIDTH)
        return score_kingdom(s, self.n, self.k)[1][seat * NUM_SECTIONS + SECTIONS.index(section)]

    def at_scorings_left(self) -> str:
        """'at each of the 3 scorings left', 'at the last scoring': how often an entry made now still pays."""
        left = self.scorings_left
        return f"at each of the {left} scorings left" if left > 1 else "at the last scoring"

    def name(self, seat: int) -> str:
        """A seat's name."""
        return str(self.view["names"][seat])

    def each(self, values: list[int] | list[str]) -> str:
        """Per seat: 'Ana 3, Ben 4 and Cleo 0'."""
        return joined([f"{self.name(p)} {v}" for p, v in enumerate(values)])


def majority_standing(table: Table, section: str, reach: int) -> str:
    """Gods or Pharaohs (§5): every seat's count and who would score ±5 now; for a seat, what a tie would be worth.

    `reach` is how much more the viewer can still add this Kingdom, so that a tie out of reach is called so.
    """
    values = [table.count(p, section) for p in range(table.n)]
    if table.viewer is None:
        leaders = [table.name(p) for p in range(table.n) if table.now(p, section) > 0]
        trailers = [table.name(p) for p in range(table.n) if table.now(p, section) < 0]
        lead = f"{joined(leaders)} would score +5" if leaders else "nobody would score"
        trail = f", {joined(trailers)} -5" if trailers else ""
        return f"{table.each(values)}: {lead}{trail} this Kingdom"
    me = table.viewer
    mine, others = values[me], [v for p, v in enumerate(values) if p != me]
    top = max(others)
    tops = joined([table.name(p) for p, v in enumerate(values) if v == top and p != me])
    now = signed(table.now(me, section))
    if mine > top:
        return f"you have {mine}, the most of the others is {top} ({tops}): {now} this Kingdom"
    if mine == top:
        return f"you have {mine}, as many as {tops}: {now} this Kingdom"
    need = top - mine
    value = majority_points([top if p == me else v for p, v in enumerate(values)])[me]
    verb = "ties" if need == 1 else "tie"
    if value <= table.now(me, section):  # a tie with everyone scores nothing (§5): say what passing the most gives
        need += 1
        value = majority_points([top + 1 if p == me else v for p, v in enumerate(values)])[me]
        verb = "gives" if need == 1 else "give"
    more = "one more" if need == 1 else f"{need} more"
    if need > reach:
        hint = f"{more} would be needed, out of reach this Kingdom"
    else:
        hint = f"{more} {verb} {'for ' if verb.startswith('tie') else ''}{signed(value)} this Kingdom"
    return f"you have {mine}, the most is {top} ({tops}) — {hint}; now {now}"
