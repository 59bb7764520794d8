"""The Ra game state (docs/rules/ra.md §2-§9) and the public protocol. Hot path: `legal_actions`, `push`, `clone`.

Tiles are ints (tables.KINDS); held tiles are one flat list `held[seat * NUM_KINDS + kind]`; disks are tuples sorted
high to low (replaced, never mutated, so `clone` shares them), as are the points and discard lists; the bag is a
list drawn from its end, shared with the moves between clones until read (fields.py). `legal_actions` (legal.py)
hands out shared tuples (immutable, so no copy per call).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Self

from ra.core.errors import GameOverError, IllegalActionError, NotYourTurnError, UnknownActionError
from ra.core.protocol import Move
from ra.core.state_tail import StateTail
from ra.core.text import about, t
from ra.games.ra import legal
from ra.games.ra.actions import (
    BID_BASE,
    DONE,
    DRAW,
    GOD_BASE,
    INVOKE,
    LOSE_BASE,
    LOSE_OFFSET,
    NUM_ACTIONS,
    PASS,
    action_to_str,
)
from ra.games.ra.checks import explain
from ra.games.ra.disks import interned
from ra.games.ra.fields import FIELDS, OWN, field_functions
from ra.games.ra.mechanics import LEFT_OF, NO_PENDING, RaRules
from ra.games.ra.options import Options
from ra.games.ra.phases import (
    AUCTION,
    INVOKED_FULL,
    INVOKED_NONFULL,
    NO_AUCTION,
    OVER,
    PHASE_NAMES,
    RA_DRAWN,
    TURN,
)
from ra.games.ra.scoring import winners
from ra.games.ra.serial import bag_from_order, fields_from_json, state_to_json
from ra.games.ra.tables import (
    AUCTION_TRACK_SIZE,
    CENTRAL_START_DISK,
    COUNTS,
    DISK_GROUPS,
    KIND_INDEX,
    KINDS,
    MAX_DISK,
    MAX_PLAYERS,
    NUM_KINDS,
    RA,
    RA_TRACK_LENGTH,
    STARTING_SCORE,
    TOTAL_TILES,
)
from ra.games.ra.tables import GAME as GAME  # re-exported: ra.games.ra names it from here
from ra.games.ra.view import RaView, make_view
from ra.games.ra.words import named_seat

CANONICAL_BAG: tuple[int, ...] = tuple(k for k in range(NUM_KINDS) for _ in range(COUNTS[k]))

# Shared, immutable Move objects: push appends these without building strings or tuples.
_MOVES = [[Move(p, a, ()) for a in range(NUM_ACTIONS)] for p in range(MAX_PLAYERS)]
_DRAW_MOVES = [[Move(p, DRAW, (KINDS[t],)) for t in range(NUM_KINDS)] for p in range(MAX_PLAYERS)]


# Shared, immutable pieces the hot path would otherwise build on every call.
# Indexed by `cur`: cur is -1 exactly when the game is over, and _SEATS[-1] is the () of nobody deciding.
_SEATS: tuple[tuple[int, ...], ...] = (*((p,) for p in range(MAX_PLAYERS)), ())
_PASSED: tuple[tuple[tuple[int, int]], ...] = tuple(((p, 0),) for p in range(MAX_PLAYERS))
_BIDS_MADE = tuple(tuple(((p, d),) for d in range(MAX_DISK + 1)) for p in range(MAX_PLAYERS))

_GENERATED = field_functions(FIELDS)


class State(RaRules, StateTail[RaView]):
    """A game of Ra in progress (implements ra.core.GameState)."""

    GAME: ClassVar[str] = GAME
    __slots__ = ()
    # view, to_json, from_json and record (StateTail) call these
    make_view = staticmethod(make_view)
    state_to_json = staticmethod(state_to_json)
    fields_from_json = staticmethod(fields_from_json)
    action_to_str = staticmethod(action_to_str)

    # --- construction -----------------------------------------------------------------------------------------
    @classmethod
    def new(cls, options: Mapping[str, Any] | Options, seed: int | None = None, order: list[str] | None = None) -> Self:
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
        if opts.disk_groups is None:
            groups = list(DISK_GROUPS[opts.players])
            rng.shuffle(groups)
            opts = replace(opts, disk_groups=tuple(groups))
        assert opts.disk_groups is not None
        n = opts.players
        up = [interned(tuple(sorted(g, reverse=True))) for g in opts.disk_groups]
        return cls.from_fields(
            num_players=n,
            options=opts,
            seed=seed,
            order=None if order is None else tuple(order),
            ra_len=RA_TRACK_LENGTH[n],
            bag=draws[::-1],
            track=[],
            ra_filled=0,
            central=CENTRAL_START_DISK,
            up=up,
            down=[()] * n,
            held=[0] * (n * NUM_KINDS),
            discard=[0] * NUM_KINDS,
            points=[STARTING_SCORE] * n,
            epoch=1,
            phase=TURN,
            cur=max(range(n), key=lambda p: up[p][0]),  # §2: the holder of the highest disk starts
            auc_kind=NO_AUCTION,
            auc_ra=-1,
            auc_high=0,
            auc_bidder=-1,
            auc_bids=(),
            pending=NO_PENDING,
            lose_war=0,
            lose_quake=0,
            after=-1,
            epoch_scores=(),
            history=[],
        )

    if TYPE_CHECKING:

        @classmethod
        def from_fields(cls, **fields: Any) -> Self:
            """A state from every field of FIELDS by keyword (the one constructor); TypeError names a missing one."""
            ...

        def clone(self) -> Self:
            """An independent copy, cheap enough for search."""
            ...

    else:
        from_fields = classmethod(_GENERATED["from_fields"])
        clone = _GENERATED["clone"]

    # --- protocol -------------------------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        """The seat that must decide now, or () when the game is over."""
        return _SEATS[self.cur]

    def is_terminal(self) -> bool:
        """True once epoch 3 has been scored."""
        return self.phase == OVER

    if TYPE_CHECKING:

        def legal_actions(self, player: int | None = None) -> tuple[int, ...]:
            """Legal action ids for the seat that must decide (empty for anyone else or when over); a shared tuple."""
            ...

    else:
        legal_actions = legal.legal_actions  # a plain function as the method: no extra call on the hot path

    def apply(self, action: int, player: int | None = None) -> None:
        """Check and apply an action; raises an IllegalActionError subclass and leaves the state unchanged."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise UnknownActionError(
                t("{action} is not a Ra action id (ids are 0..{last})", action=repr(action), last=NUM_ACTIONS - 1)
            )
        if self.phase == OVER:
            raise GameOverError(t("the game is over: epoch 3 has been scored"))
        if player is not None and player != self.cur:
            names = self.options.names
            deciding = named_seat(self.cur, names[self.cur])
            if isinstance(player, int) and 0 <= player < self.num_players:
                raise NotYourTurnError(
                    about(
                        player,
                        t(
                            "it is {player}'s decision, not {other}'s",
                            player=deciding,
                            other=named_seat(player, names[player]),
                        ),
                        t("it is {player}'s decision, not yours", player=deciding),
                    )
                )
            raise NotYourTurnError(t("it is {player}'s decision, not {other}'s", player=deciding, other=repr(player)))
        if action not in self.legal_actions():
            raise IllegalActionError(explain(self, action))
        self.push(action)

    def push(self, action: int, player: int | None = None) -> None:
        """Apply an action known to be legal (no checks)."""
        p = self.cur
        if action == DRAW:  # §3, §4
            left = self._left  # the shared cases of SharedStores, inlined
            if left == OWN:
                t = self._bag.pop()
            else:
                left -= 1
                t = self._bag[left]
                self._left = left
            self._moves.append(_DRAW_MOVES[p][t])
            if t == RA:
                self.ra_filled += 1
                if self.ra_filled == self.ra_len:
                    self._end_epoch()  # §4.3: the last Ra tile ends the epoch, no auction
                else:
                    self._start_auction(RA_DRAWN, p)
            else:
                self.track.append(t)
                up, left_of = self.up, LEFT_OF[self.num_players]  # §3: the next active player left of p
                q = left_of[p]
                if up[q]:  # the usual case: the left neighbour still has a disk
                    self.cur = q
                    return
                while q != p and not up[q]:
                    q = left_of[q]
                if up[q]:
                    self.cur = q
                else:
                    self._end_epoch()  # §8.1b: nobody is active
            return
        self._moves.append(_MOVES[p][action])
        if DONE < action < GOD_BASE:  # bid:d, the commonest action, tested first
            d = action - BID_BASE
            self.auc_high, self.auc_bidder = d, p
            self.auc_bids += _BIDS_MADE[p][d]
            if p == self.auc_ra:
                self._sell(p, d, p)  # the Ra player bids last: the auction ends
                return
            q = LEFT_OF[self.num_players][p]
            u = self.up[q]
            if u and u[0] > d:  # the usual case, _next_bidder's first step inlined
                self.cur = q
            else:
                self._next_bidder(q)
        elif action == PASS:
            self.auc_bids += _PASSED[p]
            if p == self.auc_ra:
                w = self.auc_bidder
                if w >= 0:  # _end_auction's usual case, inlined
                    self._sell(w, self.auc_high, p)
                else:
                    self._end_auction()
                return
            q = LEFT_OF[self.num_players][p]
            u = self.up[q]
            if u and u[0] > self.auc_high:  # the usual case, _next_bidder's first step inlined
                self.cur = q
            else:
                self._next_bidder(q)
        elif action == INVOKE:  # §5 auction types; _start_auction inlined
            self.phase = AUCTION  # one store each: a tuple of five would be built and unpacked
            self.auc_kind = INVOKED_FULL if len(self.track) == AUCTION_TRACK_SIZE else INVOKED_NONFULL
            self.auc_ra = p
            self.auc_high = 0
            self.auc_bidder = -1
            self.auc_bids = ()
            q = LEFT_OF[self.num_players][p]
            if self.up[q]:  # the usual case, with no high bid yet: the left neighbour can bid
                self.cur = q
            else:
                self._next_bidder(q)
        elif action < LOSE_BASE and action >= GOD_BASE:
            self._spend_god(p, action - GOD_BASE)
        elif action == DONE:
            self._end_gods(p)
        else:
            self._lose(p, action - LOSE_OFFSET)

    # --- hidden information: the undrawn bag ---------------------------------------------------------------------
    def stack_draws(self, names: Sequence[str]) -> None:
        """Reorder the undrawn bag so the next tiles drawn are `names` (first drawn first); ValueError otherwise.

        The other undrawn tiles keep their order. The bag no longer follows the seed, so seed and order give way to
        the whole draw order as it now is: the record still replays.
        """
        bag = self.bag[:]
        top = []
        for name in names:
            kind = KIND_INDEX.get(name) if isinstance(name, str) else None
            if kind is None or kind not in bag:
                what = f"no {name} tile is left" if kind is not None else f"{name!r} is not a tile kind"
                raise ValueError(f"cannot draw {name!r} next: {what} in the bag")
            del bag[len(bag) - 1 - bag[::-1].index(kind)]  # the undrawn tile of that kind drawn soonest
            top.append(kind)
        self.bag = bag + top[::-1]
        self._forget_seed()

    def reshuffled(self, rng: random.Random) -> Self:
        """A copy whose undrawn bag is shuffled anew with `rng`: only hidden information differs."""
        other = self.clone()
        rng.shuffle(other.bag)
        other._forget_seed()
        return other

    def _forget_seed(self) -> None:
        """Record the draw order as it now is (tiles drawn, then the bag), since the seed no longer gives it."""
        drawn = [d for move in self.history for d in move.draws]
        self.seed, self.order = None, (*drawn, *(KINDS[t] for t in reversed(self.bag)))

    # --- results, views, storage ---------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each player's current total score."""
        return self.points[:]

    def winners(self) -> list[int]:
        """The winning seat after the §9.4 tie-break (highest disk); empty while the game runs."""
        if self.phase != OVER:
            return []
        return winners(self.points, self.highest_disks())[0]

    def __eq__(self, other: object) -> bool:
        """Equal if every field (the bag order and history included) is equal."""
        return isinstance(other, State) and all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Ra {self.num_players}p epoch {self.epoch} {PHASE_NAMES[self.phase]} seat {self.cur}>"
