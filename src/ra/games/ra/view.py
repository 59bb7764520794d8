"""Views (docs/VIEWS.md): what a seat or a spectator sees of a Ra state, and the TypedDicts that give its shape.

Everything is public except the bag order, the seed and, by default, other players' scores (docs/rules/ra.md R3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict

from ra.core.protocol import LegalAction
from ra.games.ra.actions import (
    BID_BASE,
    BID_MAX,
    BID_MIN,
    DONE,
    DRAW,
    GOD_BASE,
    INVOKE,
    LOSE_BASE,
    LOSE_OFFSET,
    NOTATION,
    PASS,
)
from ra.games.ra.legal import legal_actions
from ra.games.ra.mechanics import RaRules
from ra.games.ra.options import RaOptionsData
from ra.games.ra.phases import AUCTION, AUCTION_KIND_NAMES, DISASTER, GODS, OVER, PHASE_NAMES
from ra.games.ra.scoring import RaScoreRow, winners
from ra.games.ra.serial import counts_to_dict
from ra.games.ra.tables import (
    AUCTION_TRACK_SIZE,
    DISASTERS,
    EPOCHS,
    GAME,
    KIND_GROUPS,
    KINDS,
    NUM_KINDS,
    RA_TRACK_SPACES,
    SCARAB,
)
from ra.games.ra.words import GROUP_TITLES

# --- the shape of a view (docs/VIEWS.md) -----------------------------------------------------------------------------
RaActionKind = Literal["draw", "invoke", "pass", "done", "bid", "god", "lose"]


class RaLegalAction(LegalAction):
    """A legal action of the viewer: id, notation, kind, and the disk of a bid or the tile of a god or lose action."""

    kind: RaActionKind
    disk: NotRequired[int]
    tile: NotRequired[str]


class RaTrackView(TypedDict):
    """The Ra track: Ra tiles per epoch at this player count, Ra tiles placed, the board's spaces (§2, §4)."""

    length: int
    filled: int
    spaces: int


class RaDisks(TypedDict):
    """One seat's sun disks, high to low."""

    face_up: list[int]
    face_down: list[int]


class RaBid(TypedDict):
    """One bid of an auction; `disk` None is a pass."""

    player: int
    disk: int | None


class RaAuction(TypedDict):
    """The auction under way (§5)."""

    kind: str  # phases.AUCTION_KIND_NAMES: ra_drawn, invoked_nonfull or invoked_full
    ra_player: int
    high_bid: int | None
    high_bidder: int | None
    bids: list[RaBid]
    to_act: int


class RaGods(TypedDict):
    """Gods being spent (§6): the spender and the disasters taken so far, resolved when spending stops (E7)."""

    player: int
    disasters: dict[str, int]


class RaDisaster(TypedDict):
    """War and Earthquake losses still to choose (§7), and the seat left of which play goes on afterwards."""

    player: int
    war: int
    earthquake: int
    after: int


class RaEpochScores(TypedDict):
    """One finished epoch's scoring; a row is None where that seat's score is hidden from the viewer (R3)."""

    epoch: int
    players: list[RaScoreRow | None]


class RaResult(TypedDict):
    """The end of the game (§9.4)."""

    scores: list[int]
    winners: list[int]
    tie_break: bool
    disk_totals: list[int]


class RaLastMove(TypedDict):
    """The last applied action and the tiles it drew."""

    player: int
    notation: str
    draws: list[str]


class RaKindGroup(TypedDict):
    """A display group of tile kinds, in the order a player's area shows them (§1.1): key, title, kinds."""

    key: str  # tables.KIND_GROUPS: god, gold, pharaoh, river, civilization, monument, disaster
    title: str
    kinds: list[str]


class RaView(TypedDict):
    """What one seat (or a spectator) sees (docs/VIEWS.md)."""

    game: str
    viewer: int | None
    num_players: int
    names: list[str]
    options: RaOptionsData
    epoch: int
    phase: str  # phases.PHASE_NAMES
    current_player: int | None
    ra_track: RaTrackView
    auction_track: list[str]
    central_disk: int
    disks: list[RaDisks]
    tiles: list[dict[str, int]]
    scores: list[int | None]
    bag: dict[str, int]
    bag_total: int
    discarded: dict[str, int]
    auction: RaAuction | None
    gods: RaGods | None
    disaster: RaDisaster | None
    legal_actions: list[RaLegalAction]
    epoch_scores: list[RaEpochScores]
    result: RaResult | None
    last_move: RaLastMove | None
    auction_track_spaces: int
    epochs: int
    kind_groups: list[RaKindGroup]
    scarab_kinds: list[str]


# Rules data every view carries unchanged, built once and shared by all views (never mutate a view's copy).
KIND_GROUP_VIEW: list[RaKindGroup] = [
    {"key": key, "title": str(GROUP_TITLES[key]), "kinds": [KINDS[k] for k in kinds]} for key, kinds in KIND_GROUPS
]
SCARAB_VIEW: list[str] = [KINDS[k] for k in sorted(SCARAB)]


# --- building a view ---------------------------------------------------------------------------------------------
def score_visible(state: RaRules, viewer: int | None, seat: int) -> bool:
    """R3: a seat sees its own score; everyone sees all scores if the table says so or once the game is over."""
    return state.phase == OVER or state.options.scores_visible or viewer == seat


def _check_viewer(state: RaRules, viewer: int | None) -> None:
    n = state.num_players
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < n):
        raise ValueError(f"viewer must be a seat 0..{n - 1} or None, not {viewer!r}")


def make_views(state: RaRules, viewers: Sequence[int | None]) -> list[RaView]:
    """The views of `state` for several viewers at once, each equal to `make_view`'s: what every viewer sees is
    built once and shared between them, so they are to be read, never changed (a server's views of one version)."""
    if not viewers:
        return []
    first = make_view(state, viewers[0])
    views = [first]
    for viewer in viewers[1:]:
        _check_viewer(state, viewer)
        view = first.copy()  # the public parts shared; below, what depends on the viewer (R3, legal actions)
        seen = [score_visible(state, viewer, p) for p in range(state.num_players)]
        view["viewer"] = viewer
        view["scores"] = [state.points[p] if seen[p] else None for p in range(state.num_players)]
        view["legal_actions"] = _legal(state, viewer)
        view["epoch_scores"] = _epoch_scores(state, seen)
        views.append(view)
    return views


def _legal(state: RaRules, viewer: int | None) -> list[RaLegalAction]:
    """The legal actions a viewer is offered: the player to act's, none once the game is over."""
    return [legal_entry(a) for a in legal_actions(state)] if viewer == state.cur and state.phase != OVER else []


def _epoch_scores(state: RaRules, seen: list[bool]) -> list[RaEpochScores]:
    """The finished epochs' scoring rows, those of seats whose scores the viewer may not see left out (R3)."""
    return [
        {"epoch": e["epoch"], "players": [_row_copy(r) if seen[p] else None for p, r in enumerate(e["players"])]}
        for e in state.epoch_scores
    ]


def make_view(state: RaRules, viewer: int | None) -> RaView:
    """The view of `state` for `viewer` (a seat or None); JSON-able, never the bag order or seed."""
    _check_viewer(state, viewer)
    n = state.num_players
    over = state.phase == OVER
    bag = [0] * NUM_KINDS
    for t in state.bag:
        bag[t] += 1
    seen = [score_visible(state, viewer, p) for p in range(n)]
    last = state.history[-1] if state.history else None
    return {
        "game": GAME,
        "viewer": viewer,
        "num_players": n,
        "names": list(state.options.names),
        "options": state.options.to_dict(),
        "epoch": state.epoch,
        "phase": PHASE_NAMES[state.phase],
        "current_player": None if over else state.cur,
        "ra_track": {"length": state.ra_len, "filled": state.ra_filled, "spaces": RA_TRACK_SPACES},
        "auction_track": [KINDS[t] for t in state.track],
        "central_disk": state.central,
        "disks": [{"face_up": list(state.up[p]), "face_down": list(state.down[p])} for p in range(n)],
        "tiles": [counts_to_dict(state.held[p * NUM_KINDS : (p + 1) * NUM_KINDS]) for p in range(n)],
        "scores": [state.points[p] if seen[p] else None for p in range(n)],
        "bag": {KINDS[k]: bag[k] for k in range(NUM_KINDS)},
        "bag_total": len(state.bag),
        "discarded": counts_to_dict(state.discard),
        "auction": _auction(state) if state.phase == AUCTION else None,
        "gods": _gods(state) if state.phase == GODS else None,
        "disaster": _disaster(state) if state.phase == DISASTER else None,
        "legal_actions": _legal(state, viewer),
        "epoch_scores": _epoch_scores(state, seen),
        "result": _result(state) if over else None,
        "last_move": (
            None
            if last is None
            else {"player": last.player, "notation": NOTATION[last.action], "draws": list(last.draws)}
        ),
        "auction_track_spaces": AUCTION_TRACK_SIZE,
        "epochs": EPOCHS,
        "kind_groups": KIND_GROUP_VIEW,
        "scarab_kinds": SCARAB_VIEW,
    }


def _row_copy(row: RaScoreRow) -> RaScoreRow:
    """A scoring row of the view, its own (a deep copy of its known shape: `copy.deepcopy` cost most of a view)."""
    return {"categories": dict(row["categories"]), "net": row["net"], "before": row["before"], "after": row["after"]}


def legal_entry(action: int) -> RaLegalAction:
    """The view entry of a legal action: id, notation, kind, and its disk (bid) or tile (god, lose)."""
    entry: RaLegalAction = {"id": action, "notation": NOTATION[action], "kind": _action_kind(action)}
    if BID_MIN <= action <= BID_MAX:
        entry["disk"] = action - BID_BASE
    elif GOD_BASE <= action < LOSE_BASE:
        entry["tile"] = KINDS[action - GOD_BASE]
    elif action >= LOSE_BASE:
        entry["tile"] = KINDS[action - LOSE_OFFSET]
    return entry


def _action_kind(action: int) -> RaActionKind:
    """The kind of an action id as named in views."""
    if action == DRAW:
        return "draw"
    if action == INVOKE:
        return "invoke"
    if action == PASS:
        return "pass"
    if action == DONE:
        return "done"
    if action < GOD_BASE:
        return "bid"
    return "god" if action < LOSE_BASE else "lose"


def _auction(state: RaRules) -> RaAuction:
    return {
        "kind": AUCTION_KIND_NAMES[state.auc_kind],
        "ra_player": state.auc_ra,
        "high_bid": state.auc_high or None,
        "high_bidder": state.auc_bidder if state.auc_bidder >= 0 else None,
        "bids": [{"player": p, "disk": d or None} for p, d in state.auc_bids],
        "to_act": state.cur,
    }


def _gods(state: RaRules) -> RaGods:
    pending = {KINDS[kind]: c for kind, c in zip(DISASTERS, state.pending, strict=True) if c}
    return {"player": state.cur, "disasters": pending}


def _disaster(state: RaRules) -> RaDisaster:
    return {"player": state.cur, "war": state.lose_war, "earthquake": state.lose_quake, "after": state.after}


def _result(state: RaRules) -> RaResult:
    n = state.num_players
    seats, tie = winners(state.points, state.highest_disks())
    return {
        "scores": list(state.points),
        "winners": seats,
        "tie_break": tie,
        "disk_totals": [sum(state.up[p]) + sum(state.down[p]) for p in range(n)],
    }
