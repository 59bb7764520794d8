"""Where each seat stands now, for the explanations (explain.py): the view's holdings scored by the engine's own rules.

"Now" means "if the epoch were scored at this moment" (docs/rules/ra.md §9.1; in epoch 3 with §9.2). What gaining
tiles would change is scored the same way, on a copy of the holdings with the tiles placed and their disasters
resolved (§7), War and Earthquake destroying what the gainer would choose to lose. Points are netted before the
score floor (§9.3), which depends on scores a viewer may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ra.core.text import Items, Param, Seat, Text, items, t, tn
from ra.games.ra.scoring import RaScoreRow, monument_points, most_fewest, score_epoch
from ra.games.ra.serial import dict_to_counts
from ra.games.ra.tables import (
    CHOSEN_DISASTERS,
    DISASTER_LOSS,
    DISASTER_TARGETS,
    DISASTERS,
    FIRST_DISASTER,
    KIND_INDEX,
    MONUMENTS,
    NUM_KINDS,
    PHARAOH_FEWEST,
    PHARAOH_MOST,
    SUN_DISK_FEWEST,
    SUN_DISK_MOST,
)
from ra.games.ra.view import RaView
from ra.games.ra.words import named_seat, signed

_FAR = 10**9  # a running score no epoch can bring to 0, so that rows show points before the floor


class Table:
    """The view's holdings as the engine's flat list, with the current epoch scored as if it ended now."""

    def __init__(self, view: RaView) -> None:
        """Read the holdings and disks of `view` and score the current epoch on them."""
        self.view = view
        self.n = view["num_players"]
        self.viewer = view["viewer"]
        self.over = view["result"] is not None
        self.final = view["epoch"] == view["epochs"]  # epoch 3 adds monuments and sun disks (§9.2)
        self.held = [c for p in range(self.n) for c in dict_to_counts(view["tiles"][p])]
        self.totals = [sum(d["face_up"]) + sum(d["face_down"]) for d in view["disks"]]  # E22: every held disk
        # The same holdings are scored again and again (every tile's worth nets against "now"): score each once.
        self.scored: dict[tuple[int, ...], list[RaScoreRow]] = {}
        self.rows = self.score(self.held)

    def score(self, held: list[int]) -> list[RaScoreRow]:
        """Each seat's row if the epoch were scored on `held` now."""
        key = tuple(held)
        rows = self.scored.get(key)
        if rows is None:
            rows = self.scored[key] = score_epoch(held, self.n, self.final, self.totals, [_FAR] * self.n, "once")[1]
        return rows

    def now(self, seat: int, category: str) -> int:
        """The points `seat` would score in `category` if the epoch were scored now (0 if it does not score yet)."""
        return self.rows[seat]["categories"].get(category, 0)

    def count(self, seat: int, kind: str) -> int:
        """How many tiles of `kind` `seat` holds."""
        return self.held[seat * NUM_KINDS + KIND_INDEX[kind]]

    def gain(self, seat: int, kinds: Sequence[int]) -> int:
        """How much `seat`'s points this epoch change if it gains the tiles `kinds` now (disasters resolved)."""
        return self.net(seat, self.placed(seat, kinds, lambda held: self.net(seat, held))) - self.net(seat, self.held)

    def monument_gain(self, seat: int, kinds: Sequence[int]) -> int:
        """How much `seat`'s final monument points (§9.2) change if it gains the tiles `kinds` now."""
        held = self.placed(seat, kinds, lambda h: self.monuments(seat, h))
        return self.monuments(seat, held) - self.monuments(seat, self.held)

    def net(self, seat: int, held: list[int]) -> int:
        """`seat`'s net points this epoch on the holdings `held`."""
        return self.score(held)[seat]["net"]

    def monuments(self, seat: int, held: list[int]) -> int:
        """`seat`'s monument points (§9.2) on the holdings `held`."""
        return monument_points([held[seat * NUM_KINDS + k] for k in MONUMENTS])

    def placed(self, seat: int, kinds: Sequence[int], value: Callable[[list[int]], int]) -> list[int]:
        """The holdings after `seat` gains `kinds`: tiles placed first, then each disaster strikes (§7.1, §7.2);
        War and Earthquake take the tiles whose loss leaves `value` highest (the gainer chooses, E6)."""
        held, b = self.held[:], seat * NUM_KINDS
        gained = [0] * len(DISASTERS)
        for kind in kinds:
            if kind >= FIRST_DISASTER:
                gained[kind - FIRST_DISASTER] += 1
            else:
                held[b + kind] += 1
        for disaster, count in zip(DISASTERS, gained, strict=True):
            left = DISASTER_LOSS * count
            targets = DISASTER_TARGETS[disaster]
            if not left:
                continue
            if disaster not in CHOSEN_DISASTERS:  # Funeral, Drought: in the table's order (floods first)
                for kind in targets:
                    lost = min(left, held[b + kind])
                    held[b + kind] -= lost
                    left -= lost
                continue
            counts = [held[b + k] for k in targets]
            best, best_value = held, None
            for losses in _losses(counts, min(left, sum(counts))):
                option = held[:]
                for kind, lost in zip(targets, losses, strict=True):
                    option[b + kind] -= lost
                worth = value(option)
                if best_value is None or worth > best_value:
                    best, best_value = option, worth
            held = best
        return held

    def lot_value(self) -> list[int] | None:
        """Per seat, the change of its points this epoch if it took the auction track now; None without a lot."""
        lot = [KIND_INDEX[k] for k in self.view["auction_track"]]
        if not lot or self.over:
            return None
        return [self.gain(p, lot) for p in range(self.n)]

    def name(self, seat: int) -> Seat:
        """A seat, named as the view names it."""
        return named_seat(seat, str(self.view["names"][seat]))

    def names(self, seats: Sequence[int]) -> Items:
        """Several seats: 'Ana and Ben'."""
        return items([self.name(p) for p in seats])

    def each(self, values: Sequence[int | str]) -> Items:
        """Per seat: 'Ana 3, Ben 4 and Cleo 0'."""
        return items([t("{player} {value}", player=self.name(p), value=v) for p, v in enumerate(values)])


def _losses(counts: list[int], left: int) -> Iterator[tuple[int, ...]]:
    """Every way to take exactly `left` tiles from piles of `counts` tiles (one loss count per pile)."""
    if not counts:
        if left == 0:
            yield ()
        return
    for lost in range(min(counts[0], left) + 1):
        for rest in _losses(counts[1:], left - lost):
            yield (lost, *rest)


def pharaoh_standing(table: Table) -> Text:
    """Every seat's pharaohs and who would score +5 or -2 now; for a seat, what one or more pharaohs would give."""
    values = [table.count(p, "pharaoh") for p in range(table.n)]
    points = most_fewest(values, PHARAOH_MOST, PHARAOH_FEWEST)
    if table.viewer is None:
        return t("{holdings}: {scores} this epoch", holdings=table.each(values), scores=_who_scores(table, points))
    me = table.viewer
    mine, others = values[me], [v for p, v in enumerate(values) if p != me]
    top = max(others)
    tops = table.names([p for p, v in enumerate(values) if v == top and p != me])
    now = signed(points[me])
    if mine > top:
        return t(
            "You have {mine}, the most of the others is {top} ({players}): {now} this epoch",
            mine=mine,
            top=top,
            players=tops,
            now=now,
        )
    if mine == top:
        return t("You have {mine}, as many as {players}: {now} this epoch", mine=mine, players=tops, now=now)
    need = top - mine
    value = most_fewest([top if p == me else v for p, v in enumerate(values)], PHARAOH_MOST, PHARAOH_FEWEST)[me]
    if value >= PHARAOH_MOST:
        return tn(
            "You have {mine}, the most is {top} ({players}) — one more ties for {value} this epoch; now {now}",
            "You have {mine}, the most is {top} ({players}) — {n} more tie for {value} this epoch; now {now}",
            need,
            mine=mine,
            top=top,
            players=tops,
            value=signed(value),
            now=now,
        )
    # A tie with everyone scores nothing (E13): say what passing the most gives.
    value = most_fewest([top + 1 if p == me else v for p, v in enumerate(values)], PHARAOH_MOST, PHARAOH_FEWEST)[me]
    return tn(
        "You have {mine}, the most is {top} ({players}) — one more gives {value} this epoch; now {now}",
        "You have {mine}, the most is {top} ({players}) — {n} more give {value} this epoch; now {now}",
        need + 1,
        mine=mine,
        top=top,
        players=tops,
        value=signed(value),
        now=now,
    )


def disk_standing(table: Table) -> Text:
    """Every seat's sun disk total and who would score +5 or -5 at the end as things stand (§9.2, E22)."""
    points = most_fewest(table.totals, SUN_DISK_MOST, SUN_DISK_FEWEST)
    if table.viewer is None:
        return t(
            "Totals now: {totals}: {scores} at the end as things stand",
            totals=table.each(table.totals),
            scores=_who_scores(table, points),
        )
    me = table.viewer
    others = [total for p, total in enumerate(table.totals) if p != me]
    high, low = max(others), min(others)
    highs = table.names([p for p, total in enumerate(table.totals) if total == high and p != me])
    lows = table.names([p for p, total in enumerate(table.totals) if total == low and p != me])
    values: dict[str, Param] = {"total": table.totals[me], "points": signed(points[me])}
    if high == low and len(others) == 1:
        return t(
            "Your disks total {total}, {player}'s {high}: {points} at the end as things stand",
            **values,
            player=highs,
            high=high,
        )
    if high == low:
        return t(
            "Your disks total {total}, the others' {high} each: {points} at the end as things stand",
            **values,
            high=high,
        )
    return t(
        "Your disks total {total}, the others' highest {high} ({highs}), their lowest {low} ({lows}): {points} at the "
        "end as things stand",
        **values,
        high=high,
        highs=highs,
        low=low,
        lows=lows,
    )


def _who_scores(table: Table, points: list[int]) -> Text:
    """'Khufu would score +5, Tiye -2' or 'nobody would score'."""
    tops = [p for p in range(table.n) if points[p] > 0]
    bottoms = [p for p in range(table.n) if points[p] < 0]
    if tops and bottoms:
        return t(
            "{top} would score {plus}, {bottom} {minus}",
            top=table.names(tops),
            plus=signed(points[tops[0]]),
            bottom=table.names(bottoms),
            minus=signed(points[bottoms[0]]),
        )
    if tops or bottoms:
        seats = tops or bottoms
        return t("{players} would score {points}", players=table.names(seats), points=signed(points[seats[0]]))
    return t("nobody would score")
