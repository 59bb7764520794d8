"""A full Ra state consistent with a view, for search bots (determinization).

Only the view is read (docs/VIEWS.md; § = docs/rules/ra.md). The bag order is sampled from the view's public bag
counts with `rng`; scores hidden from the viewer are estimated as the viewer's own score (a spectator with no
visible score uses the mean of those visible, or the starting score).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ra.core.protocol import Move
from ra.games.ra.actions import str_to_action
from ra.games.ra.mechanics import NO_PENDING
from ra.games.ra.options import Options
from ra.games.ra.phases import AUCTION_KIND_NAMES, NO_AUCTION, PHASE_NAMES
from ra.games.ra.scoring import EpochScoring, RaScoreRow
from ra.games.ra.serial import dict_to_counts
from ra.games.ra.state import State
from ra.games.ra.tables import COUNTS, DISASTERS, KIND_INDEX, KINDS, NUM_KINDS, RA, RA_TRACK_LENGTH, STARTING_SCORE


def from_view(view: Mapping[str, Any], rng: random.Random) -> State:
    """A state consistent with `view`: same public position, a random bag order drawn from the bag counts."""
    opts = Options.from_mapping(view["options"])
    n = opts.players
    bag = [KIND_INDEX[k] for k, c in view["bag"].items() for _ in range(int(c))]
    rng.shuffle(bag)
    points = _estimate_scores(view)
    auction = view.get("auction") or {}
    gods = view.get("gods") or {"disasters": {}}
    disaster = view.get("disaster") or {}
    last = view.get("last_move")
    cur = -1 if view.get("current_player") is None else int(view["current_player"])
    state = State.from_fields(
        num_players=n,
        options=opts,
        seed=None,
        order=None,
        ra_len=RA_TRACK_LENGTH[n],
        bag=bag,
        track=[KIND_INDEX[k] for k in view["auction_track"]],
        ra_filled=int(view["ra_track"]["filled"]),
        central=int(view["central_disk"]),
        up=[tuple(sorted(d["face_up"], reverse=True)) for d in view["disks"]],
        down=[tuple(sorted(d["face_down"], reverse=True)) for d in view["disks"]],
        held=[c for p in range(n) for c in dict_to_counts(view["tiles"][p])],
        discard=dict_to_counts(view["discarded"]),
        points=points,
        epoch=int(view["epoch"]),
        phase=PHASE_NAMES.index(view["phase"]),
        cur=cur,
        auc_kind=AUCTION_KIND_NAMES.index(auction["kind"]) if auction else NO_AUCTION,
        auc_ra=int(auction.get("ra_player", -1)),
        auc_high=int(auction.get("high_bid") or 0),
        auc_bidder=-1 if auction.get("high_bidder") is None else int(auction["high_bidder"]),
        auc_bids=tuple((int(b["player"]), int(b["disk"] or 0)) for b in auction.get("bids", ())),
        pending=_pending(gods["disasters"]) if view.get("gods") else NO_PENDING,
        lose_war=int(disaster.get("war", 0)),
        lose_quake=int(disaster.get("earthquake", 0)),
        # After the losses the turn passes left of the Ra player (auction) or of the god spender.
        after=int(disaster.get("after", cur)) if disaster else -1,
        epoch_scores=tuple(_epoch_scoring(e, points) for e in view.get("epoch_scores", [])),
        # The moves are not part of a view: the rebuilt history holds the view's last move only.
        history=[] if last is None else [Move(last["player"], str_to_action(last["notation"]), tuple(last["draws"]))],
    )
    _check_census(state)
    return state


def _estimate_scores(view: Mapping[str, Any]) -> list[int]:
    """The visible scores, with each hidden one guessed as the viewer's own (or the mean of those visible)."""
    scores = view["scores"]
    viewer = view.get("viewer")
    if viewer is not None and scores[viewer] is not None:
        guess = int(scores[viewer])
    else:
        known = [s for s in scores if s is not None]
        guess = round(sum(known) / len(known)) if known else STARTING_SCORE
    return [guess if s is None else int(s) for s in scores]


def _pending(disasters: Mapping[str, int]) -> tuple[int, int, int, int]:
    """Disasters taken with gods, as counts in DISASTERS order."""
    funeral, drought, war, quake = (int(disasters.get(KINDS[k], 0)) for k in DISASTERS)
    return funeral, drought, war, quake


def _epoch_scoring(epoch: Mapping[str, Any], points: list[int]) -> EpochScoring:
    """A finished epoch's scoring; rows hidden from the viewer become empty rows at the estimated score."""
    rows: list[RaScoreRow] = [
        RaScoreRow(categories={}, net=0, before=points[p], after=points[p]) if row is None else row
        for p, row in enumerate(epoch["players"])
    ]
    return {"epoch": int(epoch["epoch"]), "players": rows}


def _check_census(state: State) -> None:
    """ValueError unless bag, tracks, holdings, pending disasters and discards add up to the 180 tiles (§1.1)."""
    counts = [0] * NUM_KINDS
    for t in state.bag + state.track:
        counts[t] += 1
    counts[RA] += state.ra_filled
    for i, c in enumerate(state.held):
        counts[i % NUM_KINDS] += c
    for kind, c in zip(DISASTERS, state.pending, strict=True):
        counts[kind] += c
    for kind, c in enumerate(state.discard):
        counts[kind] += c
    wrong = [KINDS[k] for k in range(NUM_KINDS) if counts[k] != COUNTS[k]]
    if wrong:
        raise ValueError(f"the view does not account for every tile exactly once: {wrong}")
