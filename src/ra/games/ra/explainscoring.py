"""The scoring categories of Ra (docs/rules/ra.md §9.1, §9.2) explained: what each scores, and where the viewer (or
every seat) stands now; once the game is over, what each scored in epoch 3."""

from __future__ import annotations

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
from ra.games.ra.words import CATEGORY_TITLES, counted, joined, signed, title

_CIVS = tuple(KINDS[k] for k in CIVILIZATION)
_MONUMENTS = tuple(KINDS[k] for k in MONUMENTS)
_WHAT = {  # category -> (what it scores, rules sections)
    "gods": (f"+{GOD_POINTS} for each god still held at every epoch's end; spent gods score nothing", "§6, §9.1"),
    "gold": (f"+{GOLD_POINTS} for each gold at every epoch's end", "§9.1"),
    "pharaohs": (
        f"at every epoch's end the most pharaohs score +{PHARAOH_MOST}, the fewest {PHARAOH_FEWEST}; "
        "ties all score, and if everyone has as many nobody does",
        "§9.1, E13",
    ),
    "river": (
        "with at least one Flood, +1 per Nile and per Flood at every epoch's end; without a Flood nothing",
        "§9.1",
    ),
    "civilization": (
        f"at every epoch's end, by the number of different types: none {CIV_POINTS[0]}, 1 or 2: 0, "
        f"3: +{CIV_POINTS[3]}, 4: +{CIV_POINTS[4]}, 5: +{CIV_POINTS[5]}",
        "§9.1",
    ),
    "monuments": (
        "after epoch 3 only: 1 point per different type up to 6, 7 types 10, 8 types 15; plus, per type, "
        f"3 alike {MONUMENT_SAME[3]}, 4 alike {MONUMENT_SAME[4]}, 5 alike {MONUMENT_SAME[5]}",
        "§9.2",
    ),
    "sun_disks": (
        f"after epoch 3 only: the highest total of all disks held, face up and face down, scores +{SUN_DISK_MOST}, "
        f"the lowest {SUN_DISK_FEWEST}",
        "§9.2, E22",
    ),
}


def category_texts(table: Table) -> dict[str, str]:
    """One text per scoring category, keyed as in `epoch_scores` rows."""
    return {category: _category(table, category) for category in _WHAT}


def _category(table: Table, category: str) -> str:
    what, rules = _WHAT[category]
    head = f"{CATEGORY_TITLES[category]}: {what}."
    if table.over:
        now = _scored(table, category)
    elif table.viewer is None:
        now = _everyone(table, category)
    else:
        now = _yours(table, table.viewer, category)
    return f"{head} {now} (rules {rules})."


def _scored(table: Table, category: str) -> str:
    """Once the game is over: what the category scored in epoch 3 (every score is public then, R3)."""
    rows = table.view["epoch_scores"][-1]["players"]
    points = [0 if row is None else row["categories"].get(category, 0) for row in rows]
    if table.viewer is not None:
        return f"In epoch 3 it scored you {signed(points[table.viewer])}"
    return f"In epoch 3 it scored {table.each([signed(v) for v in points])}"


def _later(table: Table) -> str:
    """'this epoch', or 'at the end as things stand' for the categories that wait for epoch 3."""
    return "this epoch" if table.final else "at the end as things stand"


def _everyone(table: Table, category: str) -> str:
    """For a spectator: every seat's standing in the category."""
    if category == "pharaohs":
        standing = pharaoh_standing(table)
        return "Pharaohs now: " + standing
    if category == "sun_disks":
        return disk_standing(table)
    if category == "monuments":
        points = [table.monuments(p, table.held) for p in range(table.n)]
        return f"As things stand: {table.each([signed(v) for v in points])} at the end"
    return f"This epoch now: {table.each([signed(table.now(p, category)) for p in range(table.n)])}"


def _yours(table: Table, me: int, category: str) -> str:
    """For a seat: what it holds in the category, what that scores now, and the next step up where there is one."""
    now = signed(table.now(me, category))
    if category == "gods":
        return f"You hold {counted(table.count(me, 'god'), 'god')}: {now} this epoch"
    if category == "gold":
        return f"You hold {table.count(me, 'gold')} gold: {now} this epoch"
    if category == "pharaohs":
        standing = pharaoh_standing(table)
        return standing[0].upper() + standing[1:]
    if category == "river":
        nile, flood = table.count(me, "nile"), table.count(me, "flood")
        text = f"You have {nile} Nile and {counted(flood, 'Flood')}: {now} this epoch"
        if not flood and nile:
            text += f" — a Flood would make it +{nile + 1}"
        return text
    if category == "civilization":
        types = [title(k) for k in _CIVS if table.count(me, k)]
        text = f"You have {counted(len(types), 'type')}" + (f" ({joined(types)})" if types else "")
        text += f": {now} this epoch"
        better = [t for t in range(len(types) + 1, len(CIV_POINTS)) if CIV_POINTS[t] > CIV_POINTS[len(types)]]
        if better:
            more = better[0] - len(types)
            makes = "one more type makes" if more == 1 else f"{more} more types make"
            text += f" — {makes} {signed(CIV_POINTS[better[0]])}"
        return text
    if category == "monuments":
        counts = [table.count(me, k) for k in _MONUMENTS]
        points = table.monuments(me, table.held)
        sets = [f"{title(k)} ×{c}" for k, c in zip(_MONUMENTS, counts, strict=True) if c >= 2]
        text = f"You have {counted(sum(1 for c in counts if c), 'type')}"
        text += f" ({joined(sets)})" if sets else ""
        return f"{text}: {signed(points)} {_later(table)}"
    return disk_standing(table)
