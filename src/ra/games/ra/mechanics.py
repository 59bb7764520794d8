"""The rules machinery of Ra (docs/rules/ra.md §3-§8): turns, auctions, gods, disasters and the end of an epoch.

`RaRules` holds the state's fields (the one field list, fields.FIELDS) and the rules that move it from one decision
to the next; `ra.games.ra.state.State` adds the public protocol on top. Nothing here checks legality.
"""

from __future__ import annotations

from collections.abc import Sequence

from ra.games.ra.disks import WITH, WITHOUT, interned, with_disk, without
from ra.games.ra.fields import FIELDS, STORED, SharedScores
from ra.games.ra.options import Options
from ra.games.ra.phases import AUCTION, DISASTER, GODS, INVOKED_FULL, NO_AUCTION, OVER, TURN
from ra.games.ra.tables import (
    CHOSEN_DISASTERS,
    DISASTER_LOSS,
    DISASTER_TARGETS,
    DISASTERS,
    DISCARDED_AT_EPOCH_END,
    EPOCHS,
    FIRST_DISASTER,
    GOD,
    MAX_PLAYERS,
    NUM_KINDS,
    RA,
    WAR,
)

NO_PENDING = (0, 0, 0, 0)  # disasters gained while spending gods, not yet resolved, counted in DISASTERS order
# A pass as an entry of auc_bids, shared so the hot path builds no tuple.
_PASSED: tuple[tuple[tuple[int, int]], ...] = tuple(((p, 0),) for p in range(MAX_PLAYERS))
# §3, §5: the seat on a seat's left, by player count then seat (one lookup instead of an add, a test and a branch).
LEFT_OF: tuple[tuple[int, ...], ...] = tuple(tuple((p + 1) % n for p in range(n)) for n in range(MAX_PLAYERS + 1))
# §8.2.4: per player count, the (held index, kind) of every tile discarded at an epoch end, as one flat loop.
_DISCARDED_SLOTS: dict[int, tuple[tuple[int, int], ...]] = {
    n: tuple((b + k, k) for b in range(0, n * NUM_KINDS, NUM_KINDS) for k in DISCARDED_AT_EPOCH_END)
    for n in range(1, MAX_PLAYERS + 1)
}


class RaRules(SharedScores):
    """The fields of a Ra state and the rules that move it between decisions."""

    __slots__ = tuple(name for name in FIELDS if name not in STORED)
    num_players: int
    options: Options
    seed: int | None  # None when the bag does not follow a seed (explicit order, stacked or reshuffled bag)
    order: tuple[str, ...] | None  # draw order given at setup (a prefix) or, once stacked or reshuffled, all of it
    ra_len: int  # Ra tiles per epoch (§2)
    # bag: list[int], drawn from the end, and history: list[Move] are properties of SharedStores
    track: list[int]  # the auction track, at most 8 tiles (order carries no meaning, §6)
    ra_filled: int  # Ra tiles on the Ra track this epoch (§4)
    central: int  # the central sun disk
    up: list[tuple[int, ...]]  # face-up disks per seat, high to low (tuples are replaced, never changed)
    down: list[tuple[int, ...]]  # face-down disks per seat, high to low
    held: list[int]  # held tiles, held[seat * NUM_KINDS + kind]
    discard: list[int]  # tiles out of the game, per kind; replaced, never changed in place (so clones share it)
    epoch: int  # 1, 2 or 3
    phase: int  # phases.TURN .. phases.OVER
    cur: int  # the seat that must decide; -1 when over
    auc_kind: int  # phases.NO_AUCTION or the auction type (§5)
    auc_ra: int  # the Ra player, -1 if no auction
    auc_high: int  # high bid, 0 if none
    auc_bidder: int  # high bidder, -1 if none
    auc_bids: tuple[tuple[int, int], ...]  # (seat, disk or 0 for a pass) in bidding order
    pending: tuple[int, int, int, int]  # disasters taken with gods this action, resolved when spending stops (E7)
    lose_war: int  # civilization tiles still to choose for War (§7)
    lose_quake: int  # monument tiles still to choose for Earthquake
    after: int  # once disasters are resolved, the next turn goes left of this seat
    # points and epoch_scores (§9) are properties of SharedScores (fields.py)

    def highest_disks(self) -> list[int]:
        """Each seat's highest-numbered disk, face up or down (0 if none); the central disk is nobody's (§8.3, §9.4)."""
        return [max(self.up[p] + self.down[p], default=0) for p in range(self.num_players)]

    # --- turns and auctions (§3, §5) ---------------------------------------------------------------------------
    def _continue(self, after: int) -> None:
        """§3: the next turn goes to the next active player left of `after`; nobody active ends the epoch (§8.1b)."""
        up, left_of = self.up, LEFT_OF[self.num_players]
        q = after
        for _ in left_of:  # once round the table
            q = left_of[q]
            if up[q]:
                self.cur, self.phase = q, TURN
                return
        self._end_epoch()

    def _start_auction(self, kind: int, ra_player: int) -> None:
        self.phase, self.auc_kind, self.auc_ra = AUCTION, kind, ra_player
        self.auc_high, self.auc_bidder, self.auc_bids = 0, -1, ()
        p = LEFT_OF[self.num_players][ra_player]
        if self.up[p]:  # the usual case, with no high bid yet: the left neighbour can bid
            self.cur = p
        else:
            self._next_bidder(p)

    def _next_bidder(self, p: int) -> None:
        """Give the decision to `p` or the next seat that can bid; seats that cannot beat the bid pass (§5, E5)."""
        up, high = self.up, self.auc_high  # pairs: four names at once would build and unpack a tuple
        ra, left_of = self.auc_ra, LEFT_OF[self.num_players]
        bids = self.auc_bids
        while True:
            u = up[p]
            if u and u[0] > high:
                self.cur, self.auc_bids = p, bids
                return
            bids += _PASSED[p]
            if p == ra:
                self.auc_bids = bids
                w = self.auc_bidder
                if w >= 0:  # _end_auction's usual case, inlined
                    self._sell(w, high, ra)
                else:
                    self._end_auction()
                return
            p = left_of[p]

    def _end_auction(self) -> None:
        """§5 resolution: nobody bid (lot stays / discarded) or the high bidder takes the lot and swaps disks."""
        ra, w = self.auc_ra, self.auc_bidder
        if w >= 0:
            self._sell(w, self.auc_high, ra)
            return
        if self.auc_kind == INVOKED_FULL:  # all 8 tiles are discarded
            self.discard = disc = self.discard[:]
            for t in self.track:
                disc[t] += 1
            self.track = []
        self._continue(ra)  # RA_DRAWN: the lot stays

    def _sell(self, w: int, d: int, ra: int) -> None:
        """§5.1-§5.4: seat `w` takes the lot with disk `d` and swaps it for the central disk; then the next turn."""
        gained: list[int] | None = None
        track = self.track
        if track:  # an empty lot (often, in fast play) keeps its empty list
            held, b = self.held, w * NUM_KINDS
            for t in track:  # §5.1, §7: place all tiles first
                if t < FIRST_DISASTER:
                    held[b + t] += 1
                else:
                    if gained is None:
                        gained = [0, 0, 0, 0]
                    gained[t - FIRST_DISASTER] += 1
            self.track = []
        ups, downs = self.up, self.down
        up = ups[w]
        try:  # §5.4: winning disk to the centre; the disks left come interned from a table (disks.py)
            ups[w] = WITHOUT[up][d]
        except KeyError:
            ups[w] = without(up)[d]
        try:  # §5.3: the central disk joins the face-down ones, kept high to low (interned, from a table)
            downs[w] = WITH[downs[w]][self.central]
        except KeyError:
            downs[w] = with_disk(downs[w])[self.central]
        self.central = d
        if gained is not None:
            self._disasters(w, gained, ra)
            return
        left_of, q = LEFT_OF[self.num_players], ra  # §3: the next active player left of the Ra player (as _continue)
        while True:
            q = left_of[q]
            if ups[q]:
                self.cur, self.phase = q, TURN
                return
            if q == ra:
                break
        self._end_epoch()

    # --- gods (§6) and disasters (§7) ---------------------------------------------------------------------------
    def _spend_god(self, p: int, kind: int) -> None:
        b = p * NUM_KINDS
        held = self.held
        held[b + GOD] -= 1
        self._add_discard(GOD, 1)  # E21: spent gods leave the game
        self.track.remove(kind)
        if self.phase == TURN:
            self.phase, self.pending = GODS, NO_PENDING
        if kind >= FIRST_DISASTER:  # E7: resolved once spending ends
            pend = list(self.pending)
            pend[kind - FIRST_DISASTER] += 1
            self.pending = (pend[0], pend[1], pend[2], pend[3])
        else:
            held[b + kind] += 1
        if held[b + GOD] and any(t != GOD for t in self.track):
            return
        self._end_gods(p)

    def _end_gods(self, p: int) -> None:
        pend, self.pending = self.pending, NO_PENDING
        if pend != NO_PENDING:
            self._disasters(p, pend, p)
        else:
            self._continue(p)

    def _disasters(self, p: int, gained: Sequence[int], after: int) -> None:
        """§7: each disaster tile destroys DISASTER_LOSS of its targets; Funeral and Drought in table order at once."""
        held, b = self.held, p * NUM_KINDS
        self.discard = disc = self.discard[:]  # one list of its own for every discard here: clones may share the old
        for disaster, count in zip(DISASTERS, gained, strict=True):
            if not count:
                continue
            disc[disaster] += count  # E9: disaster tiles are discarded
            left = DISASTER_LOSS * count
            if disaster in CHOSEN_DISASTERS:  # no more than the targets held; the player chooses which (_settle)
                held_targets = 0
                for k in DISASTER_TARGETS[disaster]:
                    held_targets += held[b + k]
                if held_targets < left:
                    left = held_targets
                if disaster == WAR:
                    self.lose_war = left
                else:
                    self.lose_quake = left
                continue
            for kind in DISASTER_TARGETS[disaster]:  # Drought: floods first, then Nile
                i = b + kind
                lost = held[i] if held[i] < left else left
                held[i] -= lost
                disc[kind] += lost
                left -= lost
        self.after = after
        if self.lose_war or self.lose_quake:
            self._settle(p)
        else:  # nothing to settle: _settle would only pass the turn on
            self._continue(after)

    def _remove(self, b: int, kind: int, count: int) -> None:
        self.held[b + kind] -= count
        self._add_discard(kind, count)

    def _add_discard(self, kind: int, count: int) -> None:
        disc = self.discard[:]  # a list of its own: the old one may be shared with clones
        disc[kind] += count
        self.discard = disc

    def _settle(self, p: int) -> None:
        """Resolve War/Earthquake losses that leave no choice; ask the player otherwise (§7, E6)."""
        held, b = self.held, p * NUM_KINDS
        for disaster in CHOSEN_DISASTERS:
            left = self.lose_war if disaster == WAR else self.lose_quake
            if not left:
                continue
            present = []  # the target kinds held, in table order, and how many tiles of them
            held_targets = 0
            for k in DISASTER_TARGETS[disaster]:
                if held[b + k]:
                    present.append(k)
                    held_targets += held[b + k]
            if left >= held_targets:
                for k in present:
                    self._remove(b, k, held[b + k])
            elif len(present) == 1:
                self._remove(b, present[0], left)
            else:
                continue
            if disaster == WAR:
                self.lose_war = 0
            else:
                self.lose_quake = 0
        if self.lose_war or self.lose_quake:
            self.phase, self.cur = DISASTER, p
        else:
            self._continue(self.after)

    def _lose(self, p: int, kind: int) -> None:
        self._remove(p * NUM_KINDS, kind, 1)
        if kind in DISASTER_TARGETS[WAR]:
            self.lose_war -= 1
        else:
            self.lose_quake -= 1
        self._settle(p)

    # --- epoch end (§8) --------------------------------------------------------------------------------------
    def _end_epoch(self) -> None:
        n, held = self.num_players, self.held
        self.discard = disc = self.discard[:]  # a list of its own: the old one may be shared with clones
        for t in self.track:  # §8.2.1: discard both tracks; the central disk stays
            disc[t] += 1
        self.track = []
        disc[RA] += self.ra_filled
        self.ra_filled = 0
        self.auc_kind = NO_AUCTION  # one store each: a tuple of five would be built and unpacked
        self.auc_ra = -1
        self.auc_high = 0
        self.auc_bidder = -1
        self.auc_bids = ()
        epoch = self.epoch
        final = epoch == EPOCHS
        ups, downs = self.up, self.down
        totals = [sum(ups[p]) + sum(downs[p]) for p in range(n)] if final else []  # E22: all held disks, §9.2
        # §9: the scoring is only noted here; `points` adds it up when read (rollouts that never look save it).
        self._due += ((epoch, tuple(held), final, totals, self.options.final_floor),)
        # §8.2.3: every disk face up again, high to low; a seat has mostly spent all its disks or none.
        if any(ups):
            merged = []
            for up, down in zip(ups, downs, strict=True):
                merged.append(interned(down if not up else up if not down else tuple(sorted(up + down, reverse=True))))
        else:  # §8.1b ended it: every disk is face down, and turns up as it is
            merged = [interned(down) for down in downs]
        self.up = merged
        self.down = [()] * n
        for i, k in _DISCARDED_SLOTS[n]:  # §8.2.4: keep only scarab tiles
            lost = held[i]
            if lost:
                disc[k] += lost
                held[i] = 0
        if final:
            self.phase, self.cur = OVER, -1
            return
        self.epoch = epoch + 1
        first = best = 0  # §8.3: the holder of the highest disk (every disk is face up now, high to low) starts
        for p, up in enumerate(merged):
            if up and up[0] > best:
                first, best = p, up[0]
        self.phase, self.cur = TURN, first
