"""Observations straight from the engine state: what every game's `StateEncoder` (`ra.envs.<game>.fromstate`) shares.

A state encoder gives, entry for entry, the vectors of the view-based encoder (`ra.envs.observation`,
docs/OBSERVATIONS.md) without building the view. It keeps one *board*: the observation as seat 0 would see it with
every score shown, seats in absolute order, plus one zero entry at the end. A seat's observation is the board read
through a fixed index order (`seat_order`): the per-seat parts turned so that the viewer comes first, absent seats and
the scores a seat may not see (Ra's rule R3) read from the zero entry. So the board does not depend on the viewer,
and `refresh(state)` rewrites only the parts that differ from the last state it encoded. Parts are compared by
value, never by identity alone, so any state may follow any other (a clone, another game); work is saved only
where consecutive states are alike, as in a game being played.

Hidden information (the bag's or deck's order, the seed) is never written to the board; only `full_state` adds the
next draws, for centralised critics in training (docs/OBSERVATIONS.md, "The full state").
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, cast

import numpy as np
import numpy.typing as npt

from ra.core.protocol import GameState
from ra.envs.encoding import SEATS, Encoder, FloatArray, MaskArray

IndexArray = npt.NDArray[np.intp]
LOOKAHEAD = 8  # draws shown by `full_state`: the next tiles of the bag (Ra) or cards of the deck (RA and Write)
MASK_CACHE_LIMIT = 50_000  # masks kept by legal-action set before the cache starts afresh
BATCH_MIN = 8  # `refresh_many` writes a part with NumPy for this many games at least; fewer, one by one is cheaper


class Board(Protocol):
    """The board as the encoders write it: float32 entries set one at a time or by slices of float32 arrays.

    (A memoryview of format "f", which typeshed types as taking ints only.)
    """

    def __setitem__(self, index: int | slice, value: float | array.array[float], /) -> None:
        """Set one entry, or a slice from an array of the same length."""
        ...

    def __getitem__(self, index: slice, /) -> Any:
        """A slice of the board."""
        ...


def seat_order(
    size: int,
    seat_parts: Sequence[tuple[int, int]],
    private_parts: Sequence[tuple[int, int]],
    players: int,
    viewer: int | None,
    shown: bool,
) -> IndexArray:
    """Where each entry of `viewer`'s observation lies on the board (`size` is the zero entry).

    `seat_parts` are (first entry, entries per seat) of the parts listed by relative seat (five seats each);
    `private_parts` are those among them that only their own seat sees unless `shown`. A spectator (`viewer` None)
    counts from seat 0 and sees private parts only when shown.
    """
    order = np.arange(size, dtype=np.intp)
    me = viewer or 0
    private = set(private_parts)
    for start, width in seat_parts:
        for relative in range(SEATS):
            seat = (me + relative) % players
            hidden = relative >= players or ((start, width) in private and not shown and seat != viewer)
            source = start + width * seat
            for offset in range(width):
                order[start + width * relative + offset] = size if hidden else source + offset
    return order


class StateEncoder:
    """One game's observation from its engine state, through a board refreshed part by part (module docstring).

    Subclasses set the class attributes and implement `refresh` (write the board from a state), `forget` (drop what
    they remember of the last state), `shown` and `upcoming`. One encoder serves one stream of states (an
    environment, a game of a vector environment); a copy or an unpickled encoder starts afresh.
    """

    layout: ClassVar[Encoder]  # the view-based encoder: the same segments, and the reference the tests compare with
    seat_parts: ClassVar[tuple[tuple[int, int], ...]]  # (first entry, entries per seat) of the parts listed by seat
    private_parts: ClassVar[tuple[tuple[int, int], ...]] = ()  # of those, the parts only their own seat sees
    outcomes: ClassVar[int]  # tile kinds or card names a draw can give (the width of one lookahead draw)
    _orders: ClassVar[dict[tuple[int, int | None, bool], IndexArray]]
    _masks: ClassVar[dict[tuple[int, ...], tuple[MaskArray, bytes]]]
    _players: int  # the player count of the board as written (-1 after `forget`)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give each game's encoder class its own caches of seat orders and masks."""
        super().__init_subclass__(**kwargs)
        cls._orders = {}
        cls._masks = {}

    def __init__(self, board: memoryview | None = None) -> None:
        """An encoder writing its board into `board` (float32, `size + 1` entries), or into a board of its own."""
        size = self.layout.size
        if board is None:
            board = memoryview(array.array("f", bytes(4 * (size + 1))))
        if board.format != "f" or len(board) != size + 1:
            raise ValueError(f"the board must hold {size + 1} float32 entries")
        self.board = cast(Board, board)
        self.values: FloatArray = np.frombuffer(board, dtype=np.float32)
        self.size = size
        self._zeros = array.array("f", bytes(4 * (size + 1)))  # a clear board, copied in at a new player count
        self.num_actions = self.layout.num_actions
        self.state_size = size + self.lookahead_size()
        self.forget()

    @classmethod
    def lookahead_size(cls) -> int:
        """The entries `full_state` adds after the observation: LOOKAHEAD draws, one-hot over the outcomes."""
        return LOOKAHEAD * cls.outcomes

    def __reduce__(self) -> tuple[type[StateEncoder], tuple[()]]:
        """Copies and pickles start afresh (the board is rebuilt at the first refresh)."""
        return (type(self), ())

    def start_players(self, players: int) -> bool:
        """On a new player count: forget the last state, clear the board and write its players and seats entries.

        True if it did (the caller then writes every other part afresh). Both layouts begin with a one-hot player
        count ("players", from 2) and a flag per seat in play ("seats").
        """
        if players == self._players:
            return False
        self.forget()
        board = self.board
        board[:] = self._zeros
        board[self.layout.slices["players"].start + players - 2] = 1.0
        seats = self.layout.slices["seats"].start
        for seat in range(players):
            board[seats + seat] = 1.0
        self._players = players
        return True

    # --- what each game provides ------------------------------------------------------------------------------------
    def forget(self) -> None:
        """Drop what the encoder remembers of the last state: the next refresh rewrites the whole board."""
        raise NotImplementedError

    def refresh(self, state: GameState) -> None:
        """Bring the board up to `state`."""
        raise NotImplementedError

    def shown(self, state: GameState) -> bool:
        """True if every seat sees the private parts of every other seat now."""
        return True

    def upcoming(self, state: GameState) -> Sequence[int]:
        """The next draws (hidden information), as outcome indexes, at most LOOKAHEAD of them."""
        raise NotImplementedError

    @classmethod
    def refresh_many(cls, encoders: Sequence[StateEncoder], states: Sequence[GameState], boards: FloatArray) -> None:
        """Refresh each encoder with its state; `boards` holds their boards as rows (the vector environment's).

        A game may write some parts of every board in one NumPy operation here rather than one board at a time.
        """
        for encoder, state in zip(encoders, states, strict=True):
            encoder.refresh(state)

    # --- reading the board ------------------------------------------------------------------------------------------
    def order(self, players: int, viewer: int | None, shown: bool) -> IndexArray:
        """The board entries of a seat's observation (`seat_order`, cached per table size, seat and visibility)."""
        key = (players, viewer, shown)
        found = self._orders.get(key)
        if found is None:
            found = seat_order(self.size, self.seat_parts, self.private_parts, players, viewer, shown)
            self._orders[key] = found
        return found

    def observe(self, state: GameState, seat: int | None) -> FloatArray:
        """The observation vector of `seat` (None: a spectator), equal to `layout.encode(state.view(seat))`."""
        self.refresh(state)
        return self.values.take(self.order(state.num_players, seat, self.shown(state)))

    def mask(self, state: GameState, seat: int | None) -> MaskArray:
        """The legal-action mask of `seat`, equal to `layout.mask(state.view(seat))`: zeros unless it decides now."""
        return self.shared_mask(state, seat)[0].copy()

    def shared_mask(self, state: GameState, seat: int | None) -> tuple[MaskArray, bytes]:
        """The mask as a read-only array and as bytes, shared by every state with the same legal actions."""
        return self.mask_of(() if seat is None else tuple(state.legal_actions(seat)))

    def mask_of(self, legal: tuple[int, ...]) -> tuple[MaskArray, bytes]:
        """The mask of a set of legal action ids, as a read-only array and as bytes (cached)."""
        masks = self._masks
        found = masks.get(legal)
        if found is None:
            if len(masks) > MASK_CACHE_LIMIT:
                masks.clear()
            mask = np.zeros(self.num_actions, dtype=np.int8)
            mask[list(legal)] = 1
            mask.flags.writeable = False
            found = masks[legal] = (mask, mask.tobytes())
        return found

    def full_state(self, state: GameState) -> FloatArray:
        """The full state for centralised training: it leaks hidden information, never give it to a policy.

        Seat 0's observation with every score shown (seats in absolute order, `to_act` the seat to decide), then
        the next LOOKAHEAD draws one-hot over the outcomes (zeros past the last one).
        """
        self.refresh(state)
        out = np.zeros(self.state_size, dtype=np.float32)
        out[: self.size] = self.values[: self.size]
        for i, outcome in enumerate(self.upcoming(state)):
            out[self.size + i * self.outcomes + outcome] = 1.0
        return out


__all__ = ["BATCH_MIN", "LOOKAHEAD", "Board", "IndexArray", "StateEncoder", "seat_order"]
