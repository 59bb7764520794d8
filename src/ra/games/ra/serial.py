"""The Ra state as JSON (hidden information included: for storage, never for players), and the bag built from an
explicit `order`."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from ra.core.protocol import Move
from ra.core.text import t
from ra.games.ra.actions import NOTATION, str_to_action
from ra.games.ra.mechanics import RaRules
from ra.games.ra.options import Options
from ra.games.ra.phases import PHASE_NAMES
from ra.games.ra.tables import COUNTS, GAME, KIND_INDEX, KINDS, NUM_KINDS, RA_TRACK_LENGTH

JSON_FORMAT = "ra-state/1"


def bag_from_order(order: Sequence[str]) -> list[int]:
    """The full draw order (first drawn first) from a prefix of tile-kind names; the other tiles follow canonically."""
    if isinstance(order, str) or not hasattr(order, "__iter__"):
        raise ValueError(t("order must be a list of tile-kind names, first drawn first"))
    left = list(COUNTS)
    prefix = []
    for i, name in enumerate(order):
        kind = KIND_INDEX.get(name) if isinstance(name, str) else None
        if kind is None:
            raise ValueError(
                t(
                    "order[{index}] = {name} is not a tile kind: expected one of {kinds}",
                    index=i,
                    name=repr(name),
                    kinds=", ".join(KINDS),
                )
            )
        if left[kind] == 0:
            raise ValueError(
                t("order has more than {count} {kind} tiles (the bag holds {count})", count=COUNTS[kind], kind=name)
            )
        left[kind] -= 1
        prefix.append(kind)
    return prefix + [k for k in range(NUM_KINDS) for _ in range(left[k])]


def counts_to_dict(counts: Sequence[int]) -> dict[str, int]:
    """{kind: count} of the non-zero counts, in kind order."""
    return {KINDS[k]: c for k, c in enumerate(counts) if c}


def dict_to_counts(data: Mapping[str, int]) -> list[int]:
    """The inverse of counts_to_dict."""
    counts = [0] * NUM_KINDS
    for name, c in data.items():
        counts[KIND_INDEX[name]] = int(c)
    return counts


def state_to_json(st: RaRules) -> dict[str, Any]:
    """The full state as JSON-able data."""
    n = st.num_players
    return {
        "format": JSON_FORMAT,
        "game": GAME,
        "options": st.options.to_dict(),
        "seed": st.seed,
        "order": None if st.order is None else list(st.order),
        "bag": [KINDS[t] for t in reversed(st.bag)],  # next draw first
        "auction_track": [KINDS[t] for t in st.track],
        "ra_filled": st.ra_filled,
        "central_disk": st.central,
        "face_up": [list(u) for u in st.up],
        "face_down": [list(d) for d in st.down],
        "tiles": [counts_to_dict(st.held[p * NUM_KINDS : (p + 1) * NUM_KINDS]) for p in range(n)],
        "discarded": counts_to_dict(st.discard),
        "scores": list(st.points),
        "epoch": st.epoch,
        "phase": PHASE_NAMES[st.phase],
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
        "epoch_scores": copy.deepcopy(list(st.epoch_scores)),
        "history": [[m.player, NOTATION[m.action], list(m.draws)] for m in st.history],
    }


def fields_from_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """Every field of a state (fields.FIELDS, for `State.from_fields`) from `state_to_json` data."""
    if data.get("format") != JSON_FORMAT or data.get("game") != GAME:
        raise ValueError(f"not a Ra state (format {data.get('format')!r}, expected {JSON_FORMAT!r})")
    opts = Options.from_mapping(data["options"])
    n = opts.players
    auction = data["auction"]
    funeral, drought, war, quake = (int(x) for x in data["pending_disasters"])
    return dict(
        num_players=n,
        options=opts,
        seed=data["seed"],
        order=None if data["order"] is None else tuple(data["order"]),
        ra_len=RA_TRACK_LENGTH[n],
        bag=[KIND_INDEX[k] for k in reversed(data["bag"])],
        track=[KIND_INDEX[k] for k in data["auction_track"]],
        ra_filled=int(data["ra_filled"]),
        central=int(data["central_disk"]),
        up=[tuple(u) for u in data["face_up"]],
        down=[tuple(d) for d in data["face_down"]],
        held=[c for p in range(n) for c in dict_to_counts(data["tiles"][p])],
        discard=dict_to_counts(data["discarded"]),
        points=[int(s) for s in data["scores"]],
        epoch=int(data["epoch"]),
        phase=PHASE_NAMES.index(data["phase"]),
        cur=int(data["current_player"]),
        auc_kind=int(auction["kind"]),
        auc_ra=int(auction["ra_player"]),
        auc_high=int(auction["high_bid"]),
        auc_bidder=int(auction["high_bidder"]),
        auc_bids=tuple((int(p), int(d)) for p, d in auction["bids"]),
        pending=(funeral, drought, war, quake),
        lose_war=int(data["lose_war"]),
        lose_quake=int(data["lose_earthquake"]),
        after=int(data["after"]),
        epoch_scores=tuple(copy.deepcopy(list(data["epoch_scores"]))),
        history=[Move(int(p), str_to_action(a), tuple(dr)) for p, a, dr in data["history"]],
    )
