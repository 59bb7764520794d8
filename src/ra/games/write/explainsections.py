"""The scoresheet's sections (docs/rules/ra-and-write.md §2, §5) and end bonuses (§6) explained for a viewer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ra.games.write.sheet import (
    GODS_END,
    GODS_START,
    MONUMENTS_END,
    MONUMENTS_START,
    NILE_END,
    NILE_START,
    NUM_MONUMENT_TYPES,
    PHARAOHS_MARKED,
    SHEET_WIDTH,
)
from ra.games.write.standing import Table, majority_standing
from ra.games.write.tables import (
    CIV_TABLE,
    END_BONUS_POINTS,
    END_BONUSES,
    GOD_SPACES,
    GOD_SPACES_PER_KINGDOM,
    MONUMENT_ROWS,
    MONUMENT_TYPES,
    NILE_SPACES,
    NUMBER_MAX,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
)
from ra.games.write.words import counted, joined, signed, title

PENALTY = "-5 (with 3 or more players)"


def section_texts(table: Table) -> dict[str, str]:
    """One text per section: what it is and scores, then where the viewer (or everyone) stands now."""
    return {
        "gods": _gods(table),
        "pharaohs": _pharaohs(table),
        "nile": _nile(table),
        "civilization": _civilization(table),
        "monuments": _monuments(table),
    }


def _scored(table: Table, section: str) -> str:
    """Once the game is over: what the section scored in the last Kingdom."""
    rows = table.view["kingdom_scores"][-1]["players"]
    pts = [cast(Mapping[str, Any], row)[section]["points"] for row in rows]
    if table.viewer is not None:
        return f"In the New Kingdom it scored you {signed(pts[table.viewer])}"
    return f"In the New Kingdom it scored {table.each([signed(v) for v in pts])}"


def _gods(table: Table) -> str:
    what = (
        f"Gods: a God card's number goes in any empty space, {GOD_SPACES_PER_KINGDOM} per Kingdom; completing a "
        "Kingdom's three earns a Pharaohs bonus, and at its scoring the highest sum of them scores +5, "
        f"the lowest {PENALTY}."
    )
    if table.over:
        now = _scored(table, "gods")
    elif table.viewer is None:
        now = f"{table.kingdom} sums now: {majority_standing(table, 'gods', 0)}"
    else:
        b = table.viewer * SHEET_WIDTH + GODS_START + table.k * GOD_SPACES_PER_KINGDOM
        empty = sum(1 for i in range(GOD_SPACES_PER_KINGDOM) if not table.sheets[b + i])
        now = f"In the {table.kingdom} {majority_standing(table, 'gods', empty * NUMBER_MAX)}"
    return f"{what} {now} (rules §2, §5)."


def _pharaohs(table: Table) -> str:
    symbols = joined([str(x) for x in PHARAOH_NILE_SYMBOLS])
    what = (
        f"Pharaohs: each Pharaoh marks the leftmost empty of {PHARAOH_SPACES} spaces (spaces {symbols} earn a Nile "
        f"bonus); at every Kingdom's scoring the most marks score +5, the fewest {PENALTY}."
    )
    if table.over:
        now = _scored(table, "pharaohs")
    elif table.viewer is None:
        now = f"Marked now: {majority_standing(table, 'pharaohs', 0)}"
    else:
        reach = PHARAOH_SPACES - table.count(table.viewer, "pharaohs")
        standing = majority_standing(table, "pharaohs", reach)
        now = standing[0].upper() + standing[1:]
    return f"{what} {now} (rules §2, §5)."


def _nile(table: Table) -> str:
    what = (
        f"Nile: numbers in {NILE_SPACES} spaces that never decrease from left to right; filling a part of three "
        "earns a Civilization bonus, and every filled space scores 1 point at each Kingdom's scoring."
    )
    if table.over:
        now = _scored(table, "nile")
    elif table.viewer is None:
        now = f"Filled now: {table.each([table.count(p, 'nile') for p in range(table.n)])}"
    else:
        filled = table.count(table.viewer, "nile")
        now = (
            f"You have {filled} filled: {signed(table.now(table.viewer, 'nile'))} this Kingdom, and each more space "
            f"is worth 1 point {table.at_scorings_left()}"
        )
    return f"{what} {now} (rules §2, §5)."


def _civilization(table: Table) -> str:
    scale = ", ".join(f"{m} {signed(p)}" for m, p in enumerate(CIV_TABLE))
    what = (
        "Civilization: a card marks its type in any Kingdom's line; a line's third mark earns a Monuments bonus. "
        f"At a Kingdom's scoring only its own line counts, by its marks ({scale})."
    )
    if table.over:
        now = _scored(table, "civilization")
    elif table.viewer is None:
        now = f"{table.kingdom} line marks now: {table.each([table.count(p, 'civilization') for p in range(table.n)])}"
    else:
        marks = table.count(table.viewer, "civilization")
        now = f"Your {table.kingdom} line has {counted(marks, 'mark')}: {signed(CIV_TABLE[marks])} this Kingdom"
        better = [m for m in range(marks + 1, len(CIV_TABLE)) if CIV_TABLE[m] > CIV_TABLE[marks]]
        if better:
            need = better[0] - marks
            more = "one more makes" if need == 1 else f"{need} more make"
            now += f" — {more} {signed(CIV_TABLE[better[0]])}"
    return f"{what} {now} (rules §2, §5)."


def _monuments(table: Table) -> str:
    what = (
        f"Monuments: a card marks the top empty space of its type's column ({len(MONUMENT_TYPES)} columns of "
        f"{MONUMENT_ROWS}); each column with a mark scores 1 point at each Kingdom's scoring, each full column "
        f"{END_BONUS_POINTS} at the end, and marking the last empty top earns a bonus in any section."
    )
    if table.over:
        now = _scored(table, "monuments")
    elif table.viewer is None:
        now = f"Columns marked now: {table.each([table.count(p, 'monuments') for p in range(table.n)])}"
    else:
        b = table.viewer * SHEET_WIDTH + MONUMENTS_START
        columns = table.sheets[b : b + NUM_MONUMENT_TYPES]
        full = columns.count(MONUMENT_ROWS)
        now = (
            f"You have {counted(table.count(table.viewer, 'monuments'), 'column')} marked "
            f"({signed(table.now(table.viewer, 'monuments'))} this Kingdom; a new column is worth 1 point "
            f"{table.at_scorings_left()}) and "
            + (f"{full} full (+{full * END_BONUS_POINTS} at the end)" if full else "none full")
        )
    return f"{what} {now} (rules §2, §5, §6)."


# --- the end bonuses (§6) ------------------------------------------------------------------------------------------
END_BONUS_WHAT = {
    "all_gods": f"All Gods: +{END_BONUS_POINTS} at the end with all {GOD_SPACES} Gods spaces filled.",
    "all_pharaohs": f"All Pharaohs: +{END_BONUS_POINTS} at the end with all {PHARAOH_SPACES} spaces marked.",
    "all_nile": f"All Nile: +{END_BONUS_POINTS} at the end with all {NILE_SPACES} Nile spaces filled.",
    "all_monument_columns": f"All Monument columns: +{END_BONUS_POINTS} at the end with a mark in every one of the "
    f"{len(MONUMENT_TYPES)} columns.",
    "full_monument_columns": f"Full Monument columns: +{END_BONUS_POINTS} at the end for each column with all "
    f"{MONUMENT_ROWS} spaces marked.",
}


def _progress(table: Table, seat: int) -> dict[str, str]:
    """How far a sheet is toward each end bonus."""
    b = seat * SHEET_WIDTH
    columns = table.sheets[b + MONUMENTS_START : b + MONUMENTS_END]
    gods = GOD_SPACES - table.sheets[b + GODS_START : b + GODS_END].count(0)
    nile = NILE_SPACES - table.sheets[b + NILE_START : b + NILE_END].count(0)
    missing = [title(t) for t, c in zip(MONUMENT_TYPES, columns, strict=True) if not c]
    almost = sum(1 for c in columns if c == MONUMENT_ROWS - 1)
    return {
        "all_gods": f"{gods} of {GOD_SPACES}",
        "all_pharaohs": f"{table.sheets[b + PHARAOHS_MARKED]} of {PHARAOH_SPACES}",
        "all_nile": f"{nile} of {NILE_SPACES}",
        "all_monument_columns": f"{len(MONUMENT_TYPES) - len(missing)} of {len(MONUMENT_TYPES)}"
        + (f" (missing {joined(missing)})" if missing and len(missing) <= 3 else ""),
        "full_monument_columns": f"{columns.count(MONUMENT_ROWS)} full and {almost} with {MONUMENT_ROWS - 1} marks",
    }


def end_bonus_texts(table: Table) -> dict[str, str]:
    """Each end bonus (keyed as in the view's layout): what it takes, how far the sheets are or what it scored."""
    rows = table.view["end_bonuses"]
    me = table.viewer
    progress = [_progress(table, p) for p in range(table.n)]
    out: dict[str, str] = {}
    for key in END_BONUSES:
        if rows is not None:
            got = [signed(cast(Mapping[str, int], row)[key]) for row in rows]
            now = f"You scored {got[me]}" if me is not None else f"Scored: {table.each(got)}"
        elif me is not None:
            now = f"You have {progress[me][key]}"
        else:
            now = f"Now: {table.each([progress[p][key] for p in range(table.n)])}"
        out[key] = f"{END_BONUS_WHAT[key]} {now} (rules §6)."
    return out
