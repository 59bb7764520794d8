"""RA and Write (Reiner Knizia, 2025): the rules engine (rules/ra-and-write.md), standard library only."""

from ra.games.write.actions import NUM_ACTIONS, action_to_str, move_text, str_to_action
from ra.games.write.options import MAX_PLAYERS, MIN_PLAYERS, Options
from ra.games.write.render import render_text
from ra.games.write.state import State
from ra.games.write.tables import (
    CARD_NAMES,
    CIV_TABLE,
    CIV_TYPES,
    DECK,
    DECK_COUNTS,
    END_BONUS_POINTS,
    END_BONUSES,
    GOD_BONUS_NUMBER,
    GOD_NUMBERS,
    KINGDOMS,
    MONUMENT_TYPES,
    NILE_BONUS_NUMBERS,
    NILE_NUMBERS,
    NILE_PARTS,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
)
from ra.games.write.view import from_view

GAME = "write"
TITLE = "RA and Write"

__all__ = [
    "CARD_NAMES",
    "CIV_TABLE",
    "CIV_TYPES",
    "DECK",
    "DECK_COUNTS",
    "END_BONUSES",
    "END_BONUS_POINTS",
    "GAME",
    "GOD_BONUS_NUMBER",
    "GOD_NUMBERS",
    "KINGDOMS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MONUMENT_TYPES",
    "NILE_BONUS_NUMBERS",
    "NILE_NUMBERS",
    "NILE_PARTS",
    "NUM_ACTIONS",
    "PHARAOH_NILE_SYMBOLS",
    "PHARAOH_SPACES",
    "TITLE",
    "Options",
    "State",
    "action_to_str",
    "from_view",
    "move_text",
    "render_text",
    "str_to_action",
]
