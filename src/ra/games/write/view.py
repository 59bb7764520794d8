"""Views (docs/VIEWS_WRITE.md): the TypedDicts that give the shape of what a seat or a spectator sees.

Scoresheets and choices are public (docs/rules/ra-and-write.md §3); only the undrawn deck order and the seed are
hidden, so every viewer sees the same view except `viewer` and `legal_actions`. viewparts.py builds views.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ra.core.protocol import LegalAction


# --- the shape of a view (docs/VIEWS_WRITE.md) -----------------------------------------------------------------------
class WriteLayout(TypedDict):
    """The scoresheet and deck as data, to draw them."""
    kingdoms: list[str]
    kingdom_titles: list[str]
    sections: list[str]
    god_spaces_per_kingdom: int
    god_bonus_number: int
    pharaoh_spaces: int
    pharaoh_nile_symbols: list[int]
    nile_spaces: int
    nile_parts: list[list[int]]
    nile_bonus_numbers: list[int]
    civ_types: list[str]
    civ_table: list[int]
    monument_types: list[str]
    monument_rows: int
    ra_per_kingdom: int
    ra_cards: int
    end_bonuses: list[str]
    # rules numbers, for a rules panel (docs/rules/ra-and-write.md §1, §3, §5, §6)
    face_up: int
    deck_size: int
    cards_per_kind: dict[str, int]
    civ_line_bonus_at: int
    majority_points: int
    majority_penalty_min_players: int
    nile_points_per_space: int
    monument_points_per_column: int
    end_bonus_points: int


class WriteCard(TypedDict):
    """A card: its name, kind, and number (God, Nile) or type (Civilization, Monument)."""
    card: str
    kind: str
    number: int | None
    type: str | None


class WriteFaceUpCard(WriteCard):
    """A face-up card and who chose it this turn."""
    slot: int
    reserved_by: int | None
    chosen_by: list[int]


class WriteGodsKingdom(TypedDict):
    """One Kingdom's three Gods spaces, total box and bonus symbol."""
    kingdom: str
    spaces: list[int | None]
    total: int | None
    bonus_used: bool
    closed: bool


class WritePharaohs(TypedDict):
    """The Pharaohs row: marked spaces (the leftmost ones) and its Nile symbols."""
    marked: int
    symbols_used: list[bool]


class WriteNile(TypedDict):
    """The Nile row and its parts' bonus symbols."""
    spaces: list[int | None]
    parts_used: list[bool]


class WriteCivLine(TypedDict):
    """One Kingdom's Civilization line."""
    kingdom: str
    marks: list[bool]
    bonus_used: bool
    closed: bool


class WriteMonuments(TypedDict):
    """Marks per Monument column (top down) and the all-tops bonus symbol."""
    columns: list[int]
    all_tops_used: bool


class WriteSheetView(TypedDict):
    """One player's scoresheet: every space, bonus symbol and total box."""
    gods: list[WriteGodsKingdom]
    pharaohs: WritePharaohs
    nile: WriteNile
    civilization: list[WriteCivLine]
    monuments: WriteMonuments


class WriteLegalAction(LegalAction):
    """A legal action with what a UI needs to map it to a click on the scoresheet (docs/VIEWS_WRITE.md)."""
    kind: str
    card: int | None
    section: str | None
    space: int | None
    number: int | None
    type: str | None
    lost: bool


class WritePlayer(TypedDict):
    """A seat's progress this turn."""
    seat: int
    name: str
    status: str
    card: int | None
    pending_bonus: str | None


class WriteLost(TypedDict):
    """A card or bonus entry lost for want of a legal space."""
    turn: int
    player: int
    entry: str
    card: str | None
    bonus: str | None


class WriteSectionScore(TypedDict):
    """What counted in a section and the points it gave."""
    count: int
    points: int


class WriteKingdomRow(TypedDict):
    """One seat's score for a Kingdom, by section (the keys of tables.SECTIONS) and in total."""
    gods: WriteSectionScore
    pharaohs: WriteSectionScore
    nile: WriteSectionScore
    civilization: WriteSectionScore
    monuments: WriteSectionScore
    total: int


class WriteKingdomScore(TypedDict):
    """A scored Kingdom."""
    kingdom: str
    players: list[WriteKingdomRow]


class WriteEndBonuses(TypedDict):
    """One seat's end bonuses (the keys of tables.END_BONUSES) and their total."""
    all_gods: int
    all_pharaohs: int
    all_nile: int
    all_monument_columns: int
    full_monument_columns: int
    total: int


class WriteResult(TypedDict):
    """The final result."""
    scores: list[int]
    winners: list[int]
    tie_break: bool
    god_numbers: list[list[int]]


class WriteRaCount(TypedDict):
    """Ra cards set aside."""
    total: int
    this_kingdom: int
    set_aside: int
    kingdoms_scored: int


class WriteDeck(TypedDict):
    """The undrawn deck as public counts (never its order)."""
    remaining: int
    composition: dict[str, int]


class WriteLastMove(TypedDict):
    """The last action applied."""
    player: int
    notation: str
    draws: list[str]


class WriteView(TypedDict):
    """What one seat (or a spectator) sees of an RA and Write game."""
    game: str
    viewer: int | None
    num_players: int
    names: list[str]
    options: dict[str, Any]  # as in records: Options.to_dict()
    layout: WriteLayout
    turn: int
    kingdom: str
    phase: str
    active_player: int
    current_players: list[int]
    ra: WriteRaCount
    face_up: list[WriteFaceUpCard]
    players: list[WritePlayer]
    sheets: list[WriteSheetView]
    lost: list[WriteLost]
    deck: WriteDeck
    discard: dict[str, int]
    kingdom_scores: list[WriteKingdomScore]
    end_bonuses: list[WriteEndBonuses] | None
    scores: list[int]
    legal_actions: list[WriteLegalAction]
    result: WriteResult | None
    last_move: WriteLastMove | None
