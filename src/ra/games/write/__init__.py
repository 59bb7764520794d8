"""RA and Write (Reiner Knizia, 2025) as a rules engine, standard library only.

Rules: docs/rules/ra-and-write.md (cited as §n). Views: docs/VIEWS_WRITE.md. Actions: docs/WRITE_ACTIONS.md.
Everything outside this package imports from here only.
"""

from ra.core.undo import drawn_or_over
from ra.games.write import actions, phases, sheet, tables, words  # action decoding, sheet layout, the game's words
from ra.games.write.actions import NUM_ACTIONS, action_to_str, move_text, str_to_action
from ra.games.write.explain import TABLE_OPTIONS, explain
from ra.games.write.fromview import from_view
from ra.games.write.narrate import narrate
from ra.games.write.options import OPTIONS, Options
from ra.games.write.render import render_text
from ra.games.write.state import GAME, State
from ra.games.write.tables import (  # kept at the top level as before: stable names for outside code
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
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONUMENT_TYPES,
    NILE_BONUS_NUMBERS,
    NILE_NUMBERS,
    NILE_PARTS,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
)
from ra.games.write.view import (
    WriteCard,
    WriteCivLine,
    WriteDeck,
    WriteEndBonuses,
    WriteFaceUpCard,
    WriteGodsKingdom,
    WriteKingdomRow,
    WriteKingdomScore,
    WriteLastMove,
    WriteLayout,
    WriteLegalAction,
    WriteLost,
    WriteMonuments,
    WriteNile,
    WritePharaohs,
    WritePlayer,
    WriteRaCount,
    WriteResult,
    WriteSectionScore,
    WriteSheetView,
    WriteView,
)
from ra.games.write.words import legal_phrase

TITLE = "RA and Write"

# Pass-like moves a seat whose time ran out plays under the table's `skip` timeout, when legal (optional for a
# game): decline a bonus entry.
PASS_MOVES: tuple[str, ...] = ("decline",)

# How an undo is judged fair (ra.core.undo, optional for a game): its views hide only the deck's order,
# so a move shows nothing hidden unless it drew or ended the game.
reveals = drawn_or_over


def turn_over(before: State, after: State, seat: int) -> bool:
    """Whether `seat`'s action ended its turn (optional for a game; a live clock's increment is earned per turn):
    a turn is the active player's reveals and choice with its bonus chain (§3.1-§3.2), or another player's choice
    with its chain (§3.3); it is over when the seat is no longer to act or a new turn's reveal begins."""
    return seat not in after.current_players() or (after.phase == phases.REVEAL and before.phase != phases.REVEAL)

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
    "OPTIONS",
    "PASS_MOVES",
    "PHARAOH_NILE_SYMBOLS",
    "PHARAOH_SPACES",
    "TABLE_OPTIONS",
    "TITLE",
    "Options",
    "State",
    "WriteCard",
    "WriteCivLine",
    "WriteDeck",
    "WriteEndBonuses",
    "WriteFaceUpCard",
    "WriteGodsKingdom",
    "WriteKingdomRow",
    "WriteKingdomScore",
    "WriteLastMove",
    "WriteLayout",
    "WriteLegalAction",
    "WriteLost",
    "WriteMonuments",
    "WriteNile",
    "WritePharaohs",
    "WritePlayer",
    "WriteRaCount",
    "WriteResult",
    "WriteSectionScore",
    "WriteSheetView",
    "WriteView",
    "action_to_str",
    "actions",
    "explain",
    "from_view",
    "legal_phrase",
    "move_text",
    "narrate",
    "render_text",
    "reveals",
    "sheet",
    "str_to_action",
    "tables",
    "turn_over",
    "words",
]
