"""Where each seat stands now, for the explanations (explain.py): the view's sheets scored by the engine's own rules.

"Now" means "if the current Kingdom were scored at this moment" (docs/rules/ra-and-write.md §5); what an entry
would change is scored the same way, on a copy of the sheets with the entry made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ra.core.text import Items, Param, Seat, Text, items, t, tn
from ra.games.write.fromview import sheet_block
from ra.games.write.scoring import NUM_SECTIONS, majority_points, score_kingdom
from ra.games.write.sheet import SHEET_WIDTH
from ra.games.write.tables import KINGDOMS, SECTIONS
from ra.games.write.view import WriteView
from ra.games.write.words import IN_KINGDOM, seat, signed


class Table:
    """The view's scoresheets as the engine's flat list, with the current Kingdom scored as if it ended now."""

    def __init__(self, view: WriteView) -> None:
        """Read the sheets of `view` and score the current Kingdom on a copy."""
        self.view = view
        self.n = view["num_players"]
        self.viewer = view["viewer"]
        self.sheets = [x for sheet in view["sheets"] for x in sheet_block(sheet, None, None)]
        self.k = KINGDOMS.index(view["kingdom"])
        self.kingdom = view["kingdom"]  # its key ("old"): the words say it in the form each sentence needs
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

    def at_scorings_left(self) -> Text:
        """'at each of the 3 scorings left', 'at the last scoring': how often an entry made now still pays."""
        left = self.scorings_left
        return t("at each of the {count} scorings left", count=left) if left > 1 else t("at the last scoring")

    def name(self, index: int) -> Seat:
        """A seat, with its name."""
        return seat(self.view, index)

    def each(self, values: Sequence[Param]) -> Items:
        """Per seat: 'Ana 3, Ben 4 and Cleo 0'."""
        return items([t("{player} {value}", player=self.name(p), value=v) for p, v in enumerate(values)])


def majority_standing(table: Table, section: str, reach: int) -> Text:
    """Gods or Pharaohs (§5): every seat's count and who would score ±5 now; for a seat, what a tie would be worth.

    `reach` is how much more the viewer can still add this Kingdom, so that a tie out of reach is called so. For a
    seat, Gods speak of the current Kingdom ("In the Old Kingdom you have 17, …"), Pharaohs of the row ("You have 3").
    """
    values = [table.count(p, section) for p in range(table.n)]
    if table.viewer is None:
        each = table.each(values)
        leaders = items([table.name(p) for p in range(table.n) if table.now(p, section) > 0])
        trailers = items([table.name(p) for p in range(table.n) if table.now(p, section) < 0])
        if leaders.items and trailers.items:
            return t("{each}: {leaders} would score +5, {trailers} -5 this Kingdom", each=each, leaders=leaders,
                     trailers=trailers)
        if leaders.items:
            return t("{each}: {leaders} would score +5 this Kingdom", each=each, leaders=leaders)
        if trailers.items:
            return t("{each}: nobody would score, {trailers} -5 this Kingdom", each=each, trailers=trailers)
        return t("{each}: nobody would score this Kingdom", each=each)
    me = table.viewer
    mine, others = values[me], [v for p, v in enumerate(values) if p != me]
    top = max(others)
    said: dict[str, Param] = {
        "mine": mine,
        "top": top,
        "tops": items([table.name(p) for p, v in enumerate(values) if v == top and p != me]),
        "now": signed(table.now(me, section)),
    }
    gods = section == "gods"
    if gods:
        said["kingdom"] = IN_KINGDOM[table.kingdom]
    if mine > top:
        if gods:
            return t("In the {kingdom} you have {mine}, the most of the others is {top} ({tops}): {now} this Kingdom",
                     **said)
        return t("You have {mine}, the most of the others is {top} ({tops}): {now} this Kingdom", **said)
    if mine == top:
        if gods:
            return t("In the {kingdom} you have {mine}, as many as {tops}: {now} this Kingdom", **said)
        return t("You have {mine}, as many as {tops}: {now} this Kingdom", **said)
    need = top - mine
    value = majority_points([top if p == me else v for p, v in enumerate(values)])[me]
    ties = True
    if value <= table.now(me, section):  # a tie with everyone scores nothing (§5): say what passing the most gives
        need += 1
        value = majority_points([top + 1 if p == me else v for p, v in enumerate(values)])[me]
        ties = False
    said["value"] = signed(value)
    if need > reach:
        if gods:
            return tn("In the {kingdom} you have {mine}, the most is {top} ({tops}) — one more would be needed, out "
                      "of reach this Kingdom; now {now}",
                      "In the {kingdom} you have {mine}, the most is {top} ({tops}) — {n} more would be needed, out "
                      "of reach this Kingdom; now {now}", need, **said)
        return tn("You have {mine}, the most is {top} ({tops}) — one more would be needed, out of reach this "
                  "Kingdom; now {now}",
                  "You have {mine}, the most is {top} ({tops}) — {n} more would be needed, out of reach this "
                  "Kingdom; now {now}", need, **said)
    if ties:
        if gods:
            return tn("In the {kingdom} you have {mine}, the most is {top} ({tops}) — one more ties for {value} "
                      "this Kingdom; now {now}",
                      "In the {kingdom} you have {mine}, the most is {top} ({tops}) — {n} more tie for {value} "
                      "this Kingdom; now {now}", need, **said)
        return tn("You have {mine}, the most is {top} ({tops}) — one more ties for {value} this Kingdom; now {now}",
                  "You have {mine}, the most is {top} ({tops}) — {n} more tie for {value} this Kingdom; now {now}",
                  need, **said)
    if gods:
        return tn("In the {kingdom} you have {mine}, the most is {top} ({tops}) — one more gives {value} this "
                  "Kingdom; now {now}",
                  "In the {kingdom} you have {mine}, the most is {top} ({tops}) — {n} more give {value} this "
                  "Kingdom; now {now}", need, **said)
    return tn("You have {mine}, the most is {top} ({tops}) — one more gives {value} this Kingdom; now {now}",
              "You have {mine}, the most is {top} ({tops}) — {n} more give {value} this Kingdom; now {now}",
              need, **said)
