"""The table socket's `state` and `explain` frames (docs/PROTOCOL.md), written from the models of messages.py.

A version's frames are what every connection of a table sends, so the work is done once: the log and the table
summary once per version (each log entry serialized once for the table's life, `Table.log_json`), the view and its
explanation once per version and seat, a seat's frame once per (seat, explained, log_from). The pieces are JSON text
(orjson, `tables.wire`) put together as members of the model's object, in the order of its fields (`Members`
refuses any other); `now`, the last field of a `state`, is written when the frame is sent. A test validates every
frame against its model.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from pydantic import BaseModel

from ra.server.http.messages import ExplainMessage, StateMessage, type_of
from ra.server.tables.model import Snapshot
from ra.server.tables.wire import json_text


class Members:
    """Writes a run of one model's fields as JSON object members (`"name":value`) from their values' JSON text, in
    the order of the model's fields: a run named in another order, or with a gap, is a ValueError."""

    def __init__(self, model: type[BaseModel]) -> None:
        self.model = model
        self.names = tuple(model.model_fields)
        self.keys = {name: json_text(name) + ":" for name in self.names}

    def write(self, **values: str) -> str:
        """The members `"name":value,…` of these fields (their JSON text), which follow each other in the model."""
        names = tuple(values)
        start = self.names.index(names[0]) if names and names[0] in self.keys else -1
        if start < 0 or self.names[start : start + len(names)] != names:
            raise ValueError(f"{self.model.__name__} has no fields {', '.join(names)} in this order")
        return ",".join(self.keys[name] + value for name, value in values.items())


STATE = Members(StateMessage)
EXPLAIN = Members(ExplainMessage)
if STATE.names[-1] != "now":
    raise TypeError("a state frame writes `now` last, when it is sent")
_NOW = STATE.keys["now"]


@dataclass(frozen=True)
class StateFrame:
    """A `state` message but its `now`: the JSON members of its other fields, written once per version and seat."""

    members: str

    def at(self, now: float) -> str:
        """The message as sent at `now` (the server's time, seconds since the epoch, kept to the millisecond)."""
        return f"{{{self.members},{_NOW}{json_text(round(now, 3))}}}"


class VersionFrames:
    """One table version's frames, made on demand and shared by every connection that sends them. It keeps no
    reference to its snapshot (`frames` finds it by the snapshot, weakly), which is handed to each call."""

    def __init__(self, snap: Snapshot) -> None:
        self.seq = json_text(snap.seq)
        self.log_json = snap.log_json  # never changed: a new version gets its own list
        # The table summary and the undo offer are the same for every seat: serialized once per version.
        self.end = STATE.write(table=json_text(snap.summary), undo=json_text(snap.undo))
        self.logs: dict[int, str] = {}
        self.states: dict[tuple[int | None, bool, int], StateFrame] = {}
        self.explanations: dict[int | None, str] = {}

    def state(self, snap: Snapshot, seat: int | None, explained: bool, log_from: int) -> StateFrame:
        """A seat's `state` frame (see `state_frame`), made once."""
        key = (seat, explained, log_from)
        frame = self.states.get(key)
        if frame is None:
            explain = json_text(snap.explanation(seat) if explained else None)
            head = STATE.write(
                type=json_text(type_of(StateMessage)), seq=self.seq, view=json_text(snap.view(seat)), explain=explain
            )
            frame = self.states[key] = StateFrame(f"{head},{self.log(log_from)},{self.end}")
        return frame

    def log(self, log_from: int) -> str:
        """The members `log_from` and `log` (its entries from seq `log_from` on), the same for every seat."""
        members = self.logs.get(log_from)
        if members is None:
            entries = "[" + ",".join(self.log_json[log_from:]) + "]"
            members = self.logs[log_from] = STATE.write(log_from=json_text(log_from), log=entries)
        return members

    def explanation(self, snap: Snapshot, seat: int | None) -> str:
        """A seat's `explain` frame (see `explain_frame`), made once."""
        text = self.explanations.get(seat)
        if text is None:
            members = EXPLAIN.write(
                type=json_text(type_of(ExplainMessage)), seq=self.seq, explain=json_text(snap.explanation(seat))
            )
            text = self.explanations[seat] = f"{{{members}}}"
        return text


# A version's frames live as long as its snapshot: the table's current one, and older ones still queued to be sent.
_FRAMES: weakref.WeakKeyDictionary[Snapshot, VersionFrames] = weakref.WeakKeyDictionary()


def frames(snap: Snapshot) -> VersionFrames:
    """The frames of a table version (made once per snapshot)."""
    made = _FRAMES.get(snap)
    if made is None:
        made = _FRAMES[snap] = VersionFrames(snap)
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
