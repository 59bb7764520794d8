"""Why an action is illegal now, in the game's words (docs/rules/ra.md §3-§7), for State.apply's errors."""

from __future__ import annotations

from ra.games.ra.actions import (
    BID_BASE,
    BID_MAX,
    BID_MIN,
    DONE,
    DRAW,
    GOD_BASE,
    LOSE_BASE,
    LOSE_OFFSET,
    NOTATION,
    PASS,
)
from ra.games.ra.mechanics import RaRules
from ra.games.ra.phases import AUCTION, DISASTER, GODS, TURN
from ra.games.ra.tables import CIVILIZATION, GOD, KINDS, NUM_KINDS, RA

_TURN_HINT = "draw a tile, invoke Ra or spend a god"


def _god_reason(state: RaRules, kind: int) -> str:
    """§6: why spending a god on `kind` is not possible."""
    if kind == GOD:
        return "a god cannot take a god tile"
    if kind == RA:
        return "a god cannot take a Ra tile: Ra tiles never lie on the auction track"
    if not state.held[state.cur * NUM_KINDS + GOD]:
        return "you hold no god tile to spend"
    if kind not in state.track:
        return f"there is no {KINDS[kind]} tile on the auction track"
    return f"you cannot spend a god on {KINDS[kind]} now"


def explain(state: RaRules, action: int) -> str:
    """A message saying why `action` is not legal for the current player."""
    phase, name = state.phase, NOTATION[action]
    is_bid = BID_MIN <= action <= BID_MAX
    is_god = GOD_BASE <= action < LOSE_BASE
    is_lose = action >= LOSE_BASE
    if phase == TURN:
        if action == DRAW:
            return "you cannot draw: the auction track is full (invoke Ra or spend a god)"
        if is_god:
            return _god_reason(state, action - GOD_BASE)
        if action == PASS or is_bid:
            return f"there is no auction to {'pass in' if action == PASS else 'bid in'}: {_TURN_HINT}"
        if action == DONE:
            return f"you are not spending gods: {_TURN_HINT}"
        return f"there is no disaster to resolve: {_TURN_HINT}"
    if phase == AUCTION:
        if action == PASS:
            return (
                "you must bid: you invoked Ra with a non-full auction track and everyone else passed "
                f"(bid one of your face-up sun disks {list(state.up[state.cur])})"
            )
        if is_bid:
            disk = action - BID_BASE
            if disk not in state.up[state.cur]:
                held = "face down" if disk in state.down[state.cur] else "not yours"
                return f"you cannot bid disk {disk}: it is {held} (your face-up disks: {list(state.up[state.cur])})"
            return f"disk {disk} does not beat the high bid {state.auc_high}"
        return f"an auction is under way: bid a face-up sun disk or pass, not {name}"
    if phase == GODS:
        if is_god:
            return _god_reason(state, action - GOD_BASE)
        return f"you are spending gods: take another tile with god:<kind> or stop with done, not {name}"
    if phase == DISASTER:
        disaster, group = ("war", "civilization") if state.lose_war else ("earthquake", "monument")
        if is_lose:
            kind = action - LOSE_OFFSET
            if (kind in CIVILIZATION) != (disaster == "war"):
                return f"{disaster} destroys {group} tiles, not {KINDS[kind]}"
            return f"you hold no {KINDS[kind]} tile to lose"
        left = state.lose_war or state.lose_quake
        return f"you must first choose {left} more {group} tile(s) to lose to {disaster} (lose:<kind>)"
    return "the game is over"
