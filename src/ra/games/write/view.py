"""Views (docs/VIEWS_WRITE.md) and `from_view`, which rebuilds a full state from a view for search bots.

Scoresheets and choices are public (rules/ra-and-write.md §3); only the undrawn deck order and the seed are hidden.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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
    K_REVEAL,
    KIND_WORDS,
    NOTATION,
)
from ra.games.write.options import Options
from ra.games.write.scoring import NEND, NSEC, god_numbers
from ra.games.write.sheet import (
    BONUS_NAMES,
    C0,
    CHOSEN,
    CL,
    G0,
    GB,
    GT,
    M0,
    MT,
    N0,
    NCIV,
    NMON,
    NP,
    PEND,
    PH,
    SY,
    W,
    blank_block,
)
from ra.games.write.tables import (
    CARD_CODES,
    CARD_KIND,
    CARD_NAMES,
    CARD_VALUE,
    CIV,
    CIV_TABLE,
    CIV_TYPES,
    DECK,
    END_BONUSES,
    GOD,
    GOD_BONUS_NUMBER,
    GOD_SPACES_PER_KINGDOM,
    KIND_NAMES,
    KINGDOM_TITLES,
    KINGDOMS,
    MONUMENT,
    MONUMENT_ROWS,
    MONUMENT_TYPES,
    NILE,
    NILE_BONUS_NUMBERS,
    NILE_PARTS,
    NILE_SPACES,
    PH_OTHERS,
    PH_OVER,
    PH_REVEAL,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
    PHASE_NAMES,
    RA_CARDS,
    RA_PER_KINGDOM,
    SECTIONS,
)

if TYPE_CHECKING:
    from ra.games.write.state import State

CARD_SECTION = {GOD: "gods", NILE: "nile", CIV: "civilization", MONUMENT: "monuments"}
LAYOUT: dict[str, Any] = {
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
}


def card_info(c: int) -> dict[str, Any]:
    """A card as view data: name, kind, number or type."""
    kind = CARD_KIND[c]
    return {
        "card": CARD_NAMES[c],
        "kind": KIND_NAMES[kind],
        "number": CARD_VALUE[c] if kind in (GOD, NILE) else None,
        "type": CIV_TYPES[CARD_VALUE[c]] if kind == CIV else (
            MONUMENT_TYPES[CARD_VALUE[c]] if kind == MONUMENT else None
        ),
    }


def sheet_view(st: State, p: int) -> dict[str, Any]:
    """One player's scoresheet as view data (every space, bonus symbol and total box)."""
    s = st.s
    b = p * W
    limit = st.limit()
    return {
        "gods": [
            {
                "kingdom": KINGDOMS[k],
                "spaces": [s[b + G0 + k * 3 + i] or None for i in range(GOD_SPACES_PER_KINGDOM)],
                "total": s[b + GT + k] if s[b + GT + k] >= 0 else None,
                "bonus_used": bool(s[b + GB + k]),
                "closed": limit >= 0 and k != limit,
            }
            for k in range(len(KINGDOMS))
        ],
        "pharaohs": {
            "marked": s[b + PH],
            "symbols_used": [bool(s[b + SY + i]) for i in range(len(PHARAOH_NILE_SYMBOLS))],
        },
        "nile": {
            "spaces": [s[b + N0 + j] or None for j in range(NILE_SPACES)],
            "parts_used": [bool(s[b + NP + i]) for i in range(len(NILE_PARTS))],
        },
        "civilization": [
            {
                "kingdom": KINGDOMS[k],
                "marks": [bool(s[b + C0 + k * NCIV + t]) for t in range(NCIV)],
                "bonus_used": bool(s[b + CL + k]),
                "closed": limit >= 0 and k != limit,
            }
            for k in range(len(KINGDOMS))
        ],
        "monuments": {"columns": s[b + M0 : b + M0 + NMON], "all_tops_used": bool(s[b + MT])},
    }


def action_info(st: State, a: int, player: int) -> dict[str, Any]:
    """A legal action with the structure a UI needs to map it to a click on the scoresheet."""
    kind = ACT_KIND[a]
    b = player * W
    s = st.s
    out: dict[str, Any] = {
        "id": a, "notation": NOTATION[a], "kind": KIND_WORDS[kind], "card": None, "section": None,
        "space": None, "number": None, "type": None, "lost": False,
    }
    if kind == K_REVEAL:
        return out
    if kind == K_DECLINE:
        out["section"] = BONUS_NAMES[s[b + PEND]]
        return out
    if ACT_SLOT[a] >= 0:
        c = st.face[ACT_SLOT[a]]
        info = card_info(c)
        out.update(card=ACT_SLOT[a] + 1, number=info["number"], type=info["type"])
        ck = CARD_KIND[c]
        out["section"] = CARD_SECTION.get(ck, "pharaohs")
        if kind in (K_CARD_GOD, K_CARD_NILE, K_CARD_CIV):
            out["space"] = ACT_SPACE[a] + 1
        elif ck in (GOD, NILE, CIV):
            out["lost"] = True
        elif ck == MONUMENT:
            row = s[b + M0 + CARD_VALUE[c]]
            out["lost"] = row >= MONUMENT_ROWS
            out["space"] = None if out["lost"] else row + 1
        else:
            out["lost"] = s[b + PH] >= PHARAOH_SPACES
            out["space"] = None if out["lost"] else s[b + PH] + 1
        return out
    if kind == K_BONUS_GOD:
        out.update(section="gods", space=ACT_SPACE[a] + 1, number=GOD_BONUS_NUMBER)
    elif kind == K_BONUS_PHARAOH:
        out.update(section="pharaohs", space=s[b + PH] + 1)
    elif kind == K_BONUS_NILE:
        out.update(section="nile", space=ACT_SPACE[a] + 1, number=ACT_ARG[a])
    elif kind == K_BONUS_CIV:
        out.update(section="civilization", space=ACT_SPACE[a] + 1, type=CIV_TYPES[ACT_ARG[a]])
    elif kind == K_BONUS_MONUMENT:
        out.update(section="monuments", space=s[b + M0 + ACT_ARG[a]] + 1, type=MONUMENT_TYPES[ACT_ARG[a]])
    return out


def player_status(st: State, p: int) -> str:
    """reveal, choosing, bonus, done or waiting."""
    if st.phase == PH_OVER:
        return "done"
    if p in st.current_players():
        return "reveal" if st.phase == PH_REVEAL else ("bonus" if st.s[p * W + PEND] else "choosing")
    if st.phase == PH_OTHERS or st.s[p * W + CHOSEN] >= 0:
        return "done"
    return "waiting"


def composition(cards: list[int]) -> dict[str, int]:
    """Counts by card name, in the canonical deck order."""
    counts: dict[str, int] = {}
    for c in sorted(cards):
        counts[CARD_NAMES[c]] = counts.get(CARD_NAMES[c], 0) + 1
    return counts


def make_view(st: State, viewer: int | None) -> dict[str, Any]:
    """The view of `st` for `viewer` (a seat, or None for a spectator)."""
    n = st.num_players
    s = st.s
    reserved = st.reserved()
    scores = st.scores()
    kingdom_scores = []
    for k, (counts, points) in enumerate(zip(st.kcounts, st.kpoints, strict=True)):
        rows = []
        for p in range(n):
            c, pts = counts[p * NSEC : p * NSEC + NSEC], points[p * NSEC : p * NSEC + NSEC]
            rows.append({**{sec: {"count": c[i], "points": pts[i]} for i, sec in enumerate(SECTIONS)},
                         "total": sum(pts)})
        kingdom_scores.append({"kingdom": KINGDOMS[k], "players": rows})
    bonuses = None
    if st.bonuses:
        bonuses = []
        for p in range(n):
            row = st.bonuses[p * NEND : p * NEND + NEND]
            bonuses.append({**dict(zip(END_BONUSES, row, strict=True)), "total": sum(row)})
    result = None
    if st.phase == PH_OVER:
        result = {
            "scores": scores, "winners": st.winners(), "tie_break": st.tie_break_used(),
            "god_numbers": [god_numbers(s, p) for p in range(n)],
        }
    legal: list[dict[str, Any]] = []
    if viewer is not None and viewer in st.current_players():
        legal = [action_info(st, a, viewer) for a in st.legal_actions(viewer)]
    last = st.history[-1] if st.history else None
    return {
        "game": "write",
        "viewer": viewer,
        "num_players": n,
        "names": st.options.player_names(),
        "options": st.options.to_dict(),
        "layout": LAYOUT,
        "turn": st.turn,
        "kingdom": KINGDOMS[st.kingdom()],
        "phase": PHASE_NAMES[st.phase],
        "active_player": st.active,
        "current_players": list(st.current_players()),
        "ra": {"total": st.ra, "this_kingdom": st.ra - RA_PER_KINGDOM * st.kingdom(),
               "set_aside": st.ra, "kingdoms_scored": len(st.kpoints)},
        "face_up": [
            {"slot": i + 1, **card_info(c), "reserved_by": st.active if i == reserved else None,
             "chosen_by": [p for p in range(n) if s[p * W + CHOSEN] == i]}
            for i, c in enumerate(st.face)
        ],
        "players": [
            {"seat": p, "name": st.options.player_names()[p], "status": player_status(st, p),
             "card": s[p * W + CHOSEN] + 1 if s[p * W + CHOSEN] >= 0 else None,
             "pending_bonus": BONUS_NAMES[s[p * W + PEND]] or None}
            for p in range(n)
        ],
        "sheets": [sheet_view(st, p) for p in range(n)],
        "lost": [
            {"turn": t, "player": p, "entry": "card" if code >= 0 else "bonus",
             "card": CARD_NAMES[code] if code >= 0 else None, "bonus": BONUS_NAMES[-code] if code < 0 else None}
            for t, p, code in st.lost
        ],
        "deck": {"remaining": len(st.deck) - st.pos, "composition": composition(list(st.deck[st.pos :]))},
        "discard": composition(st.used),
        "kingdom_scores": kingdom_scores,
        "end_bonuses": bonuses,
        "scores": scores,
        "legal_actions": legal,
        "result": result,
        "last_move": None if last is None else {
            "player": last.player, "notation": NOTATION[last.action], "draws": list(last.draws)},
    }


def from_view(view: Mapping[str, Any], rng: random.Random) -> State:
    """A full state consistent with `view`: the undrawn deck is shuffled from its public composition."""
    from ra.games.write.state import State

    opts = Options.from_mapping(view["options"])
    n = opts.players
    st = object.__new__(State)
    st.options = opts
    st.num_players = n
    st.seed = None
    st.order = None
    rest = [CARD_CODES[name] for name, k in view["deck"]["composition"].items() for _ in range(k)]
    rng.shuffle(rest)
    left: dict[int, int] = {}
    for c in rest:
        left[c] = left.get(c, 0) + 1
    drawn = []
    for c in DECK:
        if left.get(c):
            left[c] -= 1
        else:
            drawn.append(c)
    st.deck = tuple(drawn + rest)
    st.pos = len(drawn)
    st.face = [CARD_CODES[f["card"]] for f in view["face_up"]]
    st.used = [CARD_CODES[name] for name, k in view["discard"].items() for _ in range(k)]
    st.ra = view["ra"]["total"]
    st.phase = PHASE_NAMES.index(view["phase"])
    st.active = view["active_player"]
    st.turn = view["turn"]
    st._cur = tuple(view["current_players"])
    st.s = s = blank_block() * n
    for p, (sh, pl) in enumerate(zip(view["sheets"], view["players"], strict=True)):
        b = p * W
        for k, g in enumerate(sh["gods"]):
            for i, v in enumerate(g["spaces"]):
                s[b + G0 + k * 3 + i] = v or 0
            s[b + GT + k] = -1 if g["total"] is None else g["total"]
            s[b + GB + k] = int(g["bonus_used"])
        s[b + PH] = sh["pharaohs"]["marked"]
        for i, used in enumerate(sh["pharaohs"]["symbols_used"]):
            s[b + SY + i] = int(used)
        for j, v in enumerate(sh["nile"]["spaces"]):
            s[b + N0 + j] = v or 0
        for i, used in enumerate(sh["nile"]["parts_used"]):
            s[b + NP + i] = int(used)
        for k, line in enumerate(sh["civilization"]):
            for t, mark in enumerate(line["marks"]):
                s[b + C0 + k * NCIV + t] = int(mark)
            s[b + CL + k] = int(line["bonus_used"])
        s[b + M0 : b + M0 + NMON] = sh["monuments"]["columns"]
        s[b + MT] = int(sh["monuments"]["all_tops_used"])
        s[b + PEND] = BONUS_NAMES.index(pl["pending_bonus"] or "")
        s[b + CHOSEN] = -1 if pl["card"] is None else pl["card"] - 1
    st.lost = [
        (x["turn"], x["player"], CARD_CODES[x["card"]] if x["entry"] == "card" else -BONUS_NAMES.index(x["bonus"]))
        for x in view["lost"]
    ]
    st.kcounts = [[r[sec]["count"] for r in ks["players"] for sec in SECTIONS] for ks in view["kingdom_scores"]]
    st.kpoints = [[r[sec]["points"] for r in ks["players"] for sec in SECTIONS] for ks in view["kingdom_scores"]]
    st.bonuses = [r[key] for r in view["end_bonuses"] for key in END_BONUSES] if view["end_bonuses"] else []
    st.history = []  # the moves are not part of a view; a rebuilt state starts a fresh history
    st.limited = opts.kingdom_limited
    return st
