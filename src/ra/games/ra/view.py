"""Views: what a seat (or a spectator) may see of a Ra state (docs/VIEWS.md, rules/ra.md R3)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ra.games.ra import phases as ph
from ra.games.ra.actions import NOTATION, describe
from ra.games.ra.scoring import winners
from ra.games.ra.serial import counts_to_dict
from ra.games.ra.tables import FIRST_DISASTER, KINDS, NK, RA_TRACK_SPACES

if TYPE_CHECKING:
    from ra.games.ra.state import State


def score_visible(state: State, viewer: int | None, seat: int) -> bool:
    """R3: a seat sees its own score; everyone sees all scores if the table says so or once the game is over."""
    return state.phase == ph.OVER or state.options.scores_visible or viewer == seat


def make_view(state: State, viewer: int | None) -> dict[str, Any]:
    """The view of `state` for `viewer` (a seat or None); JSON-able, never the bag order or seed."""
    n = state.num_players
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < n):
        raise ValueError(f"viewer must be a seat 0..{n - 1} or None, not {viewer!r}")
    over = state.phase == ph.OVER
    bag = [0] * NK
    for t in state.bag:
        bag[t] += 1
    seen = [score_visible(state, viewer, p) for p in range(n)]
    view: dict[str, Any] = {
        "game": state.GAME,
        "viewer": viewer,
        "num_players": n,
        "names": list(state.options.names),
        "options": state.options.to_dict(),
        "epoch": state.epoch,
        "phase": ph.PHASE_NAMES[state.phase],
        "current_player": None if over else state.cur,
        "ra_track": {"length": state.ra_len, "filled": state.ra_filled, "spaces": RA_TRACK_SPACES},
        "auction_track": [KINDS[t] for t in state.track],
        "central_disk": state.central,
        "disks": [{"face_up": list(state.up[p]), "face_down": list(state.down[p])} for p in range(n)],
        "tiles": [counts_to_dict(state.held[p * NK : (p + 1) * NK]) for p in range(n)],
        "scores": [state.points[p] if seen[p] else None for p in range(n)],
        "bag": {KINDS[k]: bag[k] for k in range(NK)},
        "bag_total": len(state.bag),
        "discarded": counts_to_dict(state.discard),
        "auction": _auction(state) if state.phase == ph.AUCTION else None,
        "gods": _gods(state) if state.phase == ph.GODS else None,
        "disaster": (
            {"player": state.cur, "war": state.lose_war, "earthquake": state.lose_quake, "after": state.after}
            if state.phase == ph.DISASTER
            else None
        ),
        "legal_actions": [describe(a) for a in state.legal_actions()] if viewer == state.cur and not over else [],
        "epoch_scores": [
            {
                "epoch": e["epoch"],
                "players": [copy.deepcopy(r) if seen[p] else None for p, r in enumerate(e["players"])],
            }
            for e in state.epoch_scores
        ],
        "result": _result(state) if over else None,
        "last_move": None,
    }
    if state.history:
        m = state.history[-1]
        view["last_move"] = {"player": m.player, "notation": NOTATION[m.action], "draws": list(m.draws)}
    return view


def _auction(state: State) -> dict[str, Any]:
    return {
        "kind": ph.AUCTION_KIND_NAMES[state.auc_kind],
        "ra_player": state.auc_ra,
        "high_bid": state.auc_high or None,
        "high_bidder": state.auc_bidder if state.auc_bidder >= 0 else None,
        "bids": [{"player": p, "disk": d or None} for p, d in state.auc_bids],
        "to_act": state.cur,
    }


def _gods(state: State) -> dict[str, Any]:
    pending = {KINDS[FIRST_DISASTER + i]: c for i, c in enumerate(state.pending) if c}
    return {"player": state.cur, "disasters": pending}


def _result(state: State) -> dict[str, Any]:
    n = state.num_players
    best = [max(state.up[p] + state.down[p], default=0) for p in range(n)]
    seats, tie = winners(state.points, best)
    return {
        "scores": list(state.points),
        "winners": seats,
        "tie_break": tie,
        "disk_totals": [sum(state.up[p]) + sum(state.down[p]) for p in range(n)],
    }
