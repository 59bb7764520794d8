"""One published version of a table (`Snapshot`): each seat's view and `state` message made once (docs/PROTOCOL.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.core.protocol import GameModule, GameState
from ra.server.storage.rows import TableRow
from ra.server.tables.story import explanation
from ra.server.tables.summary import summary


def seat_view(state: GameState, seat: int | None, names: list[str]) -> dict[str, Any]:
    """`state.view(seat)` with the seats' current names (names may change after the game started)."""
    return _named(state.view(seat), names)

def _named(view: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    named = dict(view)
    if "names" in named:
        named["names"] = list(names)
    return named

def version_views(module: GameModule, state: GameState, names: list[str]) -> dict[int | None, dict[str, Any]]:
    """The spectator's view of `state` with these names, and every seat's when the game makes them at once (its
    optional `views`: the public parts built once and shared, so the views are read only); else the seats' are
    left to be made when a connection needs one."""
    many = getattr(module, "views", None)
    if many is None:
        return {None: seat_view(state, None, names)}
    viewers: list[int | None] = [None, *range(len(names))]
    return {viewer: _named(view, names) for viewer, view in zip(viewers, many(state, viewers), strict=True)}

def stand_ins(row: TableRow) -> list[int]:
    """The person seats a bot plays for: their person is away, left or lost on time (tables/clocks.py)."""
    return [i for i, s in enumerate(row.seats) if s["kind"] == "person" and s.get("stand_in")]

def acted_for(view: dict[str, Any], seat: int | None, seats: list[int]) -> dict[str, Any]:
    """`view` saying which seats a bot plays for (`stand_ins`); the viewer's own seat among them offers no action:
    the bot acts, not the person (who takes the seat back with "I'm back")."""
    if not seats:
        return view
    shown = {**view, "stand_ins": list(seats)}
    if seat in seats and view.get("legal_actions"):
        shown["legal_actions"] = []
    return shown

class Snapshot:
    """One version of a table, as published: each seat's view and explanation made once, on demand, and shared by
    every connection of that seat (spectators share one); its socket frames are ra.server.http.outgoing's."""

    def __init__(
        self,
        version: int,
        state: GameState,
        log: list[dict[str, Any]],
        log_json: list[str],
        row: TableRow,
        module: GameModule | None = None,
        views: Mapping[int | None, dict[str, Any]] | None = None,
        seq: int | None = None,
        undo: dict[str, int] | None = None,
        log_generation: int = 0,
    ) -> None:
        self.version = version
        self.state = state  # never mutated again: the service applies actions to a clone
        # The stored steps so far (moves and undo steps: docs/PROTOCOL.md); without undo steps, the moves.
        self.seq = seq = len(state.history) if seq is None else seq
        self.log = log[:seq]
        self.names = [s["name"] for s in row.seats]
        self.stand_ins = stand_ins(row)
        self.summary = summary(row)
        self.module = module
        self.options = row.options  # its table options: which of the game's helpers explanations show
        self.undo = undo  # who may take back which move now (`Table.undo_offer`), the same for every seat
        self.log_generation = log_generation  # which serialization of the log `log_json` is (Table.snap)
        # Each log entry serialized once for the table's life: the socket's frames are put together from them
        # (ra.server.http.outgoing: the whole log, or its entries from a seq on for clients that kept the others).
        self.log_json = log_json[:seq]
        # `views`: the views of `state` with these names made already, by viewer (the spectator's told the last
        # move; the seats' were made with it when the game makes them at once: `version_views`).
        self._views: dict[int | None, dict[str, Any]] = {} if views is None else dict(views)
        self._explained: dict[int | None, dict[str, Any] | None] = {}
        self._shown: dict[int | None, dict[str, Any]] = {}  # the views as sent: who a bot plays for (`acted_for`)
        # This version's socket frames, made by ra.server.http.outgoing when it is first sent (None until then).
        self.frames: object | None = None

    def view(self, seat: int | None) -> dict[str, Any]:
        """A seat's view (None: spectator's), made once per version; never to be changed by the caller."""
        view = self._shown.get(seat)
        if view is None:
            made = self._views.get(seat)
            if made is None:
                made = self._views[seat] = seat_view(self.state, seat, self.names)
            view = self._shown[seat] = acted_for(made, seat, self.stand_ins)
        return view

    def explanation(self, seat: int | None) -> dict[str, Any] | None:
        """The engine's explanation of a seat's view (only what that view shows; None if the game has none), made
        once per version: it costs far more than the view, and most versions are never explained to anyone."""
        if seat in self._explained:
            return self._explained[seat]
        explained = self._explained[seat] = self.explain(self.view(seat))
        return explained

    def payload(self, seat: int | None) -> dict[str, Any]:
        """`{"seq","view","explain","log","undo"}` for a seat (None: spectator)."""
        view, explained = self.view(seat), self.explanation(seat)
        return {"seq": self.seq, "view": view, "explain": explained, "log": self.log, "undo": self.undo}

    def explain(self, view: Mapping[str, Any]) -> dict[str, Any] | None:
        """The engine's explanation of a view (only what that view shows; None if the game has none)."""
        return None if self.module is None else explanation(self.module, view, self.options)
