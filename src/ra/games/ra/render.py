"""The text board of a Ra view (docs/VIEWS.md) in the game's words, from the view alone (§ = docs/rules/ra.md).

Every word is a `Text` put into the reader's language by the `words` function the caller passes (English by default,
as the golden files read); only the layout (marks, indentation, the " · " between parts) is the board's own.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, cast

from ra.core.text import Param, Text, about, english, items, t, tn, tp
from ra.games.ra.tables import KIND_GROUPS, KINDS
from ra.games.ra.view import RaView
from ra.games.ra.words import (
    GROUP_TITLES,
    choice_phrase,
    comma_list,
    decision,
    default_name,
    seat,
    seats,
    signed,
    tile_list,
    tiles_of_kind,
)

Words = Callable[[Text | str], str]

_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (group, tuple(KINDS[k] for k in kinds)) for group, kinds in KIND_GROUPS if group != "disaster"
)
_ALONE = ("god", "gold", "pharaoh")  # groups of one kind: the kind's name says the group
AUCTION_LINES: dict[str, Text] = {  # §5, the auction types
    "ra_drawn": t("Auction: a Ra tile was drawn by {player} · high bid {high}"),
    "invoked_nonfull": t("Auction: Ra was invoked by {player} · high bid {high}"),
    "invoked_full": t("Auction: Ra was invoked on a full auction track by {player} · high bid {high}"),
}


def _held(counts: Mapping[str, int]) -> list[Text]:
    """A player's tiles grouped as on the table: ['Pharaoh ×2', 'River: Nile ×3, Flood', 'Civilization: Art']."""
    parts: list[Text] = []
    for group, kinds in _GROUPS:
        tiles = [tiles_of_kind(k, counts[k]) for k in kinds if counts.get(k)]
        if not tiles:
            continue
        if group in _ALONE:
            parts.append(comma_list(tiles))
        else:
            parts.append(
                tp(
                    "a group of tiles on the board",
                    "{group}: {tiles}",
                    group=GROUP_TITLES[group],
                    tiles=comma_list(tiles),
                )
            )
    return parts or [t("no tiles")]


def _ra_track(view: RaView) -> Text:
    """'Ra track ■■□□□□□□ 2 of 8 Ra tiles' (§4): filled and empty spaces at this player count."""
    filled, length = view["ra_track"]["filled"], view["ra_track"]["length"]
    spaces = "■" * filled + "□" * (length - filled)
    return t("Ra track {spaces} {filled} of {length} Ra tiles", spaces=spaces, filled=filled, length=length)


def _auction(view: RaView) -> list[Text]:
    """The auction under way: its type, the Ra player, the high bid and the bids so far (§5)."""
    auction = view["auction"]
    if not auction:
        return []
    high: Text = t("none yet")
    if auction["high_bid"] is not None and auction["high_bidder"] is not None:
        high = t("{disk} by {player}", disk=auction["high_bid"], player=seat(view, auction["high_bidder"]))
    line = AUCTION_LINES[auction["kind"]].with_params(player=seat(view, auction["ra_player"]), high=high)
    bids = [
        t("{player} passed", player=seat(view, b["player"]))
        if b["disk"] is None
        else t("{player} {disk}", player=seat(view, b["player"]), disk=b["disk"])
        for b in auction["bids"]
    ]
    return [line, comma_list(bids)] if bids else [line]


def _under_way(view: RaView) -> list[Text]:
    """Gods being spent (§6) or a disaster's losses still to choose (§7)."""
    if view["gods"]:
        spender = seat(view, view["gods"]["player"])
        taken = [tiles_of_kind(k, c) for k, c in view["gods"]["disasters"].items()]
        if taken:
            return [
                t("Spending gods: {player}", player=spender),
                t("{tiles} taken, striking once spending stops", tiles=comma_list(taken)),
            ]
        return [t("Spending gods: {player}", player=spender)]
    if view["disaster"]:
        d = view["disaster"]
        left: list[Param] = []
        if d["war"]:
            left.append(tn("{n} civilization tile to War", "{n} civilization tiles to War", d["war"]))
        if d["earthquake"]:
            left.append(
                tn("{n} monument tile to the Earthquake", "{n} monument tiles to the Earthquake", d["earthquake"])
            )
        losses = items(left)
        return [
            about(
                d["player"],
                t("Disaster: {player} must still lose {losses}", player=seat(view, d["player"]), losses=losses),
                t("Disaster: you must still lose {losses}", losses=losses),
            )
        ]
    return []


def _score(view: RaView, p: int) -> Text:
    """'score 22 (epoch 1 +12)', or 'score hidden' (R3)."""
    score = view["scores"][p]
    if score is None:
        return t("score hidden")
    nets = [
        t("epoch {epoch} {points}", epoch=e["epoch"], points=signed(row["net"]))
        for e in view["epoch_scores"]
        if (row := e["players"][p]) is not None
    ]
    if nets:
        return t("score {score} ({epochs})", score=score, epochs=comma_list(nets))
    return t("score {score}", score=score)


def _disks(view: RaView, p: int) -> Text:
    """'sun disks 13 8 5, face down 2', or 'sun disks none face up'."""
    disks = view["disks"][p]
    up: Param = " ".join(str(d) for d in disks["face_up"]) or t("none face up")
    if disks["face_down"]:
        down = " ".join(str(d) for d in disks["face_down"])
        return t("sun disks {up}, face down {down}", up=up, down=down)
    return t("sun disks {up}", up=up)


def _width(text: str) -> int:
    """The columns `text` takes in a terminal: two for each wide character (Chinese), one for any other."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _name(view: RaView, p: int, words: Words) -> str:
    """A seat's name on the board, marked for the view's own seat."""
    name = str(view["names"][p])
    if name == default_name(p):  # the engine's default name, in the reader's language
        name = words(tp("seat", "Player {number}", number=p + 1))
    return (
        words(tp("the viewer's own seat on the board", "{player} (you)", player=name)) if p == view["viewer"] else name
    )


def _seat(view: RaView, p: int, names: list[str], full: bool, words: Words) -> list[str]:
    """A seat's line (mark, name, score, sun disks) and its tiles: below it in full, or on the same line."""
    mark = "▶" if view["current_player"] == p else " "
    width = max(_width(name) for name in names)
    name = names[p] + " " * (width - _width(names[p]))
    head = f"{mark} {name}  {words(_score(view, p))} · {words(_disks(view, p))}"
    held = " · ".join(words(part) for part in _held(view["tiles"][p]))
    if full or p == view["viewer"]:
        return [head, f"    {held}"]
    return [f"{head} · {held}"]


def _footer(view: RaView) -> list[Text]:
    """The result, or who decides what now and, for the viewer who decides, the choices."""
    result = view["result"]
    if result:
        best = max(result["scores"])
        totals = comma_list(
            [t("{player} {total}", player=seat(view, p), total=total) for p, total in enumerate(result["disk_totals"])]
        )
        won = seats(view, result["winners"])
        if result["tie_break"]:
            return [
                t(
                    "Game over: {players} won with {points} (tie broken by the highest sun disk) · sun disk totals "
                    "{totals}",
                    players=won,
                    points=best,
                    totals=totals,
                )
            ]
        return [
            t(
                "Game over: {players} won with {points} · sun disk totals {totals}",
                players=won,
                points=best,
                totals=totals,
            )
        ]
    current = view["current_player"]
    if current is None:
        return []
    lines = [t("To decide: {player} - {decision}", player=seat(view, current), decision=decision(view))]
    if view["legal_actions"]:
        choices = comma_list([choice_phrase(a) for a in view["legal_actions"]])
        lines.append(t("Your choices: {choices}", choices=choices))
    return lines


def render_text(data: Mapping[str, Any], full: bool = True, words: Words = english) -> str:
    """The board as text: epoch, Ra track, central disk, bag, auction track, each seat's disks, tiles and score
    (not `full`: the viewer's tiles below its line, the others' on their line), and who decides what; every word
    put into the reader's language by `words`."""
    view = cast(RaView, data)
    bag = view["bag"]
    lot = view["auction_track"]
    header = tn(
        "Epoch {epoch} of {epochs} · {track} · central sun disk {disk} · bag {n} tile, {ra} of them Ra",
        "Epoch {epoch} of {epochs} · {track} · central sun disk {disk} · bag {n} tiles, {ra} of them Ra",
        view["bag_total"],
        epoch=view["epoch"],
        epochs=view["epochs"],
        track=_ra_track(view),
        disk=view["central_disk"],
        ra=bag.get("ra", 0),
    )
    track = t(
        "Auction track ({count} of {spaces}): {tiles}",
        count=len(lot),
        spaces=view["auction_track_spaces"],
        tiles=tile_list(lot),
    )
    out = [words(header), words(track)]
    for parts in (_auction(view), _under_way(view)):
        if parts:
            out.append(" · ".join(words(part) for part in parts))
    n = view["num_players"]
    names = [_name(view, p, words) for p in range(n)]
    for p in range(n):
        out += _seat(view, p, names, full, words)
    out += [words(line) for line in _footer(view)]
    return "\n".join(out) + "\n"
