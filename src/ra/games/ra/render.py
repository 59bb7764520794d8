"""A plain-text drawing of a Ra view for terminals and golden files (no colours; § = docs/rules/ra.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.games.ra.tables import AUCTION_TRACK_SIZE, KIND_GROUPS, KINDS

_DECISION = {
    "turn": "draw a tile, invoke Ra or spend a god",
    "auction": "bid a face-up sun disk or pass",
    "gods": "take another tile with a god, or stop",
    "disaster": "choose which tiles the disaster destroys",
}


def _counts(counts: Mapping[str, int]) -> str:
    """Held tiles grouped by kind: 'pharaoh 2 | river: nile 1 flood 2 | ...'."""
    parts = []
    for group, kinds in KIND_GROUPS:
        items = [(KINDS[k], counts.get(KINDS[k], 0)) for k in kinds]
        items = [(name, c) for name, c in items if c]
        if not items:
            continue
        inner = " ".join(f"{name} {c}" for name, c in items)
        parts.append(inner if len(kinds) == 1 else f"{group}: {inner}")
    return " | ".join(parts) if parts else "(no tiles)"


def _ra_track(track: Mapping[str, int]) -> str:
    """The 10 Ra spaces: X unused at this player count, R filled, . empty (§2, §4)."""
    spaces = int(track.get("spaces", 10))
    length, filled = int(track["length"]), int(track["filled"])
    unused = spaces - length
    cells = ["X"] * unused + ["R"] * filled + ["."] * (length - filled)
    return f"[{' '.join(cells)}]  {filled}/{length} Ra tiles ({unused} spaces unused)"


def _auction_line(view: Mapping[str, Any], names: list[str]) -> list[str]:
    auc = view.get("auction")
    if not auc:
        return []
    bids = ", ".join(f"{names[b['player']]} {'pass' if b['disk'] is None else b['disk']}" for b in auc["bids"])
    high = "none" if auc["high_bid"] is None else f"{auc['high_bid']} by {names[auc['high_bidder']]}"
    return [
        f"Auction ({auc['kind']}), Ra player {names[auc['ra_player']]}: high bid {high}; "
        f"bids so far: {bids or '-'}; to act: {names[auc['to_act']]}"
    ]


def render_text(view: Mapping[str, Any]) -> str:
    """Draw a view: tracks, central disk, every seat's disks, tiles and score, the bag, whose decision it is."""
    names = list(view["names"])
    n = int(view["num_players"])
    who = "spectator" if view.get("viewer") is None else f"seat {view['viewer']} ({names[view['viewer']]})"
    lines = [f"Ra - epoch {view['epoch']} of 3, {n} players, phase {view['phase']} - view of {who}"]
    lines.append(f"Ra track      {_ra_track(view['ra_track'])}")
    track = list(view["auction_track"])
    cells = track + ["."] * (AUCTION_TRACK_SIZE - len(track))
    lines.append(f"Auction track [{', '.join(cells)}]  {len(track)}/{AUCTION_TRACK_SIZE}")
    lines.append(f"Central sun disk: {view['central_disk']}")
    bag = {k: c for k, c in view["bag"].items() if c}
    lines.append(
        f"Bag: {view.get('bag_total', sum(bag.values()))} tiles - " + ", ".join(f"{k} {c}" for k, c in bag.items())
    )
    lines += _auction_line(view, names)
    if view.get("gods"):
        taken = view["gods"]["disasters"]
        lines.append(f"Spending gods: {names[view['gods']['player']]} (disasters taken: {taken or 'none'})")
    if view.get("disaster"):
        d = view["disaster"]
        lines.append(
            f"Disaster: {names[d['player']]} must still lose {d['war']} to war, {d['earthquake']} to earthquake"
        )
    for p in range(n):
        disks = view["disks"][p]
        up = " ".join(str(d) for d in disks["face_up"]) or "-"
        down = " ".join(f"({d})" for d in disks["face_down"]) or "-"
        score = view["scores"][p]
        mark = ">" if view.get("current_player") == p else " "
        lines.append(
            f"{mark} {p} {names[p]:<12} score {'?' if score is None else score:>3}   disks up {up}   down {down}"
        )
        lines.append(f"      {_counts(view['tiles'][p])}")
    result = view.get("result")
    if result:
        won = " and ".join(names[w] for w in result["winners"])
        tie = " (tie broken by highest sun disk)" if result["tie_break"] else ""
        lines.append(f"Game over. Scores {result['scores']}, disk totals {result['disk_totals']}. Winner: {won}{tie}")
    elif view.get("current_player") is not None:
        cp = view["current_player"]
        decide = _DECISION.get(view["phase"], "")
        auction = view.get("auction")
        if (
            auction
            and auction["kind"] == "invoked_nonfull"
            and auction["high_bid"] is None
            and cp == auction["ra_player"]
        ):
            decide = "must bid: Ra was invoked with a non-full auction track and everyone else passed (§5)"
        legal = " ".join(a["notation"] for a in view.get("legal_actions", []))
        lines.append(f"To decide: {names[cp]} - {decide}" + (f"  [legal: {legal}]" if legal else ""))
    for e in view.get("epoch_scores", [])[-1:]:
        rows = [
            f"{names[p]} {r['before']}->{r['after']}" if r is not None else f"{names[p]} ?"
            for p, r in enumerate(e["players"])
        ]
        lines.append(f"Epoch {e['epoch']} scoring: " + ", ".join(rows))
    return "\n".join(lines) + "\n"
