"""`greedy` for Ra: values lots, gods and disaster losses in points from its seat's view.

Rules: docs/rules/ra.md §3–§9.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from ra.bots.base import legal_ids, seat_of
from ra.bots.ra.valuation import (
    Context,
    Holding,
    cheapest_loss,
    context_of,
    disk_unit_value,
    gains,
    holdings,
    relative_gain,
)
from ra.games.ra import RaLegalAction, RaView


class RaGreedyBot:
    """Heuristic Ra player: bids the cheapest disk that wins a lot worth it, invokes Ra when the lot is ripe."""

    name = "greedy"

    def __init__(self, seed: int = 0, epsilon: float = 0.0, invoke_target: float = 6.0) -> None:
        self.rng = random.Random(seed)
        self.epsilon = epsilon
        self.invoke_target = invoke_target

    def choose(self, view: Mapping[str, Any]) -> int:
        """The action this heuristic prefers in `view` (its own seat's view of a Ra game)."""
        ids = legal_ids(view)
        if len(ids) == 1:
            return ids[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(ids)
        ra_view = cast(RaView, view)  # the Bot protocol takes any game's view; this bot is only given Ra's
        entries = list(ra_view["legal_actions"])
        phase = ra_view["phase"]
        if phase == "auction":
            return self._bid(ra_view, entries)
        if phase == "disaster":
            return self._lose(ra_view, entries)
        return self._turn(ra_view, entries)

    # --- auctions ---------------------------------------------------------------------------------------------

    def _bid(self, view: RaView, entries: list[RaLegalAction]) -> int:
        me = seat_of(view)
        ctx = context_of(view)
        held = holdings(view)
        lot = list(view["auction_track"])
        central = view["central_disk"]
        bids = {e["disk"]: e["id"] for e in entries if e["kind"] == "bid"}
        pass_id = next((e["id"] for e in entries if e["kind"] == "pass"), None)
        if not bids:
            return pass_id if pass_id is not None else entries[0]["id"]
        if pass_id is None:  # forced bid (§5): the cheapest disk
            return bids[min(bids)]
        worth = lot_worth(held, me, lot, ctx) - opportunity_cost(view, me, ctx)
        later = later_bidders(view, me)
        best_id, best_ev = pass_id, 0.0
        for disk, action in sorted(bids.items()):
            p_win = 1.0
            for seat in later:
                if max(view["disks"][seat]["face_up"], default=0) > disk:
                    p_win *= 1.0 - outbid_chance(view, held, seat, lot, ctx)
            ev = p_win * (worth + (central - disk) * disk_unit_value(ctx))
            if ev > best_ev + 1e-9:
                best_id, best_ev = action, ev
        return best_id

    # --- turns ------------------------------------------------------------------------------------------------

    def _turn(self, view: RaView, entries: list[RaLegalAction]) -> int:
        me = seat_of(view)
        ctx = context_of(view)
        held = holdings(view)
        lot = list(view["auction_track"])
        by_kind: dict[str, int] = {}
        for e in entries:
            by_kind.setdefault(e["kind"], e["id"])
        god_keep = 2.0 + 1.2 * (1.0 - ctx.progress)
        best_god: tuple[float, int] | None = None
        for e in entries:
            if e["kind"] == "god":
                value = relative_gain(held, me, me, [e["tile"]], ctx)
                if best_god is None or value > best_god[0]:
                    best_god = (value, e["id"])
        if best_god is not None and best_god[0] - god_keep >= 1.0:
            return best_god[1]
        if "done" in by_kind:
            return by_kind["done"]
        if "invoke" not in by_kind:
            return by_kind.get("draw", entries[0]["id"])
        if "draw" not in by_kind:
            return by_kind["invoke"]
        up = view["disks"][me]["face_up"]
        if not up:
            return by_kind["draw"]
        central = view["central_disk"]
        worth = lot_worth(held, me, lot, ctx) - opportunity_cost(view, me, ctx)
        worth += (central - min(up)) * disk_unit_value(ctx)
        others_active = [p for p in range(ctx.players) if p != me and view["disks"][p]["face_up"]]
        if others_active:
            p_keep = 1.0
            for seat in others_active:
                if max(view["disks"][seat]["face_up"]) > max(up):
                    p_keep *= 1.0 - outbid_chance(view, held, seat, lot, ctx)
            worth *= p_keep
        track = view["ra_track"]
        ra_left = track["length"] - track["filled"]
        p_ra = ctx.bag.get("ra", 0) / max(1, view["bag_total"] or sum(ctx.bag.values()))
        p_end = p_ra if ra_left <= 1 else 0.0
        target = self.invoke_target * (1.0 - min(0.8, 3.0 * p_end)) - 0.4 * max(0, len(lot) - 4)
        if not others_active:
            target = max(target, 3.0) if p_end < 0.2 else 1.0
        if worth >= target:
            return by_kind["invoke"]
        return by_kind["draw"]

    # --- disasters --------------------------------------------------------------------------------------------

    def _lose(self, view: RaView, entries: list[RaLegalAction]) -> int:
        me = seat_of(view)
        ctx = context_of(view)
        held = holdings(view)[me]
        kinds = [e["tile"] for e in entries if e["kind"] == "lose"]
        choice = cheapest_loss(held, kinds, ctx)
        for e in entries:
            if e["kind"] == "lose" and e["tile"] == choice:
                return e["id"]
        return entries[0]["id"]


def lot_worth(held: Sequence[Holding], me: int, lot: Sequence[str], ctx: Context) -> float:
    """What winning `lot` is worth to `me`: my relative gain plus part of what it would give an opponent."""
    if not lot:
        return 0.0
    mine = relative_gain(held, me, me, lot, ctx)
    denial = 0.0
    others = [p for p in range(len(held)) if p != me]
    for other in others:
        denial = max(denial, gains(held, other, lot, ctx)[other])
    return mine + 0.5 * denial / max(1, len(others))


def opportunity_cost(view: RaView, me: int, ctx: Context) -> float:
    """Points a face-up disk is expected to earn later this epoch if kept (low when disks will go unused)."""
    disks = view["disks"]
    mine = len(disks[me]["face_up"])
    if mine == 0:
        return 0.0
    total = sum(len(d["face_up"]) for d in disks)
    track = view["ra_track"]
    ra_left = track["length"] - track["filled"]
    auctions = min(float(total), 1.7 * max(0, ra_left - 1) + 0.5)
    uses = auctions * mine / max(1, total)
    busy = min(1.0, uses / mine)
    average_lot = 4.0 + (1.0 if ctx.players <= 3 else 0.0)
    return float(average_lot * busy * (0.6 if mine > 1 else 1.0))


def later_bidders(view: RaView, me: int) -> list[int]:
    """Seats that still bid after `me` in this auction (up to and including the Ra player)."""
    auction = view["auction"]
    ra_player = auction["ra_player"] if auction is not None else me
    players = view["num_players"]
    seats: list[int] = []
    seat = me
    while seat != ra_player:
        seat = (seat + 1) % players
        if seat != me and view["disks"][seat]["face_up"]:
            seats.append(seat)
    return seats


def outbid_chance(view: RaView, held: Sequence[Holding], seat: int, lot: Sequence[str], ctx: Context) -> float:
    """A guess of how likely `seat` bids over us: high when the lot is worth much to it."""
    worth = relative_gain(held, seat, seat, lot, ctx) + (view["central_disk"] - 5) * disk_unit_value(ctx)
    x = (float(worth) - 3.0) / 1.5
    return 0.85 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
