"""What a Ra move is for, in a player's words, for a hint (`purpose`, read by `ra.bots.hints`).

Every number is the engine's own scoring of the holdings the mover's view shows (`ra.games.ra.standing`): what
the lot or a tile would change in a seat's points this epoch, plus, before the last epoch, in its monuments at
the end (docs/rules/ra.md §9). The reader is the mover: "you".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ra.core.text import Text, t, tn, tp
from ra.games.ra import RaView, standing, tables, words


def worth(table: standing.Table, seat: int, kinds: Sequence[int]) -> int:
    """What gaining `kinds` now changes in `seat`'s points: this epoch, and its monuments at the end."""
    value = table.gain(seat, kinds)
    if not table.final:  # in the last epoch the monuments score with it (§9.2), already in `gain`
        value += table.monument_gain(seat, kinds)
    return value


def purpose(view: Mapping[str, Any], action: int) -> Text | None:
    """What `action` is for, told to the view's viewer (None for a spectator's view or a finished game)."""
    table = standing.Table(cast(RaView, view))
    me = table.viewer
    entry = next((a for a in view.get("legal_actions", []) if a.get("id") == action), None)
    if me is None or table.over or entry is None:
        return None
    kind = entry.get("kind")
    lot = [tables.KIND_INDEX[tile] for tile in view["auction_track"]]
    others = [p for p in range(table.n) if p != me]
    mine = worth(table, me, lot) if lot else 0
    rival = max(others, key=lambda p: worth(table, p, lot)) if lot and others else None
    theirs = worth(table, rival, lot) if rival is not None else 0
    if kind == "bid":
        if not lot:
            return t("Win the sun disk in the middle: the auction track holds no tiles, so the disk is the prize.")
        return _with_source(_bid(table, mine, rival, theirs), table, lot, mine)
    if kind == "pass":
        if not lot:
            return t("Let the auction go: the track holds no tiles, only the sun disk in the middle is at stake.")
        if mine < 0:
            return tn(
                "Let the lot go: it would cost you {n} point.", "Let the lot go: it would cost you {n} points.", -mine
            )
        if mine == 0:
            return t("Let the lot go: it would bring you nothing.")
        return tn(
            "Let the lot go: at {n} point for you it is not worth one of your sun disks.",
            "Let the lot go: at {n} points for you it is not worth one of your sun disks.",
            mine,
        )
    if kind == "draw":
        if not lot:
            return t("Let the lot grow: the auction track is empty, so there is nothing to bid for yet.")
        if mine <= 0:
            return t("Let the lot grow: it is worth nothing to you yet.")
        return tn(
            "Let the lot grow: it is worth only {n} point to you so far.",
            "Let the lot grow: it is worth only {n} points to you so far.",
            mine,
        )
    if kind == "invoke":
        if mine > 0 and theirs <= 0:
            return _with_source(
                tn(
                    "Call an auction now: the lot is worth {n} point to you and nothing to anyone else.",
                    "Call an auction now: the lot is worth {n} points to you and nothing to anyone else.",
                    mine,
                ),
                table,
                lot,
                mine,
            )
        if mine > 0:
            return _with_source(
                tn(
                    "Call an auction now: the lot is worth {n} point to you, at most {most} to anyone else.",
                    "Call an auction now: the lot is worth {n} points to you, at most {most} to anyone else.",
                    mine,
                    most=theirs,
                ),
                table,
                lot,
                mine,
            )
        return t(
            "Call an auction now, before the lot grows into one the others want (at most {most} to them now).",
            most=theirs,
        )
    if kind == "done":
        return tn(
            "Stop spending Gods: each God you keep scores {n} point at the epoch's end.",
            "Stop spending Gods: each God you keep scores {n} points at the epoch's end.",
            tables.GOD_POINTS,
        )
    if kind == "god":
        tile = str(entry["tile"])
        return tn(
            "Spend a God on the {tile}: it is worth {n} point to you, a God kept {god}.",
            "Spend a God on the {tile}: it is worth {n} points to you, a God kept {god}.",
            worth(table, me, [tables.KIND_INDEX[tile]]),
            tile=words.tile_name(tile),
            god=tables.GOD_POINTS,
        )
    if kind == "lose":
        return t(
            "Give up the {tile}: of the tiles you must lose, it costs you least.",
            tile=words.tile_name(str(entry["tile"])),
        )
    return None


def _bid(table: standing.Table, mine: int, rival: int | None, theirs: int) -> Text:
    """Why bid on the lot: what it is worth to you, and to the other seat it is worth most to."""
    if mine > 0 and (rival is None or mine > theirs):
        return tn(
            "Win the lot: it is worth {n} point to you as things stand, more than to anyone else.",
            "Win the lot: it is worth {n} points to you as things stand, more than to anyone else.",
            mine,
        )
    if mine > 0:
        assert rival is not None
        return tn(
            "Win the lot: it is worth {n} point to you as things stand ({player}: {theirs}).",
            "Win the lot: it is worth {n} points to you as things stand ({player}: {theirs}).",
            mine,
            player=table.name(rival),
            theirs=theirs,
        )
    if rival is not None and theirs > 0:
        return tn(
            "Keep the lot from {player}, to whom it is worth {n} point as things stand.",
            "Keep the lot from {player}, to whom it is worth {n} points as things stand.",
            theirs,
            player=table.name(rival),
        )
    return t("Win the lot for the sun disk in the middle: the tiles themselves are worth little to anyone.")


def _with_source(first: Text, table: standing.Table, lot: Sequence[int], mine: int) -> Text:
    """`first`, then where the lot's worth to you comes from: the scoring category it raises most."""
    if mine <= 0 or table.viewer is None:
        return first
    me = table.viewer
    now = table.rows[me]["categories"]
    after = table.score(table.placed(me, lot, lambda held: table.net(me, held)))[me]["categories"]
    gains = {category: after.get(category, 0) - now.get(category, 0) for category in after}
    if not table.final:  # before the last epoch the monuments score at the end (§9.2)
        gains["monuments"] = table.monument_gain(me, lot)
    category = max(gains, key=lambda c: gains[c])
    gain = gains[category]
    if gain <= 0 or category not in words.CATEGORY_TITLES:
        return first
    title = words.CATEGORY_TITLES[category]
    if gain > mine:  # a disaster in the lot (or a category it lowers) takes back part of it: the rest nets below 0
        source = tn(
            "It brings you {points} in {category}, but the rest of the lot costs you {n} point.",
            "It brings you {points} in {category}, but the rest of the lot costs you {n} points.",
            gain - mine,
            category=title,
            points=words.signed(gain),
        )
    elif sum(1 for g in gains.values() if g) == 1:
        source = t("It all comes from your {category}.", category=title)
    else:
        source = t("Most of it comes from your {category} ({points}).", category=title, points=words.signed(gain))
    return tp("two sentences", "{first} {second}", first=first, second=source)
