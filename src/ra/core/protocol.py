"""The interface every engine implements, so that the CLI, bots, server and adapters stay game-agnostic.

One module per game (`ra.games.ra`, `ra.games.write`) exposes the names of `GameModule`; its `State` class
implements `GameState`. Action ids are stable integers; `action_to_str`/`str_to_action` are a reversible,
state-independent notation (like UCI in python-chess).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NamedTuple, Protocol, Self


class Move(NamedTuple):
    """One applied action: who acted, the action id, and the tiles or cards it drew (names, in draw order)."""

    player: int
    action: int
    draws: tuple[str, ...] = ()


class GameState(Protocol):
    """A game in progress. `apply` checks legality; `push` is the unchecked fast path."""

    GAME: ClassVar[str]
    num_players: int
    history: list[Move]

    @classmethod
    def new(cls, options: Mapping[str, Any], seed: int | None = None, order: list[str] | None = None) -> Self:
        """A new game from options and a seed, or from an explicit bag/deck order (first drawn first)."""
        ...

    def current_players(self) -> tuple[int, ...]:
        """The players who may act now (several in RA and Write's simultaneous choices; none when over)."""
        ...

    def is_terminal(self) -> bool:
        """True once the game has ended."""
        ...

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal action ids for `player` (default: the first current player); empty if it may not act."""
        ...

    def apply(self, action: int, player: int | None = None) -> None:
        """Apply an action after checking it; raises an IllegalActionError subclass and leaves state unchanged."""
        ...

    def push(self, action: int, player: int | None = None) -> None:
        """Apply an action known to be legal (no checks)."""
        ...

    def clone(self) -> Self:
        """An independent copy, cheap enough for search."""
        ...

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        """What `viewer` (a seat, or None for a spectator) may see: JSON-able, never the bag/deck order or seed."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-able data (includes hidden information; for storage, not for players)."""
        ...

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of `to_json`."""
        ...

    def record(self) -> dict[str, Any]:
        """The game record (docs/RECORDS.md): options, seed or order, and every move with its draws."""
        ...

    def scores(self) -> list[int]:
        """Each player's current total score."""
        ...

    def winners(self) -> list[int]:
        """The winning seat(s) after the tie-break; empty while the game runs."""
        ...


class GameModule(Protocol):
    """The module-level names each game module provides."""

    GAME: str
    NUM_ACTIONS: int
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    State: type[GameState]
    action_to_str: Callable[[int], str]
    move_text: Callable[[int, tuple[str, ...]], str]  # a move as a phrase for logs, e.g. "bid sun disk 13"
    str_to_action: Callable[[str], int]
    render_text: Callable[[Mapping[str, Any]], str]
    from_view: Callable[[Mapping[str, Any], random.Random], GameState]
