"""The interface every engine implements, so that the CLI, bots, server and adapters stay game-agnostic.

One module per game (`ra.games.ra`, `ra.games.write`) exposes the names of `GameModule`; its `State` class
implements `GameState`. Action ids are stable integers; `action_to_str`/`str_to_action` are a reversible,
state-independent notation (like UCI in python-chess).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple, Protocol, Self, TypedDict

from ra.core.text import Text, english


class Move(NamedTuple):
    """One applied action: who acted, the action id, and the tiles or cards it drew (names, in draw order)."""

    player: int
    action: int
    draws: tuple[str, ...] = ()


class LegalAction(TypedDict):
    """The part every game's legal-action entry in a view shares; games add the fields their boards need."""

    id: int
    notation: str


OptionKind = Literal["int", "bool", "choice"]


@dataclass(frozen=True)
class OptionSpec:
    """One table option a person may set when creating a game (served by /api/meta; the lobby builds forms)."""

    name: str
    kind: OptionKind
    default: int | bool | str
    label: Text  # translated for each reader (docs/TRANSLATING.md)
    help: Text
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    choice_labels: tuple[Text, ...] = ()  # a choice's words for people, in the order of `choices` (its value else)

    def as_json(self) -> dict[str, Any]:
        """The spec as JSON-able data (its label and help in English)."""
        data: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": str(self.label),  # English until the lobby renders texts (docs/TRANSLATING.md)
            "help": str(self.help),
        }
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.choices:
            data["choices"] = list(self.choices)
        if self.choice_labels:
            data["choice_labels"] = [str(label) for label in self.choice_labels]
        return data


@dataclass(frozen=True)
class HelperOption(OptionSpec):
    """A table option that shows fields of the game's explanation (Ra's `lot_helper` shows `lot_value`).

    A game lists its helpers in its module's `TABLE_OPTIONS`; the server keeps them with the table (never the
    engine's options) and sends each field only where the table has its helper on (None where it is off).
    """

    shows: tuple[str, ...] = ()


class Explanation(TypedDict):
    """What every game's `explain(view)` gives: per board element key, a sentence or two for the view's viewer.

    A game adds the fields of its helpers (`HelperOption.shows`) in a TypedDict of its own, e.g. Ra's
    `RaExplanation` with `lot_value`.
    """

    elements: Mapping[str, Text]


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

    def legal_actions(self, player: int | None = None) -> Sequence[int]:
        """Legal action ids for `player` (default: the first current player); empty if it may not act.

        Read-only: the sequence may be shared between calls (a tuple, say), so `list(...)` it to get a list to change.
        """
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

    def view(self, viewer: int | None = None) -> Mapping[str, Any]:
        """What `viewer` (a seat, or None for a spectator) may see: JSON-able, never the bag/deck order or seed.

        Its `legal_actions` entries (`LegalAction` and more) list what `viewer` may do now, each with its notation.
        """
        ...

    def stack_draws(self, names: Sequence[str]) -> None:
        """Reorder the undrawn bag/deck so the next draws are `names`; ValueError if one is not left to draw."""
        ...

    def reshuffled(self, rng: random.Random) -> Self:
        """A copy whose undrawn bag/deck order is shuffled anew with `rng`: only hidden information differs."""
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
    TITLE: str  # the game's name for people, e.g. "RA and Write"
    OPTIONS: tuple[OptionSpec, ...]  # the options a person may set at a new table (players and names excluded)
    NUM_ACTIONS: int
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    State: type[GameState]
    action_to_str: Callable[[int], str]
    move_text: Callable[[int, tuple[str, ...]], Text]  # a move as a phrase for logs, e.g. "bid sun disk 13"
    str_to_action: Callable[[str], int]
    from_view: Callable[[Mapping[str, Any], random.Random], GameState]
    # The lines telling a move and what followed by itself, from two views of one viewer (before, after).
    narrate: Callable[[Mapping[str, Any], Mapping[str, Any], Move], list[Text]]
    # What each thing on the board is, scores and is worth to a view's viewer now (and the fields of its helpers).
    explain: Callable[[Mapping[str, Any]], Explanation]
    # The helpers a game's tables offer on top of the server's own table options (Ra: the lot-value helper).
    TABLE_OPTIONS: tuple[OptionSpec, ...]
    # A legal-action entry of a view as an instruction in the game's words, e.g. "Bid sun disk 13".
    legal_phrase: Callable[[Mapping[str, Any], Mapping[str, Any]], Text]

    def render_text(
        self, view: Mapping[str, Any], full: bool = True, words: Callable[[Text | str], str] = english
    ) -> str:
        """The board of a view as text in the game's words (not `full`: other players in a line each), every
        word put into the reader's language by `words` (default: English; the terminal passes its renderer)."""
        ...
