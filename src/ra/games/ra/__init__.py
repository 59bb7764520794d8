"""Reiner Knizia's Ra (2-5 players, 2016 Windrider base game) as a rules engine: standard library only.

Rules: /work/shared/rules/ra.md (cited as §n). Views: docs/VIEWS.md. Actions: docs/RA_ACTIONS.md.
"""

from ra.games.ra import tables
from ra.games.ra.actions import NUM_ACTIONS, action_to_str, move_text, str_to_action
from ra.games.ra.fromview import from_view
from ra.games.ra.options import Options
from ra.games.ra.render import render_text
from ra.games.ra.state import GAME, State

TITLE = "Ra"
from ra.games.ra.tables import (
    AUCTION_TRACK_SIZE,
    COUNTS,
    DISK_GROUPS,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RA_TRACK_LENGTH,
    STARTING_SCORE,
)

__all__ = [
    "AUCTION_TRACK_SIZE",
    "COUNTS",
    "DISK_GROUPS",
    "GAME",
    "KINDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_ACTIONS",
    "RA_TRACK_LENGTH",
    "STARTING_SCORE",
    "TITLE",
    "Options",
    "State",
    "action_to_str",
    "from_view",
    "move_text",
    "render_text",
    "str_to_action",
    "tables",
]
