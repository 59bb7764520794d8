"""The story of a move in the games' own words: what a player did and everything that followed by itself.

`narrate` compares the views just before and just after one move (both of the same viewer, so nothing hidden is
told) and returns one line per event: the move, automatic passes, who won an auction with which disk and what they
took, what a disaster destroyed, a lot that stays or is discarded, the end of an epoch or Kingdom and its scores.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ra.core.protocol import GameModule, Move
from ra.tutorials.words import (
    END_BONUSES,
    RA_CATEGORIES,
    SECTIONS,
    card_name,
    god_space_name,
    kingdom_name,
    tile_list,
)

View = Mapping[str, Any]
_DISASTER_OF = {"pharaoh": "Funeral", "nile": "Drought", "flood": "Drought"}  # §7; the rest: War or Earthquake
_KEPT = ("pharaoh", "nile", "fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step_pyramid", "temple")
_CIVILIZATION = ("art", "agriculture", "religion", "astronomy", "writing")
_DISASTERS = ("funeral", "drought", "war", "earthquake")


def narrate(module: GameModule, before: View, after: View, move: Move) -> list[str]:
    """The lines telling `move` and what followed by itself, from two views of the same viewer."""
    if before["game"] == "ra":
        return _ra(module, before, after, move)
    return _write(module, before, after, move)


def who(view: View, seat: int) -> str:
    """A seat's name, 'You' for the viewer's own seat."""
    return "You" if seat == view.get("viewer") else str(view["names"][seat])


# --- Ra ----------------------------------------------------------------------------------------------------------
def _ra(module: GameModule, before: View, after: View, move: Move) -> list[str]:
    name = who(before, move.player)
    notation = module.action_to_str(move.action)
    text = module.move_text(move.action, move.draws)
    if notation.startswith("lose:") and before.get("disaster"):
        text = text.replace("a disaster", "War" if before["disaster"]["war"] else "the Earthquake")
    lines = [f"{name} {text}."]
    epoch_over = after["epoch"] != before["epoch"] or after.get("result") is not None
    auction = before.get("auction")
    last_ra = False
    if notation == "draw" and move.draws == ("ra",):
        track = before["ra_track"]
        last_ra = int(track["filled"]) + 1 == int(track["length"])
        if last_ra:
            lost = tile_list(list(before["auction_track"]))
            lines.append(f"That was the last Ra tile of the epoch: no auction, and the auction track is lost ({lost}).")
        else:
            becomes = "become" if name == "You" else "becomes"
            lines.append(f"A Ra tile: {name} {becomes} the Ra player and an auction starts.")
    if notation == "ra":
        lines.append(f"Auction for {tile_list(list(before['auction_track']))}.")
    if after.get("auction"):
        # Bids the view lists beyond the ones made by moves were automatic passes (§5).
        seen = len(auction["bids"]) + 1 if auction else 0
        for bid in after["auction"]["bids"][seen:]:
            lines.append(_auto_pass(before, bid["player"], after["auction"]["high_bid"]))
    elif auction and (notation == "pass" or notation.startswith("bid:")):
        lines += _auction_end(before, move, notation, auction)
    lines += _losses(before, after, move, notation, epoch_over)
    if epoch_over:
        if not last_ra:
            lines.append("Nobody has a face-up sun disk left.")
        lines += _epoch_end(before, after)
    return lines


def _auto_pass(view: View, seat: int, high: int | None) -> str:
    """An automatic pass and its reason (§5: no face-up disk, or none beats the high bid)."""
    up = view["disks"][seat]["face_up"]
    why = "no face-up sun disk" if not up else f"no sun disk beats {high}"
    return f"{who(view, seat)} passed automatically ({why})."


def _winning_bid(auction: Mapping[str, Any], move: Move, notation: str) -> tuple[int | None, int | None]:
    """The winner and winning disk of an auction that `move` ended (None, None if nobody bid)."""
    if notation.startswith("bid:"):
        return move.player, int(notation[4:])
    return auction["high_bidder"], auction["high_bid"]


def _auction_end(before: View, move: Move, notation: str, auction: Mapping[str, Any]) -> list[str]:
    """The seats after the mover passed by themselves; then who won what, or what became of the lot (§5)."""
    n, ra_player = int(before["num_players"]), int(auction["ra_player"])
    winner, disk = _winning_bid(auction, move, notation)
    lines = []
    seat = move.player
    while seat != ra_player:
        seat = (seat + 1) % n
        lines.append(_auto_pass(before, seat, disk))
    lot = list(before["auction_track"])
    if winner is None:
        if auction["kind"] == "invoked_full":
            lines.append(f"Nobody bid: all 8 tiles are discarded ({tile_list(lot)}).")
        else:
            lines.append("Nobody bid: the lot stays on the auction track.")
        return lines
    central = f"the central sun disk {before['central_disk']} (face down until the next epoch)"
    took = f"{tile_list(lot)} and {central}" if lot else f"only {central}"
    lines.append(f"{who(before, winner)} won the auction with sun disk {disk}: takes {took}.")
    return lines


def _gained(before: View, after: View, move: Move, notation: str) -> tuple[int | None, dict[str, int]]:
    """Who gained or gave up which tiles by this move itself, before any disaster struck (§5.1, §6, §7)."""
    if notation.startswith("god:"):
        kind = notation[4:]
        return move.player, {"god": -1, **({} if kind in _DISASTERS else {kind: 1})}
    if notation.startswith("lose:"):
        return move.player, {notation[5:]: -1}
    if notation == "done":
        return move.player, {}
    auction = before.get("auction")
    if auction and not after.get("auction") and (notation == "pass" or notation.startswith("bid:")):
        winner, _ = _winning_bid(auction, move, notation)
        gained: dict[str, int] = {}
        for kind in before["auction_track"]:
            gained[kind] = gained.get(kind, 0) + 1
        return winner, gained
    return None, {}


def _losses(before: View, after: View, move: Move, notation: str, epoch_over: bool) -> list[str]:
    """What disasters destroyed by themselves (Funeral, Drought; War and Earthquake without a choice)."""
    seat, gained = _gained(before, after, move, notation)
    if seat is None:
        return []
    held_before, held_after = before["tiles"][seat], after["tiles"][seat]
    by_disaster: dict[str, list[str]] = {}
    for kind in sorted(set(held_before) | set(gained) | set(held_after)):
        # An epoch that ended in this move discarded every tile without a scarab (§8.2.4): not a disaster.
        if kind in _DISASTERS or (epoch_over and kind not in _KEPT):
            continue
        gone = held_before.get(kind, 0) + gained.get(kind, 0) - held_after.get(kind, 0)
        if gone > 0:
            disaster = _DISASTER_OF.get(kind, "War" if kind in _CIVILIZATION else "Earthquake")
            by_disaster.setdefault(disaster, []).extend([kind] * gone)
    return [f"{d} destroyed {who(before, seat)}: {tile_list(kinds)}." for d, kinds in by_disaster.items()]


def _epoch_end(before: View, after: View) -> list[str]:
    """The end of an epoch and each visible score change (§8, §9)."""
    lines = [f"Epoch {before['epoch']} ends and is scored."]
    rows = after["epoch_scores"][-1]["players"]
    if all(row is None for row in rows):
        return [*lines, "  (scores stay hidden until the game ends)"]
    for seat, row in enumerate(rows):
        if row is None:
            lines.append(f"  {who(after, seat)}: score hidden")
            continue
        parts = ", ".join(f"{RA_CATEGORIES[c]} {p:+d}" for c, p in row["categories"].items() if p)
        lines.append(
            f"  {who(after, seat)}: {parts or 'nothing'} = {row['net']:+d}, score {row['before']} → {row['after']}"
        )
    return lines


# --- RA and Write ----------------------------------------------------------------------------------------------------
def _write(module: GameModule, before: View, after: View, move: Move) -> list[str]:
    name = who(before, move.player)
    notation = module.action_to_str(move.action)
    text = module.move_text(move.action, move.draws)
    if notation.startswith("card"):
        slot = int(notation[4])
        text = text.replace(f"card {slot}", f"card {slot} ({card_name(before['face_up'][slot - 1]['card'])})", 1)
    text = re.sub(r"Gods space (\d)", lambda m: god_space_name(int(m[1])), text)
    lines = [f"{name} {text}."]
    lost = after["lost"][len(before["lost"]) :]
    for entry in lost:
        what = card_name(entry["card"]) if entry["card"] else f"the bonus entry in {SECTIONS[entry['bonus']]}"
        lines.append(f"{who(after, entry['player'])} had no legal space for {what}: it is lost.")
    pending = after["players"][move.player]["pending_bonus"]
    if pending and notation != "reveal":
        lines.append(f"{name} earned a bonus entry in {SECTIONS[pending]}.")
    ra_before, ra_after = before["ra"]["total"], after["ra"]["total"]
    if ra_after > ra_before:
        lines.append(f"Ra cards set aside: {ra_after} of 9.")
    for scoring in after["kingdom_scores"][len(before["kingdom_scores"]) :]:
        lines += _kingdom(after, scoring)
    if after.get("end_bonuses") and not before.get("end_bonuses"):
        lines.append("The ninth Ra ends the game: end bonuses.")
        for seat, row in enumerate(after["end_bonuses"]):
            parts = ", ".join(f"{END_BONUSES[k]} +{v}" for k, v in row.items() if k != "total" and v)
            lines.append(f"  {who(after, seat)}: {parts or 'none'}")
    return lines


def _kingdom(view: View, scoring: Mapping[str, Any]) -> list[str]:
    """A scored Kingdom, section by section per player (docs/rules/ra-and-write.md §5)."""
    lines = [f"The third Ra ends the {kingdom_name(scoring['kingdom'])}: it is scored."]
    for seat, row in enumerate(scoring["players"]):
        parts = ", ".join(
            f"{SECTIONS[s]} {row[s]['points']:+d} ({row[s]['count']})"
            for s in ("gods", "pharaohs", "nile", "civilization", "monuments")
        )
        lines.append(f"  {who(view, seat)}: {parts} = {row['total']:+d}")
    return lines

