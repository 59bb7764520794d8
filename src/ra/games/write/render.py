"""A readable terminal drawing of an RA and Write view (docs/VIEWS_WRITE.md): reads nothing but the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ra.games.write.view import WriteLayout, WriteSheetView, WriteView

ABBREV = {
    "agriculture": "agr", "art": "art", "astronomy": "ast", "religion": "rel", "writing": "wri",
    "fortress": "for", "obelisk": "obe", "palace": "pal", "pyramid": "pyr", "sphinx": "sph", "statue": "sta",
    "step_pyramid": "ste", "temple": "tem",
}


def _num(v: int | None) -> str:
    return " ." if v is None else f"{v:2d}"


def _sheet(sheet: WriteSheetView, layout: WriteLayout) -> list[str]:
    lines = []
    gods = "  ".join(
        f"{g['kingdom'].title():7s}[{' '.join(_num(v) for v in g['spaces'])}]="
        f"{'' if g['total'] is None else g['total']:<3}{'*' if g['bonus_used'] else ' '}"
        f"{'(closed)' if g['closed'] else ''}"
        for g in sheet["gods"]
    )
    lines.append(f"  Gods       {gods}")
    ph = sheet["pharaohs"]
    symbols = layout["pharaoh_nile_symbols"]
    cells = []
    for i in range(layout["pharaoh_spaces"]):
        mark = "x" if i < ph["marked"] else "."
        if i + 1 in symbols:
            mark = "X" if i < ph["marked"] else "~"
        cells.append(mark)
    lines.append(f"  Pharaohs   [{' '.join(cells)}]  {ph['marked']}/{layout['pharaoh_spaces']}  (~ Nile symbol)")
    nile = sheet["nile"]
    parts = []
    for i, part in enumerate(layout["nile_parts"]):
        parts.append(" ".join(_num(nile["spaces"][x - 1]) for x in part) + ("*" if nile["parts_used"][i] else " "))
    lines.append(f"  Nile       [{' | '.join(parts)}]")
    head = " ".join(f"{ABBREV.get(t, t[:3]):>3}" for t in layout["civ_types"])
    lines.append(f"  Civ        {head}")
    for line in sheet["civilization"]:
        marks = " ".join(f"{'x' if m else '.':>3}" for m in line["marks"])
        flag = ("*" if line["bonus_used"] else " ") + (" (closed)" if line["closed"] else "")
        lines.append(f"   {line['kingdom'].title():9s}{marks} {flag}")
    cols = sheet["monuments"]["columns"]
    mhead = " ".join(f"{ABBREV.get(t, t[:3]):>3}" for t in layout["monument_types"])
    lines.append(f"  Monuments  {mhead}{'  all tops *' if sheet['monuments']['all_tops_used'] else ''}")
    rows = layout["monument_rows"]
    lines.append("             " + " ".join(f"{c}/{rows}" for c in cols))
    return lines


def render_text(data: Mapping[str, Any]) -> str:
    """Every scoresheet, the face-up cards, the Ra count, the Kingdom and whose decision it is, as text."""
    view = cast(WriteView, data)
    names = view["names"]
    layout = view["layout"]
    ra = view["ra"]
    out = [
        f"RA and Write - turn {view['turn']} - {view['kingdom'].title()} Kingdom - "
        f"Ra {ra['this_kingdom']}/{layout['ra_per_kingdom']} this Kingdom ({ra['total']}/{layout['ra_cards']} "
        f"set aside) - deck {view['deck']['remaining']} cards"
    ]
    to_act = ", ".join(f"P{p} {names[p]}" for p in view["current_players"]) or "nobody"
    out.append(f"Active: P{view['active_player']} {names[view['active_player']]} - phase {view['phase']} - "
               f"to act: {to_act}")
    if view["face_up"]:
        cards = []
        for f in view["face_up"]:
            extra = f" reserved by P{f['reserved_by']}" if f["reserved_by"] is not None else ""
            others = [p for p in f["chosen_by"] if p != f["reserved_by"]]
            if others:
                extra += " chosen by " + ",".join(f"P{p}" for p in others)
            cards.append(f"[{f['slot']}] {f['card']}{extra}")
        out.append("Face up: " + "   ".join(cards))
    lost_now = [x for x in view["lost"] if x["turn"] == view["turn"]]
    if lost_now:
        lost = [f"P{x['player']} " + (x["card"] or f"bonus {x['bonus']}") for x in lost_now]
        out.append("Lost this turn: " + ", ".join(lost))
    for p, (sheet, pl) in enumerate(zip(view["sheets"], view["players"], strict=True)):
        status = pl["status"] + (f" ({pl['pending_bonus']})" if pl["pending_bonus"] else "")
        card = f" card {pl['card']}" if pl["card"] is not None else ""
        out.append(f"== P{p} {names[p]}  score {view['scores'][p]}  {status}{card} ==")
        out.extend(_sheet(sheet, layout))
    # Score rows are keyed by the layout's section and bonus names, so they are read as plain mappings.
    for ks in data["kingdom_scores"]:
        out.append(f"{ks['kingdom'].title()} Kingdom scored:")
        for p, row in enumerate(ks["players"]):
            parts = " ".join(f"{sec}={row[sec]['count']}->{row[sec]['points']:+d}" for sec in layout["sections"])
            out.append(f"  P{p} {parts}  total {row['total']:+d}")
    if data["end_bonuses"]:
        out.append("End bonuses:")
        for p, bonuses in enumerate(data["end_bonuses"]):
            text = " ".join(f"{k}={bonuses[k]}" for k in layout["end_bonuses"])
            out.append(f"  P{p} {text} total {bonuses['total']}")
    if view["result"]:
        res = view["result"]
        win = ", ".join(f"P{p} {names[p]}" for p in res["winners"])
        tie = " (tie-break on God numbers)" if res["tie_break"] else ""
        out.append(f"Final scores {res['scores']} - winner(s): {win}{tie}")
    return "\n".join(out) + "\n"
