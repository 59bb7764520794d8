"""The fields of an RA and Write state, in one table: mechanics.WriteRules holds them, state.State builds from them."""

from __future__ import annotations

# The state's fields, written once: name -> True if `clone` copies it (changed in place), False if the clone shares
# it (immutable, or only ever replaced). `new`, `clone`, `from_json` and `from_view` all build from this. The
# moves ("history") and the used cards are kept in SharedLists (moves.py), whose links clones share.
FIELDS: dict[str, bool] = {
    "options": False,
    "num_players": False,
    "seed": False,
    "order": False,
    "deck": False,
    "pos": False,
    "face": False,
    "sheets": True,
    "phase": False,
    "active": False,
    "turn": False,
    "ra": False,
    "cur": False,
    "used": False,
    "lost": False,
    "kingdom_counts": False,
    "kingdom_points": False,
    "bonuses": False,
    "history": False,
    "limited": False,
}

STORED = ("used", "history")  # the fields kept in SharedLists (properties over its slots), not in slots of their own
