"""Legal actions of Ra (docs/rules/ra.md §3 a turn, §5 auctions, §6 gods, §7 disasters): the hot path of search.

Exactly one seat decides at a time. Its actions are handed out as shared tuples from ready tables (immutable, so no
copy per call): by face-up disks and high bid in an auction, by the auction track's tiles while gods may be spent.
`state.State.legal_actions` is `legal_actions` itself.
"""

from __future__ import annotations

from ra.games.ra.actions import AUCTION_ROWS, DONE, DRAW, GOD_BASE, INVOKE, LOSE_OFFSET, auction_rows
from ra.games.ra.mechanics import RaRules
from ra.games.ra.phases import AUCTION, DISASTER, GODS, INVOKED_NONFULL, TURN
from ra.games.ra.tables import AUCTION_TRACK_SIZE, DISASTER_TARGETS, EARTHQUAKE, GOD, MAX_PLAYERS, NUM_KINDS, WAR

# By auction track, what _god_actions sorts out: (the turn's actions with gods, the actions while spending gods).
_GOD_ACTIONS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
# §3: the turn's actions of a seat without gods, by the number of tiles on the auction track (no draw once full).
_TURN_ACTIONS: tuple[tuple[int, ...], ...] = (*((DRAW, INVOKE),) * AUCTION_TRACK_SIZE, (INVOKE,))
_GOD_AT: tuple[int, ...] = tuple(p * NUM_KINDS + GOD for p in range(MAX_PLAYERS))  # where `held` counts a seat's gods


def legal_actions(self: RaRules, player: int | None = None) -> tuple[int, ...]:
    """Legal action ids for the seat that must decide (empty for anyone else or when over); a shared tuple."""
    p = self.cur
    if player is not p and player is not None and player != p:  # seats are shared small ints: `is` settles it
        return ()
    phase = self.phase
    if phase == AUCTION:  # §5: one bid higher than the high bid, or pass (unless forced)
        up = self.up[p]
        try:
            rows = AUCTION_ROWS[up]
        except KeyError:
            rows = auction_rows(up)
        high = self.auc_high
        if high or p != self.auc_ra or self.auc_kind != INVOKED_NONFULL:
            return rows[high]
        return rows[-1]  # §5 forced bid: the Ra player of a Ra call on a track that is not full, nobody bid
    if phase == TURN:  # §3: draw, invoke Ra, spend gods
        if self.held[_GOD_AT[p]]:
            return _god_actions(self.track)[0]
        return _TURN_ACTIONS[len(self.track)]
    if phase == GODS:  # §6: another god, or stop
        return _god_actions(self.track)[1]
    if phase == DISASTER:
        return _loss_actions(self, p)
    return ()


def _god_actions(on_track: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """§3, §6: the turn's actions of a seat holding a god and the actions while spending gods (shared tuples).

    A god action per kind of tile on the auction track but gods, in id order, after the turn's draw and
    invoke or after the stop.
    """
    track = tuple(on_track)
    try:
        acts = _GOD_ACTIONS[track]
    except KeyError:
        if len(_GOD_ACTIONS) > 10_000:  # a bound; tracks of up to 8 tiles repeat often
            _GOD_ACTIONS.clear()
        gods = tuple(sorted({GOD_BASE + t for t in track if t != GOD}))
        acts = _GOD_ACTIONS[track] = (_TURN_ACTIONS[len(track)] + gods, (DONE, *gods))
    return acts


def _loss_actions(state: RaRules, p: int) -> tuple[int, ...]:
    """§7: the tiles seat `p` may choose to lose next to War (first) or Earthquake."""
    b = p * NUM_KINDS
    held = state.held
    group = DISASTER_TARGETS[WAR if state.lose_war else EARTHQUAKE]
    return tuple([LOSE_OFFSET + k for k in group if held[b + k]])
