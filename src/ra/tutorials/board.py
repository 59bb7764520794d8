"""The board of a view as plain text in the games' own words, for the terminal (`ra play`, `ra learn`).

The engines' `render_text` is a compact board for golden files and adapters; this one is for people: whole words,
whose decision it is and what they decide. It reads nothing but the view, so it never shows hidden information.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.tutorials.words import (
    AUCTION_KINDS,
    RA_DECISIONS,
    RA_GROUPS,
    SECTIONS,
    WRITE_DECISIONS,
    card_name,
    kingdom_name,
    tile_list,
    tile_name,
)


def board(view: Mapping[str, Any], full: bool = True) -> str:
    """The board of a Ra or RA and Write view, as text; not `full`: other players' scoresheets in one line each."""
    lines = ra_board(view) if view["game"] == "ra" else write_board(view, full)
    return "\n".join(lines)


def _name(view: Mapping[str, Any], seat: int) -> str:
    """A seat's name, 'You' for the viewer's own seat."""
    return "You" if seat == view.get("viewer") else str(view["names"][seat])


# --- Ra ----------------------------------------------------------------------------------------------------------
def _held(counts: Mapping[str, int]) -> str:
    """A player's tiles grouped as on the table: 'Pharaoh ×2 · River: Nile ×3, Flood · Civilization: Art'."""
    parts = []
    for group, kinds in RA_GROUPS:
        items = [tile_name(k) + (f" ×{counts[k]}" if counts[k] > 1 else "") for k in kinds if counts.get(k)]
        if items:
            parts.append(", ".join(items) if not group else f"{group}: {', '.join(items)}")
    return " · ".join(parts) or "no tiles"


def ra_board(view: Mapping[str, Any]) -> list[str]:
    """Ra: the tracks, the central disk, each player's disks, tiles and score, and the decision to make."""
    track = view["ra_track"]
    filled, length = int(track["filled"]), int(track["length"])
    lot = list(view["auction_track"])
    lines = [
        f"Epoch {view['epoch']} of 3 · Ra track {'■' * filled}{'□' * (length - filled)} "
        f"{filled} of {length} Ra tiles · central sun disk {view['central_disk']}",
        f"Auction track ({len(lot)} of 8): {tile_list(lot)}",
    ]
    auction = view.get("auction")
    if auction:
        bids = ", ".join(
            f"{_name(view, b['player'])} {'passed' if b['disk'] is None else b['disk']}" for b in auction["bids"]
        )
        high = "none yet"
        if auction["high_bid"] is not None:
            high = f"{auction['high_bid']} by {_name(view, auction['high_bidder'])}"
        lines.append(
            f"Auction: {AUCTION_KINDS[auction['kind']]} by {_name(view, auction['ra_player'])} · high bid {high}"
            + (f" · {bids}" if bids else "")
        )
    width = max(len(_name(view, seat)) for seat in range(int(view["num_players"])))
    for seat in range(int(view["num_players"])):
        disks = view["disks"][seat]
        up = " ".join(str(d) for d in disks["face_up"]) or "none"
        down = " ".join(str(d) for d in disks["face_down"])
        score = view["scores"][seat]
        mark = "▶" if view.get("current_player") == seat else " "
        lines.append(
            f"{mark} {_name(view, seat):<{width}}  score {'hidden' if score is None else score} · sun disks {up}"
            + (f" (face down: {down})" if down else "")
        )
        lines.append(f"    {_held(view['tiles'][seat])}")
    bag = {k: c for k, c in view["bag"].items() if c}
    lines.append(f"Bag: {view['bag_total']} tiles, {bag.get('ra', 0)} of them Ra")
    current = view.get("current_player")
    if view.get("result"):
        result = view["result"]
        won = " and ".join(_name(view, w) for w in result["winners"])
        lines.append(f"Game over: {won} won" + (" (tie broken by the highest sun disk)" if result["tie_break"] else ""))
    elif current is not None:
        lines.append(f"To decide: {_name(view, current)} - {ra_decision(view)}")
    return lines


def ra_decision(view: Mapping[str, Any]) -> str:
    """What the player to act decides now, in the game's words (the forced bid of §5 named as such)."""
    auction = view.get("auction")
    if (
        auction
        and auction["kind"] == "invoked_nonfull"
        and auction["high_bid"] is None
        and view.get("current_player") == auction["ra_player"]
    ):
        return "must bid: Ra was invoked and everyone else passed"
    disaster = view.get("disaster")
    if disaster:
        which = "War (civilization tiles)" if disaster["war"] else "Earthquake (monument tiles)"
        left = disaster["war"] or disaster["earthquake"]
        return f"choose {left} more tile(s) to lose to {which}"
    return RA_DECISIONS.get(str(view["phase"]), str(view["phase"]))


# --- RA and Write --------------------------------------------------------------------------------------------------
def _num(value: int | None) -> str:
    return " ·" if value is None else f"{value:2d}"


def _sheet(sheet: Mapping[str, Any], layout: Mapping[str, Any]) -> list[str]:
    """One scoresheet: Gods, Pharaohs, Nile, Civilization, Monuments."""
    gods = "   ".join(
        f"{g['kingdom'].title()} [{' '.join(_num(v) for v in g['spaces'])}]"
        + ("" if g["total"] is None else f" total {g['total']}")
        for g in sheet["gods"]
    )
    symbols = layout["pharaoh_nile_symbols"]
    marked = int(sheet["pharaohs"]["marked"])
    cells = [("X" if i < marked else "~") if i + 1 in symbols else ("x" if i < marked else "·") for i in range(12)]
    nile = sheet["nile"]["spaces"]
    parts = " | ".join(" ".join(_num(nile[x - 1]) for x in part) for part in layout["nile_parts"])
    civ_head = " ".join(f"{t[:3].title():>4}" for t in layout["civ_types"])
    lines = [
        f"  Gods          {gods}",
        f"  Pharaohs      {' '.join(cells)}  {marked} of 12 (~ earns a Nile bonus)",
        f"  Nile          {parts}",
        f"  Civilization    {civ_head}",
    ]
    for line in sheet["civilization"]:
        marks = " ".join(f"{'x' if m else '·':>4}" for m in line["marks"])
        lines.append(f"   {kingdom_name(line['kingdom']):<15}{marks}")
    columns = [
        f"{tile_name(t)} {c}" for t, c in zip(layout["monument_types"], sheet["monuments"]["columns"], strict=True) if c
    ]
    lines.append(f"  Monuments     {', '.join(columns) or 'none marked'} (of 3 per column)")
    return lines


def _sheet_summary(sheet: Mapping[str, Any]) -> str:
    """A scoresheet in one line: how far each section is filled."""
    gods = sum(v is not None for g in sheet["gods"] for v in g["spaces"])
    nile = sum(v is not None for v in sheet["nile"]["spaces"])
    civ = "/".join(str(sum(line["marks"])) for line in sheet["civilization"])
    columns = sum(1 for c in sheet["monuments"]["columns"] if c)
    return (
        f"Gods {gods} of 9 · Pharaohs {sheet['pharaohs']['marked']} of 12 · Nile {nile} of 12 · "
        f"Civilization {civ} (Old/Middle/New) · Monuments {columns} of 8 columns"
    )


def write_board(view: Mapping[str, Any], full: bool = True) -> list[str]:
    """RA and Write: the Kingdom and Ra count, the face-up cards, the scoresheets, who decides."""
    ra, layout = view["ra"], view["layout"]
    lines = [
        f"{kingdom_name(view['kingdom'])} · Ra cards {ra['this_kingdom']} of 3 this Kingdom · turn {view['turn']} "
        f"· active player {_name(view, view['active_player'])} · deck {view['deck']['remaining']} cards"
    ]
    if view["face_up"]:
        cards = []
        for f in view["face_up"]:
            who = [_name(view, p) for p in f["chosen_by"]]
            cards.append(f"[{f['slot']}] {card_name(f['card'])}" + (f" (taken by {', '.join(who)})" if who else ""))
        lines.append("Face up: " + "   ".join(cards))
    for seat, sheet in enumerate(view["sheets"]):
        player = view["players"][seat]
        pending = player.get("pending_bonus")
        status = f" · bonus entry to make in {SECTIONS.get(pending, pending)}" if pending else ""
        head = f"{_name(view, seat)} · score {view['scores'][seat]}{status}"
        if full or seat == view.get("viewer"):
            lines.append(head)
            lines.extend(_sheet(sheet, layout))
        else:
            lines.append(f"{head} · {_sheet_summary(sheet)}")
    if view.get("result"):
        won = " and ".join(_name(view, w) for w in view["result"]["winners"])
        lines.append(f"Game over: {won} won")
    elif view["current_players"]:
        deciding = ", ".join(_name(view, p) for p in view["current_players"])
        what = WRITE_DECISIONS.get(str(view["phase"]), str(view["phase"]))
        pending = [view["players"][p]["pending_bonus"] for p in view["current_players"]]
        if len(pending) == 1 and pending[0]:
            what = f"make the bonus entry in {SECTIONS.get(pending[0], pending[0])}, or decline it"
        lines.append(f"To decide: {deciding} - {what}")
    return lines
