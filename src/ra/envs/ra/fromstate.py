"""Ra's observation straight from the engine state: the board of `ra.envs.fromstate`, refreshed part by part.

Equal entry for entry to `observation.fill` of the seat's view (tests/envs/test_fromstate.py compares them over
random games). Each part is written with the same arithmetic as there (a count times its kind's share, a value
divided by its scale), so the float32 entries are identical, not merely close. The tiles left in the bag are
counted from the public parts, as the tiles of each kind not on the auction or Ra track, not held, not taken with
a god and waiting (the disasters of §6, E7) and not out of the game (every tile is in exactly one of these places
or in the bag): the bag itself, whose order is hidden, is read only by `upcoming`, for the full state.
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from operator import add, mul, sub
from typing import Any, cast

import numpy as np

import ra.games.ra as ra_game
from ra.envs.encoding import SCORE_SCALE, FloatArray
from ra.envs.fromstate import BATCH_MIN, LOOKAHEAD, StateEncoder
from ra.envs.ra.observation import (
    AT,
    DISASTER_LOSSES,
    DISASTERS,
    ENCODER,
    KINDS,
    MAX_DISK,
    NK,
    SIZE,
    TOTAL_TILES,
    TRACK_SPACES,
)

COUNTS: tuple[int, ...] = tuple(ra_game.COUNTS)
SHARE: tuple[float, ...] = tuple(1.0 / c for c in COUNTS)  # as observation.SHARE, by kind index
TRACK_STEP = 1.0 / ra_game.AUCTION_TRACK_SIZE
RA_KIND = KINDS.index("ra")
# The order of the engine's pending disasters (ra.games.ra.tables.DISASTERS) and of the `gods` part.
DISASTER_KINDS: tuple[int, ...] = tuple(KINDS.index(kind) for kind in DISASTERS)
DISASTER_SHARE: tuple[float, ...] = tuple(SHARE[kind] for kind in DISASTER_KINDS)
PHASE_AUCTION, PHASE_GODS, PHASE_DISASTER, PHASE_OVER = 1, 2, 3, 4  # ra.games.ra.phases, in observation.PHASES order
NO_SEAT = 5  # the "none" entry after the five seats of the high bidder

# The entries from `epoch` to the end of `to_act` (13), written as one piece per (epoch, phase, seat to act).
HEAD = AT["epoch"]
HEAD_END = AT["to_act"] + 5
TRACK, AUCTION_TRACK, CENTRAL, DISCARDED = AT["ra_track"], AT["auction_track"], AT["central_disk"], AT["discarded"]
BAG, BAG_TOTAL = AT["bag"], AT["bag_total"]
AUCTION, BIDS, GODS, DISASTER = AT["auction"], AT["bids"], AT["gods"], AT["disaster"]
PHASE_PARTS_END = SIZE  # auction, bids, gods and disaster run to the end of the vector
ZERO_FLOATS = array.array("f", bytes(4 * (SIZE + 1)))


def _floats(values: Sequence[float]) -> array.array[float]:
    return array.array("f", values)


_HEADS: dict[tuple[int, int, int], array.array[float]] = {}
for _epoch in (1, 2, 3):
    for _phase in range(5):
        for _seat in range(-1, 5):
            _piece = [0.0] * (HEAD_END - HEAD)
            _piece[_epoch - 1] = 1.0
            _piece[3 + _phase] = 1.0
            if _seat >= 0:
                _piece[8 + _seat] = 1.0
            _HEADS[_epoch, _phase, _seat] = _floats(_piece)
_DISK_FLAGS: dict[tuple[int, ...], array.array[float]] = {}
# The tiles parts as NumPy indexes, for counting many games' tiles at once (`_recount_tiles`).
SHARES = np.array(SHARE)
COUNTS_ARRAY = np.array(COUNTS, dtype=np.int64)
TILES = AT["tiles"]
DISCARD_ENTRIES = np.arange(DISCARDED, DISCARDED + NK)
BAG_ENTRIES = np.arange(BAG, BAG + NK)
NO_PENDING = (0,) * len(DISASTER_KINDS)
# The phase parts by what they show (`_write_phase_parts`'s key): auctions repeat, so pieces are shared, bounded.
_PHASE_PIECES: dict[Any, array.array[float]] = {}
PHASE_PIECES_LIMIT = 50_000


def disk_flags(disks: tuple[int, ...]) -> array.array[float]:
    """A seat's disks as 16 flags (disk v at v - 1), shared per set of disks."""
    found = _DISK_FLAGS.get(disks)
    if found is None:
        flags = [0.0] * MAX_DISK
        for v in disks:
            flags[v - 1] = 1.0
        found = _DISK_FLAGS[disks] = _floats(flags)
    return found


class RaStateEncoder(StateEncoder):
    """Ra's board (docs/OBSERVATIONS.md, "Ra"), refreshed from the engine state."""

    layout = ENCODER
    seat_parts = ((AT["to_act"], 1), (AT["face_up"], MAX_DISK), (AT["face_down"], MAX_DISK), (AT["tiles"], NK),
                  (AT["scores"], 2), (AUCTION + 4, 1), (AUCTION + 10, 1), (BIDS, 3), (DISASTER + 3, 1))  # fmt: skip
    private_parts = ((AT["scores"], 2),)
    outcomes = NK

    def forget(self) -> None:
        """Nothing is known of the last state: the next refresh writes every part."""
        self._players = -1
        self._track: list[int] | None = None
        self._up: list[tuple[int, ...]] | None = None
        self._down: list[tuple[int, ...]] | None = None
        self._held: list[int] | None = None
        self._written_held: list[int] = []  # the held tiles on the board (the per-game tiles part)
        self._track_counts: list[int] = [0] * NK
        self._discard: list[int] | None = None
        self._ra_filled = -1
        self._pending: tuple[int, ...] | None = None
        self._bag: list[int] = []
        self._bag_total = 0
        self._points: list[int] | None = None
        self._phase_key: Any = None

    def shown(self, state: Any) -> bool:
        """R3: every score is shown once the game is over, or at a table that shows scores."""
        return bool(state.phase == PHASE_OVER or state.options.scores_visible)

    def upcoming(self, state: Any) -> Sequence[int]:
        """The next tiles drawn from the bag (drawn from its end)."""
        bag: list[int] = state.bag
        return bag[: -LOOKAHEAD - 1 : -1]

    def refresh(self, state: Any) -> None:
        """Write the parts of the board that differ from the last state refreshed."""
        if self._refresh_but_tiles(state):
            self._write_tiles(state)

    @classmethod
    def refresh_many(cls, encoders: Sequence[StateEncoder], states: Sequence[Any], boards: FloatArray) -> None:
        """Refresh each encoder; the held, discarded and bag parts that changed are counted in one NumPy pass."""
        batch = cast("Sequence[RaStateEncoder]", encoders)
        recount: dict[int, list[int]] = {}
        for i, (encoder, state) in enumerate(zip(batch, states, strict=True)):
            if encoder._refresh_but_tiles(state):
                recount.setdefault(state.num_players, []).append(i)
        for players, games in recount.items():
            if len(games) < BATCH_MIN:
                for i in games:
                    batch[i]._write_tiles(states[i])
                continue
            _recount_tiles([batch[i] for i in games], [states[i] for i in games], boards, games, players)

    def _refresh_but_tiles(self, state: Any) -> bool:
        """Write every part but held tiles, discarded and bag; True if those must be counted afresh."""
        board = self.board
        n = state.num_players
        if n != self._players:
            self.start_players(n)
        board[HEAD:HEAD_END] = _HEADS[state.epoch, state.phase, state.cur]
        board[CENTRAL] = state.central / MAX_DISK
        full = self._track is None  # the bag is counted afresh; else only the kinds drawn since are taken off
        drawn: list[int] = []
        filled = state.ra_filled
        if filled != self._ra_filled:
            length = state.ra_len
            board[TRACK] = length / TRACK_SPACES
            board[TRACK + 1] = filled / TRACK_SPACES
            board[TRACK + 2] = filled / length
            if filled == self._ra_filled + 1:
                drawn.append(RA_KIND)
            else:
                full = True
            self._ra_filled = filled
        track = state.track
        if track != self._track:
            old = self._track
            if old is not None and len(track) == len(old) + 1 and track[:-1] == old:  # one tile drawn
                kind = track[-1]
                counts = self._track_counts
                counts[kind] += 1
                board[AUCTION_TRACK + kind] = counts[kind] * TRACK_STEP
                old.append(kind)
                drawn.append(kind)
            else:
                counts = [0] * NK
                for kind in track:
                    counts[kind] += 1
                board[AUCTION_TRACK : AUCTION_TRACK + NK] = _floats([c * TRACK_STEP for c in counts])
                self._track, self._track_counts, full = track[:], counts, True
        up, down = state.up, state.down
        if up != self._up:
            self._write_disks(up, self._up, AT["face_up"])
            self._up = up[:]
        if down != self._down:
            self._write_disks(down, self._down, AT["face_down"])
            self._down = down[:]
        points = state.points
        if points != self._points:
            at = AT["scores"]
            for seat, score in enumerate(points):
                board[at + 2 * seat] = 1.0
                board[at + 2 * seat + 1] = score / SCORE_SCALE
            self._points = points[:]
        self._write_phase_parts(state)
        held, discard, pending = state.held, state.discard, state.pending
        if full or held != self._held or discard != self._discard or pending != self._pending:
            self._held, self._discard, self._pending = held[:], discard[:], pending
            return True
        if drawn:
            bag = self._bag
            for kind in drawn:
                bag[kind] -= 1
                board[BAG + kind] = bag[kind] * SHARE[kind]
            self._bag_total -= len(drawn)
            board[BAG_TOTAL] = self._bag_total / TOTAL_TILES
        return False

    def _write_tiles(self, state: Any) -> None:
        """Held tiles (the seats whose tiles changed), the discarded tiles and the bag, counted afresh."""
        board = self.board
        held, discard = self._held or [], self._discard or []  # the copies `_refresh_but_tiles` just took
        at = AT["tiles"]
        for seat in range(state.num_players):
            start = seat * NK
            tiles = held[start : start + NK]
            if tiles != self._written_held[start : start + NK]:
                board[at + start : at + start + NK] = _floats(list(map(mul, tiles, SHARE)))
        total = held[:NK]
        for seat in range(1, state.num_players):
            total = list(map(add, total, held[seat * NK : seat * NK + NK]))
        self._written_held = held
        board[DISCARDED : DISCARDED + NK] = _floats(list(map(mul, discard, SHARE)))
        bag = list(map(sub, map(sub, map(sub, COUNTS, discard), self._track_counts), total))
        bag[RA_KIND] -= self._ra_filled
        for kind, count in zip(DISASTER_KINDS, self._pending or (), strict=False):
            bag[kind] -= count
        board[BAG : BAG + NK] = _floats(list(map(mul, bag, SHARE)))
        self._bag, self._bag_total = bag, sum(bag)
        board[BAG_TOTAL] = self._bag_total / TOTAL_TILES

    def _write_disks(self, disks: list[tuple[int, ...]], old: list[tuple[int, ...]] | None, at: int) -> None:
        board = self.board
        for seat, seat_disks in enumerate(disks):
            if old is None or old[seat] != seat_disks:
                board[at + MAX_DISK * seat : at + MAX_DISK * (seat + 1)] = disk_flags(seat_disks)

    def _write_phase_parts(self, state: Any) -> None:
        """The auction, bids, gods and disaster parts, rewritten whenever what they show changes."""
        phase = state.phase
        if phase == PHASE_AUCTION:
            key: Any = (phase, state.auc_kind, state.auc_ra, state.auc_high, state.auc_bidder, state.auc_bids)
        elif phase == PHASE_GODS:
            key = (phase, state.pending)
        elif phase == PHASE_DISASTER:
            key = (phase, state.lose_war, state.lose_quake, state.after, state.num_players)
        else:
            key = None
        if key == self._phase_key:
            return
        self._phase_key = key
        piece = _PHASE_PIECES.get(key)
        if piece is None:
            if len(_PHASE_PIECES) > PHASE_PIECES_LIMIT:
                _PHASE_PIECES.clear()
            piece = _PHASE_PIECES[key] = phase_piece(state)
        self.board[AUCTION:PHASE_PARTS_END] = piece


def phase_piece(state: Any) -> array.array[float]:
    """The auction, bids, gods and disaster parts of a state (entries AUCTION to the end), shared per phase key."""
    piece = [0.0] * (PHASE_PARTS_END - AUCTION)
    phase = state.phase
    if phase == PHASE_AUCTION:
        piece[0] = 1.0
        piece[state.auc_kind] = 1.0  # auction kinds 1..3 follow the running flag
        piece[4 + state.auc_ra] = 1.0
        piece[9] = state.auc_high / MAX_DISK
        bidder = state.auc_bidder
        piece[10 + (NO_SEAT if bidder < 0 else bidder)] = 1.0
        for seat, disk in state.auc_bids:
            piece[BIDS - AUCTION + 3 * seat] = 1.0
            if disk:
                piece[BIDS - AUCTION + 3 * seat + 2] = disk / MAX_DISK
            else:
                piece[BIDS - AUCTION + 3 * seat + 1] = 1.0
    elif phase == PHASE_GODS:
        piece[GODS - AUCTION] = 1.0
        for i, count in enumerate(state.pending):
            if count:
                piece[GODS - AUCTION + 1 + i] = count * DISASTER_SHARE[i]
    elif phase == PHASE_DISASTER:
        piece[DISASTER - AUCTION] = 1.0
        piece[DISASTER - AUCTION + 1] = state.lose_war / DISASTER_LOSSES
        piece[DISASTER - AUCTION + 2] = state.lose_quake / DISASTER_LOSSES
        piece[DISASTER - AUCTION + 3 + state.after % state.num_players] = 1.0
    return _floats(piece)


def _recount_tiles(
    encoders: Sequence[RaStateEncoder], states: Sequence[Any], boards: FloatArray, games: list[int], players: int
) -> None:
    """`_write_tiles` for several games at one table size in NumPy: the same double arithmetic, float32 stores."""
    rows = np.array(games, dtype=np.intp)[:, None]
    held = np.array([encoder._held for encoder in encoders], dtype=np.int64)
    discard = np.array([encoder._discard for encoder in encoders], dtype=np.int64)
    on_track = np.array([encoder._track_counts for encoder in encoders], dtype=np.int64)
    boards[rows, TILES + np.arange(players * NK)] = held * np.tile(SHARES, players)
    boards[rows, DISCARD_ENTRIES] = discard * SHARES
    bag = COUNTS_ARRAY - discard - on_track - held.reshape(len(games), players, NK).sum(axis=1)
    bag[:, RA_KIND] -= [encoder._ra_filled for encoder in encoders]
    pending = [encoder._pending or NO_PENDING for encoder in encoders]
    bag[:, DISASTER_KINDS] -= np.array(pending, dtype=np.int64)
    boards[rows, BAG_ENTRIES] = bag * SHARES
    totals = bag.sum(axis=1)
    boards[rows[:, 0], BAG_TOTAL] = totals / TOTAL_TILES
    for encoder, counts, total in zip(encoders, bag.tolist(), totals.tolist(), strict=True):
        encoder._bag, encoder._bag_total, encoder._written_held = counts, total, encoder._held or []


__all__ = ["RaStateEncoder", "disk_flags", "phase_piece"]
