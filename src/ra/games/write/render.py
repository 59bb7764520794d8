"""The text board of an RA and Write view (docs/VIEWS_WRITE.md), in the game's words: reads nothing but the view.

Every word is a `Text` put into the reader's language by `words` (English by default); only the board's layout (the
columns, brackets and separators) is made here, measured in terminal columns so that wide (Chinese) characters line
up too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, cast

from ra.core.text import Param, Text, about, english, t, tn, tp
from ra.games.write.view import WriteLayout, WritePlayer, WriteSheetView, WriteView
from ra.games.write.words import (
    BONUS_IN,
    CIV_SHORT,
    CIV_TITLES,
    DECISIONS,
    KINGDOM_NAMES,
    KINGDOM_SHORT,
    MONUMENT_TITLES,
    SECTION_TITLES,
    card_title,
    listed,
    names_of,
    seat,
    signed,
    status_text,
)

Words = Callable[[Text | str], str]
LABEL = 14  # the width of the sections' names before their spaces
KINGDOM_ROW = 15  # the width of the Kingdoms' names before their Civilization marks
CIV_COLUMN = 4  # the width of a Civilization column


def width(text: str) -> int:
    """The columns `text` takes in a terminal: two for a wide (East Asian) character, one for any other."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def ljust(text: str, columns: int) -> str:
    """`text` padded with spaces to `columns` terminal columns."""
    return text + " " * max(columns - width(text), 0)


def rjust(text: str, columns: int) -> str:
    """`text` right-aligned in `columns` terminal columns."""
    return " " * max(columns - width(text), 0) + text


def _num(value: int | None) -> str:
    return " ·" if value is None else f"{value:2d}"


def _sheet(sheet: WriteSheetView, layout: WriteLayout, words: Words) -> list[str]:
    """One scoresheet, a line per section (Civilization a line per Kingdom)."""
    closed = words(tp("a Kingdom's spaces on the sheet", "(closed)"))
    gods = "   ".join(
        f"{words(KINGDOM_SHORT[g['kingdom']])} [{' '.join(_num(v) for v in g['spaces'])}]"
        + ("" if g["total"] is None else f" = {g['total']}")
        + (f" {closed}" if g["closed"] else "")
        for g in sheet["gods"]
    )
    symbols = layout["pharaoh_nile_symbols"]
    marked = sheet["pharaohs"]["marked"]
    spaces = layout["pharaoh_spaces"]
    cells = [("X" if i < marked else "~") if i + 1 in symbols else ("x" if i < marked else "·") for i in range(spaces)]
    nile = sheet["nile"]["spaces"]
    parts = " | ".join(" ".join(_num(nile[x - 1]) for x in part) for part in layout["nile_parts"])
    kingdoms = [words(KINGDOM_NAMES[line["kingdom"]]) for line in sheet["civilization"]]
    civilization = words(SECTION_TITLES["civilization"])
    # The Kingdoms' names and the section's name take as many columns as the widest of them needs.
    row = max(KINGDOM_ROW, *(width(k) + 1 for k in kingdoms), width(civilization) + 3)
    civ_head = " ".join(rjust(words(CIV_SHORT[c]), CIV_COLUMN) for c in layout["civ_types"])

    def label(section: str) -> str:
        return ljust(words(SECTION_TITLES[section]), LABEL)

    lines = [
        f"  {label('gods')}{gods}",
        f"  {label('pharaohs')}{' '.join(cells)}  "
        + words(t("{marked} of {spaces} (~ earns a Nile bonus)", marked=marked, spaces=spaces)),
        f"  {label('nile')}{parts}",
        f"  {ljust(civilization, row + 1)}{civ_head}",
    ]
    for name, line in zip(kingdoms, sheet["civilization"], strict=True):
        marks = " ".join(rjust("x" if m else "·", CIV_COLUMN) for m in line["marks"])
        lines.append(f"   {ljust(name, row)}{marks}" + (f"  {closed}" if line["closed"] else ""))
    columns = sheet["monuments"]["columns"]
    count = len(columns)
    marked_columns: list[Param] = [
        t("{monument} {marks}", monument=MONUMENT_TITLES[m], marks=c)
        for m, c in zip(layout["monument_types"], columns, strict=True)
        if c
    ]
    monuments = (
        t("{columns} of {rows}", columns=listed(marked_columns), rows=layout["monument_rows"])
        if marked_columns
        else tp("Monuments", "none marked")
    )
    how_many = t("{marked} of {count} columns marked", marked=sum(1 for c in columns if c), count=count)
    lines.append(f"  {label('monuments')}{words(monuments)} · {words(how_many)}")
    return lines


def _summary(sheet: WriteSheetView, layout: WriteLayout) -> Text:
    """A scoresheet in one line, its entries named as on the viewer's own: the God numbers by Kingdom, the
    Pharaohs marked, the Nile numbers, the Civilization types by Kingdom line and the Monuments marked."""
    none = tp("a section of the sheet without an entry", "none")
    gods: list[Param] = [
        t("{kingdom} {numbers}", kingdom=KINGDOM_SHORT[g["kingdom"]], numbers=" ".join(str(v) for v in filled))
        for g in sheet["gods"]
        if (filled := [v for v in g["spaces"] if v is not None])
    ]
    civilization: list[Param] = [
        t("{kingdom} ({types})", kingdom=KINGDOM_SHORT[line["kingdom"]], types=listed(types))
        for line in sheet["civilization"]
        if (types := [CIV_TITLES[c] for c, m in zip(layout["civ_types"], line["marks"], strict=True) if m])
    ]
    monuments: list[Param] = [
        t("{monument} {marks}", monument=MONUMENT_TITLES[m], marks=c)
        for m, c in zip(layout["monument_types"], sheet["monuments"]["columns"], strict=True)
        if c
    ]
    nile = " ".join(str(v) for v in sheet["nile"]["spaces"] if v is not None)
    return t(
        "Gods {gods} · Pharaohs {pharaohs} of {pharaoh_spaces} · Nile {nile} · Civilization {civilization} · "
        "Monuments {monuments}",
        gods=listed(gods) or none,
        pharaohs=sheet["pharaohs"]["marked"],
        pharaoh_spaces=layout["pharaoh_spaces"],
        nile=nile or none,
        civilization=listed(civilization) or none,
        monuments=listed(monuments) or none,
    )


def _head(view: WriteView, index: int, words: Words) -> str:
    """A seat's name, score (by Kingdom) and progress this turn."""
    parts: list[Param] = [
        t("{kingdom} {points}", kingdom=KINGDOM_SHORT[ks["kingdom"]], points=signed(ks["players"][index]["total"]))
        for ks in view["kingdom_scores"]
    ]
    if view["end_bonuses"]:
        parts.append(t("end bonuses +{points}", points=view["end_bonuses"][index]["total"]))
    score = view["scores"][index]
    scored = t("score {score} ({parts})", score=score, parts=listed(parts)) if parts else t("score {score}",
                                                                                           score=score)
    mark = "▶ " if index in view["current_players"] else ""
    status = "" if view["result"] else f" · {words(_status(view, view['players'][index]))}"
    return f"{mark}{view['names'][index]} · {words(scored)}{status}"


def _status(view: WriteView, player: WritePlayer) -> Text:
    """What a seat is doing this turn, in words."""
    pending = player["pending_bonus"]
    if pending:
        return t("bonus entry to make {section}", section=BONUS_IN[pending])
    card = player["card"]
    if card is not None and view["face_up"]:
        return t("chose card {slot} ({card})", slot=card, card=card_title(view["face_up"][card - 1]["card"]))
    return status_text(view, player["seat"])


def _face_up(view: WriteView, words: Words) -> str:
    """The face-up cards and who chose each."""
    cards = []
    for f in view["face_up"]:
        text = f"[{f['slot']}] {words(card_title(f['card']))}"
        if f["reserved_by"] is not None:
            text += " " + words(t("(reserved by {player})", player=seat(view, f["reserved_by"])))
        others = [p for p in f["chosen_by"] if p != f["reserved_by"]]
        if others:
            text += " " + words(t("(chosen by {players})", players=names_of(view, others)))
        cards.append(text)
    return words(t("Face up: {cards}", cards="   ".join(cards)))


def _footer(view: WriteView) -> Text:
    """The result, or who decides what now."""
    result = view["result"]
    if result:
        best = max(result["scores"])
        winners = result["winners"]
        if len(winners) > 1:
            return t("Game over: {players} share the win with {score}", players=names_of(view, winners), score=best)
        won = seat(view, winners[0])
        if result["tie_break"]:
            return about(
                winners[0],
                t("Game over: {player} won with {score} (tie broken by God numbers)", player=won, score=best),
                t("Game over: you won with {score} (tie broken by God numbers)", score=best),
            )
        return about(
            winners[0],
            t("Game over: {player} won with {score}", player=won, score=best),
            t("Game over: you won with {score}", score=best),
        )
    current = view["current_players"]
    what = DECISIONS[view["phase"]]  # every phase but the end, which has a result
    pending = [view["players"][p]["pending_bonus"] for p in current]
    if len(pending) == 1 and pending[0]:
        what = t("make the bonus entry {section}, or decline it", section=BONUS_IN[pending[0]])
    return t("To decide: {players} - {what}", players=names_of(view, current), what=what)


def _lost(view: WriteView) -> Text | None:
    """The cards and bonus entries lost this turn, or None."""
    lost: list[Param] = []
    for x in view["lost"]:
        if x["turn"] != view["turn"]:
            continue
        player = seat(view, x["player"])
        if x["card"]:
            lost.append(t("{player}'s {card}", player=player, card=card_title(x["card"])))
        else:
            lost.append(t("{player}'s bonus entry {section}", player=player, section=BONUS_IN[x["bonus"] or "any"]))
    return t("Lost this turn (no legal space): {lost}", lost=listed(lost)) if lost else None


def render_text(data: Mapping[str, Any], full: bool = True, words: Words = english) -> str:
    """The board as text: Kingdom and Ra count, face-up cards, every scoresheet (not `full`: the viewer's only, the
    others in one line each), scores, and who decides what; every word put into the reader's language by `words`."""
    view = cast(WriteView, data)
    ra, layout, deck = view["ra"], view["layout"], view["deck"]
    header = [
        words(KINGDOM_NAMES[view["kingdom"]]),
        words(t("Ra cards {count} of {per_kingdom} this Kingdom ({total} of {all} in all)", count=ra["this_kingdom"],
                per_kingdom=layout["ra_per_kingdom"], total=ra["total"], all=layout["ra_cards"])),
        words(t("turn {turn}", turn=view["turn"])),
        words(t("active player {player}", player=seat(view, view["active_player"]))),
        words(tn("deck {n} card, {ra} of them Ra", "deck {n} cards, {ra} of them Ra", deck["remaining"],
                 ra=deck["composition"].get("ra", 0))),
    ]
    out = [" · ".join(header)]
    if view["face_up"]:
        out.append(_face_up(view, words))
    lost = _lost(view)
    if lost is not None:
        out.append(words(lost))
    for index, sheet in enumerate(view["sheets"]):
        if full or index == view["viewer"]:
            out.append(_head(view, index, words))
            out.extend(_sheet(sheet, layout, words))
        else:
            out.append(f"{_head(view, index, words)} · {words(_summary(sheet, layout))}")
    out.append(words(_footer(view)))
    return "\n".join(out) + "\n"
