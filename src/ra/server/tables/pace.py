"""A table's pace and the arithmetic of its players' clocks (pure functions on the stored JSON; tables/clocks.py
acts on them). Standard library only (and ra.core's words)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping
from typing import Any, Protocol

from ra.core.text import t

LIVE, TURN = "live", "turn"
RETURN_GRACE = 15.0  # seconds a person who returns after a time-out has at least
# Bounds of the pace's numbers, in seconds (tables/requests.py's `Pace` says the same to clients).
BANK = (30, 4 * 3600)
INCREMENT = (0, 300)
PER_MOVE = (600, 14 * 24 * 3600)
# What a pace that leaves a number out gets.
DEFAULT_BANK, DEFAULT_INCREMENT, DEFAULT_PER_MOVE = 300, 10, 86400


def pace_of(options: Mapping[str, Any]) -> dict[str, Any] | None:
    """A table's pace (None: no clock)."""
    pace = options.get("pace")
    return pace if isinstance(pace, dict) else None


def turn_based(options: Mapping[str, Any]) -> bool:
    """True for a turn-based table (the accounts' listing says the same, accounts/seats.py)."""
    pace = pace_of(options)
    return pace is not None and pace["kind"] == TURN


class AskedPace(Protocol):
    """A pace as a creation body asks for it, its shape already checked (tables/requests.py's `Pace`: the kinds,
    time-outs and bounds); what is left to check needs the game and the bots."""

    @property
    def kind(self) -> str: ...
    @property
    def timeout(self) -> str: ...
    @property
    def level(self) -> str: ...
    @property
    def bank(self) -> int | None: ...
    @property
    def increment(self) -> int | None: ...
    @property
    def per_move(self) -> int | None: ...


def check_pace(pace: AskedPace | None, passes: bool, check_level: Callable[[str], None]) -> dict[str, Any] | None:
    """A new table's pace, complete (None: no clock); ValueError says what is wrong. `passes`: the game has
    pass-like moves (`skip` needs them); `check_level(level)` raises ValueError for a level no bot has."""
    if pace is None or pace.kind == "none":
        return None
    if pace.timeout == "skip" and not passes:
        raise ValueError(t("this game has no move to skip a turn with: its timeout is bot or lose"))
    check_level(pace.level)
    checked: dict[str, Any] = {"kind": pace.kind, "timeout": pace.timeout, "level": pace.level}
    if pace.kind == LIVE:
        checked["bank"] = DEFAULT_BANK if pace.bank is None else pace.bank
        checked["increment"] = DEFAULT_INCREMENT if pace.increment is None else pace.increment
    else:
        checked["per_move"] = DEFAULT_PER_MOVE if pace.per_move is None else pace.per_move
    return checked


def new_clock(pace: dict[str, Any] | None, players: int) -> dict[str, Any] | None:
    """A new table's clock: every seat's time full, none running yet (it starts once every seat is taken)."""
    if pace is None:
        return None
    full = float(pace["bank"] if pace["kind"] == LIVE else pace["per_move"])
    return {"seats": [{"left": full, "since": None} for _ in range(players)], "fired": 0}


def charged(
    pace: dict[str, Any],
    clock: dict[str, Any],
    mover: int | None,
    timed: Collection[int],
    at: float,
    turn_over: bool = False,
) -> dict[str, Any]:
    """The clock after a change at `at`: the seat that moved (and any no longer to act) is charged its time and
    stops (a live mover gains the increment once its turn is over: `turn_over`, as the game tells); every seat of
    `timed` not yet running starts (turn-based: afresh)."""
    seats = [dict(s) for s in clock["seats"]]
    for i, seat in enumerate(seats):
        since = seat["since"]
        if since is not None and (i == mover or i not in timed):
            seat["left"] = max(0.0, seat["left"] - max(0.0, at - since))
            if i == mover and turn_over and pace["kind"] == LIVE:
                seat["left"] += float(pace["increment"])
            seat["since"] = None
        if i in timed and seat["since"] is None:
            seat["since"] = at
            if pace["kind"] == TURN:
                seat["left"] = float(pace["per_move"])
    return {**clock, "seats": seats}


def due_of(clock: dict[str, Any] | None) -> dt.datetime | None:
    """When the first running clock runs out (None: none runs)."""
    if clock is None:
        return None
    ends = [s["since"] + s["left"] for s in clock["seats"] if s["since"] is not None]
    return dt.datetime.fromtimestamp(min(ends), dt.UTC) if ends else None


def ran_out(clock: dict[str, Any], at: float) -> list[int]:
    """The seats whose running clocks have run out at `at`."""
    return [i for i, s in enumerate(clock["seats"]) if s["since"] is not None and s["since"] + s["left"] <= at]


def clock_view(row_options: Mapping[str, Any], clock: dict[str, Any] | None) -> dict[str, Any] | None:
    """The clock as the protocol shows it (docs/PROTOCOL.md): the pace, and per seat its seconds `left` when it
    stopped and, while it runs, `ends` (seconds since the epoch, the server's time)."""
    pace = pace_of(row_options)
    if pace is None or clock is None:
        return None
    seats = [
        {"left": round(s["left"], 3), "ends": None if s["since"] is None else round(s["since"] + s["left"], 3)}
        for s in clock["seats"]
    ]
    return {"pace": pace, "seats": seats}
