"""The rules machinery of Ra (rules/ra.md §3-§8): turns, auctions, gods, disasters and the end of an epoch.

`RaRules` holds the state's fields; `ra.games.ra.state.State` adds the public protocol on top.
"""

from __future__ import annotations

from typing import Any

from ra.core.protocol import Move
from ra.games.ra import phases as ph
from ra.games.ra.options import Options
from ra.games.ra.scoring import score_epoch
from ra.games.ra.tables import (
    CIVILIZATION,
    DISASTER_LOSS,
    DISCARDED_AT_EPOCH_END,
    DROUGHT,
    EARTHQUAKE,
    EPOCHS,
    FIRST_DISASTER,
    FLOOD,
    FUNERAL,
    GOD,
    MONUMENTS,
    NILE,
    NK,
    PHARAOH,
    RA,
    WAR,
    WRITING,
)

NO_PENDING = (0, 0, 0, 0)  # disasters gained while spending gods, not yet resolved: funeral, drought, war, quake


class RaRules:
    """The fields of a Ra state and the rules that move it between decisions."""

    __slots__ = (
        "after",
        "auc_bidder",
        "auc_bids",
        "auc_high",
        "auc_kind",
        "auc_ra",
        "bag",
        "central",
        "cur",
        "discard",
        "down",
        "epoch",
        "epoch_scores",
        "held",
        "history",
        "lose_quake",
        "lose_war",
        "num_players",
        "options",
        "order",
        "pending",
        "phase",
        "points",
        "ra_filled",
        "ra_len",
        "seed",
        "track",
        "up",
    )  # fmt: skip
    num_players: int
    options: Options
    seed: int | None
    order: list[str] | None
    ra_len: int  # Ra tiles per epoch (§2)
    bag: list[int]  # drawn from the end
    track: list[int]  # the auction track, at most 8 tiles (order carries no meaning, §6)
    ra_filled: int  # Ra tiles on the Ra track this epoch (§4)
    central: int  # the central sun disk
    up: list[tuple[int, ...]]  # face-up disks per seat, high to low
    down: list[tuple[int, ...]]  # face-down disks per seat, high to low
    held: list[int]  # held tiles, held[seat * NK + kind]
    discard: list[int]  # tiles out of the game, per kind
    points: list[int]
    epoch: int
    phase: int
    cur: int  # the seat that must decide; -1 when over
    auc_kind: int
    auc_ra: int  # the Ra player
    auc_high: int  # high bid, 0 if none
    auc_bidder: int  # high bidder, -1 if none
    auc_bids: tuple[tuple[int, int], ...]  # (seat, disk or 0 for a pass) in bidding order
    pending: tuple[int, int, int, int]
    lose_war: int  # civilization tiles still to choose for War (§7)
    lose_quake: int  # monument tiles still to choose for Earthquake
    after: int  # next turn goes left of this seat once disasters are resolved
    epoch_scores: list[dict[str, Any]]
    history: list[Move]

    def _reset_auction(self) -> None:
        self.auc_kind, self.auc_ra, self.auc_high, self.auc_bidder, self.auc_bids = ph.NO_AUCTION, -1, 0, -1, ()

    def highest_disk_holder(self) -> int:
        """The seat holding the highest-numbered disk, face up or down; the central disk does not count (§8.3)."""
        return max(range(self.num_players), key=lambda p: max(self.up[p] + self.down[p], default=0))

    # --- turns and auctions (§3, §5) ---------------------------------------------------------------------------
    def _continue(self, after: int) -> None:
        """§3: the next turn goes to the next active player left of `after`; nobody active ends the epoch (§8.1b)."""
        up, n = self.up, self.num_players
        q = after
        for _ in range(n):
            q += 1
            if q == n:
                q = 0
            if up[q]:
                self.cur, self.phase = q, ph.TURN
                return
        self._end_epoch()

    def _start_auction(self, kind: int, ra_player: int) -> None:
        self.phase, self.auc_kind, self.auc_ra = ph.AUCTION, kind, ra_player
        self.auc_high, self.auc_bidder, self.auc_bids = 0, -1, ()
        self._next_bidder(ra_player + 1 if ra_player + 1 < self.num_players else 0)

    def _next_bidder(self, p: int) -> None:
        """Give the decision to `p` or the next seat that can bid; seats that cannot beat the bid pass (§5, E5)."""
        up, high, ra, n = self.up, self.auc_high, self.auc_ra, self.num_players
        while True:
            u = up[p]
            if u and u[0] > high:
                self.cur = p
                return
            self.auc_bids += ((p, 0),)
            if p == ra:
                self._end_auction()
                return
            p = p + 1 if p + 1 < n else 0

    def _bidder_done(self, p: int) -> None:
        if p == self.auc_ra:
            self._end_auction()
        else:
            self._next_bidder(p + 1 if p + 1 < self.num_players else 0)

    def _end_auction(self) -> None:
        """§5 resolution: nobody bid (lot stays / discarded) or the high bidder takes the lot and swaps disks."""
        ra, w, kind = self.auc_ra, self.auc_bidder, self.auc_kind
        if w < 0:
            if kind == ph.INVOKED_FULL:  # all 8 tiles are discarded
                for t in self.track:
                    self.discard[t] += 1
                self.track = []
            self._continue(ra)  # RA_DRAWN: the lot stays
            return
        d = self.auc_high
        held, b = self.held, w * NK
        gained = [0, 0, 0, 0]
        for t in self.track:  # §5.1, §7: place all tiles first
            if t >= FIRST_DISASTER:
                gained[t - FIRST_DISASTER] += 1
            else:
                held[b + t] += 1
        self.track = []
        self.up[w] = tuple([x for x in self.up[w] if x != d])  # §5.4: winning disk to the centre
        self.down[w] = tuple(sorted((*self.down[w], self.central), reverse=True))  # §5.3: central face down
        self.central = d
        if gained[0] or gained[1] or gained[2] or gained[3]:
            self._disasters(w, gained[0], gained[1], gained[2], gained[3], ra)
        else:
            self._continue(ra)

    # --- gods (§6) and disasters (§7) ---------------------------------------------------------------------------
    def _spend_god(self, p: int, kind: int) -> None:
        b = p * NK
        held = self.held
        held[b + GOD] -= 1
        self.discard[GOD] += 1  # E21: spent gods leave the game
        self.track.remove(kind)
        if self.phase == ph.TURN:
            self.phase, self.pending = ph.GODS, NO_PENDING
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
            self._disasters(p, pend[0], pend[1], pend[2], pend[3], p)
        else:
            self._continue(p)

    def _disasters(self, p: int, funeral: int, drought: int, war: int, quake: int, after: int) -> None:
        """§7: each disaster destroys 2 matching tiles (fewer if fewer held); drought takes floods first."""
        held, disc, b = self.held, self.discard, p * NK
        disc[FUNERAL] += funeral  # E9: disaster tiles are discarded
        disc[DROUGHT] += drought
        disc[WAR] += war
        disc[EARTHQUAKE] += quake
        if funeral:
            self._remove(b, PHARAOH, min(DISASTER_LOSS * funeral, held[b + PHARAOH]))
        if drought:
            floods = min(DISASTER_LOSS * drought, held[b + FLOOD])
            self._remove(b, FLOOD, floods)
            self._remove(b, NILE, min(DISASTER_LOSS * drought - floods, held[b + NILE]))
        self.lose_war = min(DISASTER_LOSS * war, sum(held[b + k] for k in CIVILIZATION))
        self.lose_quake = min(DISASTER_LOSS * quake, sum(held[b + k] for k in MONUMENTS))
        self.after = after
        self._settle(p)

    def _remove(self, b: int, kind: int, count: int) -> None:
        self.held[b + kind] -= count
        self.discard[kind] += count

    def _settle(self, p: int) -> None:
        """Resolve War/Earthquake losses that leave no choice; ask the player otherwise (§7, E6)."""
        held, b = self.held, p * NK
        for is_war, kinds in ((True, CIVILIZATION), (False, MONUMENTS)):
            left = self.lose_war if is_war else self.lose_quake
            if not left:
                continue
            present = [k for k in kinds if held[b + k]]
            if left >= sum(held[b + k] for k in present):
                for k in present:
                    self._remove(b, k, held[b + k])
            elif len(present) == 1:
                self._remove(b, present[0], left)
            else:
                continue
            if is_war:
                self.lose_war = 0
            else:
                self.lose_quake = 0
        if self.lose_war or self.lose_quake:
            self.phase, self.cur = ph.DISASTER, p
        else:
            self._continue(self.after)

    def _lose(self, p: int, kind: int) -> None:
        self._remove(p * NK, kind, 1)
        if kind <= WRITING:
            self.lose_war -= 1
        else:
            self.lose_quake -= 1
        self._settle(p)

    # --- epoch end (§8) --------------------------------------------------------------------------------------
    def _end_epoch(self) -> None:
        n, disc, held = self.num_players, self.discard, self.held
        for t in self.track:  # §8.2.1: discard both tracks; the central disk stays
            disc[t] += 1
        self.track = []
        disc[RA] += self.ra_filled
        self.ra_filled = 0
        self._reset_auction()
        final = self.epoch == EPOCHS
        totals = [sum(self.up[p]) + sum(self.down[p]) for p in range(n)]  # E22: all held disks
        self.points, rows = score_epoch(held, n, final, totals, self.points, self.options.final_floor)
        self.epoch_scores = [*self.epoch_scores, {"epoch": self.epoch, "players": rows}]
        self.up = [tuple(sorted(self.up[p] + self.down[p], reverse=True)) for p in range(n)]  # §8.2.3
        self.down = [()] * n
        for k in DISCARDED_AT_EPOCH_END:  # §8.2.4: keep only scarab tiles
            for b in range(k, n * NK, NK):
                if held[b]:
                    disc[k] += held[b]
                    held[b] = 0
        if final:
            self.phase, self.cur = ph.OVER, -1
        else:
            self.epoch += 1
            self.phase, self.cur = ph.TURN, self.highest_disk_holder()  # §8.3
