"""The table socket's `state` and `explain` frames (docs/PROTOCOL.md), written from the models of messages.py.

A version's frames are what every connection of a table sends, so the work is done once: the log and the table
summary once per version (each log entry serialized once for the table's life, `Table.log_json`), the view and its
explanation once per version and seat, a seat's frame once per (seat, explained, log_from). The pieces are JSON text
(orjson, `tables.wire`) put together as members of the model's object, in the order of its fields (`Members`
refuses any other, once, at import); `now`, the last field of a `state`, is written when the frame is sent. A test
validates every frame against its model.
"""

from __future__ import annotations

from pydantic import BaseModel

from ra.server.http.messages import ExplainMessage, StateMessage, type_of
from ra.server.tables.snapshot import Snapshot
from ra.server.tables.wire import json_text


class Members:
    """A run of one model's fields, checked once to follow each other in the model's order (ValueError if not):
    writes their JSON object members (`"name":value,…`) from their values' JSON text, given in that order."""

    def __init__(self, model: type[BaseModel], *names: str) -> None:
        fields = tuple(model.model_fields)
        start = fields.index(names[0]) if names and names[0] in fields else -1
        if start < 0 or fields[start : start + len(names)] != names:
            raise ValueError(f"{model.__name__} has no fields {', '.join(names)} in this order")
        self.names = names
        self.template = ",".join(f"{json_text(name)}:%s" for name in names)  # names are identifiers: no `%`

    def write(self, *values: str) -> str:
        """The members of these fields, from their values' JSON text."""
        return self.template % values


# A `state` frame in three runs: what each seat sees, what every seat shares (made once per version and log_from),
# and `now`, written when the frame is sent; together they are the model's fields, in order.
STATE_SEAT = Members(StateMessage, "type", "seq", "view", "explain")
STATE_SHARED = Members(StateMessage, "log_from", "log", "table", "undo")
STATE_NOW = Members(StateMessage, "now")
if STATE_SEAT.names + STATE_SHARED.names + STATE_NOW.names != tuple(StateMessage.model_fields):
    raise TypeError("a state frame writes every field of StateMessage, `now` last")
EXPLAIN = Members(ExplainMessage, "type", "seq", "explain")
if EXPLAIN.names != tuple(ExplainMessage.model_fields):
    raise TypeError("an explain frame writes every field of ExplainMessage")
STATE_TYPE, EXPLAIN_TYPE = json_text(type_of(StateMessage)), json_text(type_of(ExplainMessage))
# A state frame's text up to the value of `now`: `{`, a seat's members, the shared members, `"now":`.
_OPENING = "{" + STATE_SEAT.template + ",%s," + STATE_NOW.template.removesuffix("%s")


class StateFrame:
    """A `state` message but its `now`: its text up to the value of `now` (its other fields), written once."""

    __slots__ = ("opening",)  # one per seat and version: a plain class, made cheaply

    def __init__(self, opening: str) -> None:
        self.opening = opening

    def at(self, now: float) -> str:
        """The message as sent at `now` (the server's time, seconds since the epoch, kept to the millisecond; a
        finite float's repr is its JSON)."""
        return f"{self.opening}{round(now, 3)!r}}}"


class VersionFrames:
    """One table version's frames, made on demand and shared by every connection that sends them. Its snapshot
    keeps it (`Snapshot.frames`), and is handed to each call."""

    def __init__(self, snap: Snapshot) -> None:
        self.seq = str(snap.seq)  # an int's JSON
        self.log_json = snap.log_json  # never changed: a new version gets its own list
        # The table summary and the undo offer are the same for every seat: serialized once per version.
        self.table, self.undo = json_text(snap.summary), json_text(snap.undo)
        self.shared: dict[int, str] = {}
        self.states: dict[tuple[int | None, bool, int], StateFrame] = {}
        self.explanations: dict[int | None, str] = {}

    def state(self, snap: Snapshot, seat: int | None, explained: bool, log_from: int) -> StateFrame:
        """A seat's `state` frame (see `state_frame`), made once."""
        key = (seat, explained, log_from)
        frame = self.states.get(key)
        if frame is None:
            explain = json_text(snap.explanation(seat)) if explained else "null"
            view = json_text(snap.view(seat))
            frame = self.states[key] = StateFrame(_OPENING % (STATE_TYPE, self.seq, view, explain, self.log(log_from)))
        return frame

    def log(self, log_from: int) -> str:
        """The members every seat shares, with the log's entries from seq `log_from` on (made once)."""
        members = self.shared.get(log_from)
        if members is None:
            entries = "[" + ",".join(self.log_json[log_from:]) + "]"
            members = STATE_SHARED.write(str(log_from), entries, self.table, self.undo)
            self.shared[log_from] = members
        return members

    def explanation(self, snap: Snapshot, seat: int | None) -> str:
        """A seat's `explain` frame (see `explain_frame`), made once."""
        text = self.explanations.get(seat)
        if text is None:
            explain = json_text(snap.explanation(seat))
            text = self.explanations[seat] = f"{{{EXPLAIN.write(EXPLAIN_TYPE, self.seq, explain)}}}"
        return text


def frames(snap: Snapshot) -> VersionFrames:
    """The frames of a table version: made once, kept by its snapshot (as long as it is the table's current one or
    still queued to be sent)."""
    made = snap.frames
    if not isinstance(made, VersionFrames):
        made = snap.frames = VersionFrames(snap)
    return made


def state_frame(snap: Snapshot, seat: int | None, explained: bool = True, log_from: int = 0) -> StateFrame:
    """The `state` frame of a version for a seat (None: spectator); without its explanation (`explain` null) for a
    client that asks for explanations when it shows them (`explain_frame`); its `log` the entries from seq `log_from`
    on (0: the whole log; a seq beyond the version's is 0 too) for a client that kept the earlier ones."""
    log_from = log_from if 0 <= log_from <= snap.seq else 0
    return frames(snap).state(snap, seat, explained, log_from)


def explain_frame(snap: Snapshot, seat: int | None) -> str:
    """The `explain` frame of a version for a seat (None: spectator): the explanation of its view at this version."""
    return frames(snap).explanation(snap, seat)
