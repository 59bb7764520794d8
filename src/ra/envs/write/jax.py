"""RA and Write as pure JAX functions: jit-able and vmap-able, for batched rollouts on an accelerator (or the CPU).

An optional extra, never a second source of truth: `ra.games.write` is the rules engine, and
tests/envs/test_jax_write.py plays the engine's games move for move through these functions, feeding the same deck,
and compares legal masks, current players, terminal flags, scores and observations. The data come from the engine's
own tables (tables.py, sheet.py, actions.py, plan.py, phases.py), turned into arrays at import; nothing is retyped.

Conventions follow pgx where they fit: a `State` NamedTuple of fixed-shape arrays, `init(key, players)`,
`step(state, action, key)`, `legal_action_mask(state)`, `observe(state, seat)`, `rewards`, `terminated`,
`current_player`, gathered in `FUNCTIONS` for `ra.envs.jax.load("write")`. Seats are padded to five (MAX_PLAYERS),
so games of 2-5 players batch together. Chance: the state holds a deck order; a reveal takes the next cards of it.
`init` leaves it unshuffled and `step` draws the cards a reveal needs uniformly from the undrawn rest with its key,
unless the state was made by `init_from_deck`, whose fixed order is then followed card by card; `step_drawn`
takes the cards a reveal turns over as given (both ways feed the engine's draws in, as the tests do). The
simultaneous choices of the other players (§3.3) are served one seat after another, clockwise from the active
seat, as the AEC env does (`current_players()[0]`). `rewards` are the margins on the step that ends the game, else 0,
as Ra's. The kingdom-limited variant is supported (`limited`).
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ra.envs.encoding import SCORE_SCALE
from ra.envs.jax.common import Functions, margins
from ra.envs.write import observation as O
from ra.games.write import actions as A
from ra.games.write import sheet as S
from ra.games.write import tables as T
from ra.games.write.phases import ACTIVE_CHOICE, OTHERS_CHOICE, OVER, REVEAL
from ra.games.write.plan import ENTRY_PLAN, TAKE_ENTRY

Array = jax.Array
SEATS = T.MAX_PLAYERS
DECK_SIZE = len(T.DECK)
NUM_ACTIONS = A.NUM_ACTIONS
NUM_KINGDOMS = len(T.KINGDOMS)
NCIV, NMON = S.NUM_CIV_TYPES, S.NUM_MONUMENT_TYPES
NILE_LO, NILE_HI = T.NILE_BONUS_NUMBERS
MAX_DRAWS = T.FACE_UP + T.RA_CARDS  # the most cards one reveal can turn over
GPK = T.GOD_SPACES_PER_KINGDOM

# --- the engine's tables as arrays ---------------------------------------------------------------------------------
DECK = jnp.asarray(T.DECK, dtype=jnp.int32)
CARD_KIND = jnp.asarray(T.CARD_KIND, dtype=jnp.int32)
CARD_VALUE = jnp.asarray(T.CARD_VALUE, dtype=jnp.int32)
ENTRY = jnp.asarray([e for e, _, _, _ in ENTRY_PLAN], dtype=jnp.int32)  # section of the entry (a K_BONUS_* kind)
SLOT = jnp.asarray([-1 if s is None else s for _, s, _, _ in ENTRY_PLAN], dtype=jnp.int32)
SPACE = jnp.asarray([x for _, _, x, _ in ENTRY_PLAN], dtype=jnp.int32)
ARG = jnp.asarray([a for _, _, _, a in ENTRY_PLAN], dtype=jnp.int32)
TAKE_SECTION = jnp.asarray(TAKE_ENTRY, dtype=jnp.int32)
SYMBOL_AT = jnp.asarray(T.SYMBOL_AT, dtype=jnp.int32)
PART_OF = jnp.asarray(T.PART_OF, dtype=jnp.int32)
PART_START = jnp.asarray([p[0] for p in T.PART_SPACES], dtype=jnp.int32)
CIV_TABLE = jnp.asarray(T.CIV_TABLE, dtype=jnp.int32)
BLANK = jnp.asarray(np.frombuffer(S.blank_block().tobytes(), dtype=np.int8).astype(np.int32))
NUMBERS = jnp.arange(NILE_LO, NILE_HI + 1, dtype=jnp.int32)
if any(len(p) != len(T.PART_SPACES[0]) for p in T.PART_SPACES):
    raise ImportError("the JAX Nile entry assumes parts of equal length")
PART_LEN = len(T.PART_SPACES[0])


class State(NamedTuple):
    """One game (or, under vmap, a batch): the engine's fields as fixed-shape arrays, seats padded to five."""

    num_players: Array  # int32
    deck: Array  # int32[110] card codes, first revealed first
    pos: Array  # int32: deck[pos:] still to reveal
    fixed_deck: Array  # bool: follow `deck` as given (chance fed in) instead of reshuffling the rest at a reveal
    face: Array  # int32[3] face-up card codes, -1 when empty
    sheets: Array  # int32[5, 65] every scoresheet, the engine's block layout (sheet.py)
    phase: Array  # int32 phases.REVEAL .. OVER
    active: Array  # int32
    turn: Array  # int32, from 1
    ra: Array  # int32 Ra cards set aside
    to_act: Array  # bool[5] the seats that may act now (the engine's `cur`)
    scores: Array  # int32[5] scored Kingdoms plus end bonuses
    limited: Array  # bool: the kingdom-limited variant
    rewards: Array  # float32[5] the last step's: each seat's margin on the step that ends the game, else 0


def _new(num_players: Array, deck: Array, first: int | Array, fixed: bool, limited: bool | Array) -> State:
    num_players = jnp.asarray(num_players, jnp.int32)
    first = jnp.asarray(first, jnp.int32)
    return State(
        num_players=num_players,
        deck=jnp.asarray(deck, jnp.int32),
        pos=jnp.int32(0),
        fixed_deck=jnp.asarray(fixed),
        face=jnp.full((T.FACE_UP,), -1, jnp.int32),
        sheets=jnp.tile(BLANK, (SEATS, 1)),
        phase=jnp.int32(REVEAL),
        active=first,
        turn=jnp.int32(1),
        ra=jnp.int32(0),
        to_act=jnp.arange(SEATS) == first,
        scores=jnp.zeros(SEATS, jnp.int32),
        limited=jnp.asarray(limited),
        rewards=jnp.zeros(SEATS, jnp.float32),
    )


def init(key: Array, num_players: int | Array, limited: bool = False) -> State:
    """A new game: the key draws the starting seat (§3 setup).

    The deck is left in its canonical order: `step` draws each reveal's cards uniformly from the undrawn ones with
    its own key, which is the shuffle; a permutation here would cost a sort of the deck at every auto-reset.
    """
    first = jax.random.randint(key, (), 0, num_players)
    return _new(jnp.asarray(num_players), DECK, first, False, limited)


def init_from_deck(order: Any, num_players: int | Array, first: int | Array, limited: bool = False) -> State:
    """A new game whose reveals follow `order` (110 card codes) exactly: chance outcomes fed in."""
    return _new(jnp.asarray(num_players), jnp.asarray(order, jnp.int32), first, True, limited)


# --- queries -------------------------------------------------------------------------------------------------------
def terminated(state: State) -> Array:
    """True once the 9th Ra has ended the game (§4)."""
    return state.phase == OVER


def rewards(state: State) -> Array:
    """The last step's rewards (float32[5]; padded seats 0): on the step that ends the game each seat's score less
    the best other score (the envs' "margin"), else 0 (pgx's convention: summed over a game, the final margins)."""
    return state.rewards


def _clockwise(state: State) -> Array:
    """The seats clockwise from the active one (int32[5]), padded seats last."""
    r = jnp.arange(SEATS)
    return jnp.where(r < state.num_players, (state.active + r) % state.num_players, r)


def current_player(state: State) -> Array:
    """The seat to act (the first of the engine's `cur`, clockwise from the active seat); -1 once over."""
    order = _clockwise(state)
    acting = state.to_act[order]
    return jnp.where(acting.any(), order[jnp.argmax(acting)], -1)


def _limit(state: State) -> Array:
    """The Kingdom Gods and Civilization entries are limited to, or -1 (not the variant)."""
    k = jnp.minimum(state.ra // T.RA_PER_KINGDOM, NUM_KINGDOMS - 1)
    return jnp.where(state.limited, k, -1)


def _god_open(row: Array, limit: Array) -> Array:
    """bool[9]: the empty Gods spaces an entry may take (the current Kingdom's only in the variant)."""
    kingdom_of = jnp.arange(T.GOD_SPACES) // GPK
    return (row[S.GODS_START : S.GODS_END] == 0) & ((limit < 0) | (kingdom_of == limit))


def _civ_open(row: Array, limit: Array) -> Array:
    """bool[3, 5]: the empty Civilization spaces by line and type (the current line only in the variant)."""
    lines = jnp.arange(NUM_KINGDOMS)[:, None]
    return (row[S.CIV_START : S.CIV_END].reshape(NUM_KINGDOMS, NCIV) == 0) & ((limit < 0) | (lines == limit))


def _nile_bounds(row: Array) -> tuple[Array, Array, Array]:
    """Per Nile space: empty, the least and the greatest number it may take (the row never decreases)."""
    nile = row[S.NILE_START : S.NILE_END]
    left = jax.lax.cummax(jnp.concatenate([jnp.array([NILE_LO]), nile[:-1]]))
    right_vals = jnp.where(nile > 0, nile, NILE_HI)
    right = jax.lax.cummin(jnp.concatenate([right_vals[1:], jnp.array([NILE_HI])]), reverse=True)
    return nile == 0, jnp.maximum(left, NILE_LO), right


def _seat_mask(state: State, seat: Array) -> Array:
    """bool[350]: the legal actions of `seat`, all False unless it acts now."""
    row = state.sheets[seat]
    limit = _limit(state)
    god_open = _god_open(row, limit)
    civ_open = _civ_open(row, limit)
    empty, lo, hi = _nile_bounds(row)
    # a pending bonus entry: its section's bonus actions and decline (§2)
    pend = row[S.PENDING_BONUS]
    anyb = pend == S.B_ANY
    nile_fit = empty[:, None] & (NUMBERS[None, :] >= lo[:, None]) & (NUMBERS[None, :] <= hi[:, None])
    pharaoh_ok = row[S.PHARAOHS_MARKED] < T.PHARAOH_SPACES
    bonus = jnp.concatenate(
        [
            god_open & anyb,
            jnp.atleast_1d(pharaoh_ok & ((pend == S.B_PHARAOH) | anyb)),
            (nile_fit & ((pend == S.B_NILE) | anyb)).ravel(),
            (civ_open & ((pend == S.B_CIV) | anyb)).ravel(),
            (row[S.MONUMENTS_START : S.MONUMENTS_END] < T.MONUMENT_ROWS) & ((pend == S.B_MONUMENT) | anyb),
            jnp.ones(1, bool),
        ]
    )
    bonus_mask = jnp.zeros(NUM_ACTIONS, bool).at[A.BONUS_GOD0 :].set(bonus)
    # a card choice: each face-up slot but the one the active player reserved (§3.2, §3.3)
    reserved = jnp.where(seat == state.active, -1, state.sheets[state.active, S.CHOSEN])
    codes = jnp.maximum(state.face, 0)
    kind, value = CARD_KIND[codes], CARD_VALUE[codes]
    usable = (jnp.arange(T.FACE_UP) != reserved) & (state.face >= 0)
    gods = usable[:, None] & (kind == T.GOD)[:, None] & god_open[None, :]
    niles = (usable[:, None] & (kind == T.NILE)[:, None] & empty[None, :]
             & (lo[None, :] <= value[:, None]) & (hi[None, :] >= value[:, None]))  # fmt: skip
    civs = usable[:, None] & (kind == T.CIV)[:, None] & civ_open.T[value]
    placed = gods.any(1) | niles.any(1) | civs.any(1)
    take = usable & ~placed  # a Pharaoh or Monument, or any card with no legal space (lost)
    card = jnp.concatenate([jnp.zeros(1, bool), take, gods.ravel(), niles.ravel(), civs.ravel()])
    card_mask = jnp.zeros(NUM_ACTIONS, bool).at[: A.BONUS_GOD0].set(card)
    reveal_mask = jnp.zeros(NUM_ACTIONS, bool).at[A.REVEAL].set(True)
    mask = jnp.where(state.phase == REVEAL, reveal_mask, jnp.where(pend > 0, bonus_mask, card_mask))
    return mask & state.to_act[seat] & (state.phase != OVER)


def legal_action_mask(state: State) -> Array:
    """bool[350]: the legal actions of the current player (all False once the game is over)."""
    return _seat_mask(state, jnp.maximum(current_player(state), 0))


legal_action_mask_of = _seat_mask  # (state, seat): the mask of any seat


# --- entries (§2): each returns the new sheet row and the bonus entry earned ---------------------------------------
def _can_bonus(row: Array, kind: Array, limit: Array) -> Array:
    """True if a bonus entry of this kind has a legal space (else it is lost)."""
    pharaoh = row[S.PHARAOHS_MARKED] < T.PHARAOH_SPACES
    nile = (row[S.NILE_START : S.NILE_END] == 0).any()
    civ = _civ_open(row, limit).any()
    monument = (row[S.MONUMENTS_START : S.MONUMENTS_END] < T.MONUMENT_ROWS).any()
    anyb = _god_open(row, limit).any() | pharaoh | nile | civ | monument
    return jnp.stack([jnp.array(False), pharaoh, nile, civ, monument, anyb])[kind]


def _enter_god(row: Array, space: Array, arg: Array, limit: Array) -> tuple[Array, Array]:
    """§2 Gods: write the number; a Kingdom's third space writes its total box and earns a Pharaohs entry."""
    row = row.at[S.GODS_START + space].set(arg)
    k = space // GPK
    group = jax.lax.dynamic_slice(row, (S.GODS_START + k * GPK,), (GPK,))
    full = (group != 0).all()
    total_at = S.GOD_TOTALS_START + k
    row = row.at[total_at].set(jnp.where(full & (row[total_at] < 0), group.sum(), row[total_at]))
    earned = full & (row[S.GOD_BONUSES_START + k] == 0)
    row = row.at[S.GOD_BONUSES_START + k].set(jnp.where(earned, 1, row[S.GOD_BONUSES_START + k]))
    return row, jnp.where(earned & _can_bonus(row, jnp.int32(S.B_PHARAOH), limit), S.B_PHARAOH, S.NO_BONUS)


def _enter_pharaoh(row: Array, space: Array, arg: Array, limit: Array) -> tuple[Array, Array]:
    """§2 Pharaohs: mark the leftmost space (a full row loses the entry); a Nile symbol earns a Nile entry."""
    m = row[S.PHARAOHS_MARKED]
    room = m < T.PHARAOH_SPACES
    row = row.at[S.PHARAOHS_MARKED].set(jnp.where(room, m + 1, m))
    sym = SYMBOL_AT[jnp.minimum(m, T.PHARAOH_SPACES - 1)]
    at = S.PHARAOH_SYMBOLS_START + jnp.maximum(sym, 0)
    earned = room & (sym >= 0) & (row[at] == 0)
    row = row.at[at].set(jnp.where(earned, 1, row[at]))
    return row, jnp.where(earned & _can_bonus(row, jnp.int32(S.B_NILE), limit), S.B_NILE, S.NO_BONUS)


def _enter_nile(row: Array, space: Array, arg: Array, limit: Array) -> tuple[Array, Array]:
    """§2 Nile: write the number; a part's last space earns a Civilization entry."""
    row = row.at[S.NILE_START + space].set(arg)
    part = PART_OF[space]
    spaces = jax.lax.dynamic_slice(row, (S.NILE_START + PART_START[part],), (PART_LEN,))
    at = S.NILE_PART_BONUSES_START + part
    earned = (spaces != 0).all() & (row[at] == 0)
    row = row.at[at].set(jnp.where(earned, 1, row[at]))
    return row, jnp.where(earned & _can_bonus(row, jnp.int32(S.B_CIV), limit), S.B_CIV, S.NO_BONUS)


def _enter_civ(row: Array, space: Array, arg: Array, limit: Array) -> tuple[Array, Array]:
    """§2 Civilization: mark the type in the line; a line's third mark earns a Monuments entry."""
    row = row.at[S.CIV_START + space * NCIV + arg].set(1)
    line = jax.lax.dynamic_slice(row, (S.CIV_START + space * NCIV,), (NCIV,))
    at = S.CIV_BONUSES_START + space
    earned = (row[at] == 0) & (line.sum() >= T.CIV_LINE_BONUS_AT)
    row = row.at[at].set(jnp.where(earned, 1, row[at]))
    return row, jnp.where(earned & _can_bonus(row, jnp.int32(S.B_MONUMENT), limit), S.B_MONUMENT, S.NO_BONUS)


def _enter_monument(row: Array, space: Array, arg: Array, limit: Array) -> tuple[Array, Array]:
    """§2 Monuments: mark the column's top empty space (a full column loses the card); all eight tops earn an
    any-section entry, once a game."""
    at = S.MONUMENTS_START + arg
    m = row[at]
    room = m < T.MONUMENT_ROWS
    row = row.at[at].set(jnp.where(room, m + 1, m))
    earned = room & (m == 0) & (row[S.ALL_TOPS_BONUS] == 0) & (row[S.MONUMENTS_START : S.MONUMENTS_END] > 0).all()
    row = row.at[S.ALL_TOPS_BONUS].set(jnp.where(earned, 1, row[S.ALL_TOPS_BONUS]))
    return row, jnp.where(earned & _can_bonus(row, jnp.int32(S.B_ANY), limit), S.B_ANY, S.NO_BONUS)


def _enter_nothing(row: Array, space: Array, arg: Array, limit: Array) -> tuple[Array, Array]:
    return row, jnp.int32(S.NO_BONUS)  # a lost card, or a declined bonus


# lax.switch branch by entry section (actions.K_*): the order of the switch list
_SECTIONS = (A.K_BONUS_GOD, A.K_BONUS_PHARAOH, A.K_BONUS_NILE, A.K_BONUS_CIV, A.K_BONUS_MONUMENT)
_BRANCH = np.full(A.K_DECLINE + 1, len(_SECTIONS), dtype=np.int32)  # K_TAKE, K_DECLINE: nothing to enter
for _i, _k in enumerate(_SECTIONS):
    _BRANCH[_k] = _i
BRANCH = jnp.asarray(_BRANCH)
_ENTRIES = (_enter_god, _enter_pharaoh, _enter_nile, _enter_civ, _enter_monument, _enter_nothing)


# --- scoring (§5, §6) -----------------------------------------------------------------------------------------------
def _majority(values: Array, seated: Array, n: Array) -> Array:
    """Highest (or equal) +5; with 3+ players lowest (or equal) -5; all equal: 0."""
    hi = jnp.where(seated, values, -(10**6)).max()
    lo = jnp.where(seated, values, 10**6).min()
    penalty = (n >= T.MAJORITY_PENALTY_MIN_PLAYERS) & (values == lo)
    pts = jnp.where(values == hi, T.MAJORITY_POINTS, jnp.where(penalty, -T.MAJORITY_POINTS, 0))
    return jnp.where(seated & (hi != lo), pts, 0)


def _score_kingdom(sheets: Array, n: Array, k: Array) -> tuple[Array, Array]:
    """§5: Kingdom k's points per seat, and the sheets with its empty Gods total boxes written."""
    seated = jnp.arange(SEATS) < n
    gods = jax.lax.dynamic_slice_in_dim(sheets, S.GODS_START + k * GPK, GPK, axis=1).sum(1)
    total_at = S.GOD_TOTALS_START + k
    totals = jax.lax.dynamic_index_in_dim(sheets, total_at, axis=1, keepdims=False)
    sheets = jax.lax.dynamic_update_index_in_dim(sheets, jnp.where(totals < 0, gods, totals), total_at, axis=1)
    pharaohs = sheets[:, S.PHARAOHS_MARKED]
    nile = (sheets[:, S.NILE_START : S.NILE_END] != 0).sum(1)
    civ = jax.lax.dynamic_slice_in_dim(sheets, S.CIV_START + k * NCIV, NCIV, axis=1).sum(1)
    monuments = (sheets[:, S.MONUMENTS_START : S.MONUMENTS_END] != 0).sum(1)
    points = (_majority(gods, seated, n) + _majority(pharaohs, seated, n) + nile * T.NILE_POINTS_PER_SPACE
              + CIV_TABLE[civ] + monuments * T.MONUMENT_POINTS_PER_COLUMN)  # fmt: skip
    return jnp.where(seated, points, 0), sheets


def _end_bonuses(sheets: Array, n: Array) -> Array:
    """§6: 10 per completed section, and 10 per full Monument column."""
    cols = sheets[:, S.MONUMENTS_START : S.MONUMENTS_END]
    count = ((sheets[:, S.GODS_START : S.GODS_END] != 0).all(1).astype(jnp.int32)
             + (sheets[:, S.PHARAOHS_MARKED] == T.PHARAOH_SPACES)
             + (sheets[:, S.NILE_START : S.NILE_END] != 0).all(1)
             + (cols != 0).all(1)
             + (cols == T.MONUMENT_ROWS).sum(1))  # fmt: skip
    return jnp.where(jnp.arange(SEATS) < n, T.END_BONUS_POINTS * count, 0)


# --- steps ---------------------------------------------------------------------------------------------------------
def _reveal(state: State) -> State:
    """§3.1/§4: reveal until three non-Ra cards lie face up; a Kingdom's third Ra scores it, the 9th ends the game.

    Worked out at once over the next MAX_DRAWS cards rather than card by card: the sheets do not change during a
    reveal (scoring only writes each Kingdom's own Gods total box), so each Kingdom ended in it is scored after.
    """
    at = jnp.minimum(state.pos + jnp.arange(MAX_DRAWS), DECK_SIZE - 1)
    window = state.deck[at]
    is_ra = window == T.RA_CODE
    shown = jnp.cumsum(~is_ra)
    ras = state.ra + jnp.cumsum(is_ra)
    full = jnp.where(shown[-1] >= T.FACE_UP, jnp.argmax(shown >= T.FACE_UP), MAX_DRAWS)  # the third non-Ra card
    last_ra = is_ra & (ras == T.RA_CARDS)
    over = last_ra.any() & (jnp.argmax(last_ra) < full)  # the 9th Ra comes first: the game ends (§4)
    end = jnp.where(over, jnp.argmax(last_ra), full)  # the last card revealed
    drawn = jnp.arange(MAX_DRAWS) <= end
    ra = state.ra + (is_ra & drawn).sum()
    # the face-up cards: the non-Ra cards among those drawn, in order (slot = how many came before)
    slot_of = jnp.where(~is_ra & drawn, shown - 1, T.FACE_UP)
    face = jnp.full(T.FACE_UP + 1, -1, jnp.int32).at[slot_of].set(window)[: T.FACE_UP]
    sheets, scores = state.sheets, state.scores
    for k in range(NUM_KINGDOMS):  # §5 for each Kingdom whose third Ra came in this reveal, in order
        third = T.RA_PER_KINGDOM * (k + 1)
        ends = (state.ra < third) & (ra >= third)
        points, scored = _score_kingdom(sheets, state.num_players, jnp.int32(k))
        if k == NUM_KINGDOMS - 1:  # §6: the end bonuses after the New Kingdom
            points = points + _end_bonuses(scored, state.num_players)
        sheets = jnp.where(ends, scored, sheets)
        scores = scores + jnp.where(ends, points, 0)
    return state._replace(
        face=jnp.where(over, -1, face), pos=state.pos + end + 1, ra=ra, sheets=sheets, scores=scores,
        phase=jnp.where(over, OVER, ACTIVE_CHOICE), to_act=state.to_act & ~over,
    )  # fmt: skip


def _draw_uniformly(state: State, key: Array) -> State:
    """The next MAX_DRAWS cards drawn uniformly from the undrawn ones (a partial Fisher-Yates shuffle), unless the
    deck order was fed in."""

    u = jax.random.uniform(key, (MAX_DRAWS,))  # one call: random bits cost more than the rest of a step on a CPU

    def swap(i: int, deck: Array) -> Array:
        here = jnp.minimum(state.pos + i, DECK_SIZE - 1)
        there = jnp.minimum(here + (u[i] * (DECK_SIZE - here)).astype(jnp.int32), DECK_SIZE - 1)
        there = jnp.where(state.fixed_deck, here, there)
        return deck.at[here].set(deck[there]).at[there].set(deck[here])

    return state._replace(deck=jax.lax.fori_loop(0, MAX_DRAWS, swap, state.deck))


def _enter(state: State, action: Array) -> State:
    """§2/§3: a seat's card or bonus entry (or decline), then, once its chain is done, who acts next."""
    seat = current_player(state)
    row = state.sheets[seat]
    slot = SLOT[action]
    is_card = slot >= 0
    code = state.face[jnp.maximum(slot, 0)]
    entry = jnp.where(is_card & (ENTRY[action] == A.K_TAKE), TAKE_SECTION[code], ENTRY[action])
    arg = jnp.where(is_card, CARD_VALUE[code], ARG[action])
    row = jnp.where(is_card, row.at[S.CHOSEN].set(slot), row.at[S.PENDING_BONUS].set(S.NO_BONUS))
    row, pending = jax.lax.switch(BRANCH[entry], _ENTRIES, row, SPACE[action], arg, _limit(state))
    row = row.at[S.PENDING_BONUS].set(pending)
    sheets = state.sheets.at[seat].set(row)
    chain_done = pending == S.NO_BONUS
    # §3: the active seat's choice opens the others' (§3.3); the last of them ends the turn (§3.4)
    others = jnp.arange(SEATS) < state.num_players
    others = others & (jnp.arange(SEATS) != state.active)
    left = state.to_act & (jnp.arange(SEATS) != seat)
    to_open = state.phase == ACTIVE_CHOICE
    turn_over = ~to_open & ~left.any()
    nxt = (state.active + 1) % state.num_players
    done_state = state._replace(
        sheets=jnp.where(turn_over, sheets.at[:, S.CHOSEN].set(-1), sheets),
        phase=jnp.where(turn_over, REVEAL, jnp.where(to_open, OTHERS_CHOICE, state.phase)),
        to_act=jnp.where(turn_over, jnp.arange(SEATS) == nxt, jnp.where(to_open, others, left)),
        face=jnp.where(turn_over, -1, state.face),
        active=jnp.where(turn_over, nxt, state.active),
        turn=state.turn + turn_over,
    )
    mid_chain = state._replace(sheets=sheets)
    chosen: State = jax.tree.map(lambda a, b: jnp.where(chain_done, a, b), done_state, mid_chain)
    return chosen


def step(state: State, action: int | Array, key: Array | None = None) -> State:
    """Apply a legal `action` of the current player; a reveal draws with `key` (without one, or from a deck fed in
    by `init_from_deck`, it takes the deck's next cards).

    A finished game stays as it is (rewards 0). Illegal actions are not checked (use legal_action_mask).
    """
    act = jnp.asarray(action, jnp.int32)
    if key is not None:
        state = jax.lax.cond(act == A.REVEAL, lambda s: _draw_uniformly(s, key), lambda s: s, state)
    new = jax.lax.cond(act == A.REVEAL, _reveal, lambda s: _enter(s, act), state)
    new = new._replace(rewards=jnp.where(terminated(new), margins(new.scores, new.num_players), 0.0))
    over = terminated(state)
    kept = state._replace(rewards=jnp.zeros_like(state.rewards))
    out: State = jax.tree.map(lambda a, b: jnp.where(over, a, b), kept, new)
    return out


# --- the observation (docs/OBSERVATIONS.md "RA and Write"; ra.envs.write.observation's layout) ---------------------
def _card_pieces() -> np.ndarray:
    """Per card code, the first F_RESERVED entries of a face-up slot: present, kind, number, type."""
    pieces = np.zeros((len(T.CARD_NAMES), O.F_RESERVED), np.float32)
    for code, (kind, value) in enumerate(zip(T.CARD_KIND, T.CARD_VALUE, strict=True)):
        if kind < len(O.CARD_KINDS):  # a Ra card is never face up
            pieces[code, 0] = 1.0
            pieces[code, O.F_KIND + kind] = 1.0
            if kind in (T.GOD, T.NILE) and value:
                pieces[code, O.F_NUMBER] = value / O.NUMBER_SCALE
            if kind == T.CIV:
                pieces[code, O.F_CIV + value] = 1.0
            elif kind == T.MONUMENT:
                pieces[code, O.F_MONUMENT + value] = 1.0
    return pieces


CARD_PIECES = jnp.asarray(_card_pieces())
DECK_COUNT = jnp.asarray([T.DECK.count(c) for c in range(len(T.CARD_NAMES))], dtype=jnp.int32)
STATUS = {name: i for i, name in enumerate(O.STATUSES)}


def _table(scale: float, lo: int, hi: int) -> Array:
    """v / scale for v in lo..hi, divided in double precision and stored as float32, as the engine's encoder does.

    A look-up rather than a division in float32: XLA on the CPU divides by multiplying with the reciprocal, which
    can miss the engine's value by one unit in the last place."""
    return jnp.asarray(np.array([v / scale for v in range(lo, hi + 1)], dtype=np.float32))


SCORE_LO, SCORE_HI = -400, 1000  # far beyond any reachable score
NUMBER_OF = _table(O.NUMBER_SCALE, 0, 127)
TOTAL_OF = _table(O.GOD_TOTAL_SCALE, 0, 127)
PHARAOHS_OF = _table(O.PHARAOH_SPACES, 0, T.PHARAOH_SPACES)
MARKS_OF = _table(O.MONUMENT_ROWS, 0, T.MONUMENT_ROWS)
TURN_OF = _table(O.TURN_SCALE, 0, 1000)
RA_OF = _table(O.RA_CARDS, 0, T.RA_CARDS)
KINGDOM_RA_OF = _table(O.RA_PER_KINGDOM, 0, T.RA_CARDS)
REMAINING_OF = _table(O.DECK_SIZE, 0, DECK_SIZE)
SCORE_OF = _table(SCORE_SCALE, SCORE_LO, SCORE_HI)
# SHARE_OF[code, count]: count cards of that code as a share of the code's count in the deck
SHARE_OF = jnp.asarray(np.array([[k * (1.0 / T.DECK.count(c)) for k in range(max(T.DECK_COUNTS.values()) + 1)]
                                 for c in range(len(T.CARD_NAMES))], dtype=np.float32))  # fmt: skip


def _one_hot(i: Array, n: int, on: Array | bool = True) -> Array:
    return ((jnp.arange(n) == i) & on).astype(jnp.float32)


def _sheet_part(state: State, seat: Array, present: Array) -> Array:
    """One relative seat's 80 entries: status, chosen card, pending bonus, scoresheet, score."""
    row = state.sheets[seat]
    chosen, pending = row[S.CHOSEN], row[S.PENDING_BONUS]
    acting = state.to_act[seat]
    status = jnp.where(
        state.phase == OVER,
        STATUS["done"],
        jnp.where(
            acting,
            jnp.where(
                state.phase == REVEAL, STATUS["reveal"], jnp.where(pending > 0, STATUS["bonus"], STATUS["choosing"])
            ),
            jnp.where((state.phase == OTHERS_CHOICE) | (chosen >= 0), STATUS["done"], STATUS["waiting"]),
        ),
    )
    f = jnp.float32
    totals = row[S.GOD_TOTALS_START : S.GOD_TOTALS_START + NUM_KINGDOMS]
    parts = [
        _one_hot(status, len(O.STATUSES)),
        _one_hot(chosen, T.FACE_UP),
        _one_hot(pending - 1, len(O.BONUSES)),
        NUMBER_OF[jnp.maximum(row[S.GODS_START : S.GODS_END], 0)],
        jnp.stack([(totals >= 0).astype(f), TOTAL_OF[jnp.maximum(totals, 0)]], 1).ravel(),
        (row[S.GOD_BONUSES_START : S.GOD_BONUSES_START + NUM_KINGDOMS] != 0).astype(f),
        PHARAOHS_OF[row[S.PHARAOHS_MARKED : S.PHARAOHS_MARKED + 1]],
        (row[S.PHARAOH_SYMBOLS_START : S.PHARAOH_SYMBOLS_START + O.SYMBOLS] != 0).astype(f),
        NUMBER_OF[jnp.maximum(row[S.NILE_START : S.NILE_END], 0)],
        (row[S.NILE_PART_BONUSES_START : S.NILE_PART_BONUSES_START + O.NILE_PARTS] != 0).astype(f),
        (row[S.CIV_START : S.CIV_END] != 0).astype(f),
        (row[S.CIV_BONUSES_START : S.CIV_BONUSES_START + NUM_KINGDOMS] != 0).astype(f),
        MARKS_OF[row[S.MONUMENTS_START : S.MONUMENTS_END]],
        (row[S.ALL_TOPS_BONUS : S.ALL_TOPS_BONUS + 1] != 0).astype(f),
        jnp.atleast_1d(SCORE_OF[jnp.clip(state.scores[seat], SCORE_LO, SCORE_HI) - SCORE_LO]),
    ]  # fmt: skip
    return jnp.concatenate(parts) * present


def observe(state: State, seat: Array) -> Array:
    """float32[621]: `seat`'s observation, entry for entry the engine's (ra.envs.write.fromstate), seats relative."""
    f = jnp.float32
    n = state.num_players
    rel = jnp.arange(SEATS)
    present = rel < n
    seat_of = (seat + rel) % n  # the absolute seat of each relative seat
    kingdom = jnp.minimum(state.ra // T.RA_PER_KINGDOM, NUM_KINGDOMS - 1)
    limit = _limit(state)
    codes = jnp.maximum(state.face, 0)
    showing = state.face >= 0
    chosen = state.sheets[seat_of, S.CHOSEN]  # by relative seat
    slots = jnp.arange(T.FACE_UP)
    face = jnp.concatenate([
        CARD_PIECES[codes] * showing[:, None],
        ((slots == state.sheets[state.active, S.CHOSEN]) & showing)[:, None].astype(f),
        ((chosen[None, :] == slots[:, None]) & present[None, :] & showing[:, None]).astype(f),
    ], 1).ravel()  # fmt: skip
    sheets = jax.vmap(lambda s, p: _sheet_part(state, s, p))(seat_of, present.astype(f)).ravel()
    undrawn = ((state.deck[:, None] == jnp.arange(len(T.CARD_NAMES))[None, :])
               & (jnp.arange(DECK_SIZE) >= state.pos)[:, None]).sum(0)  # fmt: skip
    face_count = (state.face[:, None] == jnp.arange(len(T.CARD_NAMES))[None, :]).sum(0)
    out_of_play = DECK_COUNT - undrawn - face_count - jnp.where(jnp.arange(len(T.CARD_NAMES)) == T.RA_CODE,
                                                                state.ra, 0)  # fmt: skip
    cards = jnp.arange(len(T.CARD_NAMES))
    parts = [
        _one_hot(n - T.MIN_PLAYERS, O.AT["seats"] - O.AT["players"]),
        present.astype(f),
        _one_hot(kingdom, NUM_KINGDOMS),
        _one_hot(state.phase, len(O.PHASES)),
        _one_hot((state.active - seat) % n, SEATS),
        (state.to_act[seat_of] & present).astype(f),
        jnp.atleast_1d(TURN_OF[jnp.minimum(state.turn, 1000)]),
        jnp.stack([RA_OF[state.ra], KINGDOM_RA_OF[state.ra - T.RA_PER_KINGDOM * kingdom]]),
        ((limit >= 0) & (jnp.arange(NUM_KINGDOMS) != limit)).astype(f),
        face,
        sheets,
        SHARE_OF[cards, undrawn],
        jnp.atleast_1d(REMAINING_OF[DECK_SIZE - state.pos]),
        SHARE_OF[cards, out_of_play],
    ]
    return jnp.concatenate(parts)


def step_drawn(state: State, action: int | Array, cards: Array) -> State:
    """The state after `action`; if it is a reveal, `cards` (int32[MAX_DRAWS], card codes in the order revealed, Ra
    cards included, -1 after the last) are what it turns over: the chance outcomes fed in, as the engine's
    `stack_draws` does. Each given card is brought forward from the undrawn rest; the other cards keep their order.
    """

    def bring(i: int, deck: Array) -> Array:
        here = jnp.minimum(state.pos + i, DECK_SIZE - 1)
        wanted = cards[i]
        later = (deck == wanted) & (jnp.arange(DECK_SIZE) >= here)
        there = jnp.where((wanted >= 0) & later.any(), jnp.argmax(later), here)
        return deck.at[here].set(deck[there]).at[there].set(deck[here])

    act = jnp.asarray(action, jnp.int32)
    deck = jax.lax.fori_loop(0, MAX_DRAWS, bring, state.deck)
    stacked = state._replace(deck=jnp.where(act == A.REVEAL, deck, state.deck))
    return step(stacked, act)


def random_action(state: State, key: Array) -> Array:
    """A legal action of the current player drawn uniformly (the reveal once the game is over: it stays put)."""
    mask = legal_action_mask(state)
    count = mask.sum()
    k = jnp.minimum((jax.random.uniform(key) * count).astype(jnp.int32), count - 1)  # the k-th legal action
    return jnp.where(count > 0, jnp.argmax(jnp.cumsum(mask) > k), A.REVEAL)


def random_step(state: State, key: Array) -> State:
    """Step with a legal action drawn uniformly (the reveal's draws from a second key split from `key`)."""
    k1, k2 = jax.random.split(key)
    return step(state, random_action(state, k1), k2)


def bench(batch_sizes: tuple[int, ...] = (1, 64, 1024, 8192), steps: int = 400,
          players: int = 4) -> dict[int, float]:  # fmt: skip
    """Random steps per CPU-second (time.process_time, jit compile apart) at each batch size.

    Each game takes `steps` steps; a game that ends starts again at once (pgx's auto-reset, the reset inside the
    time), and only steps of games under way are counted.
    """
    out: dict[int, float] = {}
    for batch in batch_sizes:
        states = jax.vmap(lambda k: init(k, players))(jax.random.split(jax.random.PRNGKey(batch), batch))

        def run(s: State, key: Array, batch: int = batch) -> tuple[State, Array]:
            def one(s: State, key: Array) -> State:
                k1, k2 = jax.random.split(key)
                s = random_step(s, k1)
                fresh = init(k2, players)
                again: State = jax.tree.map(lambda a, b: jnp.where(terminated(s), a, b), fresh, s)
                return again

            def body(i: Array, c: tuple[State, Array]) -> tuple[State, Array]:
                s, count = c
                return jax.vmap(one)(s, jax.random.split(jax.random.fold_in(key, i), batch)), count + batch

            end: tuple[State, Array] = jax.lax.fori_loop(0, steps, body, (s, jnp.int32(0)))
            return end

        runner = jax.jit(run)
        runner(states, jax.random.PRNGKey(1))[1].block_until_ready()  # compile (and a first run)
        t0 = time.process_time()
        count = int(runner(states, jax.random.PRNGKey(2))[1])
        out[batch] = count / max(time.process_time() - t0, 1e-9)
    return out


def engine_steps(players: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    """The Python engine's random play for about `seconds` of CPU time (legal_actions, a uniform choice, apply):
    (steps, CPU seconds), for the comparison."""
    import random

    from ra.games.write.state import State as PyState

    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        st = PyState.new({"players": players}, seed=rng.randrange(2**31))
        while not st.is_terminal():
            seat = st.current_players()[0]
            st.apply(rng.choice(st.legal_actions(seat)), seat)
            steps += 1
    return steps, time.process_time() - start


NUM_OBS = O.SIZE
# what ra.envs.jax.load("write") hands out (the benchmark bench/bench_jax.py and shared tests use these)
FUNCTIONS = Functions(init, step, step_drawn, observe, legal_action_mask, rewards, terminated, current_player,
                      engine_steps, NUM_ACTIONS, NUM_OBS)  # fmt: skip


if __name__ == "__main__":  # python -m ra.envs.write.jax: the figures for docs/OBSERVATIONS.md
    import os

    print(f"load {os.getloadavg()}")
    engine, cpu = engine_steps(4, 5.0)
    print(f"engine (Python, one game at a time): {engine / cpu:,.0f} steps per CPU-second")
    for size, rate in bench().items():
        print(f"jax batch {size:5d}: {rate:,.0f} steps per CPU-second")
