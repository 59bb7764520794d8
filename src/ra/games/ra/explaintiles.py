"""Each tile kind of Ra (docs/rules/ra.md §1.1, §4, §6, §7, §9) explained: what it is, what it scores, and what one
more would be worth to the viewer now (for a spectator: who holds how many)."""

from __future__ import annotations

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
from ra.games.ra.words import signed, title

_CIV_SCALE = f"none {CIV_POINTS[0]}, 1 or 2: 0, 3: +{CIV_POINTS[3]}, 4: +{CIV_POINTS[4]}, 5: +{CIV_POINTS[5]}"
_MONUMENT_RULE = "variety (1 to 6 types: 1 point each, 7: 10, 8: 15) plus, per type, 3 alike 5, 4 alike 10, 5 alike 15"
_LOSS = f"{DISASTER_LOSS} of its taker's"
_WHAT: dict[int, tuple[str, str]] = {  # kind -> (what it is and scores, rules sections)
    RA: (
        "the clock of the epoch. Drawn, it goes on the Ra track and starts an auction with the drawer as Ra "
        "player; the last of the epoch ends it at once and the auction track's tiles are lost",
        "§4",
    ),
    GOD: (
        f"+{GOD_POINTS} at the epoch's end if unspent, then discarded; on a player's turn a god may be spent "
        "instead, to take one tile that is not a God from the auction track",
        "§6, §9.1",
    ),
    GOLD: (f"+{GOLD_POINTS} each at the epoch's end, then discarded", "§9.1"),
    PHARAOH: (
        f"kept from epoch to epoch; at every epoch's end the most pharaohs score +{PHARAOH_MOST}, the fewest "
        f"{PHARAOH_FEWEST}",
        "§9.1",
    ),
    NILE: (
        "a river tile kept from epoch to epoch; with at least one Flood it scores +1 at every epoch's end, "
        "without a Flood nothing",
        "§9.1, E11",
    ),
    KINDS.index("flood"): (
        "a river tile: +1 at the epoch's end, and it makes every Nile tile score +1 too; discarded at the epoch's end",
        "§9.1, E11",
    ),
    KINDS.index("funeral"): (f"a disaster: it destroys {_LOSS} pharaohs", "§7"),
    KINDS.index("drought"): (f"a disaster: it destroys {_LOSS} river tiles, floods first, then Nile", "§7"),
    KINDS.index("war"): (f"a disaster: it destroys {_LOSS} civilization tiles, the taker choosing which", "§7"),
    EARTHQUAKE: (f"a disaster: it destroys {_LOSS} monuments, the taker choosing which", "§7"),
}
for _k in CIVILIZATION:
    _WHAT[_k] = (
        f"a civilization tile, discarded at the epoch's end; at every epoch's end the number of different "
        f"types scores ({_CIV_SCALE})",
        "§9.1",
    )
for _k in MONUMENTS:
    _WHAT[_k] = (f"a monument, kept from epoch to epoch; monuments score only after epoch 3: {_MONUMENT_RULE}", "§9.2")


def tile_texts(table: Table) -> dict[str, str]:
    """One text per tile kind, keyed `tile:<kind>`."""
    return {f"tile:{KINDS[k]}": _tile(table, k) for k in range(len(KINDS))}


def _tile(table: Table, kind: int) -> str:
    what, rules = _WHAT[kind]
    name = KINDS[kind]
    left = table.view["bag"].get(name, 0)
    counts = f"{COUNTS[kind]} in the game, {left} left in the bag"
    head = f"{title(name)}: {what} ({counts})."
    if table.over:
        return f"{head[:-1]} (rules {rules})."
    if kind == RA:
        total = table.view["bag_total"]
        now = f"About one draw in {round(total / left)} is a Ra tile now" if left else "No Ra tile is left"
    elif table.viewer is None:
        now = _held_by(table, kind)
    else:
        now = _worth(table, table.viewer, kind)
    return f"{head} {now} (rules {rules})."


def _held_by(table: Table, kind: int) -> str:
    """For a spectator: who holds how many (disasters are never held)."""
    if kind >= FIRST_DISASTER:
        return "Disasters are never kept: each is discarded with what it destroyed"
    if kind == PHARAOH:
        standing = pharaoh_standing(table)
        return standing[0].upper() + standing[1:]
    return f"Held now: {table.each([table.count(p, KINDS[kind]) for p in range(table.n)])}"


def _worth(table: Table, me: int, kind: int) -> str:
    """What one more tile of `kind` would do for the viewer now."""
    name = KINDS[kind]
    gain = table.gain(me, [kind])
    later = ""
    if (kind in MONUMENTS or kind == EARTHQUAKE) and not table.final:  # monuments score only after epoch 3 (§9.2)
        later = f"; {signed(table.monument_gain(me, [kind]))} in monuments at the end as things stand"
    if kind in DISASTERS:
        return f"If it struck you now: {signed(gain)} this epoch{later}"
    held = table.count(me, name)
    if kind in CIVILIZATION and held:
        return f"You hold {held}: another adds nothing this epoch"
    if kind == PHARAOH:
        standing = pharaoh_standing(table)
        return standing[0].upper() + standing[1:]
    one = f"You hold {held}: one more would give you" if held else "You hold none: one would give you"
    return f"{one} {signed(gain)} this epoch{later}"
