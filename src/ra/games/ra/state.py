"""The Ra game state and its rules (rules/ra.md §2-§8). Hot path: `legal_actions`, `push`, `clone`.

Tiles are ints (tables.KINDS); held tiles are one flat list `held[seat * NK + kind]`; disks are tuples sorted
high to low (replaced, never mutated, so `clone` shares them); the bag is a list drawn from its end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ra.core.errors import GameOverError, IllegalActionError, NotYourTurnError, UnknownActionError
from ra.core.protocol import Move
from ra.games.ra import phases as ph
from ra.games.ra.actions import BID_BASE, DONE, DRAW, GOD_BASE, INVOKE, LOSE_BASE, LOSE_OFFSET, NUM_ACTIONS, PASS
from ra.games.ra.mechanics import NO_PENDING, RaRules
from ra.games.ra.options import Options
from ra.games.ra.tables import (
    AUCTION_TRACK_SIZE,
    CENTRAL_START_DISK,
    CIVILIZATION,
    COUNTS,
    DISK_GROUPS,
    GOD,
    KIND_INDEX,
    KINDS,
    MAX_PLAYERS,
    MONUMENTS,
    NK,
    RA,
    RA_TRACK_LENGTH,
    STARTING_SCORE,
    TOTAL_TILES,
)

GAME = "ra"
CANONICAL_BAG: tuple[int, ...] = tuple(k for k in range(NK) for _ in range(COUNTS[k]))

# Shared, immutable Move objects: push appends these without building strings or tuples (§ "no string work").
_MOVES = [[Move(p, a, ()) for a in range(NUM_ACTIONS)] for p in range(MAX_PLAYERS)]
_DRAW_MOVES = [[Move(p, DRAW, (KINDS[t],)) for t in range(NK)] for p in range(MAX_PLAYERS)]


def bag_from_order(order: list[str]) -> list[int]:
    """The full draw order from a prefix of tile-kind names; the rest of the 180 tiles follow canonically."""
    if isinstance(order, str) or not hasattr(order, "__iter__"):
        raise ValueError("order must be a list of tile-kind names, first drawn first")
    left = list(COUNTS)
    prefix = []
    for i, name in enumerate(order):
        kind = KIND_INDEX.get(name) if isinstance(name, str) else None
        if kind is None:
            raise ValueError(f"order[{i}] = {name!r} is not a tile kind: expected one of {', '.join(KINDS)}")
        if left[kind] == 0:
            raise ValueError(f"order has more than {COUNTS[kind]} {name} tiles (the bag holds {COUNTS[kind]})")
        left[kind] -= 1
        prefix.append(kind)
    return prefix + [k for k in range(NK) for _ in range(left[k])]


class State(RaRules):
    """A game of Ra in progress (implements ra.core.GameState)."""

    GAME: ClassVar[str] = GAME
    __slots__ = ()

    # --- setup (§2) -----------------------------------------------------------------------------------------
    @classmethod
    def new(cls, options: Mapping[str, Any], seed: int | None = None, order: list[str] | None = None) -> State:
        """A new game; one random.Random(seed) shuffles the bag then deals disk groups (seed 0 if neither given)."""
        opts = Options.from_mapping(options)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        if seed is None and order is None:
            seed = 0
        rng = random.Random(0 if seed is None else seed)
        if order is None:
            r = rng.random
            keys = [r() for _ in range(TOTAL_TILES)]
            draws = [CANONICAL_BAG[i] for i in sorted(range(TOTAL_TILES), key=keys.__getitem__)]
        else:
            draws = bag_from_order(order)
            order = list(order)
        if opts.disk_groups is None:
            groups = list(DISK_GROUPS[opts.players])
            rng.shuffle(groups)
            opts = replace(opts, disk_groups=tuple(groups))
        assert opts.disk_groups is not None
        n = opts.players
        st = object.__new__(cls)
        st.num_players, st.options, st.seed, st.order = n, opts, seed, order
        st.ra_len = RA_TRACK_LENGTH[n]
        st.bag = draws[::-1]
        st.track, st.ra_filled, st.central = [], 0, CENTRAL_START_DISK
        st.up = [tuple(sorted(g, reverse=True)) for g in opts.disk_groups]
        st.down = [()] * n
        st.held, st.discard = [0] * (n * NK), [0] * NK
        st.points = [STARTING_SCORE] * n
        st.epoch, st.phase = 1, ph.TURN
        st.cur = st.highest_disk_holder()  # §2 first player, §8.3
        st._reset_auction()
        st.pending, st.lose_war, st.lose_quake, st.after = NO_PENDING, 0, 0, -1
        st.epoch_scores, st.history = [], []
        return st

    # --- protocol -------------------------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        """The seat that must decide now, or () when the game is over."""
        return () if self.phase == ph.OVER else (self.cur,)

    def is_terminal(self) -> bool:
        """True once epoch 3 has been scored."""
        return self.phase == ph.OVER

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal action ids for the seat that must decide (empty for anyone else or when over)."""
        p = self.cur
        if player is not None and player != p:
            return []
        phase = self.phase
        if phase == ph.TURN:  # §3: draw, invoke Ra, spend gods
            track = self.track
            acts = [DRAW, INVOKE] if len(track) < AUCTION_TRACK_SIZE else [INVOKE]
            if self.held[p * NK + GOD]:
                kinds = {t for t in track if t != GOD}
                if kinds:
                    acts += sorted([GOD_BASE + t for t in kinds])
            return acts
        if phase == ph.AUCTION:  # §5: one bid higher than the high bid, or pass (unless forced)
            high = self.auc_high
            bids = [BID_BASE + d for d in reversed(self.up[p]) if d > high]
            if high == 0 and p == self.auc_ra and self.auc_kind == ph.INVOKED_NONFULL:
                return bids  # §5 forced bid
            return [PASS, *bids]
        if phase == ph.GODS:  # §6: another god, or stop
            return [DONE, *sorted({GOD_BASE + t for t in self.track if t != GOD})]
        if phase == ph.DISASTER:  # §7: choose the next War or Earthquake loss
            b = p * NK
            held = self.held
            group = CIVILIZATION if self.lose_war else MONUMENTS
            return [LOSE_OFFSET + k for k in group if held[b + k]]
        return []

    def apply(self, action: int, player: int | None = None) -> None:
        """Check and apply an action; raises an IllegalActionError subclass and leaves the state unchanged."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise UnknownActionError(f"{action!r} is not a Ra action id (ids are 0..{NUM_ACTIONS - 1})")
        if self.phase == ph.OVER:
            raise GameOverError("the game is over: epoch 3 has been scored")
        if player is not None and player != self.cur:
            names = self.options.names
            who = names[player] if isinstance(player, int) and 0 <= player < self.num_players else repr(player)
            raise NotYourTurnError(f"it is {names[self.cur]}'s decision, not {who}'s")
        if action not in self.legal_actions():
            from ra.games.ra.checks import explain

            raise IllegalActionError(explain(self, action))
        self.push(action)

    def push(self, action: int, player: int | None = None) -> None:
        """Apply an action known to be legal (no checks)."""
        p = self.cur
        if action == DRAW:  # §3, §4
            t = self.bag.pop()
            self.history.append(_DRAW_MOVES[p][t])
            if t == RA:
                self.ra_filled += 1
                if self.ra_filled == self.ra_len:
                    self._end_epoch()  # §4.3: the last Ra tile ends the epoch, no auction
                else:
                    self._start_auction(ph.RA_DRAWN, p)
            else:
                self.track.append(t)
                self._continue(p)
            return
        self.history.append(_MOVES[p][action])
        if action == PASS:
            self.auc_bids += ((p, 0),)
            self._bidder_done(p)
        elif action < GOD_BASE and action > DONE:  # bid:d
            d = action - BID_BASE
            self.auc_high, self.auc_bidder = d, p
            self.auc_bids += ((p, d),)
            self._bidder_done(p)
        elif action == INVOKE:  # §5 auction types
            kind = ph.INVOKED_FULL if len(self.track) == AUCTION_TRACK_SIZE else ph.INVOKED_NONFULL
            self._start_auction(kind, p)
        elif action < LOSE_BASE and action >= GOD_BASE:
            self._spend_god(p, action - GOD_BASE)
        elif action == DONE:
            self._end_gods(p)
        else:
            self._lose(p, action - LOSE_OFFSET)

    # --- copies, results, views ----------------------------------------------------------------------------------
    def clone(self) -> State:
        """An independent copy, cheap enough for search."""
        c = object.__new__(State)
        c.num_players, c.options, c.seed, c.order = self.num_players, self.options, self.seed, self.order
        c.ra_len, c.bag, c.track, c.ra_filled = self.ra_len, self.bag[:], self.track[:], self.ra_filled
        c.central, c.up, c.down, c.held = self.central, self.up[:], self.down[:], self.held[:]
        c.discard, c.points, c.epoch, c.phase = self.discard[:], self.points[:], self.epoch, self.phase
        c.cur, c.auc_kind, c.auc_ra, c.auc_high = self.cur, self.auc_kind, self.auc_ra, self.auc_high
        c.auc_bidder, c.auc_bids, c.pending, c.lose_war = self.auc_bidder, self.auc_bids, self.pending, self.lose_war
        c.lose_quake, c.after, c.epoch_scores = self.lose_quake, self.after, self.epoch_scores
        c.history = self.history[:]
        return c

    def scores(self) -> list[int]:
        """Each player's current total score."""
        return self.points[:]

    def winners(self) -> list[int]:
        """The winning seat after the §9.4 tie-break (highest disk); empty while the game runs."""
        from ra.games.ra.scoring import winners

        if self.phase != ph.OVER:
            return []
        return winners(self.points, [max(self.up[p] + self.down[p], default=0) for p in range(self.num_players)])[0]

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Per finished epoch, per seat: points by category, net, score before and after (§9)."""
        return [{"epoch": e["epoch"], "players": [dict(r) for r in e["players"]]} for e in self.epoch_scores]

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        """What `viewer` (a seat, or None for a spectator) may see (docs/VIEWS.md); never the bag order or seed."""
        from ra.games.ra.view import make_view

        return make_view(self, viewer)

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-able data, hidden information included (for storage, not for players)."""
        from ra.games.ra.serial import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """The inverse of `to_json`."""
        from ra.games.ra.serial import state_from_json

        return state_from_json(cls, data)

    def record(self) -> dict[str, Any]:
        """The game record: options (with the disk groups dealt), seed, order prefix and every move."""
        from ra.core.record import make_record
        from ra.games.ra.actions import action_to_str

        return make_record(GAME, self.options.to_dict(), self.seed, self.order, self.history, action_to_str)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Ra {self.num_players}p epoch {self.epoch} {ph.PHASE_NAMES[self.phase]} seat {self.cur}>"
