"""The text board of an RA and Write view (docs/VIEWS_WRITE.md), in the game's words: reads nothing but the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ra.games.write.view import WriteLayout, WritePlayer, WriteSheetView, WriteView
from ra.games.write.words import (
    DECISIONS,
    SECTION_TITLES,
    STATUS,
    card_title,
    kingdom_title,
    names_of,
    signed,
    title,
)


def _num(value: int | None) -> str:
    return " ·" if value is None else f"{value:2d}"


def _sheet(sheet: WriteSheetView, layout: WriteLayout) -> list[str]:
    """One scoresheet, a line per section (Civilization a line per Kingdom)."""
    gods = "   ".join(
        f"{g['kingdom'].title()} [{' '.join(_num(v) for v in g['spaces'])}]"
        + ("" if g["total"] is None else f" = {g['total']}")
        + (" (closed)" if g["closed"] else "")
        for g in sheet["gods"]
    )
    symbols = layout["pharaoh_nile_symbols"]
    marked = sheet["pharaohs"]["marked"]
    spaces = layout["pharaoh_spaces"]
    cells = [("X" if i < marked else "~") if i + 1 in symbols else ("x" if i < marked else "·") for i in range(spaces)]
    nile = sheet["nile"]["spaces"]
    parts = " | ".join(" ".join(_num(nile[x - 1]) for x in part) for part in layout["nile_parts"])
    civ_head = " ".join(f"{t[:3].title():>4}" for t in layout["civ_types"])
    lines = [
        f"  Gods          {gods}",
        f"  Pharaohs      {' '.join(cells)}  {marked} of {spaces} (~ earns a Nile bonus)",
        f"  Nile          {parts}",
        f"  Civilization    {civ_head}",
    ]
    for line in sheet["civilization"]:
        marks = " ".join(f"{'x' if m else '·':>4}" for m in line["marks"])
        lines.append(f"   {kingdom_title(line['kingdom']):<15}{marks}" + ("  (closed)" if line["closed"] else ""))
    columns = sheet["monuments"]["columns"]
    marked_columns = [f"{title(t)} {c}" for t, c in zip(layout["monument_types"], columns, strict=True) if c]
    rows, count = layout["monument_rows"], len(columns)
    lines.append(
        f"  Monuments     {', '.join(marked_columns) + f' of {rows}' if marked_columns else 'none marked'}"
        f" · {sum(1 for c in columns if c)} of {count} columns marked"
    )
    return lines


def _summary(sheet: WriteSheetView, layout: WriteLayout) -> str:
    """A scoresheet in one line: how far each section is filled."""
    gods = sum(v is not None for g in sheet["gods"] for v in g["spaces"])
    nile = sum(v is not None for v in sheet["nile"]["spaces"])
    civ = "/".join(str(sum(line["marks"])) for line in sheet["civilization"])
    columns = sum(1 for c in sheet["monuments"]["columns"] if c)
    return (
        f"Gods {gods} of {len(sheet['gods']) * layout['god_spaces_per_kingdom']} · "
        f"Pharaohs {sheet['pharaohs']['marked']} of {layout['pharaoh_spaces']} · "
        f"Nile {nile} of {layout['nile_spaces']} · Civilization {civ} (Old/Middle/New) · "
        f"Monuments {columns} of {len(layout['monument_types'])} columns"
    )


def _head(view: WriteView, seat: int) -> str:
    """A seat's name, score (by Kingdom) and progress this turn."""
    parts = [f"{ks['kingdom'].title()} {signed(ks['players'][seat]['total'])}" for ks in view["kingdom_scores"]]
    if view["end_bonuses"]:
        parts.append(f"end bonuses +{view['end_bonuses'][seat]['total']}")
    score = f"score {view['scores'][seat]}" + (f" ({', '.join(parts)})" if parts else "")
    mark = "▶ " if seat in view["current_players"] else ""
    status = "" if view["result"] else f" · {_status(view, view['players'][seat])}"
    return f"{mark}{view['names'][seat]} · {score}{status}"


def _status(view: WriteView, player: WritePlayer) -> str:
    """What a seat is doing this turn, in words."""
    pending = player["pending_bonus"]
    if pending:
        return f"bonus entry to make in {SECTION_TITLES[pending]}"
    card = player["card"]
    if card is not None and view["face_up"]:
        return f"chose card {card} ({card_title(view['face_up'][card - 1]['card'])})"
    return STATUS.get(player["status"], player["status"])


def _face_up(view: WriteView) -> str:
    """The face-up cards and who chose each."""
    cards = []
    for f in view["face_up"]:
        text = f"[{f['slot']}] {card_title(f['card'])}"
        if f["reserved_by"] is not None:
            text += f" (reserved by {view['names'][f['reserved_by']]})"
        others = [p for p in f["chosen_by"] if p != f["reserved_by"]]
        if others:
            text += f" (chosen by {names_of(view, others)})"
        cards.append(text)
    return "Face up: " + "   ".join(cards)


def _footer(view: WriteView) -> str:
    """The result, or who decides what now."""
    result = view["result"]
    if result:
        best = max(result["scores"])
        if len(result["winners"]) > 1:
            return f"Game over: {names_of(view, result['winners'])} share the win with {best}"
        tie = " (tie broken by God numbers)" if result["tie_break"] else ""
        return f"Game over: {names_of(view, result['winners'])} won with {best}{tie}"
    current = view["current_players"]
    what = DECISIONS.get(view["phase"], view["phase"])
    pending = [view["players"][p]["pending_bonus"] for p in current]
    if len(pending) == 1 and pending[0]:
        what = f"make the bonus entry in {SECTION_TITLES[pending[0]]}, or decline it"
    return f"To decide: {names_of(view, current)} - {what}"


def render_text(data: Mapping[str, Any], full: bool = True) -> str:
    """The board as text: Kingdom and Ra count, face-up cards, every scoresheet (not `full`: the viewer's only, the
    others in one line each), scores, and who decides what."""
    view = cast(WriteView, data)
    ra, layout, deck = view["ra"], view["layout"], view["deck"]
    ra_left = deck["composition"].get("ra", 0)
    out = [
        f"{kingdom_title(view['kingdom'])} · Ra cards {ra['this_kingdom']} of {layout['ra_per_kingdom']} this Kingdom "
        f"({ra['total']} of {layout['ra_cards']} in all) · turn {view['turn']} · "
        f"active player {view['names'][view['active_player']]} · deck {deck['remaining']} cards, {ra_left} of them Ra"
    ]
    if view["face_up"]:
        out.append(_face_up(view))
    lost_now = [x for x in view["lost"] if x["turn"] == view["turn"]]
    if lost_now:
        lost = [
            f"{view['names'][x['player']]}'s "
            + (card_title(x["card"]) if x["card"] else f"bonus entry in {SECTION_TITLES[x['bonus'] or 'any']}")
            for x in lost_now
        ]
        out.append(f"Lost this turn (no legal space): {', '.join(lost)}")
    for seat, sheet in enumerate(view["sheets"]):
        if full or seat == view["viewer"]:
            out.append(_head(view, seat))
            out.extend(_sheet(sheet, layout))
        else:
            out.append(f"{_head(view, seat)} · {_summary(sheet, layout)}")
    out.append(_footer(view))
    return "\n".join(out) + "\n"
