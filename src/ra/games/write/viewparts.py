"""An RA and Write view (docs/VIEWS_WRITE.md) built from its parts: the layout, cards, scoresheets, players' progress
and legal-action entries as UIs click them. The shapes are the TypedDicts of view.py."""

from __future__ import annotations

from ra.games.write import sheet
from ra.games.write.actions import (
    ACT_ARG,
    ACT_KIND,
    ACT_SLOT,
    ACT_SPACE,
    K_BONUS_CIV,
    K_BONUS_GOD,
    K_BONUS_MONUMENT,
    K_BONUS_NILE,
    K_BONUS_PHARAOH,
    K_CARD_CIV,
    K_CARD_GOD,
    K_CARD_NILE,
    K_DECLINE,
    KIND_WORDS,
    NOTATION,
)
from ra.games.write.legal import legal_actions
from ra.games.write.mechanics import WriteRules
from ra.games.write.phases import OTHERS_CHOICE, OVER, PHASE_NAMES, REVEAL
from ra.games.write.scorers import TOTALS_BY_PLAYERS
from ra.games.write.scoring import NUM_END_BONUSES, NUM_SECTIONS, god_numbers, winners
from ra.games.write.tables import (
    CARD_KIND,
    CARD_NAMES,
    CARD_VALUE,
    CIV,
    CIV_LINE_BONUS_AT,
    CIV_TABLE,
    CIV_TYPES,
    DECK,
    END_BONUS_POINTS,
    END_BONUSES,
    FACE_UP,
    GAME,
    GOD,
    GOD_BONUS_NUMBER,
    GOD_SPACES_PER_KINGDOM,
    KIND_NAMES,
    KINGDOM_TITLES,
    KINGDOMS,
    MAJORITY_PENALTY_MIN_PLAYERS,
    MAJORITY_POINTS,
    MONUMENT,
    MONUMENT_POINTS_PER_COLUMN,
    MONUMENT_ROWS,
    MONUMENT_TYPES,
    NILE,
    NILE_BONUS_NUMBERS,
    NILE_PARTS,
    NILE_POINTS_PER_SPACE,
    NILE_SPACES,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
    RA_CARDS,
    RA_PER_KINGDOM,
    SECTIONS,
)
from ra.games.write.view import (
    WriteCard,
    WriteEndBonuses,
    WriteKingdomRow,
    WriteLayout,
    WriteLegalAction,
    WriteResult,
    WriteSectionScore,
    WriteSheetView,
    WriteView,
)

CARD_SECTION = {GOD: "gods", NILE: "nile", CIV: "civilization", MONUMENT: "monuments"}
LAYOUT: WriteLayout = {
    "kingdoms": list(KINGDOMS),
    "kingdom_titles": list(KINGDOM_TITLES),
    "sections": list(SECTIONS),
    "god_spaces_per_kingdom": GOD_SPACES_PER_KINGDOM,
    "god_bonus_number": GOD_BONUS_NUMBER,
    "pharaoh_spaces": PHARAOH_SPACES,
    "pharaoh_nile_symbols": list(PHARAOH_NILE_SYMBOLS),
    "nile_spaces": NILE_SPACES,
    "nile_parts": [list(p) for p in NILE_PARTS],
    "nile_bonus_numbers": list(NILE_BONUS_NUMBERS),
    "civ_types": list(CIV_TYPES),
    "civ_table": list(CIV_TABLE),
    "monument_types": list(MONUMENT_TYPES),
    "monument_rows": MONUMENT_ROWS,
    "ra_per_kingdom": RA_PER_KINGDOM,
    "ra_cards": RA_CARDS,
    "end_bonuses": list(END_BONUSES),
    "face_up": FACE_UP,
    "deck_size": len(DECK),
    "cards_per_kind": {name: sum(1 for c in DECK if CARD_KIND[c] == kind) for kind, name in enumerate(KIND_NAMES)},
    "civ_line_bonus_at": CIV_LINE_BONUS_AT,
    "majority_points": MAJORITY_POINTS,
    "majority_penalty_min_players": MAJORITY_PENALTY_MIN_PLAYERS,
    "nile_points_per_space": NILE_POINTS_PER_SPACE,
    "monument_points_per_column": MONUMENT_POINTS_PER_COLUMN,
    "end_bonus_points": END_BONUS_POINTS,
}


# --- the parts ----------------------------------------------------------------------------------------------------
def card_info(c: int) -> WriteCard:
    """A card as view data: name, kind, number or type."""
    kind = CARD_KIND[c]
    value = CARD_VALUE[c]
    return {
        "card": CARD_NAMES[c],
        "kind": KIND_NAMES[kind],
        "number": value if kind in (GOD, NILE) else None,
        "type": CIV_TYPES[value] if kind == CIV else (MONUMENT_TYPES[value] if kind == MONUMENT else None),
    }


def sheet_view(st: WriteRules, p: int) -> WriteSheetView:
    """One player's scoresheet as view data (every space, bonus symbol and total box)."""
    s = st.sheets
    b = p * sheet.SHEET_WIDTH
    limit = st.limit()
    return {
        "gods": [
            {
                "kingdom": KINGDOMS[k],
                "spaces": [
                    s[b + sheet.GODS_START + k * GOD_SPACES_PER_KINGDOM + i] or None
                    for i in range(GOD_SPACES_PER_KINGDOM)
                ],
                "total": s[b + sheet.GOD_TOTALS_START + k] if s[b + sheet.GOD_TOTALS_START + k] >= 0 else None,
                "bonus_used": bool(s[b + sheet.GOD_BONUSES_START + k]),
                "closed": limit >= 0 and k != limit,
            }
            for k in range(len(KINGDOMS))
        ],
        "pharaohs": {
            "marked": s[b + sheet.PHARAOHS_MARKED],
            "symbols_used": [bool(s[b + sheet.PHARAOH_SYMBOLS_START + i]) for i in range(len(PHARAOH_NILE_SYMBOLS))],
        },
        "nile": {
            "spaces": [s[b + sheet.NILE_START + j] or None for j in range(NILE_SPACES)],
            "parts_used": [bool(s[b + sheet.NILE_PART_BONUSES_START + i]) for i in range(len(NILE_PARTS))],
        },
        "civilization": [
            {
                "kingdom": KINGDOMS[k],
                "marks": [
                    bool(s[b + sheet.CIV_START + k * sheet.NUM_CIV_TYPES + t]) for t in range(sheet.NUM_CIV_TYPES)
                ],
                "bonus_used": bool(s[b + sheet.CIV_BONUSES_START + k]),
                "closed": limit >= 0 and k != limit,
            }
            for k in range(len(KINGDOMS))
        ],
        "monuments": {
            "columns": list(s[b + sheet.MONUMENTS_START : b + sheet.MONUMENTS_END]),
            "all_tops_used": bool(s[b + sheet.ALL_TOPS_BONUS]),
        },
    }


def action_info(st: WriteRules, a: int, player: int) -> WriteLegalAction:
    """A legal action with the structure a UI needs to map it to a click on the scoresheet."""
    kind = ACT_KIND[a]
    s = st.sheets
    b = player * sheet.SHEET_WIDTH
    card = space = number = None
    section = type_ = None
    lost = False
    if kind == K_DECLINE:
        section = sheet.BONUS_NAMES[s[b + sheet.PENDING_BONUS]]
    elif ACT_SLOT[a] >= 0:  # a card action
        c = st.face[ACT_SLOT[a]]
        info = card_info(c)
        card, number, type_ = ACT_SLOT[a] + 1, info["number"], info["type"]
        ck = CARD_KIND[c]
        section = CARD_SECTION.get(ck, "pharaohs")
        if kind in (K_CARD_GOD, K_CARD_NILE, K_CARD_CIV):
            space = ACT_SPACE[a] + 1
        elif ck in (GOD, NILE, CIV):
            lost = True
        elif ck == MONUMENT:
            row = s[b + sheet.MONUMENTS_START + CARD_VALUE[c]]
            lost = row >= MONUMENT_ROWS
            space = None if lost else row + 1
        else:
            lost = s[b + sheet.PHARAOHS_MARKED] >= PHARAOH_SPACES
            space = None if lost else s[b + sheet.PHARAOHS_MARKED] + 1
    elif kind == K_BONUS_GOD:
        section, space, number = "gods", ACT_SPACE[a] + 1, GOD_BONUS_NUMBER
    elif kind == K_BONUS_PHARAOH:
        section, space = "pharaohs", s[b + sheet.PHARAOHS_MARKED] + 1
    elif kind == K_BONUS_NILE:
        section, space, number = "nile", ACT_SPACE[a] + 1, ACT_ARG[a]
    elif kind == K_BONUS_CIV:
        section, space, type_ = "civilization", ACT_SPACE[a] + 1, CIV_TYPES[ACT_ARG[a]]
    elif kind == K_BONUS_MONUMENT:
        section, space, type_ = "monuments", s[b + sheet.MONUMENTS_START + ACT_ARG[a]] + 1, MONUMENT_TYPES[ACT_ARG[a]]
    return {
        "id": a, "notation": NOTATION[a], "kind": KIND_WORDS[kind], "card": card, "section": section,
        "space": space, "number": number, "type": type_, "lost": lost,
    }


def player_status(st: WriteRules, p: int) -> str:
    """reveal, choosing, bonus, done or waiting."""
    if st.phase == OVER:
        return "done"
    if p in st.cur:
        if st.phase == REVEAL:
            return "reveal"
        return "bonus" if st.sheets[p * sheet.SHEET_WIDTH + sheet.PENDING_BONUS] else "choosing"
    if st.phase == OTHERS_CHOICE or st.sheets[p * sheet.SHEET_WIDTH + sheet.CHOSEN] >= 0:
        return "done"
    return "waiting"


def composition(cards: list[int]) -> dict[str, int]:
    """Counts by card name, in the canonical deck order."""
    counts: dict[str, int] = {}
    for c in sorted(cards):
        counts[CARD_NAMES[c]] = counts.get(CARD_NAMES[c], 0) + 1
    return counts


def kingdom_row(counts: list[int], points: list[int], p: int) -> WriteKingdomRow:
    """Seat p's row of a scored Kingdom (counts and points are flat [seat * 5 + section])."""
    row = slice(p * NUM_SECTIONS, (p + 1) * NUM_SECTIONS)
    c, pts = counts[row], points[row]
    sections: list[WriteSectionScore] = [{"count": c[i], "points": pts[i]} for i in range(NUM_SECTIONS)]
    return {
        "gods": sections[0], "pharaohs": sections[1], "nile": sections[2], "civilization": sections[3],
        "monuments": sections[4], "total": sum(pts),
    }


def end_bonus_row(bonuses: list[int], p: int) -> WriteEndBonuses:
    """Seat p's end bonuses (flat [seat * 5 + bonus], in END_BONUSES order)."""
    row = bonuses[p * NUM_END_BONUSES : p * NUM_END_BONUSES + NUM_END_BONUSES]
    return {
        "all_gods": row[0], "all_pharaohs": row[1], "all_nile": row[2], "all_monument_columns": row[3],
        "full_monument_columns": row[4], "total": sum(row),
    }


def make_view(st: WriteRules, viewer: int | None) -> WriteView:
    """The view of `st` for `viewer` (a seat, or None for a spectator)."""
    n = st.num_players
    s = st.sheets
    reserved = st.reserved()
    names = st.options.player_names()
    scores = TOTALS_BY_PLAYERS[n](st.kingdom_points, st.bonuses)  # State.scores
    result: WriteResult | None = None
    if st.phase == OVER:
        seats, tie_break = winners(s, scores)
        result = {
            "scores": scores, "winners": seats, "tie_break": tie_break,
            "god_numbers": [god_numbers(s, p) for p in range(n)],
        }
    legal: list[WriteLegalAction] = []
    if viewer is not None and viewer in st.cur:
        legal = [action_info(st, a, viewer) for a in legal_actions(st, viewer)]
    last = st.history[-1] if st.history else None
    return {
        "game": GAME,
        "viewer": viewer,
        "num_players": n,
        "names": names,
        "options": st.options.to_dict(),
        "layout": LAYOUT,
        "turn": st.turn,
        "kingdom": KINGDOMS[st.kingdom()],
        "phase": PHASE_NAMES[st.phase],
        "active_player": st.active,
        "current_players": list(st.cur),
        "ra": {"total": st.ra, "this_kingdom": st.ra - RA_PER_KINGDOM * st.kingdom(),
               "set_aside": st.ra, "kingdoms_scored": len(st.kingdom_points)},
        "face_up": [
            {"slot": i + 1, **card_info(c), "reserved_by": st.active if i == reserved else None,
             "chosen_by": [p for p in range(n) if s[p * sheet.SHEET_WIDTH + sheet.CHOSEN] == i]}
            for i, c in enumerate(st.face)
        ],
        "players": [
            {"seat": p, "name": names[p], "status": player_status(st, p),
             "card": (
                 s[p * sheet.SHEET_WIDTH + sheet.CHOSEN] + 1 if s[p * sheet.SHEET_WIDTH + sheet.CHOSEN] >= 0 else None
             ),
             "pending_bonus": sheet.BONUS_NAMES[s[p * sheet.SHEET_WIDTH + sheet.PENDING_BONUS]] or None}
            for p in range(n)
        ],
        "sheets": [sheet_view(st, p) for p in range(n)],
        "lost": [
            {"turn": t, "player": p, "entry": "card" if code >= 0 else "bonus",
             "card": CARD_NAMES[code] if code >= 0 else None, "bonus": sheet.BONUS_NAMES[-code] if code < 0 else None}
            for t, p, code in st.lost
        ],
        "deck": {"remaining": len(st.deck) - st.pos, "composition": composition(list(st.deck[st.pos :]))},
        "discard": composition(st.used),
        "kingdom_scores": [
            {"kingdom": KINGDOMS[k], "players": [kingdom_row(counts, points, p) for p in range(n)]}
            for k, (counts, points) in enumerate(zip(st.kingdom_counts, st.kingdom_points, strict=True))
        ],
        "end_bonuses": [end_bonus_row(st.bonuses, p) for p in range(n)] if st.bonuses else None,
        "scores": scores,
        "legal_actions": legal,
        "result": result,
        "last_move": None if last is None else {
            "player": last.player, "notation": NOTATION[last.action], "draws": list(last.draws)},
    }
