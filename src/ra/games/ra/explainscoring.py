"""The scoring categories of Ra (docs/rules/ra.md §9.1, §9.2) explained: what each scores, and where the viewer (or
every seat) stands now; once the game is over, what each scored in epoch 3."""

from __future__ import annotations

from ra.core.text import Text, items, t, tn
from ra.games.ra.standing import Table, disk_standing, pharaoh_standing
from ra.games.ra.tables import (
    CIV_POINTS,
    CIVILIZATION,
    GOD_POINTS,
    GOLD_POINTS,
    KINDS,
    MONUMENT_SAME,
    MONUMENTS,
    PHARAOH_FEWEST,
    PHARAOH_MOST,
    SUN_DISK_FEWEST,
    SUN_DISK_MOST,
)
from ra.games.ra.words import CATEGORY_TITLES, signed, tile_name, tiles_of_kind

_CIVS = tuple(KINDS[k] for k in CIVILIZATION)
_MONUMENTS = tuple(KINDS[k] for k in MONUMENTS)
_WHAT: dict[str, tuple[Text, str]] = {  # category -> (what it scores, rules sections)
    "gods": (
        t("+{points} for each god still held at every epoch's end; spent gods score nothing", points=GOD_POINTS),
        "§6, §9.1",
    ),
    "gold": (t("+{points} for each gold at every epoch's end", points=GOLD_POINTS), "§9.1"),
    "pharaohs": (
        t(
            "at every epoch's end the most pharaohs score +{most}, the fewest {fewest}; ties all score, and if "
            "everyone has as many nobody does",
            most=PHARAOH_MOST,
            fewest=PHARAOH_FEWEST,
        ),
        "§9.1, E13",
    ),
    "river": (
        t("with at least one Flood, +1 per Nile and per Flood at every epoch's end; without a Flood nothing"),
        "§9.1",
    ),
    "civilization": (
        t(
            "at every epoch's end, by the number of different types: none {none}, 1 or 2: 0, 3: +{three}, 4: +{four}, "
            "5: +{five}",
            none=CIV_POINTS[0],
            three=CIV_POINTS[3],
            four=CIV_POINTS[4],
            five=CIV_POINTS[5],
        ),
        "§9.1",
    ),
    "monuments": (
        t(
            "after epoch 3 only: 1 point per different type up to 6, 7 types 10, 8 types 15; plus, per type, 3 alike "
            "{three}, 4 alike {four}, 5 alike {five}",
            three=MONUMENT_SAME[3],
            four=MONUMENT_SAME[4],
            five=MONUMENT_SAME[5],
        ),
        "§9.2",
    ),
    "sun_disks": (
        t(
            "after epoch 3 only: the highest total of all disks held, face up and face down, scores +{most}, the "
            "lowest {fewest}",
            most=SUN_DISK_MOST,
            fewest=SUN_DISK_FEWEST,
        ),
        "§9.2, E22",
    ),
}


def category_texts(table: Table) -> dict[str, Text]:
    """One text per scoring category, keyed as in `epoch_scores` rows."""
    return {category: _category(table, category) for category in _WHAT}


def _category(table: Table, category: str) -> Text:
    what, rules = _WHAT[category]
    if table.over:
        now = _scored(table, category)
    elif table.viewer is None:
        now = _everyone(table, category)
    else:
        now = _yours(table, table.viewer, category)
    return t(
        "{category}: {what}. {now} (rules {rules}).",
        category=CATEGORY_TITLES[category],
        what=what,
        now=now,
        rules=rules,
    )


def _scored(table: Table, category: str) -> Text:
    """Once the game is over: what the category scored in epoch 3 (every score is public then, R3)."""
    rows = table.view["epoch_scores"][-1]["players"]
    points = [0 if row is None else row["categories"].get(category, 0) for row in rows]
    if table.viewer is not None:
        return t("In epoch 3 it scored you {points}", points=signed(points[table.viewer]))
    return t("In epoch 3 it scored {scores}", scores=table.each([signed(v) for v in points]))


def _everyone(table: Table, category: str) -> Text:
    """For a spectator: every seat's standing in the category."""
    if category == "pharaohs":
        return t("Pharaohs now: {standing}", standing=pharaoh_standing(table))
    if category == "sun_disks":
        return disk_standing(table)
    if category == "monuments":
        points = [table.monuments(p, table.held) for p in range(table.n)]
        return t("As things stand: {scores} at the end", scores=table.each([signed(v) for v in points]))
    now = [signed(table.now(p, category)) for p in range(table.n)]
    return t("This epoch now: {scores}", scores=table.each(now))


def _yours(table: Table, me: int, category: str) -> Text:
    """For a seat: what it holds in the category, what that scores now, and the next step up where there is one."""
    now = signed(table.now(me, category))
    if category == "gods":
        return tn(
            "You hold {n} god: {points} this epoch",
            "You hold {n} gods: {points} this epoch",
            table.count(me, "god"),
            points=now,
        )
    if category == "gold":
        return t("You hold {count} gold: {points} this epoch", count=table.count(me, "gold"), points=now)
    if category == "pharaohs":
        return pharaoh_standing(table)
    if category == "river":
        nile, flood = table.count(me, "nile"), table.count(me, "flood")
        if not flood and nile:
            return tn(
                "You have {nile} Nile and {n} Flood: {points} this epoch — a Flood would make it +{more}",
                "You have {nile} Nile and {n} Floods: {points} this epoch — a Flood would make it +{more}",
                flood,
                nile=nile,
                points=now,
                more=nile + 1,
            )
        return tn(
            "You have {nile} Nile and {n} Flood: {points} this epoch",
            "You have {nile} Nile and {n} Floods: {points} this epoch",
            flood,
            nile=nile,
            points=now,
        )
    if category == "civilization":
        return _civilization(table, me, now)
    if category == "monuments":
        counts = [table.count(me, k) for k in _MONUMENTS]
        points = signed(table.monuments(me, table.held))
        sets = [tiles_of_kind(k, c) for k, c in zip(_MONUMENTS, counts, strict=True) if c >= 2]
        types = sum(1 for c in counts if c)
        if table.final:
            if sets:
                return tn(
                    "You have {n} type ({sets}): {points} this epoch",
                    "You have {n} types ({sets}): {points} this epoch",
                    types,
                    sets=items(sets),
                    points=points,
                )
            return tn(
                "You have {n} type: {points} this epoch",
                "You have {n} types: {points} this epoch",
                types,
                points=points,
            )
        if sets:
            return tn(
                "You have {n} type ({sets}): {points} at the end as things stand",
                "You have {n} types ({sets}): {points} at the end as things stand",
                types,
                sets=items(sets),
                points=points,
            )
        return tn(
            "You have {n} type: {points} at the end as things stand",
            "You have {n} types: {points} at the end as things stand",
            types,
            points=points,
        )
    return disk_standing(table)


def _civilization(table: Table, me: int, now: str) -> Text:
    """The civilization types the seat holds, what they score now, and how many more would score more."""
    types = [tile_name(k) for k in _CIVS if table.count(me, k)]
    if types:
        held = tn(
            "You have {n} type ({types}): {points} this epoch",
            "You have {n} types ({types}): {points} this epoch",
            len(types),
            types=items(types),
            points=now,
        )
    else:
        held = tn("You have {n} type: {points} this epoch", "You have {n} types: {points} this epoch", 0, points=now)
    better = [k for k in range(len(types) + 1, len(CIV_POINTS)) if CIV_POINTS[k] > CIV_POINTS[len(types)]]
    if not better:
        return held
    more = better[0] - len(types)
    return tn(
        "{held} — one more type makes {points}",
        "{held} — {n} more types make {points}",
        more,
        held=held,
        points=signed(CIV_POINTS[better[0]]),
    )
