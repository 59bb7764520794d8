"""Ra (docs/rules/ra.md) as pure JAX functions over fixed-shape arrays: jit-able, vmap-able, pgx-like.

The engine (`ra.games.ra`) is the reference; this is a transcription of its rules machinery (mechanics.py,
legal.py, scoring.py) and of its observation (`ra.envs.ra.fromstate`), checked move for move against them by
tests/envs/test_jax_ra.py. Every rules number comes from the engine's tables, turned into arrays here.

Shapes are padded to five seats; the player count is a field of the state, so one batch may mix table sizes. The
auction track is kept as counts by kind (its order carries no meaning, §6), the bag as counts by kind (a draw is a
chance outcome weighted by them), a seat's disks as 17 flags by value (index 0 unused).

An action's consequences chain through at most these stages, always in this order (each may start only later ones),
so one pass runs them all: the next bidder (§5) -> the end of the auction -> the sale (§5.1-§5.4) -> the end of god
spending (§6) -> the disasters (§7) -> the choices they leave (§7) -> the next turn (§3) -> the end of the epoch
(§8, §9). `Control` carries which stages run and their arguments. Actions must be legal (as the engine's `push`);
a finished game stays as it is (pgx's convention).
"""

from __future__ import annotations

import random
import time
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

import ra.games.ra as ra_game
from ra.envs.encoding import SCORE_SCALE, SEATS
from ra.envs.jax.common import Functions, margins, sample_counts
from ra.envs.ra.observation import AT, DISASTER_LOSSES, SIZE, TRACK_SPACES
from ra.games.ra import actions as A
from ra.games.ra import phases as P
from ra.games.ra import tables as T

Array = jax.Array
NK = T.NUM_KINDS
S = T.MAX_PLAYERS
assert S == SEATS
DISKS = T.MAX_DISK + 1  # flags by disk value; index 0 is never set
NUM_ACTIONS = A.NUM_ACTIONS
OBS_SIZE = SIZE

# --- the engine's tables as arrays --------------------------------------------------------------------------
COUNTS = jnp.array(T.COUNTS, jnp.int32)
# The observation's ratios as float32 tables of the float64 quotients, as the encoders round them: float32
# arithmetic here (XLA also turns a division by a constant into a product) would differ in the last bit.
MAX_COUNT = max(T.COUNTS)
SCORE_ROWS = 1024  # scores seen exactly below this (random and bot games stay far below); above, float32 arithmetic
SHARE_OF = jnp.asarray(np.array([[n * (1.0 / c) for n in range(MAX_COUNT + 1)] for c in T.COUNTS], np.float32))
SCORE_OF = jnp.asarray(np.array([v / SCORE_SCALE for v in range(SCORE_ROWS)], np.float32))
TENTHS_OF = jnp.asarray(np.array([v / TRACK_SPACES for v in range(TRACK_SPACES + 1)], np.float32))
FILLED_OF = jnp.asarray(np.array([[f / max(n, 1) for f in range(TRACK_SPACES + 1)] for n in range(TRACK_SPACES + 1)],
                                 np.float32))  # fmt: skip
BAG_TOTAL_OF = jnp.asarray(np.array([v / T.TOTAL_TILES for v in range(T.TOTAL_TILES + 1)], np.float32))
DISASTER_KINDS = jnp.array(T.DISASTERS, jnp.int32)
IS_DISASTER = jnp.arange(NK) >= T.FIRST_DISASTER
IS_CIV = jnp.isin(jnp.arange(NK), jnp.array(T.CIVILIZATION))
IS_MONUMENT = jnp.isin(jnp.arange(NK), jnp.array(T.MONUMENTS))
DISCARDED_AT_END = jnp.isin(jnp.arange(NK), jnp.array(T.DISCARDED_AT_EPOCH_END))
CIV_POINTS = jnp.array(T.CIV_POINTS, jnp.int32)
MONUMENT_VARIETY = jnp.array(T.MONUMENT_VARIETY, jnp.int32)
MONUMENT_SAME = jnp.array(T.MONUMENT_SAME, jnp.int32)
RA_TRACK_LENGTH = jnp.array([T.RA_TRACK_LENGTH.get(n, 1) for n in range(S + 1)], jnp.int32)
DISK_VALUES = jnp.arange(DISKS, dtype=jnp.int32)
SEAT = jnp.arange(S, dtype=jnp.int32)
INT_MIN, INT_MAX = -(2**31), 2**31 - 1  # below and above every score and disk total (max/min over seated seats)


def _group_flags() -> np.ndarray:
    """GROUPS[n, g]: the flags of disk group g at a table of n (zeros past the count's groups)."""
    flags = np.zeros((S + 1, S, DISKS), bool)
    for n, groups in T.DISK_GROUPS.items():
        for g, group in enumerate(groups):
            flags[n, g, list(group)] = True
    return flags


GROUPS = jnp.asarray(_group_flags())
# §7 targets of the disasters as masks over kinds, in DISASTERS order; Drought's order (floods first) is kept apart.
TARGETS = jnp.asarray(np.array([[k in T.DISASTER_TARGETS[d] for k in range(NK)] for d in T.DISASTERS]))
FUNERAL_I, DROUGHT_I, WAR_I, QUAKE_I = (T.DISASTERS.index(d) for d in (T.FUNERAL, T.DROUGHT, T.WAR, T.EARTHQUAKE))
DROUGHT_FIRST, DROUGHT_THEN = T.DISASTER_TARGETS[T.DROUGHT]
assert T.DISASTER_TARGETS[T.FUNERAL] == (T.PHARAOH,) and T.CHOSEN_DISASTERS == (T.WAR, T.EARTHQUAKE)
KIND = jnp.arange(NK, dtype=jnp.int32)


def _action_hot(first: int, last: int, offset: int, size: int) -> Array:
    """[NUM_ACTIONS, size]: ids first..last flag the index id - offset (the disk of a bid, the kind of a god)."""
    hot = np.zeros((NUM_ACTIONS, size), bool)
    for action in range(first, last + 1):
        hot[action, action - offset] = True
    return jnp.asarray(hot)


# In the step, indexes by a traced value are one-hot masks (a compare and a select), not gathers and scatters (which
# vmap turns into XLA gather/scatter ops): on CPU it compiled faster, at about the same speed.
BID_DISK = _action_hot(A.BID_MIN, A.BID_MAX, A.BID_BASE, DISKS)
GOD_KIND = _action_hot(A.GOD_BASE, A.LOSE_BASE - 1, A.GOD_BASE, NK)
LOSE_KIND = _action_hot(A.LOSE_BASE, NUM_ACTIONS - 1, A.LOSE_OFFSET, NK)
DISASTER_HOT = jnp.asarray(np.eye(NK, dtype=np.int32)[list(T.DISASTERS)])  # [4, NK]


class State(NamedTuple):
    """One game (a pytree of arrays; batch it with vmap). Field names follow the engine's (mechanics.RaRules)."""

    num_players: Array  # i32
    floor_twice: Array  # bool: A1 "twice" (final_floor option)
    scores_visible: Array  # bool: R3 option
    bag: Array  # i32[NK] undrawn tiles by kind
    track: Array  # i32[NK] the auction track by kind
    ra_filled: Array  # i32
    ra_len: Array  # i32
    central: Array  # i32
    up: Array  # bool[S, DISKS]
    down: Array  # bool[S, DISKS]
    held: Array  # i32[S, NK]
    discard: Array  # i32[NK]
    points: Array  # i32[S]
    epoch: Array  # i32
    phase: Array  # i32 (phases.TURN .. OVER)
    cur: Array  # i32, -1 when over
    auc_kind: Array  # i32
    auc_ra: Array  # i32
    auc_high: Array  # i32
    auc_bidder: Array  # i32
    bids: Array  # i32[S]: -1 not decided in this auction, 0 passed, else the disk bid
    pending: Array  # i32[4] disasters taken with gods, DISASTERS order
    lose_war: Array  # i32
    lose_quake: Array  # i32
    after: Array  # i32
    rewards: Array  # f32[S]: the last step's (each seat's margin on the step that ends the game, else 0)


class Control(NamedTuple):
    """Which of the chained stages run in this step, and their arguments (module docstring)."""

    bidder: Array  # bool: find the next bidder from seat `bidder_from`
    bidder_from: Array
    resolve: Array  # bool: the auction is over (sell to the high bidder, or no sale)
    sell: Array  # bool: sell the lot to `sell_to` with disk `sell_disk`, Ra player `sell_ra`
    sell_to: Array
    sell_disk: Array
    sell_ra: Array
    end_gods: Array  # bool: seat `gods_seat` stops spending gods
    gods_seat: Array
    disasters: Array  # bool: seat `dis_seat` gained `gained` disasters; then the turn goes left of `dis_after`
    dis_seat: Array
    gained: Array
    dis_after: Array
    settle: Array  # bool: settle War/Earthquake for `settle_seat`
    settle_seat: Array
    cont: Array  # bool: the next turn goes left of `cont_after`
    cont_after: Array
    end_epoch: Array  # bool


def _i(x: int | Array) -> Array:
    return jnp.asarray(x, jnp.int32)


def _no_control() -> Control:
    f, z = jnp.bool_(False), _i(0)
    return Control(f, z, f, f, z, z, z, f, z, f, z, jnp.zeros(4, jnp.int32), z, f, z, f, z, f)


def _where(c: Array, a: Any, b: Any) -> Any:
    return jax.tree.map(lambda x, y: jnp.where(c, x, y), a, b)


def _hot(i: Array | int, size: int) -> Array:
    return jnp.arange(size) == i


def _row(rows: Array, p: Array) -> Array:
    """rows[p] for a traced seat p (rows: [S, ...])."""
    on = _hot(p, S).reshape((S,) + (1,) * (rows.ndim - 1))
    return jnp.any(on & rows, axis=0) if rows.dtype == bool else jnp.sum(jnp.where(on, rows, 0), axis=0)


def _take(values: Array, at: Array) -> Array:
    """values[at] for a vector of traced indexes."""
    on = at[:, None] == jnp.arange(values.shape[0])[None, :]
    return jnp.any(on & values, axis=1) if values.dtype == bool else jnp.sum(jnp.where(on, values, 0), axis=1)


def _set_row(rows: Array, p: Array, row: Array) -> Array:
    """rows with rows[p] = row, for a traced seat p."""
    return jnp.where(_hot(p, S)[:, None], row[None, :], rows)


def _seat_kind(p: Array, kind: Array | int) -> Array:
    """[S, NK] int: 1 at (p, kind)."""
    return (_hot(p, S)[:, None] & jnp.equal(KIND, kind)[None, :]).astype(jnp.int32)


# --- set-up ---------------------------------------------------------------------------------------------------
def init_dealt(
    num_players: int | Array, deal: Array, floor_twice: bool | Array = False, scores_visible: bool | Array = False
) -> State:
    """A new game whose seat p holds disk group `deal[p]` of DISK_GROUPS[num_players] (§2); the table options
    `final_floor="twice"` (A1) and `scores_visible` (R3) as flags."""
    n = _i(num_players)
    deal = jnp.asarray(deal, jnp.int32)
    up = GROUPS[n][deal] & (n > SEAT)[:, None]
    top = jnp.max(jnp.where(up, DISK_VALUES, 0), axis=1)
    z = _i(0)
    return State(
        num_players=n,
        floor_twice=jnp.asarray(floor_twice, bool),
        scores_visible=jnp.asarray(scores_visible, bool),
        bag=COUNTS,
        track=jnp.zeros(NK, jnp.int32),
        ra_filled=z,
        ra_len=RA_TRACK_LENGTH[n],
        central=_i(T.CENTRAL_START_DISK),
        up=up,
        down=jnp.zeros((S, DISKS), bool),
        held=jnp.zeros((S, NK), jnp.int32),
        discard=jnp.zeros(NK, jnp.int32),
        points=jnp.where(n > SEAT, T.STARTING_SCORE, 0).astype(jnp.int32),
        epoch=_i(1),
        phase=_i(P.TURN),
        cur=jnp.argmax(top).astype(jnp.int32),  # §2: the holder of the highest disk starts
        auc_kind=_i(P.NO_AUCTION),
        auc_ra=_i(-1),
        auc_high=z,
        auc_bidder=_i(-1),
        bids=jnp.full(S, -1, jnp.int32),
        pending=jnp.zeros(4, jnp.int32),
        lose_war=z,
        lose_quake=z,
        after=_i(-1),
        rewards=jnp.zeros(S, jnp.float32),
    )


def init(key: Array, num_players: int | Array = 3) -> State:
    """A new game with the disk groups dealt at random (every deal equally likely)."""
    n = _i(num_players)
    order = jnp.where(n > SEAT, jax.random.uniform(key, (S,)), 2.0)
    return init_dealt(n, jnp.argsort(order).astype(jnp.int32))


# --- who decides ----------------------------------------------------------------------------------------------
def _has_up(s: State) -> Array:
    return jnp.any(s.up, axis=1)


def _top_up(s: State) -> Array:
    return jnp.max(jnp.where(s.up, DISK_VALUES, 0), axis=1)


def _next_active(s: State, after: Array) -> tuple[Array, Array]:
    """§3: the first seat left of `after` (round to `after` itself) with a face-up disk, and whether there is one."""
    ks = SEAT + 1
    qs = (after + ks) % s.num_players
    ok = (ks <= s.num_players) & _take(_has_up(s), qs)
    return qs[jnp.argmax(ok)], jnp.any(ok)


def legal_action_mask(s: State) -> Array:
    """The legal actions of the seat that decides (`legal.legal_actions`); all False when the game is over."""
    p = jnp.maximum(s.cur, 0)
    ids = jnp.arange(NUM_ACTIONS)
    # §5 auction: pass unless forced, a bid of each face-up disk above the high bid
    forced = (s.auc_high == 0) & (p == s.auc_ra) & (s.auc_kind == P.INVOKED_NONFULL)
    bid_ok = jnp.any(BID_DISK & (_row(s.up, p) & (s.auc_high < DISK_VALUES))[None, :], axis=1)
    auction = bid_ok | ((ids == A.PASS) & ~forced)
    # §3, §6: draw (track not full), invoke, a god per kind on the track but gods; while spending: done or a god
    god_ok = jnp.any(GOD_KIND & ((s.track > 0) & (KIND != T.GOD))[None, :], axis=1)
    held = _row(s.held, p)
    has_god = held[T.GOD] > 0
    track_len = jnp.sum(s.track)
    turn = ((ids == A.DRAW) & (track_len < T.AUCTION_TRACK_SIZE)) | (ids == A.INVOKE) | (god_ok & has_god)
    gods = (ids == A.DONE) | god_ok
    # §7: a tile of War's targets (first) or Earthquake's that the seat holds
    group = jnp.where(s.lose_war > 0, TARGETS[WAR_I], TARGETS[QUAKE_I])
    lose = jnp.any(LOSE_KIND & (group & (held > 0))[None, :], axis=1)
    return jnp.select(
        [s.phase == P.AUCTION, s.phase == P.TURN, s.phase == P.GODS, s.phase == P.DISASTER],
        [auction, turn, gods, lose],
        jnp.zeros(NUM_ACTIONS, bool),
    )


def current_player(s: State) -> Array:
    """The seat that decides, -1 when the game is over."""
    return s.cur


def terminated(s: State) -> Array:
    """True once epoch 3 has been scored."""
    return s.phase == P.OVER


def rewards(s: State) -> Array:
    """f32[S]: the last step's rewards: on the step that ends the game each seat's score minus the best other score
    (the envs' "margin"), else zeros (pgx's convention: summed over a game, the final margins)."""
    return s.rewards


# --- the action's own effect ----------------------------------------------------------------------------------
def _start_auction(s: State, c: Control, kind: Array, ra: Array) -> tuple[State, Control]:
    s = s._replace(phase=_i(P.AUCTION), auc_kind=kind, auc_ra=ra, auc_high=_i(0), auc_bidder=_i(-1),
                   bids=jnp.full(S, -1, jnp.int32))  # fmt: skip
    return s, c._replace(bidder=jnp.bool_(True), bidder_from=(ra + 1) % s.num_players)


def _draw(s: State, c: Control, p: Array, tile: Array) -> tuple[State, Control]:
    """§3, §4: a tile from the bag; a Ra tile starts an auction or, filling the Ra track, ends the epoch."""
    drawn = (tile == KIND).astype(jnp.int32)
    is_ra = tile == T.RA
    filled = s.ra_filled + is_ra
    s = s._replace(bag=s.bag - drawn, ra_filled=filled, track=jnp.where(is_ra, s.track, s.track + drawn))
    last_ra = is_ra & (filled == s.ra_len)
    sa, ca = _start_auction(s, c, _i(P.RA_DRAWN), p)
    q, found = _next_active(s, p)
    sn = s._replace(cur=jnp.where(found, q, s.cur))
    cn = c._replace(end_epoch=~found)
    ended = (s, c._replace(end_epoch=jnp.bool_(True)))
    return _where(is_ra & ~last_ra, (sa, ca), _where(last_ra, ended, (sn, cn)))  # type: ignore[no-any-return]


def _invoke(s: State, c: Control, p: Array) -> tuple[State, Control]:
    full = jnp.sum(s.track) == T.AUCTION_TRACK_SIZE
    return _start_auction(s, c, jnp.where(full, P.INVOKED_FULL, P.INVOKED_NONFULL).astype(jnp.int32), p)


def _pass(s: State, c: Control, p: Array) -> tuple[State, Control]:
    s = s._replace(bids=jnp.where(p == SEAT, 0, s.bids))
    last = p == s.auc_ra
    return s, c._replace(resolve=last, bidder=~last, bidder_from=(p + 1) % s.num_players)


def _bid(s: State, c: Control, p: Array, d: Array) -> tuple[State, Control]:
    s = s._replace(auc_high=d, auc_bidder=p, bids=jnp.where(p == SEAT, d, s.bids))
    last = p == s.auc_ra  # the Ra player bids last: the auction ends
    return s, c._replace(resolve=last, bidder=~last, bidder_from=(p + 1) % s.num_players)


def _spend_god(s: State, c: Control, p: Array, kind: Array) -> tuple[State, Control]:
    """§6, E7, E21: a god takes one tile off the track; disasters wait until spending ends."""
    disaster = kind >= T.FIRST_DISASTER
    held = s.held - _seat_kind(p, T.GOD) + jnp.where(disaster, 0, _seat_kind(p, kind))
    pending = jnp.where(s.phase == P.TURN, 0, s.pending) + (jnp.arange(4) == kind - T.FIRST_DISASTER)
    track = s.track - (kind == KIND)
    discard = s.discard + (KIND == T.GOD)
    s = s._replace(held=held, track=track, pending=pending, discard=discard, phase=_i(P.GODS))
    more = (_row(held, p)[T.GOD] > 0) & (jnp.sum(track) - track[T.GOD] > 0)
    return s, c._replace(end_gods=~more, gods_seat=p)


def _done(s: State, c: Control, p: Array) -> tuple[State, Control]:
    return s, c._replace(end_gods=jnp.bool_(True), gods_seat=p)


def _lose(s: State, c: Control, p: Array, kind: Array) -> tuple[State, Control]:
    s = s._replace(held=s.held - _seat_kind(p, kind), discard=s.discard + (kind == KIND))
    war = jnp.any(TARGETS[WAR_I] & (kind == KIND))
    s = s._replace(lose_war=s.lose_war - war, lose_quake=s.lose_quake - ~war)
    return s, c._replace(settle=jnp.bool_(True), settle_seat=p)


def _act(s: State, action: Array, tile: Array) -> tuple[State, Control]:
    p = s.cur
    c = _no_control()
    action = _i(action)
    branch = jnp.select(
        [action == A.DRAW, action == A.INVOKE, action == A.PASS, action == A.DONE, action < A.GOD_BASE,
         action < A.LOSE_BASE],
        [0, 1, 2, 3, 4, 5], 6,
    )  # fmt: skip
    return jax.lax.switch(  # type: ignore[no-any-return]
        branch,
        [
            lambda: _draw(s, c, p, tile),
            lambda: _invoke(s, c, p),
            lambda: _pass(s, c, p),
            lambda: _done(s, c, p),
            lambda: _bid(s, c, p, action - A.BID_BASE),
            lambda: _spend_god(s, c, p, jnp.clip(action - A.GOD_BASE, 0, NK - 1)),
            lambda: _lose(s, c, p, jnp.clip(action - A.LOSE_OFFSET, 0, NK - 1)),
        ],
    )


# --- the chained stages ---------------------------------------------------------------------------------------
def _stage_bidder(s: State, c: Control) -> tuple[State, Control]:
    """§5, E5: the decision goes to the next seat that can beat the high bid; those that cannot pass, up to the Ra
    player; if nobody before the Ra player (included) can, the auction is over."""
    n = s.num_players
    ks = SEAT
    qs = (c.bidder_from + ks) % n
    to_ra = (s.auc_ra - c.bidder_from) % n  # steps from the first seat asked to the Ra player
    within = ks <= to_ra
    can = within & (_take(_top_up(s), qs) > s.auc_high)
    found = jnp.any(can)
    first = jnp.where(found, jnp.argmax(can), to_ra + 1)
    passed = within & (ks < first)
    passed_seat = jnp.any((qs[:, None] == SEAT[None, :]) & passed[:, None], axis=0)  # qs repeat past n seats
    bids = jnp.where(passed_seat, 0, s.bids)
    s = s._replace(bids=bids, cur=jnp.where(found, jnp.sum(jnp.where(ks == first, qs, 0)), s.cur))
    return s, c._replace(resolve=~found)


def _stage_resolve(s: State, c: Control) -> tuple[State, Control]:
    """§5: the high bidder buys; with no bid an invoked full track is discarded, a drawn Ra's lot stays."""
    sold = s.auc_bidder >= 0
    discard_all = ~sold & (s.auc_kind == P.INVOKED_FULL)
    s = s._replace(discard=jnp.where(discard_all, s.discard + s.track, s.discard),
                   track=jnp.where(discard_all, 0, s.track))  # fmt: skip
    return s, c._replace(sell=sold, sell_to=s.auc_bidder, sell_disk=s.auc_high, sell_ra=s.auc_ra,
                         cont=~sold, cont_after=s.auc_ra)  # fmt: skip


def _stage_sell(s: State, c: Control) -> tuple[State, Control]:
    """§5.1-§5.4: the buyer takes the lot, its disk goes to the centre and the central disk to it, face down."""
    w, d = c.sell_to, c.sell_disk
    lot = jnp.where(IS_DISASTER, 0, s.track)
    gained = s.track[DISASTER_KINDS]
    buyer = _hot(w, S)[:, None]
    s = s._replace(
        held=s.held + jnp.where(buyer, lot[None, :], 0),
        track=jnp.zeros(NK, jnp.int32),
        up=s.up & ~(buyer & _hot(d, DISKS)[None, :]),
        down=s.down | (buyer & _hot(s.central, DISKS)[None, :]),
        central=d,
    )
    any_gained = jnp.any(gained > 0)
    return s, c._replace(disasters=any_gained, dis_seat=w, gained=gained, dis_after=c.sell_ra,
                         cont=~any_gained, cont_after=c.sell_ra)  # fmt: skip


def _stage_end_gods(s: State, c: Control) -> tuple[State, Control]:
    p = c.gods_seat
    pend = s.pending
    s = s._replace(pending=jnp.zeros(4, jnp.int32))
    some = jnp.any(pend > 0)
    return s, c._replace(disasters=some, dis_seat=p, gained=pend, dis_after=p, cont=~some, cont_after=p)


def _stage_disasters(s: State, c: Control) -> tuple[State, Control]:
    """§7: each disaster destroys DISASTER_LOSS targets; Funeral and Drought at once (floods first), War and
    Earthquake as many as held, chosen by the player when there is a choice (_stage_settle)."""
    p, g = c.dis_seat, c.gained
    row = _row(s.held, p)
    discard = s.discard + jnp.sum(g[:, None] * DISASTER_HOT, axis=0)
    left = T.DISASTER_LOSS * g
    # Funeral
    lost = jnp.minimum(row[T.PHARAOH], left[FUNERAL_I])
    row, discard = row - lost * (KIND == T.PHARAOH), discard + lost * (KIND == T.PHARAOH)
    # Drought: floods first, then Nile
    todo = left[DROUGHT_I]
    for kind in (DROUGHT_FIRST, DROUGHT_THEN):
        lost = jnp.minimum(row[kind], todo)
        row, discard, todo = row - lost * (kind == KIND), discard + lost * (kind == KIND), todo - lost
    war_held = jnp.sum(jnp.where(TARGETS[WAR_I], row, 0))
    quake_held = jnp.sum(jnp.where(TARGETS[QUAKE_I], row, 0))
    lose_war = jnp.where(g[WAR_I] > 0, jnp.minimum(left[WAR_I], war_held), s.lose_war)
    lose_quake = jnp.where(g[QUAKE_I] > 0, jnp.minimum(left[QUAKE_I], quake_held), s.lose_quake)
    s = s._replace(held=_set_row(s.held, p, row), discard=discard, lose_war=lose_war, lose_quake=lose_quake,
                   after=c.dis_after)  # fmt: skip
    choose = (lose_war > 0) | (lose_quake > 0)
    return s, c._replace(settle=choose, settle_seat=p, cont=~choose, cont_after=c.dis_after)


def _stage_settle(s: State, c: Control) -> tuple[State, Control]:
    """§7, E6: War then Earthquake lose the tiles that leave no choice; otherwise the player chooses."""
    p = c.settle_seat
    row, discard = _row(s.held, p), s.discard
    lefts = []
    for i, left in ((WAR_I, s.lose_war), (QUAKE_I, s.lose_quake)):
        targets = TARGETS[i] & (row > 0)
        total = jnp.sum(jnp.where(targets, row, 0))
        kinds = jnp.sum(targets)
        all_of_them = (left > 0) & (left >= total)
        only_kind = (left > 0) & ~all_of_them & (kinds == 1)
        lost = jnp.where(all_of_them, jnp.where(targets, row, 0), jnp.where(only_kind & targets, left, 0))
        row, discard = row - lost, discard + lost
        lefts.append(jnp.where(all_of_them | only_kind, 0, left))
    s = s._replace(held=_set_row(s.held, p, row), discard=discard, lose_war=lefts[0], lose_quake=lefts[1])
    choose = (lefts[0] > 0) | (lefts[1] > 0)
    s = s._replace(phase=jnp.where(choose, P.DISASTER, s.phase), cur=jnp.where(choose, p, s.cur))
    return s, c._replace(cont=~choose, cont_after=s.after)


def _stage_continue(s: State, c: Control) -> tuple[State, Control]:
    """§3, §8.1b: the next turn goes to the next seat left with a face-up disk; with none the epoch ends."""
    q, found = _next_active(s, c.cont_after)
    s = s._replace(cur=jnp.where(found, q, s.cur), phase=jnp.where(found, P.TURN, s.phase))
    return s, c._replace(end_epoch=~found)


def _most_fewest(values: Array, n: Array, most: int, fewest: int) -> Array:
    """§9.1, E13: ties all score; if every seat at the table is equal nobody does."""
    seated = n > SEAT
    hi = jnp.max(jnp.where(seated, values, INT_MIN))
    lo = jnp.min(jnp.where(seated, values, INT_MAX))
    pts = jnp.where(values == hi, most, jnp.where(values == lo, fewest, 0))
    return jnp.where(seated & (hi != lo), pts, 0)


def _stage_end_epoch(s: State, c: Control) -> tuple[State, Control]:
    """§8, §9: discard the tracks, score the epoch (and the game after epoch 3), turn disks up, keep scarabs."""
    n, held = s.num_players, s.held
    final = s.epoch == T.EPOCHS
    discard = s.discard + s.track
    discard = discard + s.ra_filled * (KIND == T.RA)
    # §9.1
    civ_types = jnp.sum((held > 0) & IS_CIV, axis=1)
    flood = held[:, T.FLOOD]
    after = (
        s.points
        + T.GOD_POINTS * held[:, T.GOD]
        + T.GOLD_POINTS * held[:, T.GOLD]
        + CIV_POINTS[civ_types]
        + jnp.where(flood > 0, T.RIVER_POINTS * (held[:, T.NILE] + flood), 0)
        + _most_fewest(held[:, T.PHARAOH], n, T.PHARAOH_MOST, T.PHARAOH_FEWEST)
    )
    # §9.2, §9.3, A1
    monuments = jnp.where(IS_MONUMENT, held, 0)
    bonus = MONUMENT_VARIETY[jnp.sum(monuments > 0, axis=1)] + jnp.sum(
        MONUMENT_SAME[jnp.clip(monuments, 0, len(T.MONUMENT_SAME) - 1)], axis=1
    )
    totals = jnp.sum(jnp.where(s.up | s.down, DISK_VALUES, 0), axis=1)
    bonus = bonus + _most_fewest(totals, n, T.SUN_DISK_MOST, T.SUN_DISK_FEWEST)
    final_after = jnp.where(s.floor_twice, jnp.maximum(after, 0) + bonus, after + bonus)
    after = jnp.maximum(jnp.where(final, final_after, after), 0)
    points = jnp.where(n > SEAT, after, 0)
    # §8.2.3, §8.2.4
    up = s.up | s.down
    discard = discard + jnp.sum(jnp.where(DISCARDED_AT_END, held, 0), axis=0)
    held = jnp.where(DISCARDED_AT_END, 0, held)
    top = jnp.max(jnp.where(up, DISK_VALUES, 0), axis=1)
    s = s._replace(
        track=jnp.zeros(NK, jnp.int32), discard=discard, ra_filled=_i(0), auc_kind=_i(P.NO_AUCTION),
        auc_ra=_i(-1), auc_high=_i(0), auc_bidder=_i(-1), bids=jnp.full(S, -1, jnp.int32), points=points,
        up=up, down=jnp.zeros_like(s.down), held=held,
        epoch=jnp.where(final, s.epoch, s.epoch + 1),
        phase=jnp.where(final, P.OVER, P.TURN).astype(jnp.int32),
        cur=jnp.where(final, -1, jnp.argmax(top)).astype(jnp.int32),  # §8.3: the highest disk starts
    )  # fmt: skip
    return s, c


def _run(flag: Array, stage: Any, s: State, c: Control) -> tuple[State, Control]:
    return jax.lax.cond(flag, stage, lambda s, c: (s, c), s, c)  # type: ignore[no-any-return]


def step_drawn(state: State, action: Array | int, tile: Array | int) -> State:
    """The state after `action`; `tile` is the kind drawn if it is a draw (the chance outcome, fed in)."""
    s, c = _act(state, _i(action), _i(tile))
    s, c = _run(c.bidder, _stage_bidder, s, c)
    s, c = _run(c.resolve, _stage_resolve, s, c)
    s, c = _run(c.sell, _stage_sell, s, c)
    s, c = _run(c.end_gods, _stage_end_gods, s, c)
    s, c = _run(c.disasters, _stage_disasters, s, c)
    s, c = _run(c.settle, _stage_settle, s, c)
    s, c = _run(c.cont, _stage_continue, s, c)
    s, c = _run(c.end_epoch, _stage_end_epoch, s, c)
    s = s._replace(rewards=jnp.where(terminated(s), margins(s.points, s.num_players), 0.0))
    kept = state._replace(rewards=jnp.zeros_like(state.rewards))  # a finished game stays put, rewarding nothing
    return _where(terminated(state), kept, s)  # type: ignore[no-any-return]


def draw_tile(state: State, key: Array) -> Array:
    """A tile kind drawn from the bag, each undrawn tile equally likely."""
    return sample_counts(key, state.bag)


def step(state: State, action: Array | int, key: Array) -> State:
    """The state after `action`, a draw's tile drawn with `key` from the bag's counts."""
    return step_drawn(state, action, draw_tile(state, key))


# --- the observation (ra.envs.ra.observation, "Ra" in docs/OBSERVATIONS.md) --------------------------------------
def observe(s: State, seat: Array | int) -> Array:
    """f32[OBS_SIZE]: `seat`'s observation, equal to the AEC environments' (`RaStateEncoder.observe`)."""
    n = s.num_players
    me = _i(seat)
    rel = (me + SEAT) % n  # the absolute seat at each relative seat
    present = n > SEAT

    def onehot(i: Array, size: int, on: Array | bool = True) -> Array:
        return ((jnp.arange(size) == i) & on).astype(jnp.float32)

    def per_seat(rows: Array) -> Array:  # rows[abs seat] -> relative seats, absent ones zero
        return jnp.where(present.reshape((S,) + (1,) * (rows.ndim - 1)), rows[rel], 0).reshape(-1)

    f32 = jnp.float32

    def share(counts: Array) -> Array:  # counts by kind (last axis) as shares of each kind's count
        return SHARE_OF[KIND, jnp.clip(counts, 0, MAX_COUNT)]

    shown = terminated(s) | s.scores_visible
    visible = present & (shown | (rel == me))
    points = s.points[rel]
    score = jnp.where(points < SCORE_ROWS, SCORE_OF[jnp.clip(points, 0, SCORE_ROWS - 1)], points / SCORE_SCALE)
    scores = jnp.stack([visible.astype(f32), jnp.where(visible, score, 0.0)], axis=1)
    auction = s.phase == P.AUCTION
    bidder_rel = jnp.where(s.auc_bidder < 0, S, (s.auc_bidder - me) % n)
    decided = (s.bids[rel] >= 0) & present & auction
    bids = jnp.stack([decided, decided & (s.bids[rel] == 0),
                      jnp.where(decided, s.bids[rel] / T.MAX_DISK, 0.0)], axis=1).astype(f32)  # fmt: skip
    gods = s.phase == P.GODS
    disaster = s.phase == P.DISASTER
    parts = {
        "players": onehot(n - 2, 4),
        "seats": present.astype(f32),
        "epoch": onehot(s.epoch - 1, 3),
        "phase": onehot(s.phase, 5),
        "to_act": onehot((s.cur - me) % n, S, s.cur >= 0),
        "ra_track": jnp.stack([TENTHS_OF[s.ra_len], TENTHS_OF[s.ra_filled], FILLED_OF[s.ra_len, s.ra_filled]]),
        "auction_track": s.track / T.AUCTION_TRACK_SIZE,
        "central_disk": (s.central / T.MAX_DISK)[None],
        "face_up": per_seat(s.up[:, 1:].astype(f32)),
        "face_down": per_seat(s.down[:, 1:].astype(f32)),
        "tiles": per_seat(share(s.held)),
        "scores": scores.reshape(-1),
        "bag": share(s.bag),
        "bag_total": BAG_TOTAL_OF[jnp.sum(s.bag)][None],
        "discarded": share(s.discard),
        "auction": jnp.concatenate([
            auction[None].astype(f32), onehot(s.auc_kind - 1, 3, auction), onehot((s.auc_ra - me) % n, S, auction),
            jnp.where(auction, s.auc_high / T.MAX_DISK, 0.0)[None], onehot(bidder_rel, S + 1, auction)]),
        "bids": bids.reshape(-1),
        "gods": jnp.concatenate([gods[None].astype(f32), jnp.where(gods, SHARE_OF[DISASTER_KINDS, s.pending], 0.0)]),
        "disaster": jnp.concatenate([
            disaster[None].astype(f32), jnp.where(disaster, jnp.stack([s.lose_war, s.lose_quake]) / DISASTER_LOSSES,
                                                  0.0), onehot((s.after - me) % n, S, disaster)]),
    }  # fmt: skip
    out = jnp.concatenate([parts[name].astype(f32).reshape(-1) for name in AT])
    return out


# --- the bare engine, for the benchmark ---------------------------------------------------------------------------
def engine_steps(players: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Random legal steps of the Python engine for about `seconds` of CPU time: (steps, CPU seconds)."""
    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = ra_game.State.new({"players": players}, seed=rng.randrange(2**31))
        while not state.is_terminal():
            state.push(rng.choice(state.legal_actions()))
            steps += 1
    return steps, time.process_time() - start


FUNCTIONS = Functions(init, step, step_drawn, observe, legal_action_mask, rewards, terminated, current_player,
                      engine_steps, NUM_ACTIONS, OBS_SIZE)  # fmt: skip

__all__ = ["FUNCTIONS", "NUM_ACTIONS", "OBS_SIZE", "State", "init", "init_dealt", "legal_action_mask", "observe",
           "rewards", "step", "step_drawn", "terminated"]  # fmt: skip
