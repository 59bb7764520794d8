"""A full Ra state consistent with a view, for search bots (determinization).

Only the view is read. The bag order is sampled from the view's public bag counts with `rng`; scores hidden from
the viewer are estimated as the viewer's own score (a spectator with no visible score uses the starting score).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ra.games.ra import phases as ph
from ra.games.ra.mechanics import NO_PENDING
from ra.games.ra.options import Options
from ra.games.ra.serial import dict_to_counts
from ra.games.ra.state import State
from ra.games.ra.tables import COUNTS, FIRST_DISASTER, KIND_INDEX, KINDS, NK, RA, RA_TRACK_LENGTH, STARTING_SCORE


def _estimate_scores(view: Mapping[str, Any]) -> list[int]:
    scores = view["scores"]
    viewer = view.get("viewer")
    if viewer is not None and scores[viewer] is not None:
        guess = int(scores[viewer])
    else:
        known = [s for s in scores if s is not None]
        guess = round(sum(known) / len(known)) if known else STARTING_SCORE
    return [guess if s is None else int(s) for s in scores]


def from_view(view: Mapping[str, Any], rng: random.Random) -> State:
    """A state consistent with `view`: same public position, a random bag order drawn from the bag counts."""
    opts = Options.from_mapping(view["options"])
    n = opts.players
    st = object.__new__(State)
    st.num_players, st.options, st.seed, st.order = n, opts, None, None
    st.ra_len = RA_TRACK_LENGTH[n]
    bag = [KIND_INDEX[k] for k, c in view["bag"].items() for _ in range(int(c))]
    rng.shuffle(bag)
    st.bag = bag
    st.track = [KIND_INDEX[k] for k in view["auction_track"]]
    st.ra_filled = int(view["ra_track"]["filled"])
    st.central = int(view["central_disk"])
    st.up = [tuple(sorted(d["face_up"], reverse=True)) for d in view["disks"]]
    st.down = [tuple(sorted(d["face_down"], reverse=True)) for d in view["disks"]]
    st.held = [c for p in range(n) for c in dict_to_counts(view["tiles"][p])]
    st.points = _estimate_scores(view)
    st.epoch = int(view["epoch"])
    st.phase = ph.PHASE_NAMES.index(view["phase"])
    cp = view.get("current_player")
    st.cur = -1 if cp is None else int(cp)
    st._reset_auction()
    auc = view.get("auction")
    if auc:
        st.auc_kind = ph.AUCTION_KIND_NAMES.index(auc["kind"])
        st.auc_ra = int(auc["ra_player"])
        st.auc_high = int(auc["high_bid"] or 0)
        st.auc_bidder = -1 if auc["high_bidder"] is None else int(auc["high_bidder"])
        st.auc_bids = tuple((int(b["player"]), int(b["disk"] or 0)) for b in auc["bids"])
    st.pending = NO_PENDING
    gods = view.get("gods")
    if gods:
        pend = [0, 0, 0, 0]
        for name, c in gods["disasters"].items():
            pend[KIND_INDEX[name] - FIRST_DISASTER] = int(c)
        st.pending = (pend[0], pend[1], pend[2], pend[3])
    dis = view.get("disaster")
    st.lose_war = int(dis["war"]) if dis else 0
    st.lose_quake = int(dis["earthquake"]) if dis else 0
    # After disasters the turn passes left of the Ra player (auction) or of the god spender (view key "after").
    st.after = int(dis.get("after", st.cur)) if dis else -1
    st.epoch_scores = []
    for e in view.get("epoch_scores", []):
        rows = [r if r is not None else _unknown_row(st.points[p]) for p, r in enumerate(e["players"])]
        st.epoch_scores.append({"epoch": e["epoch"], "players": rows})
    st.history = []
    st.discard = _discards(st)
    return st


def _unknown_row(score: int) -> dict[str, Any]:
    return {"categories": {}, "net": 0, "before": score, "after": score}


def _discards(st: State) -> list[int]:
    """Tiles out of the game: everything of the 180 not in the bag, on a track, held or pending."""
    counts = list(COUNTS)
    for t in st.bag:
        counts[t] -= 1
    for t in st.track:
        counts[t] -= 1
    counts[RA] -= st.ra_filled
    for i, c in enumerate(st.held):
        counts[i % NK] -= c
    for i, c in enumerate(st.pending):
        counts[FIRST_DISASTER + i] -= c
    bad = [KINDS[k] for k in range(NK) if counts[k] < 0]
    if bad:
        raise ValueError(f"the view holds more tiles than the game has: {bad}")
    return counts
