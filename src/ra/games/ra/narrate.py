"""The story of one move in Ra: what a player did and everything that followed by itself (§ = docs/rules/ra.md).

`narrate` compares two views of the same viewer, just before and just after the move, so it tells nothing a view
hides. One line per event: the move, a Ra tile drawn and the auction it starts, automatic passes (§5), who won an
auction with which disk and what they took, a lot that stays or is discarded, gods spent and the end of spending
(§6), what each disaster destroyed or who must choose (§7), the end of an epoch with each score change the viewer
may see (§8, §9, R3), the start of the next epoch, and the end of the game with its winner (§9.4).

Every line is a `Text`; a sentence about a seat reads in the second person for the reader sitting there (`about`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.core.protocol import Move
from ra.core.text import Param, Text, about, items, t, tn
from ra.games.ra.actions import NOTATION
from ra.games.ra.strikes import DISASTER_NAMES, lines_of_strikes, strikes_after_gain, strikes_after_loss
from ra.games.ra.words import A_TILE, CATEGORY_TITLES, THE_TILE, comma_list, counted_tiles, seat, seats, signed
from ra.games.ra.words import tiles_phrase as tiles

View = Mapping[str, Any]

STRIKES_LATER: dict[str, Text] = {  # §6, E7: a disaster taken with a god waits for the end of spending
    "funeral": t("The Funeral strikes {player} once the spending stops."),
    "drought": t("The Drought strikes {player} once the spending stops."),
    "war": t("The War strikes {player} once the spending stops."),
    "earthquake": t("The Earthquake strikes {player} once the spending stops."),
}
STRIKES_YOU_LATER: dict[str, Text] = {
    "funeral": t("The Funeral strikes you once the spending stops."),
    "drought": t("The Drought strikes you once the spending stops."),
    "war": t("The War strikes you once the spending stops."),
    "earthquake": t("The Earthquake strikes you once the spending stops."),
}


def narrate(before: View, after: View, move: Move) -> list[Text]:
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
            lines.append(t("Nobody has a face-up sun disk left: epoch {epoch} ends.", epoch=before["epoch"]))
        lines += _epoch_end(before, after)
    return lines


def _move_line(before: View, move: Move, head: str, arg: str) -> Text:
    """The move itself, with the player's name (the mover reads "You ...")."""
    who, p = seat(before, move.player), move.player
    if head == "draw":
        drawn = move.draws[0] if move.draws else ""
        if drawn == "ra":
            track = before["ra_track"]
            filled, length = track["filled"] + 1, track["length"]
            return about(
                p,
                t(
                    "{player} drew a Ra tile ({filled} of {length} this epoch).",
                    player=who,
                    filled=filled,
                    length=length,
                ),
                t("You drew a Ra tile ({filled} of {length} this epoch).", filled=filled, length=length),
            )
        if drawn:
            tile = A_TILE[drawn]
            return about(p, t("{player} drew {tile}.", player=who, tile=tile), t("You drew {tile}.", tile=tile))
        return about(p, t("{player} drew a tile.", player=who), t("You drew a tile."))
    if head == "bid":
        auction = before["auction"]
        forced = (
            auction is not None
            and auction["kind"] == "invoked_nonfull"
            and auction["high_bid"] is None
            and move.player == auction["ra_player"]
        )
        disk = int(arg)
        if forced:
            return about(
                p,
                t(
                    "{player} bid sun disk {disk} (a forced bid: Ra was invoked and everyone else passed).",
                    player=who,
                    disk=disk,
                ),
                t("You bid sun disk {disk} (a forced bid: Ra was invoked and everyone else passed).", disk=disk),
            )
        return about(
            p, t("{player} bid sun disk {disk}.", player=who, disk=disk), t("You bid sun disk {disk}.", disk=disk)
        )
    if head == "god":
        tile = THE_TILE[arg]
        return about(
            p,
            t("{player} spent a god to take {tile}.", player=who, tile=tile),
            t("You spent a god to take {tile}.", tile=tile),
        )
    if head == "lose":
        tile = A_TILE[arg]
        if before["disaster"] and before["disaster"]["war"]:
            return about(
                p,
                t("{player} gave up {tile} to War.", player=who, tile=tile),
                t("You gave up {tile} to War.", tile=tile),
            )
        return about(
            p,
            t("{player} gave up {tile} to the Earthquake.", player=who, tile=tile),
            t("You gave up {tile} to the Earthquake.", tile=tile),
        )
    if head == "ra":
        return about(p, t("{player} invoked Ra.", player=who), t("You invoked Ra."))
    if head == "pass":
        return about(p, t("{player} passed.", player=who), t("You passed."))
    return about(p, t("{player} stopped spending gods.", player=who), t("You stopped spending gods."))


def _lot(view: View) -> Param:
    """The lot on offer with the central disk: 'Pharaoh ×2, Gold and the central sun disk 5'."""
    central = t("the central sun disk {disk}", disk=view["central_disk"])
    counted = counted_tiles(view["auction_track"])
    return items([*counted, central]) if counted else t("the central sun disk {disk} alone", disk=view["central_disk"])


def _ra_drawn(before: View, p: int, last: bool) -> Text:
    """§4: the Ra tile starts an auction, or, the epoch's last, ends the epoch and loses the lot."""
    epoch = before["epoch"]
    if last:
        lot = list(before["auction_track"])
        if lot:
            return t(
                "That was the last Ra tile of epoch {epoch}: it ends at once, without an auction, and the auction "
                "track's tiles are lost ({tiles}).",
                epoch=epoch,
                tiles=tiles(lot),
            )
        return t(
            "That was the last Ra tile of epoch {epoch}: it ends at once, without an auction, and the auction track "
            "was empty.",
            epoch=epoch,
        )
    offered = _lot(before)
    return about(
        p,
        t(
            "{player} becomes the Ra player: an auction for {lot}, in which anyone may pass.",
            player=seat(before, p),
            lot=offered,
        ),
        t("You become the Ra player: an auction for {lot}, in which anyone may pass.", lot=offered),
    )


def _invoked(before: View, p: int) -> Text:
    """§5: the auction type decides what happens if nobody bids."""
    lot = _lot(before)
    if len(before["auction_track"]) == before["auction_track_spaces"]:
        return t("An auction for {lot}: if nobody bids, all its tiles are discarded.", lot=lot)
    return about(
        p,
        t("An auction for {lot}: if everyone else passes, {player} must bid.", lot=lot, player=seat(before, p)),
        t("An auction for {lot}: if everyone else passes, you must bid.", lot=lot),
    )


def _auto_pass(view: View, p: int, high: int | None) -> Text:
    """An automatic pass and its reason (§5: no face-up disk, or none beats the high bid)."""
    who = seat(view, p)
    if not view["disks"][p]["face_up"] or high is None:
        return about(
            p,
            t("{player} passed automatically (no face-up sun disk).", player=who),
            t("You passed automatically (no face-up sun disk)."),
        )
    return about(
        p,
        t("{player} passed automatically (no sun disk beats {high}).", player=who, high=high),
        t("You passed automatically (no sun disk beats {high}).", high=high),
    )


def _auction(before: View, after: View, move: Move, head: str, arg: str) -> list[Text]:
    """Automatic passes, then, if the auction ended, who won what or what became of the lot (§5)."""
    auction = before["auction"]
    if after["auction"] is not None:
        seen = len(auction["bids"]) + 1 if auction else 0  # bids beyond the move's own were automatic
        return [_auto_pass(before, b["player"], after["auction"]["high_bid"]) for b in after["auction"]["bids"][seen:]]
    if auction is None or head not in ("bid", "pass"):
        return []
    winner, disk = (move.player, int(arg)) if head == "bid" else (auction["high_bidder"], auction["high_bid"])
    n, ra_player, p = before["num_players"], auction["ra_player"], move.player
    lines = []
    while p != ra_player:  # everyone after the mover up to the Ra player passed by themselves
        p = (p + 1) % n
        lines.append(_auto_pass(before, p, disk))
    lot = list(before["auction_track"])
    if winner is None:
        if auction["kind"] == "invoked_full":
            lines.append(
                tn(
                    "Nobody bid: the {n} tile is discarded ({tiles}).",
                    "Nobody bid: all {n} tiles are discarded ({tiles}).",
                    len(lot),
                    tiles=tiles(lot),
                )
            )
        else:
            lines.append(t("Nobody bid: the lot stays on the auction track.") if lot else t("Nobody bid."))
        return lines
    central = before["central_disk"]
    took: Param
    if lot:
        took = items([*counted_tiles(lot), t("the central sun disk {disk}", disk=central)])
    else:
        took = t("only the central sun disk {disk}", disk=central)
    until = t("for the rest of the game") if before["epoch"] == before["epochs"] else t("until the next epoch")
    lines.append(
        about(
            winner,
            t(
                "{player} won the auction with sun disk {disk}: takes {lot} (face down {until}); sun disk {disk} goes "
                "to the centre.",
                player=seat(before, winner),
                disk=disk,
                lot=took,
                until=until,
            ),
            t(
                "You won the auction with sun disk {disk}: you take {lot} (face down {until}); sun disk {disk} goes "
                "to the centre.",
                disk=disk,
                lot=took,
                until=until,
            ),
        )
    )
    return lines


def _gods(before: View, after: View, move: Move, head: str, arg: str) -> list[Text]:
    """§6: a disaster taken with a god waits for the end of spending; spending that stops by itself."""
    if head != "god":
        return []
    p = move.player
    if after["gods"] is not None:
        if arg in DISASTER_NAMES:
            return [about(p, STRIKES_LATER[arg].with_params(player=seat(before, p)), STRIKES_YOU_LATER[arg])]
        return []
    if not after["tiles"][p].get("god"):
        return [
            about(
                p,
                t("Spending stops by itself: {player} has no god left.", player=seat(before, p)),
                t("Spending stops by itself: you have no god left."),
            )
        ]
    return [t("Spending stops by itself: no tile that a god can take is left on the auction track.")]


def _disasters(before: View, after: View, move: Move, head: str, arg: str) -> list[Text]:
    """What each disaster destroyed by itself (§7), and the losses left to choose."""
    p = move.player
    if head == "lose":
        strikes = strikes_after_loss(before, p, arg)
    elif head in ("bid", "pass") and before["auction"] is not None and after["auction"] is None:
        winner = move.player if head == "bid" else before["auction"]["high_bidder"]
        if winner is None:
            return []
        p = winner
        strikes = strikes_after_gain(before["tiles"][p], list(before["auction_track"]), {})
    elif head in ("god", "done") and after["gods"] is None and before["phase"] in ("turn", "gods"):
        taken = [arg] if head == "god" and arg not in DISASTER_NAMES else []
        pending = dict(before["gods"]["disasters"]) if before["gods"] else {}
        if head == "god" and not taken:
            pending[arg] = pending.get(arg, 0) + 1
        strikes = strikes_after_gain(before["tiles"][p], taken, pending)
    else:
        return []
    return lines_of_strikes(p, seat(before, p), strikes, after["disaster"], more=head == "lose")


def _score_row(view: View, p: int, row: Mapping[str, Any]) -> Text:
    """'  Ana: Pharaohs +5, Civilization -5 = 0, score 10 → 10.' (the seat itself reads "You: ...")."""
    parts = [
        t("{category} {points}", category=CATEGORY_TITLES[c], points=signed(points))
        for c, points in row["categories"].items()
        if points
    ]
    scored = comma_list(parts, t("nothing"))
    values: dict[str, Param] = {
        "parts": scored,
        "net": signed(row["net"]),
        "before": row["before"],
        "after": row["after"],
    }
    if row["after"] != row["before"] + row["net"]:
        # TRANSLATORS: a line of an epoch's scoring: keep the two spaces it starts with.
        third = t("  {player}: {parts} = {net}, score {before} → {after} (a score never falls below 0).", **values)
        # TRANSLATORS: a line of an epoch's scoring: keep the two spaces it starts with.
        second = t("  You: {parts} = {net}, score {before} → {after} (a score never falls below 0).", **values)
    else:
        # TRANSLATORS: a line of an epoch's scoring: keep the two spaces it starts with.
        third = t("  {player}: {parts} = {net}, score {before} → {after}.", **values)
        # TRANSLATORS: a line of an epoch's scoring: keep the two spaces it starts with.
        second = t("  You: {parts} = {net}, score {before} → {after}.", **values)
    return about(p, third.with_params(player=seat(view, p)), second)


def _epoch_end(before: View, after: View) -> list[Text]:
    """The epoch's scoring, each row the viewer may see (R3); then the next epoch, or the game's end (§8, §9)."""
    epoch = before["epoch"]
    rows = after["epoch_scores"][-1]["players"]
    lines: list[Text]
    if all(row is None for row in rows):
        lines = [t("Epoch {epoch} is scored; scores are hidden until the end.", epoch=epoch)]
    else:
        lines = [t("Epoch {epoch} is scored:", epoch=epoch)]
        lines += [_score_row(after, p, row) for p, row in enumerate(rows) if row is not None]
        if any(row is None for row in rows):
            # TRANSLATORS: a line of an epoch's scoring: keep the two spaces it starts with.
            lines.append(t("  The other players' scores are hidden until the end."))
    result = after["result"]
    if result is None:
        first = after["current_player"]
        best = max(after["disks"][first]["face_up"]) if first is not None else 0
        lines.append(
            about(
                first,
                t(
                    "Pharaohs, Nile tiles and monuments stay; every other tile is discarded and all sun disks turn "
                    "face up. Epoch {epoch} begins: {player} holds the highest sun disk ({disk}) and plays first.",
                    epoch=after["epoch"],
                    player=seat(after, first),
                    disk=best,
                ),
                t(
                    "Pharaohs, Nile tiles and monuments stay; every other tile is discarded and all sun disks turn "
                    "face up. Epoch {epoch} begins: you hold the highest sun disk ({disk}) and play first.",
                    epoch=after["epoch"],
                    disk=best,
                ),
            )
        )
        return lines
    top = max(result["scores"])
    winners = list(result["winners"])
    if len(winners) != 1:  # a tie the sun disks cannot break: never in Ra, whose disks are all different (§9.4)
        lines.append(t("The game is over: {players} win with {points}.", players=seats(after, winners), points=top))
        return lines
    won = winners[0]
    if result["tie_break"]:
        tied = seats(after, [p for p, s in enumerate(result["scores"]) if s == top])
        best = max(after["disks"][won]["face_up"])
        lines.append(
            about(
                won,
                t(
                    "The game is over: {players} tie with {points}; {player} wins, holding the highest sun disk "
                    "({disk}).",
                    players=tied,
                    points=top,
                    player=seat(after, won),
                    disk=best,
                ),
                t(
                    "The game is over: {players} tie with {points}; you win, holding the highest sun disk ({disk}).",
                    players=tied,
                    points=top,
                    disk=best,
                ),
            )
        )
    else:
        lines.append(
            about(
                won,
                t("The game is over: {player} wins with {points}.", player=seat(after, won), points=top),
                t("The game is over: you win with {points}.", points=top),
            )
        )
    return lines
