"""The tail of the game-state protocol that every game answers alike: `view`, `to_json`, `from_json` and `record`.

Each is one call of the game's own function (its view, its storage form, its notation), so a game's `State` names
those functions once, as class attributes, and inherits the four methods from `StateTail`. None of them is on the
hot path of search (legal actions, apply, push, clone): those stay the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from ra.core.protocol import Move
from ra.core.record import make_record

View = TypeVar("View")


class RecordedOptions(Protocol):
    """A game's options as a record keeps them."""

    def to_dict(self) -> Mapping[str, object]: ...


class StateTail(Generic[View]):
    """`view`, `to_json`, `from_json` and `record` from the functions a game's State names (as staticmethods):
    `make_view(state, viewer)`, `state_to_json(state)`, `fields_from_json(data)` (the keywords of the State's
    `from_fields`) and `action_to_str(action)`."""

    __slots__ = ()
    GAME: ClassVar[str]
    seed: int | None
    order: tuple[str, ...] | None
    history: list[Move]
    make_view: Callable[[Any, int | None], View]
    state_to_json: Callable[[Any], dict[str, Any]]
    fields_from_json: Callable[[Mapping[str, Any]], dict[str, Any]]
    action_to_str: Callable[[int], str]

    if TYPE_CHECKING:  # each game's own: its options as a field, from_fields written out from its field table

        @property
        def options(self) -> RecordedOptions: ...

        @classmethod
        def from_fields(cls, **fields: Any) -> Self:
            """A state from every field of the game by keyword."""
            ...

    def view(self, viewer: int | None = None) -> View:
        """What `viewer` (a seat, or None for a spectator) may see (docs/VIEWS.md, docs/VIEWS_WRITE.md); never the
        bag or deck order, nor the seed."""
        return self.make_view(self, viewer)

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-able data, hidden information included (for storage, not for players)."""
        return self.state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of `to_json`."""
        return cls.from_fields(**cls.fields_from_json(data))

    def record(self) -> dict[str, Any]:
        """The game record (docs/RECORDS.md): options, seed or order, and every move with its draws."""
        order = None if self.order is None else list(self.order)
        return make_record(self.GAME, self.options.to_dict(), self.seed, order, self.history, self.action_to_str)
