"""Why an action is illegal now, in the game's words (docs/rules/ra.md §3-§7), for State.apply's errors."""

from __future__ import annotations

from ra.core.text import Text, t, tn
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
from ra.games.ra.words import TILE_NAMES


def _god_reason(state: RaRules, kind: int) -> Text:
    """§6: why spending a god on `kind` is not possible."""
    if kind == GOD:
        return t("a god cannot take a god tile")
    if kind == RA:
        return t("a god cannot take a Ra tile: Ra tiles never lie on the auction track")
    if not state.held[state.cur * NUM_KINDS + GOD]:
        return t("you hold no god tile to spend")
    if kind not in state.track:
        return t("there is no {tile} tile on the auction track", tile=TILE_NAMES[KINDS[kind]])
    return t("you cannot spend a god on {tile} now", tile=TILE_NAMES[KINDS[kind]])


def _disks(disks: tuple[int, ...]) -> str:
    """Sun disks as the error messages list them: '[13, 8, 5]'."""
    return str(list(disks))


def explain(state: RaRules, action: int) -> Text:
    """A message saying why `action` is not legal for the current player."""
    phase, name = state.phase, NOTATION[action]
    is_bid = BID_MIN <= action <= BID_MAX
    is_god = GOD_BASE <= action < LOSE_BASE
    is_lose = action >= LOSE_BASE
    if phase == TURN:
        if action == DRAW:
            return t("you cannot draw: the auction track is full (invoke Ra or spend a god)")
        if is_god:
            return _god_reason(state, action - GOD_BASE)
        if action == PASS:
            return t("there is no auction to pass in: draw a tile, invoke Ra or spend a god")
        if is_bid:
            return t("there is no auction to bid in: draw a tile, invoke Ra or spend a god")
        if action == DONE:
            return t("you are not spending gods: draw a tile, invoke Ra or spend a god")
        return t("there is no disaster to resolve: draw a tile, invoke Ra or spend a god")
    if phase == AUCTION:
        up = _disks(state.up[state.cur])
        if action == PASS:
            return t(
                "you must bid: you invoked Ra with a non-full auction track and everyone else passed (bid one of your "
                "face-up sun disks {disks})",
                disks=up,
            )
        if is_bid:
            disk = action - BID_BASE
            if disk in state.down[state.cur]:
                return t(
                    "you cannot bid disk {disk}: it is face down (your face-up disks: {disks})", disk=disk, disks=up
                )
            if disk not in state.up[state.cur]:
                return t(
                    "you cannot bid disk {disk}: it is not yours (your face-up disks: {disks})", disk=disk, disks=up
                )
            return t("disk {disk} does not beat the high bid {high}", disk=disk, high=state.auc_high)
        return t("an auction is under way: bid a face-up sun disk or pass, not {move}", move=name)
    if phase == GODS:
        if is_god:
            return _god_reason(state, action - GOD_BASE)
        return t("you are spending gods: take another tile with god:<kind> or stop with done, not {move}", move=name)
    if phase == DISASTER:
        if is_lose:
            kind = action - LOSE_OFFSET
            tile = TILE_NAMES[KINDS[kind]]
            if state.lose_war and kind not in CIVILIZATION:
                return t("War destroys civilization tiles, not {tile}", tile=tile)
            if not state.lose_war and kind in CIVILIZATION:
                return t("the Earthquake destroys monument tiles, not {tile}", tile=tile)
            return t("you hold no {tile} tile to lose", tile=tile)
        if state.lose_war:
            return tn(
                "you must first choose {n} more civilization tile to lose to War (lose:<kind>)",
                "you must first choose {n} more civilization tiles to lose to War (lose:<kind>)",
                state.lose_war,
            )
        return tn(
            "you must first choose {n} more monument tile to lose to the Earthquake (lose:<kind>)",
            "you must first choose {n} more monument tiles to lose to the Earthquake (lose:<kind>)",
            state.lose_quake,
        )
    return t("the game is over")
