"""A full RA and Write state consistent with a view, for search bots (determinization).

Only the view is read. Everything but the undrawn deck order is public (docs/rules/ra-and-write.md §3), so the
rebuilt state differs from the real one only in that order, sampled with `rng` from the deck's public composition.
The moves are not part of a view: the rebuilt history holds the view's last move only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from ra.core.protocol import Move
from ra.games.write import sheet
from ra.games.write.actions import str_to_action
from ra.games.write.options import Options
from ra.games.write.phases import PHASE_NAMES
from ra.games.write.state import State
from ra.games.write.tables import CARD_CODES, DECK, END_BONUSES, GOD_SPACES_PER_KINGDOM, SECTIONS
from ra.games.write.view import WriteLost, WriteSheetView, WriteView


def from_view(view: Mapping[str, Any], rng: random.Random) -> State:
    """A full state consistent with `view`: the undrawn deck is shuffled from its public composition."""
    v = cast(WriteView, view)
    opts = Options.from_mapping(v["options"])
    n = opts.players
    rest = [CARD_CODES[name] for name, k in v["deck"]["composition"].items() for _ in range(k)]
    rng.shuffle(rest)
    left: dict[int, int] = {}
    for c in rest:
        left[c] = left.get(c, 0) + 1
    drawn = []  # the cards already revealed, in canonical order: their order no longer matters
    for c in DECK:
        if left.get(c):
            left[c] -= 1
        else:
            drawn.append(c)
    sheets: list[int] = []
    for seat_sheet, player in zip(v["sheets"], v["players"], strict=True):
        sheets += sheet_block(seat_sheet, player["pending_bonus"], player["card"])
    last = v["last_move"]
    return State.from_fields(
        options=opts,
        num_players=n,
        seed=None,
        order=None,
        deck=tuple(drawn + rest),
        pos=len(drawn),
        face=[CARD_CODES[f["card"]] for f in v["face_up"]],
        sheets=sheets,
        phase=PHASE_NAMES.index(v["phase"]),
        active=v["active_player"],
        turn=v["turn"],
        ra=v["ra"]["total"],
        cur=tuple(v["current_players"]),
        used=[CARD_CODES[name] for name, k in v["discard"].items() for _ in range(k)],
        lost=[(x["turn"], x["player"], _lost_code(x)) for x in v["lost"]],
        # Rows keyed by the tables' section and bonus names are read as plain mappings.
        kingdom_counts=[[r[sec]["count"] for r in ks["players"] for sec in SECTIONS] for ks in view["kingdom_scores"]],
        kingdom_points=[[r[sec]["points"] for r in ks["players"] for sec in SECTIONS] for ks in view["kingdom_scores"]],
        bonuses=[r[key] for r in view["end_bonuses"] for key in END_BONUSES] if view["end_bonuses"] else [],
        history=[] if last is None else [Move(last["player"], str_to_action(last["notation"]), tuple(last["draws"]))],
        limited=opts.kingdom_limited,
    )


def _lost_code(lost: WriteLost) -> int:
    """A lost entry's code in `State.lost`: the card, or minus the bonus kind."""
    if lost["entry"] == "card":
        return CARD_CODES[lost["card"] or ""]
    return -sheet.BONUS_NAMES.index(lost["bonus"] or "")


def sheet_block(sh: WriteSheetView, pending: str | None, card: int | None) -> list[int]:
    """One seat's block of the flat sheet list from its view (sheet.py)."""
    b = [0] * sheet.SHEET_WIDTH
    for k, g in enumerate(sh["gods"]):
        for i, value in enumerate(g["spaces"]):
            b[sheet.GODS_START + k * GOD_SPACES_PER_KINGDOM + i] = value or 0
        b[sheet.GOD_TOTALS_START + k] = -1 if g["total"] is None else g["total"]
        b[sheet.GOD_BONUSES_START + k] = int(g["bonus_used"])
    b[sheet.PHARAOHS_MARKED] = sh["pharaohs"]["marked"]
    for i, used in enumerate(sh["pharaohs"]["symbols_used"]):
        b[sheet.PHARAOH_SYMBOLS_START + i] = int(used)
    for j, value in enumerate(sh["nile"]["spaces"]):
        b[sheet.NILE_START + j] = value or 0
    for i, used in enumerate(sh["nile"]["parts_used"]):
        b[sheet.NILE_PART_BONUSES_START + i] = int(used)
    for k, line in enumerate(sh["civilization"]):
        for t, mark in enumerate(line["marks"]):
            b[sheet.CIV_START + k * sheet.NUM_CIV_TYPES + t] = int(mark)
        b[sheet.CIV_BONUSES_START + k] = int(line["bonus_used"])
    b[sheet.MONUMENTS_START : sheet.MONUMENTS_END] = sh["monuments"]["columns"]
    b[sheet.ALL_TOPS_BONUS] = int(sh["monuments"]["all_tops_used"])
    b[sheet.PENDING_BONUS] = sheet.BONUS_NAMES.index(pending or "")
    b[sheet.CHOSEN] = -1 if card is None else card - 1
    return b
