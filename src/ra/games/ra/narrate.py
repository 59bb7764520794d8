"""The story of one move in Ra: what a player did and everything that followed by itself (§ = docs/rules/ra.md).

`narrate` compares two views of the same viewer, just before and just after the move, so it tells nothing a view
hides. One line per event: the move, a Ra tile drawn and the auction it starts, automatic passes (§5), who won an
auction with which disk and what they took, a lot that stays or is discarded, gods spent and the end of spending
(§6), what each disaster destroyed or who must choose (§7), the end of an epoch with each score change the viewer
may see (§8, §9, R3), the start of the next epoch, and the end of the game with its winner (§9.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.core.protocol import Move
from ra.games.ra.actions import NOTATION
from ra.games.ra.strikes import DISASTER_NAMES, lines_of_strikes, strikes_after_gain, strikes_after_loss
from ra.games.ra.words import CATEGORY_TITLES, a_tile, agrees, joined, names_of, signed, tile_items, tiles_phrase, title

View = Mapping[str, Any]


def narrate(before: View, after: View, move: Move) -> list[str]:
    """The lines telling `move` and what followed by itself, from two views of one viewer (before and after it)."""
    head, _, arg = NOTATION[move.action].partition(":")
    lines = [_move_line(before, move, head, arg)]
    track = before["ra_track"]
    last_ra = head == "draw" and move.draws == ("ra",) and track["filled"] + 1 == track["length"]
    if head == "draw" and move.draws == ("ra",):
        lines.append(_ra_drawn(before, move.player, last_ra))
    elif head == "ra":
        lines.append(_invoked(before, move.player))
    lines += _auction(before, after, move, head, arg)
    lines += _gods(before, after, move, head, arg)
    lines += _disasters(before, after, move, head, arg)
    if after["epoch"] != before["epoch"] or (after["result"] is not None and before["result"] is None):
        if not last_ra:
            lines.append(f"Nobody has a face-up sun disk left: epoch {before['epoch']} ends.")
        lines += _epoch_end(before, after)
    return lines


def _name(view: View, seat: int) -> str:
    return str(view["names"][seat])


def _move_line(before: View, move: Move, head: str, arg: str) -> str:
    """The move itself, with the player's name."""
    name = _name(before, move.player)
    if head == "draw":
        drawn = move.draws[0] if move.draws else ""
        if drawn == "ra":
            track = before["ra_track"]
            return f"{name} drew a Ra tile ({track['filled'] + 1} of {track['length']} this epoch)."
        return f"{name} drew {a_tile(drawn)}." if drawn else f"{name} drew a tile."
    if head == "bid":
        auction = before["auction"]
        forced = (
            auction is not None
            and auction["kind"] == "invoked_nonfull"
            and auction["high_bid"] is None
            and move.player == auction["ra_player"]
        )
        why = " (a forced bid: Ra was invoked and everyone else passed)" if forced else ""
        return f"{name} bid sun disk {arg}{why}."
    if head == "god":
        return f"{name} spent a god to take the {title(arg)}."
    if head == "lose":
        disaster = "War" if before["disaster"] and before["disaster"]["war"] else "the Earthquake"
        return f"{name} gave up {a_tile(arg)} to {disaster}."
    return {"ra": f"{name} invoked Ra.", "pass": f"{name} passed.", "done": f"{name} stopped spending gods."}[head]


def _lot(view: View) -> str:
    """The lot on offer with the central disk: 'Pharaoh ×2, Gold and the central sun disk 5'."""
    central = f"the central sun disk {view['central_disk']}"
    items = tile_items(list(view["auction_track"]))
    return joined([*items, central]) if items else f"{central} alone"


def _ra_drawn(before: View, seat: int, last: bool) -> str:
    """§4: the Ra tile starts an auction, or, the epoch's last, ends the epoch and loses the lot."""
    if last:
        lot = list(before["auction_track"])
        lost = f"the auction track's tiles are lost ({tiles_phrase(lot)})" if lot else "the auction track was empty"
        return f"That was the last Ra tile of epoch {before['epoch']}: it ends at once, without an auction, and {lost}."
    return f"{_name(before, seat)} becomes the Ra player: an auction for {_lot(before)}, in which anyone may pass."


def _invoked(before: View, seat: int) -> str:
    """§5: the auction type decides what happens if nobody bids."""
    lot = list(before["auction_track"])
    if len(lot) == before["auction_track_spaces"]:
        rule = "if nobody bids, all its tiles are discarded"
    else:
        rule = f"if everyone else passes, {_name(before, seat)} must bid"
    return f"An auction for {_lot(before)}: {rule}."


def _auto_pass(view: View, seat: int, high: int | None) -> str:
    """An automatic pass and its reason (§5: no face-up disk, or none beats the high bid)."""
    up = view["disks"][seat]["face_up"]
    why = "no face-up sun disk" if not up or high is None else f"no sun disk beats {high}"
    return f"{_name(view, seat)} passed automatically ({why})."


def _auction(before: View, after: View, move: Move, head: str, arg: str) -> list[str]:
    """Automatic passes, then, if the auction ended, who won what or what became of the lot (§5)."""
    auction = before["auction"]
    if after["auction"] is not None:
        seen = len(auction["bids"]) + 1 if auction else 0  # bids beyond the move's own were automatic
        return [_auto_pass(before, b["player"], after["auction"]["high_bid"]) for b in after["auction"]["bids"][seen:]]
    if auction is None or head not in ("bid", "pass"):
        return []
    winner, disk = (move.player, int(arg)) if head == "bid" else (auction["high_bidder"], auction["high_bid"])
    n, ra_player, seat = before["num_players"], auction["ra_player"], move.player
    lines = []
    while seat != ra_player:  # everyone after the mover up to the Ra player passed by themselves
        seat = (seat + 1) % n
        lines.append(_auto_pass(before, seat, disk))
    lot = list(before["auction_track"])
    if winner is None:
        if auction["kind"] == "invoked_full":
            lines.append(f"Nobody bid: all {len(lot)} tiles are discarded ({tiles_phrase(lot)}).")
        else:
            lines.append("Nobody bid: the lot stays on the auction track." if lot else "Nobody bid.")
        return lines
    central = before["central_disk"]
    disk_won = f"the central sun disk {central}"
    took = joined([*tile_items(lot), disk_won]) if lot else f"only {disk_won}"
    until = "for the rest of the game" if before["epoch"] == before["epochs"] else "until the next epoch"
    lines.append(
        f"{_name(before, winner)} won the auction with sun disk {disk}: takes {took} (face down {until}); "
        f"sun disk {disk} goes to the centre."
    )
    return lines


def _gods(before: View, after: View, move: Move, head: str, arg: str) -> list[str]:
    """§6: a disaster taken with a god waits for the end of spending; spending that stops by itself."""
    if head != "god":
        return []
    name = _name(before, move.player)
    if after["gods"] is not None:
        return [f"The {title(arg)} strikes {name} once the spending stops."] if arg in DISASTER_NAMES else []
    if not after["tiles"][move.player].get("god"):
        return [f"Spending stops by itself: {agrees(name, 'has', 'have')} no god left."]
    return ["Spending stops by itself: no tile that a god can take is left on the auction track."]


def _disasters(before: View, after: View, move: Move, head: str, arg: str) -> list[str]:
    """What each disaster destroyed by itself (§7), and the losses left to choose."""
    seat = move.player
    if head == "lose":
        strikes = strikes_after_loss(before, seat, arg)
    elif head in ("bid", "pass") and before["auction"] is not None and after["auction"] is None:
        winner = move.player if head == "bid" else before["auction"]["high_bidder"]
        if winner is None:
            return []
        seat = winner
        strikes = strikes_after_gain(before["tiles"][seat], list(before["auction_track"]), {})
    elif head in ("god", "done") and after["gods"] is None and before["phase"] in ("turn", "gods"):
        taken = [arg] if head == "god" and arg not in DISASTER_NAMES else []
        pending = dict(before["gods"]["disasters"]) if before["gods"] else {}
        if head == "god" and not taken:
            pending[arg] = pending.get(arg, 0) + 1
        strikes = strikes_after_gain(before["tiles"][seat], taken, pending)
    else:
        return []
    return lines_of_strikes(_name(before, seat), strikes, after["disaster"], more=head == "lose")


def _epoch_end(before: View, after: View) -> list[str]:
    """The epoch's scoring, each row the viewer may see (R3); then the next epoch, or the game's end (§8, §9)."""
    epoch = before["epoch"]
    rows = after["epoch_scores"][-1]["players"]
    if all(row is None for row in rows):
        lines = [f"Epoch {epoch} is scored; scores are hidden until the end."]
    else:
        lines = [f"Epoch {epoch} is scored:"]
        for seat, row in enumerate(rows):
            if row is None:
                continue
            parts = ", ".join(f"{CATEGORY_TITLES[c]} {signed(p)}" for c, p in row["categories"].items() if p)
            floor = " (a score never falls below 0)" if row["after"] != row["before"] + row["net"] else ""
            lines.append(
                f"  {_name(after, seat)}: {parts or 'nothing'} = {signed(row['net'])}, score {row['before']} → "
                f"{row['after']}{floor}."
            )
        if any(row is None for row in rows):
            lines.append("  The other players' scores are hidden until the end.")
    result = after["result"]
    if result is None:
        first = after["current_player"]
        best = max(after["disks"][first]["face_up"]) if first is not None else 0
        lines.append(
            "Pharaohs, Nile tiles and monuments stay; every other tile is discarded and all sun disks turn face up. "
            f"Epoch {after['epoch']} begins: {_name(after, first)} holds the highest sun disk ({best}) and plays first."
        )
        return lines
    top = max(result["scores"])
    won = names_of(after, result["winners"])
    if result["tie_break"]:
        tied = [p for p, s in enumerate(result["scores"]) if s == top]
        best = max(after["disks"][result["winners"][0]]["face_up"])
        lines.append(
            f"The game is over: {names_of(after, tied)} tie with {top}; {agrees(won, 'wins', 'win')}, holding the"
            f" highest sun disk ({best})."
        )
    else:
        lines.append(f"The game is over: {agrees(won, 'wins', 'win')} with {top}.")
    return lines
