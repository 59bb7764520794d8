"""The RA and Write state as JSON (hidden information included: for storage, never for players), and the deck
built from an explicit `order`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.core.protocol import Move
from ra.core.text import t, tn
from ra.games.write.mechanics import WriteRules
from ra.games.write.options import Options
from ra.games.write.phases import PHASE_NAMES
from ra.games.write.sheet import BONUS_NAMES
from ra.games.write.tables import CARD_CODES, CARD_NAMES, DECK, DECK_COUNTS, GAME


def deck_from_order(order: Sequence[str]) -> tuple[int, ...]:
    """The deck: `order` (card names, first revealed first, possibly a prefix), then the rest canonically."""
    left = dict(DECK_COUNTS)
    codes: list[int] = []
    for name in order:
        if name not in CARD_CODES:
            raise ValueError(t("{card} is not an RA and Write card (e.g. {examples})", card=repr(name),
                               examples="god:17, nile:4, pharaoh, civ:art, ra"))
        if left[name] == 0:
            raise ValueError(tn("the deck holds only {n} {card} card", "the deck holds only {n} {card} cards",
                                DECK_COUNTS[name], card=name))
        left[name] -= 1
        codes.append(CARD_CODES[name])
    for c in DECK:
        name = CARD_NAMES[c]
        if left[name]:
            left[name] -= 1
            codes.append(c)
    return tuple(codes)


def state_to_json(st: WriteRules) -> dict[str, Any]:
    """The full state as JSON-able data (includes the deck order; for storage, not for players)."""
    return {
        "game": GAME,
        "options": st.options.to_dict(),
        "seed": st.seed,
        "order": list(st.order) if st.order is not None else None,
        "deck": [CARD_NAMES[c] for c in st.deck],
        "pos": st.pos,
        "face": [CARD_NAMES[c] for c in st.face],
        "sheets": list(st.sheets),
        "phase": PHASE_NAMES[st.phase],
        "active": st.active,
        "turn": st.turn,
        "ra": st.ra,
        "current": list(st.cur),
        "used": [CARD_NAMES[c] for c in st.used],
        "lost": [[t, p, lost_name(code)] for t, p, code in st.lost],
        "kingdom_counts": [list(x) for x in st.kingdom_counts],
        "kingdom_points": [list(x) for x in st.kingdom_points],
        "end_bonuses": list(st.bonuses),
        "history": [[m.player, m.action, list(m.draws)] for m in st.history],
    }


def fields_from_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """Every field of a state (fields.FIELDS, for `State.from_fields`) from `state_to_json` data."""
    options = Options.from_mapping(data["options"])
    return dict(
        options=options,
        num_players=options.players,
        seed=data["seed"],
        order=tuple(data["order"]) if data["order"] is not None else None,
        deck=tuple(CARD_CODES[n] for n in data["deck"]),
        pos=data["pos"],
        face=[CARD_CODES[n] for n in data["face"]],
        sheets=list(data["sheets"]),
        phase=PHASE_NAMES.index(data["phase"]),
        active=data["active"],
        turn=data["turn"],
        ra=data["ra"],
        cur=tuple(data["current"]),
        used=[CARD_CODES[n] for n in data["used"]],
        lost=[(t, p, lost_code(n)) for t, p, n in data["lost"]],
        kingdom_counts=[list(x) for x in data["kingdom_counts"]],
        kingdom_points=[list(x) for x in data["kingdom_points"]],
        bonuses=list(data["end_bonuses"]),
        history=[Move(p, a, tuple(d)) for p, a, d in data["history"]],
        limited=options.kingdom_limited,
    )


def lost_name(code: int) -> str:
    """A lost entry's name: the card name, or ``bonus:<section>`` for a lost bonus entry."""
    return CARD_NAMES[code] if code >= 0 else f"bonus:{BONUS_NAMES[-code]}"


def lost_code(name: str) -> int:
    """The inverse of `lost_name`."""
    if name.startswith("bonus:"):
        return -BONUS_NAMES.index(name[6:])
    return CARD_CODES[name]
