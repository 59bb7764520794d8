"""The text board of a Ra view (docs/VIEWS.md) in the game's words, from the view alone (§ = docs/rules/ra.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ra.games.ra.tables import KIND_GROUPS, KINDS
from ra.games.ra.view import RaView
from ra.games.ra.words import (
    AUCTION_TITLES,
    GROUP_TITLES,
    action_phrase,
    counted,
    decision,
    joined,
    names_of,
    signed,
    tile_list,
    title,
)

_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (group, tuple(KINDS[k] for k in kinds)) for group, kinds in KIND_GROUPS if group != "disaster"
)
_ALONE = ("god", "gold", "pharaoh")  # groups of one kind: the kind's name says the group


def _held(counts: Mapping[str, int]) -> str:
    """A player's tiles grouped as on the table: 'Pharaoh ×2 · River: Nile ×3, Flood · Civilization: Art'."""
    parts = []
    for group, kinds in _GROUPS:
        items = [title(k) + (f" ×{counts[k]}" if counts[k] > 1 else "") for k in kinds if counts.get(k)]
        if items:
            parts.append(", ".join(items) if group in _ALONE else f"{GROUP_TITLES[group]}: {', '.join(items)}")
    return " · ".join(parts) or "no tiles"


def _summary(counts: Mapping[str, int]) -> str:
    """A player's tiles in counts per group: 'Pharaohs 2 · River 3 · Civilization 2 (2 types)'."""
    parts = []
    for group, kinds in _GROUPS:
        total = sum(counts.get(k, 0) for k in kinds)
        if not total:
            continue
        types = sum(1 for k in kinds if counts.get(k))
        many = len(kinds) > 2 and total > 1  # civilization and monuments: how many different types
        parts.append(f"{GROUP_TITLES[group]} {total}" + (f" ({counted(types, 'type')})" if many else ""))
    return " · ".join(parts) or "no tiles"


def _ra_track(view: RaView) -> str:
    """'Ra track ■■□□□□□□ 2 of 8 Ra tiles' (§4): filled and empty spaces at this player count."""
    filled, length = view["ra_track"]["filled"], view["ra_track"]["length"]
    return f"Ra track {'■' * filled}{'□' * (length - filled)} {filled} of {length} Ra tiles"


def _auction(view: RaView) -> list[str]:
    """The auction under way: its type, the Ra player, the high bid and the bids so far (§5)."""
    auction = view["auction"]
    if not auction:
        return []
    names = view["names"]
    high = "none yet"
    if auction["high_bid"] is not None and auction["high_bidder"] is not None:
        high = f"{auction['high_bid']} by {names[auction['high_bidder']]}"
    bids = ", ".join(f"{names[b['player']]} {'passed' if b['disk'] is None else b['disk']}" for b in auction["bids"])
    return [
        f"Auction: {AUCTION_TITLES[auction['kind']]} by {names[auction['ra_player']]} · high bid {high}"
        + (f" · {bids}" if bids else "")
    ]


def _under_way(view: RaView) -> list[str]:
    """Gods being spent (§6) or a disaster's losses still to choose (§7)."""
    names = view["names"]
    if view["gods"]:
        taken = [title(k) + (f" ×{c}" if c > 1 else "") for k, c in view["gods"]["disasters"].items()]
        strike = f" · {joined(taken)} taken, striking once spending stops" if taken else ""
        return [f"Spending gods: {names[view['gods']['player']]}{strike}"]
    if view["disaster"]:
        d = view["disaster"]
        left = [f"{counted(d['war'], 'civilization tile')} to War"] if d["war"] else []
        left += [f"{counted(d['earthquake'], 'monument tile')} to the Earthquake"] if d["earthquake"] else []
        return [f"Disaster: {names[d['player']]} must still lose {joined(left)}"]
    return []


def _score(view: RaView, seat: int) -> str:
    """'score 22 (epoch 1 +12)', or 'score hidden' (R3)."""
    score = view["scores"][seat]
    if score is None:
        return "score hidden"
    nets = [
        f"epoch {e['epoch']} {signed(row['net'])}"
        for e in view["epoch_scores"]
        if (row := e["players"][seat]) is not None
    ]
    return f"score {score}" + (f" ({', '.join(nets)})" if nets else "")


def _seat(view: RaView, seat: int, width: int, full: bool) -> list[str]:
    """A seat's line (mark, name, score, sun disks) and its tiles: in full, or as counts on the same line."""
    names, disks = view["names"], view["disks"][seat]
    mark = "▶" if view["current_player"] == seat else " "
    name = names[seat] + (" (you)" if seat == view["viewer"] else "")
    up = " ".join(str(d) for d in disks["face_up"]) or "none face up"
    down = f", face down {' '.join(str(d) for d in disks['face_down'])}" if disks["face_down"] else ""
    head = f"{mark} {name:<{width}}  {_score(view, seat)} · sun disks {up}{down}"
    if full or seat == view["viewer"]:
        return [head, f"    {_held(view['tiles'][seat])}"]
    return [f"{head} · {_summary(view['tiles'][seat])}"]


def _footer(view: RaView) -> list[str]:
    """The result, or who decides what now and, for the viewer who decides, the choices."""
    names = view["names"]
    result = view["result"]
    if result:
        best = max(result["scores"])
        tie = " (tie broken by the highest sun disk)" if result["tie_break"] else ""
        totals = ", ".join(f"{names[p]} {t}" for p, t in enumerate(result["disk_totals"]))
        return [f"Game over: {names_of(view, result['winners'])} won with {best}{tie} · sun disk totals {totals}"]
    current = view["current_player"]
    if current is None:
        return []
    lines = [f"To decide: {names[current]} - {decision(view)}"]
    if view["legal_actions"]:
        choices = [action_phrase(a) for a in view["legal_actions"]]
        lines.append("Your choices: " + ", ".join(c[0].lower() + c[1:] for c in choices))
    return lines


def render_text(data: Mapping[str, Any], full: bool = True) -> str:
    """The board as text: epoch, Ra track, central disk, bag, auction track, each seat's disks, tiles and score
    (not `full`: the viewer's tiles in full, the others' as counts on one line each), and who decides what."""
    view = cast(RaView, data)
    bag = view["bag"]
    lot = view["auction_track"]
    out = [
        f"Epoch {view['epoch']} of {view['epochs']} · {_ra_track(view)} · central sun disk {view['central_disk']} · "
        f"bag {view['bag_total']} tiles, {bag.get('ra', 0)} of them Ra",
        f"Auction track ({len(lot)} of {view['auction_track_spaces']}): {tile_list(lot)}",
    ]
    out += _auction(view)
    out += _under_way(view)
    n = view["num_players"]
    width = max(len(view["names"][p]) + (6 if p == view["viewer"] else 0) for p in range(n))
    for seat in range(n):
        out += _seat(view, seat, width, full)
    out += _footer(view)
    return "\n".join(out) + "\n"
