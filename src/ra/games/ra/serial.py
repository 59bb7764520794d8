"""Exact JSON round trip of a Ra state (hidden information included: for storage, never for players)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ra.core.protocol import Move
from ra.games.ra import phases as ph
from ra.games.ra.actions import NOTATION, str_to_action
from ra.games.ra.options import Options
from ra.games.ra.tables import KIND_INDEX, KINDS, NK, RA_TRACK_LENGTH

if TYPE_CHECKING:
    from ra.games.ra.state import State

JSON_FORMAT = "ra-state/1"


def counts_to_dict(counts: list[int]) -> dict[str, int]:
    """{kind: count} of the non-zero counts, in kind order."""
    return {KINDS[k]: c for k, c in enumerate(counts) if c}


def dict_to_counts(data: Mapping[str, int]) -> list[int]:
    """The inverse of counts_to_dict."""
    counts = [0] * NK
    for name, c in data.items():
        counts[KIND_INDEX[name]] = int(c)
    return counts


def state_to_json(st: State) -> dict[str, Any]:
    """The full state as JSON-able data."""
    n = st.num_players
    return {
        "format": JSON_FORMAT,
        "game": st.GAME,
        "options": st.options.to_dict(),
        "seed": st.seed,
        "order": st.order,
        "bag": [KINDS[t] for t in reversed(st.bag)],  # next draw first
        "auction_track": [KINDS[t] for t in st.track],
        "ra_filled": st.ra_filled,
        "central_disk": st.central,
        "face_up": [list(u) for u in st.up],
        "face_down": [list(d) for d in st.down],
        "tiles": [counts_to_dict(st.held[p * NK : (p + 1) * NK]) for p in range(n)],
        "discarded": counts_to_dict(st.discard),
        "scores": list(st.points),
        "epoch": st.epoch,
        "phase": ph.PHASE_NAMES[st.phase],
        "current_player": st.cur,
        "auction": {
            "kind": st.auc_kind,
            "ra_player": st.auc_ra,
            "high_bid": st.auc_high,
            "high_bidder": st.auc_bidder,
            "bids": [list(b) for b in st.auc_bids],
        },
        "pending_disasters": list(st.pending),
        "lose_war": st.lose_war,
        "lose_earthquake": st.lose_quake,
        "after": st.after,
        "epoch_scores": copy.deepcopy(st.epoch_scores),
        "history": [[m.player, NOTATION[m.action], list(m.draws)] for m in st.history],
    }


def state_from_json(cls: type[State], data: Mapping[str, Any]) -> State:
    """Rebuild a state from `state_to_json` output."""
    if data.get("format") != JSON_FORMAT or data.get("game") != cls.GAME:
        raise ValueError(f"not a Ra state (format {data.get('format')!r}, expected {JSON_FORMAT!r})")
    opts = Options.from_mapping(data["options"])
    n = opts.players
    st = object.__new__(cls)
    st.num_players, st.options = n, opts
    st.seed = data["seed"]
    st.order = None if data["order"] is None else list(data["order"])
    st.ra_len = RA_TRACK_LENGTH[n]
    st.bag = [KIND_INDEX[k] for k in reversed(data["bag"])]
    st.track = [KIND_INDEX[k] for k in data["auction_track"]]
    st.ra_filled = int(data["ra_filled"])
    st.central = int(data["central_disk"])
    st.up = [tuple(u) for u in data["face_up"]]
    st.down = [tuple(d) for d in data["face_down"]]
    st.held = [c for p in range(n) for c in dict_to_counts(data["tiles"][p])]
    st.discard = dict_to_counts(data["discarded"])
    st.points = [int(s) for s in data["scores"]]
    st.epoch = int(data["epoch"])
    st.phase = ph.PHASE_NAMES.index(data["phase"])
    st.cur = int(data["current_player"])
    auc = data["auction"]
    st.auc_kind, st.auc_ra = int(auc["kind"]), int(auc["ra_player"])
    st.auc_high, st.auc_bidder = int(auc["high_bid"]), int(auc["high_bidder"])
    st.auc_bids = tuple((int(p), int(d)) for p, d in auc["bids"])
    f, d, w, q = (int(x) for x in data["pending_disasters"])
    st.pending = (f, d, w, q)
    st.lose_war, st.lose_quake, st.after = int(data["lose_war"]), int(data["lose_earthquake"]), int(data["after"])
    st.epoch_scores = copy.deepcopy(list(data["epoch_scores"]))
    st.history = [Move(int(p), str_to_action(a), tuple(dr)) for p, a, dr in data["history"]]
    return st
