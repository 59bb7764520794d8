"""The scoresheet's sections (docs/rules/ra-and-write.md §2, §5) and end bonuses (§6) explained for a viewer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ra.core.text import Param, Text, items, t, tn
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
from ra.games.write.words import KINGDOM_NAMES, MONUMENT_TITLES, OF_KINGDOM, signed


def section_texts(table: Table) -> dict[str, Text]:
    """One text per section: what it is and scores, then where the viewer (or everyone) stands now."""
    return {
        "gods": _gods(table),
        "pharaohs": _pharaohs(table),
        "nile": _nile(table),
        "civilization": _civilization(table),
        "monuments": _monuments(table),
    }


def _scored(table: Table, section: str) -> Text:
    """Once the game is over: what the section scored in the last Kingdom."""
    rows = table.view["kingdom_scores"][-1]["players"]
    pts = [cast(Mapping[str, Any], row)[section]["points"] for row in rows]
    if table.viewer is not None:
        return t("In the New Kingdom it scored you {points}", points=signed(pts[table.viewer]))
    return t("In the New Kingdom it scored {each}", each=table.each([signed(v) for v in pts]))


def _explained(what: Text, now: Text) -> Text:
    """A section: what it is, where it stands (rules §2, §5)."""
    return t("{what} {now} (rules §2, §5).", what=what, now=now)


def _gods(table: Table) -> Text:
    what = t("Gods: a God card's number goes in any empty space, {per_kingdom} per Kingdom; completing a Kingdom's "
             "three earns a Pharaohs bonus, and at its scoring the highest sum of them scores +5, the lowest -5 (with "
             "3 or more players).", per_kingdom=GOD_SPACES_PER_KINGDOM)
    if table.over:
        now = _scored(table, "gods")
    elif table.viewer is None:
        now = t("{kingdom} sums now: {standing}", kingdom=KINGDOM_NAMES[table.kingdom],
                standing=majority_standing(table, "gods", 0))
    else:
        b = table.viewer * SHEET_WIDTH + GODS_START + table.k * GOD_SPACES_PER_KINGDOM
        empty = sum(1 for i in range(GOD_SPACES_PER_KINGDOM) if not table.sheets[b + i])
        now = majority_standing(table, "gods", empty * NUMBER_MAX)
    return _explained(what, now)


def _pharaohs(table: Table) -> Text:
    what = t("Pharaohs: each Pharaoh marks the leftmost empty of {spaces} spaces (spaces {symbols} earn a Nile "
             "bonus); at every Kingdom's scoring the most marks score +5, the fewest -5 (with 3 or more players).",
             spaces=PHARAOH_SPACES, symbols=items([str(x) for x in PHARAOH_NILE_SYMBOLS]))
    if table.over:
        now = _scored(table, "pharaohs")
    elif table.viewer is None:
        now = t("Marked now: {standing}", standing=majority_standing(table, "pharaohs", 0))
    else:
        reach = PHARAOH_SPACES - table.count(table.viewer, "pharaohs")
        now = majority_standing(table, "pharaohs", reach)
    return _explained(what, now)


def _nile(table: Table) -> Text:
    what = t("Nile: numbers in {spaces} spaces that never decrease from left to right; filling a part of three earns "
             "a Civilization bonus, and every filled space scores 1 point at each Kingdom's scoring.",
             spaces=NILE_SPACES)
    if table.over:
        now = _scored(table, "nile")
    elif table.viewer is None:
        now = t("Filled now: {each}", each=table.each([table.count(p, "nile") for p in range(table.n)]))
    else:
        now = t("You have {filled} filled: {points} this Kingdom, and each more space is worth 1 point {when}",
                filled=table.count(table.viewer, "nile"), points=signed(table.now(table.viewer, "nile")),
                when=table.at_scorings_left())
    return _explained(what, now)


def _civilization(table: Table) -> Text:
    scale = ", ".join(f"{m} {signed(p)}" for m, p in enumerate(CIV_TABLE))  # numbers only: "0 -5, 1 0, 2 0, …"
    what = t("Civilization: a card marks its type in any Kingdom's line; a line's third mark earns a Monuments bonus. "
             "At a Kingdom's scoring only its own line counts, by its marks ({scale}).", scale=scale)
    now: Text
    if table.over:
        now = _scored(table, "civilization")
    elif table.viewer is None:
        now = t("{kingdom} line marks now: {each}", kingdom=KINGDOM_NAMES[table.kingdom],
                each=table.each([table.count(p, "civilization") for p in range(table.n)]))
    else:
        marks = table.count(table.viewer, "civilization")
        line: dict[str, Param] = {"kingdom": OF_KINGDOM[table.kingdom], "points": signed(CIV_TABLE[marks])}
        better = [m for m in range(marks + 1, len(CIV_TABLE)) if CIV_TABLE[m] > CIV_TABLE[marks]]
        if better:
            more = tn("one more makes {value}", "{n} more make {value}", better[0] - marks,
                      value=signed(CIV_TABLE[better[0]]))
            now = tn("Your {kingdom} line has {n} mark: {points} this Kingdom — {more}",
                     "Your {kingdom} line has {n} marks: {points} this Kingdom — {more}", marks, more=more, **line)
        else:
            now = tn("Your {kingdom} line has {n} mark: {points} this Kingdom",
                     "Your {kingdom} line has {n} marks: {points} this Kingdom", marks, **line)
    return _explained(what, now)


def _monuments(table: Table) -> Text:
    what = t("Monuments: a card marks the top empty space of its type's column ({columns} columns of {rows}); each "
             "column with a mark scores 1 point at each Kingdom's scoring, each full column {points} at the end, and "
             "marking the last empty top earns a bonus in any section.", columns=len(MONUMENT_TYPES),
             rows=MONUMENT_ROWS, points=END_BONUS_POINTS)
    if table.over:
        now = _scored(table, "monuments")
    elif table.viewer is None:
        now = t("Columns marked now: {each}", each=table.each([table.count(p, "monuments") for p in range(table.n)]))
    else:
        b = table.viewer * SHEET_WIDTH + MONUMENTS_START
        columns = table.sheets[b : b + NUM_MONUMENT_TYPES]
        full = columns.count(MONUMENT_ROWS)
        now = tn("You have {n} column marked ({points} this Kingdom; a new column is worth 1 point {when}) and {full}",
                 "You have {n} columns marked ({points} this Kingdom; a new column is worth 1 point {when}) and "
                 "{full}", table.count(table.viewer, "monuments"),
                 points=signed(table.now(table.viewer, "monuments")), when=table.at_scorings_left(),
                 full=t("{full} full (+{points} at the end)", full=full, points=full * END_BONUS_POINTS) if full
                 else t("none full"))
    return t("{what} {now} (rules §2, §5, §6).", what=what, now=now)


# --- the end bonuses (§6) ------------------------------------------------------------------------------------------
END_BONUS_WHAT: dict[str, Text] = {
    "all_gods": t("All Gods: +{points} at the end with all {spaces} Gods spaces filled.", points=END_BONUS_POINTS,
                  spaces=GOD_SPACES),
    "all_pharaohs": t("All Pharaohs: +{points} at the end with all {spaces} spaces marked.", points=END_BONUS_POINTS,
                      spaces=PHARAOH_SPACES),
    "all_nile": t("All Nile: +{points} at the end with all {spaces} Nile spaces filled.", points=END_BONUS_POINTS,
                  spaces=NILE_SPACES),
    "all_monument_columns": t("All Monument columns: +{points} at the end with a mark in every one of the {columns} "
                              "columns.", points=END_BONUS_POINTS, columns=len(MONUMENT_TYPES)),
    "full_monument_columns": t("Full Monument columns: +{points} at the end for each column with all {rows} spaces "
                               "marked.", points=END_BONUS_POINTS, rows=MONUMENT_ROWS),
}


def _progress(table: Table, seat: int) -> dict[str, Text]:
    """How far a sheet is toward each end bonus."""
    b = seat * SHEET_WIDTH
    columns = table.sheets[b + MONUMENTS_START : b + MONUMENTS_END]
    gods = GOD_SPACES - table.sheets[b + GODS_START : b + GODS_END].count(0)
    nile = NILE_SPACES - table.sheets[b + NILE_START : b + NILE_END].count(0)
    missing = [MONUMENT_TITLES[m] for m, c in zip(MONUMENT_TYPES, columns, strict=True) if not c]
    almost = sum(1 for c in columns if c == MONUMENT_ROWS - 1)
    marked = len(MONUMENT_TYPES) - len(missing)
    return {
        "all_gods": t("{done} of {all}", done=gods, all=GOD_SPACES),
        "all_pharaohs": t("{done} of {all}", done=table.sheets[b + PHARAOHS_MARKED], all=PHARAOH_SPACES),
        "all_nile": t("{done} of {all}", done=nile, all=NILE_SPACES),
        "all_monument_columns": (
            t("{done} of {all} (missing {missing})", done=marked, all=len(MONUMENT_TYPES), missing=items(missing))
            if missing and len(missing) <= 3 else t("{done} of {all}", done=marked, all=len(MONUMENT_TYPES))
        ),
        "full_monument_columns": tn("{full} full and {almost} with {n} mark", "{full} full and {almost} with {n} marks",
                                    MONUMENT_ROWS - 1, full=columns.count(MONUMENT_ROWS), almost=almost),
    }


def end_bonus_texts(table: Table) -> dict[str, Text]:
    """Each end bonus (keyed as in the view's layout): what it takes, how far the sheets are or what it scored."""
    rows = table.view["end_bonuses"]
    me = table.viewer
    progress = [_progress(table, p) for p in range(table.n)]
    out: dict[str, Text] = {}
    for key in END_BONUSES:
        if rows is not None:
            got = [signed(cast(Mapping[str, int], row)[key]) for row in rows]
            now = t("You scored {points}", points=got[me]) if me is not None else t("Scored: {each}",
                                                                                   each=table.each(got))
        elif me is not None:
            now = t("You have {progress}", progress=progress[me][key])
        else:
            now = t("Now: {each}", each=table.each([progress[p][key] for p in range(table.n)]))
        out[key] = t("{what} {now} (rules §6).", what=END_BONUS_WHAT[key], now=now)
    return out
