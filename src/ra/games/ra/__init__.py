"""Reiner Knizia's Ra (2-5 players, 2016 Windrider base game) as a rules engine: standard library only.

Rules: docs/rules/ra.md (cited as §n, R1-R4, A1, E1-E24). Views: docs/VIEWS.md. Actions: docs/RA_ACTIONS.md.
`render_text`, `narrate` and `explain` read views only and speak the game's words (`words`), never view keys.
Everything outside this package imports from here, never from its modules.
"""

from collections.abc import Sequence

from ra.core.undo import drawn_or_over
from ra.games.ra import phases, scoring, standing, tables, words  # the game's words: names, `action_phrase`
from ra.games.ra.actions import NUM_ACTIONS, action_to_str, move_text, str_to_action
from ra.games.ra.explain import TABLE_OPTIONS, RaExplanation, explain
from ra.games.ra.fromview import from_view
from ra.games.ra.narrate import narrate
from ra.games.ra.options import OPTIONS, Options, RaOptionsData
from ra.games.ra.render import render_text
from ra.games.ra.scoring import RaScoreRow
from ra.games.ra.state import GAME, State
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
from ra.games.ra.view import (
    RaAuction,
    RaBid,
    RaDisaster,
    RaDisks,
    RaEpochScores,
    RaGods,
    RaKindGroup,
    RaLastMove,
    RaLegalAction,
    RaResult,
    RaTrackView,
    RaView,
    make_views,
)
from ra.games.ra.words import legal_phrase

TITLE = "Ra"

# Pass-like moves a seat whose time ran out plays under the table's `skip` timeout, when legal (optional for a
# game): pass in an auction (§5), stop spending gods (§6).
PASS_MOVES: tuple[str, ...] = ("pass", "done")

# How an undo is judged fair (ra.core.undo, optional for a game): its views hide the bag's order and, by
# option, the scores, which only the game's end shows,
# so a move shows nothing hidden unless it drew or ended the game.
reveals = drawn_or_over


def views(state: State, viewers: Sequence[int | None]) -> list[RaView]:
    """The views of one state for several viewers at once (optional for a game: the server makes every seat's
    view of a version): equal to `state.view(viewer)` each, the public parts built once and shared (read only)."""
    return make_views(state, viewers)


def turn_over(before: State, after: State, seat: int) -> bool:
    """Whether `seat`'s action ended its turn (optional for a game; a live clock's increment is earned per turn):
    not while it goes on choosing gods' tiles or the tiles a disaster destroys (§6, §7)."""
    return seat not in after.current_players() or after.phase not in phases.TURN_GOES_ON

__all__ = [
    "AUCTION_TRACK_SIZE",
    "COUNTS",
    "DISK_GROUPS",
    "GAME",
    "KINDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_ACTIONS",
    "OPTIONS",
    "PASS_MOVES",
    "RA_TRACK_LENGTH",
    "STARTING_SCORE",
    "TABLE_OPTIONS",
    "TITLE",
    "Options",
    "RaAuction",
    "RaBid",
    "RaDisaster",
    "RaDisks",
    "RaEpochScores",
    "RaExplanation",
    "RaGods",
    "RaKindGroup",
    "RaLastMove",
    "RaLegalAction",
    "RaOptionsData",
    "RaResult",
    "RaScoreRow",
    "RaTrackView",
    "RaView",
    "State",
    "action_to_str",
    "explain",
    "from_view",
    "legal_phrase",
    "move_text",
    "narrate",
    "phases",
    "render_text",
    "reveals",
    "scoring",
    "standing",
    "str_to_action",
    "tables",
    "turn_over",
    "views",
    "words",
]
