"""Each tile kind of Ra (docs/rules/ra.md §1.1, §4, §6, §7, §9) explained: what it is, what it scores, and what one
more would be worth to the viewer now (for a spectator: who holds how many)."""

from __future__ import annotations

from ra.core.text import Param, Text, t
from ra.games.ra.standing import Table, pharaoh_standing
from ra.games.ra.tables import (
    CIV_POINTS,
    CIVILIZATION,
    COUNTS,
    DISASTER_LOSS,
    DISASTERS,
    EARTHQUAKE,
    FIRST_DISASTER,
    GOD,
    GOD_POINTS,
    GOLD,
    GOLD_POINTS,
    KINDS,
    MONUMENTS,
    NILE,
    PHARAOH,
    PHARAOH_FEWEST,
    PHARAOH_MOST,
    RA,
)
from ra.games.ra.words import signed, tile_name

_LOSS = DISASTER_LOSS
_CIV_SCALE = {"none": CIV_POINTS[0], "three": CIV_POINTS[3], "four": CIV_POINTS[4], "five": CIV_POINTS[5]}
_WHAT: dict[int, tuple[Text, str]] = {  # kind -> (what it is and scores, rules sections)
    RA: (
        t(
            "the clock of the epoch. Drawn, it goes on the Ra track and starts an auction with the drawer as Ra "
            "player; the last of the epoch ends it at once and the auction track's tiles are lost"
        ),
        "§4",
    ),
    GOD: (
        t(
            "+{points} at the epoch's end if unspent, then discarded; on a player's turn a god may be spent instead, "
            "to take one tile that is not a God from the auction track",
            points=GOD_POINTS,
        ),
        "§6, §9.1",
    ),
    GOLD: (t("+{points} each at the epoch's end, then discarded", points=GOLD_POINTS), "§9.1"),
    PHARAOH: (
        t(
            "kept from epoch to epoch; at every epoch's end the most pharaohs score +{most}, the fewest {fewest}",
            most=PHARAOH_MOST,
            fewest=PHARAOH_FEWEST,
        ),
        "§9.1",
    ),
    NILE: (
        t(
            "a river tile kept from epoch to epoch; with at least one Flood it scores +1 at every epoch's end, "
            "without a Flood nothing"
        ),
        "§9.1, E11",
    ),
    KINDS.index("flood"): (
        t(
            "a river tile: +1 at the epoch's end, and it makes every Nile tile score +1 too; discarded at the epoch's "
            "end"
        ),
        "§9.1, E11",
    ),
    KINDS.index("funeral"): (t("a disaster: it destroys {loss} of its taker's pharaohs", loss=_LOSS), "§7"),
    KINDS.index("drought"): (
        t("a disaster: it destroys {loss} of its taker's river tiles, floods first, then Nile", loss=_LOSS),
        "§7",
    ),
    KINDS.index("war"): (
        t("a disaster: it destroys {loss} of its taker's civilization tiles, the taker choosing which", loss=_LOSS),
        "§7",
    ),
    EARTHQUAKE: (
        t("a disaster: it destroys {loss} of its taker's monuments, the taker choosing which", loss=_LOSS),
        "§7",
    ),
}
for _k in CIVILIZATION:
    _WHAT[_k] = (
        t(
            "a civilization tile, discarded at the epoch's end; at every epoch's end the number of different types "
            "scores (none {none}, 1 or 2: 0, 3: +{three}, 4: +{four}, 5: +{five})",
            **_CIV_SCALE,
        ),
        "§9.1",
    )
for _k in MONUMENTS:
    _WHAT[_k] = (
        t(
            "a monument, kept from epoch to epoch; monuments score only after epoch 3: variety (1 to 6 types: 1 point "
            "each, 7: 10, 8: 15) plus, per type, 3 alike 5, 4 alike 10, 5 alike 15"
        ),
        "§9.2",
    )


def tile_texts(table: Table) -> dict[str, Text]:
    """One text per tile kind, keyed `tile:<kind>`."""
    return {f"tile:{KINDS[k]}": _tile(table, k) for k in range(len(KINDS))}


def _tile(table: Table, kind: int) -> Text:
    what, rules = _WHAT[kind]
    name = KINDS[kind]
    left = table.view["bag"].get(name, 0)
    values: dict[str, Param] = {
        "tile": tile_name(name),
        "what": what,
        "count": COUNTS[kind],
        "left": left,
        "rules": rules,
    }
    if table.over:
        return t("{tile}: {what} ({count} in the game, {left} left in the bag) (rules {rules}).", **values)
    if kind == RA:
        total = table.view["bag_total"]
        if left:
            now = t("About one draw in {draws} is a Ra tile now", draws=round(total / left))
        else:
            now = t("No Ra tile is left")
    elif table.viewer is None:
        now = _held_by(table, kind)
    else:
        now = _worth(table, table.viewer, kind)
    return t("{tile}: {what} ({count} in the game, {left} left in the bag). {now} (rules {rules}).", **values, now=now)


def _held_by(table: Table, kind: int) -> Text:
    """For a spectator: who holds how many (disasters are never held)."""
    if kind >= FIRST_DISASTER:
        return t("Disasters are never kept: each is discarded with what it destroyed")
    if kind == PHARAOH:
        return pharaoh_standing(table)
    return t("Held now: {counts}", counts=table.each([table.count(p, KINDS[kind]) for p in range(table.n)]))


def _worth(table: Table, me: int, kind: int) -> Text:
    """What one more tile of `kind` would do for the viewer now."""
    name = KINDS[kind]
    gain = signed(table.gain(me, [kind]))
    later = (kind in MONUMENTS or kind == EARTHQUAKE) and not table.final  # monuments score only after epoch 3 (§9.2)
    monuments = signed(table.monument_gain(me, [kind])) if later else ""
    if kind in DISASTERS:
        if later:
            return t(
                "If it struck you now: {points} this epoch; {monuments} in monuments at the end as things stand",
                points=gain,
                monuments=monuments,
            )
        return t("If it struck you now: {points} this epoch", points=gain)
    held = table.count(me, name)
    if kind in CIVILIZATION and held:
        return t("You hold {held}: another adds nothing this epoch", held=held)
    if kind == PHARAOH:
        return pharaoh_standing(table)
    if held:
        if later:
            return t(
                "You hold {held}: one more would give you {points} this epoch; {monuments} in monuments at the end as "
                "things stand",
                held=held,
                points=gain,
                monuments=monuments,
            )
        return t("You hold {held}: one more would give you {points} this epoch", held=held, points=gain)
    if later:
        return t(
            "You hold none: one would give you {points} this epoch; {monuments} in monuments at the end as "
            "things stand",
            points=gain,
            monuments=monuments,
        )
    return t("You hold none: one would give you {points} this epoch", points=gain)
