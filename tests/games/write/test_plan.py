"""push's ready rows (plan.py) name the boxes that sheet.py's accessors name, for every action and seat."""

from __future__ import annotations

from ra.games.write.actions import (
    BONUS_MONUMENT0,
    BONUS_PHARAOH,
    DECLINE,
    TAKE0,
    str_to_action,
)
from ra.games.write.plan import PLAN
from ra.games.write.sheet import (
    CHOSEN,
    SHEET_WIDTH,
    civ_at,
    civ_bonus_at,
    god_at,
    god_bonus_at,
    god_total_at,
    monument_at,
    nile_at,
    nile_part_at,
    pending_at,
    pharaohs_at,
)
from ra.games.write.tables import CIV_TYPES, KINGDOMS, MAX_PLAYERS, MONUMENT_TYPES, NILE_PARTS


def _row(text: str, seat: int) -> tuple[object, ...]:
    """The row of an action in notation, for a seat."""
    return PLAN[str_to_action(text)][seat]


def test_every_row_carries_its_seat_move_and_first_box() -> None:
    for action, rows in enumerate(PLAN):
        for seat, row in enumerate(rows):
            _, slot, _, move, b, mark, *_ = row
            assert (move.player, move.action, move.draws) == (seat, action, ())
            assert b == seat * SHEET_WIDTH
            assert mark == (seat * SHEET_WIDTH + CHOSEN if slot is not None else pending_at(seat))
    assert len(PLAN[DECLINE]) == MAX_PLAYERS


def test_gods_rows_name_the_space_the_kingdom_total_and_symbol() -> None:
    for seat in range(MAX_PLAYERS):
        for space in range(1, 10):
            kingdom = KINGDOMS[(space - 1) // 3]
            for text in (f"card2>god{space}", f"bonus>god{space}"):
                at, symbol, first, total = _row(text, seat)[6:]
                assert at == god_at(seat, space)
                assert first == god_at(seat, (space - 1) // 3 * 3 + 1)
                assert total == god_total_at(seat, kingdom)
                assert symbol == god_bonus_at(seat, kingdom)


def test_nile_rows_name_the_space_and_its_part() -> None:
    for seat in range(MAX_PLAYERS):
        for space in range(1, 13):
            part = next(i for i, spaces in enumerate(NILE_PARTS) if space in spaces)
            for text in (f"card3>nile{space}", f"bonus>nile{space}=5"):
                at, symbol, lo, hi = _row(text, seat)[6:]
                assert at == nile_at(seat, space)
                assert symbol == nile_part_at(seat, part + 1)
                assert (lo, hi) == (nile_at(seat, NILE_PARTS[part][0]), nile_at(seat, NILE_PARTS[part][-1]) + 1)


def test_civilization_monument_and_pharaoh_rows() -> None:
    for seat in range(MAX_PLAYERS):
        for kingdom in KINGDOMS:
            for text in (f"card1>civ:{kingdom}", f"bonus>civ:{kingdom}:art"):
                at, symbol = _row(text, seat)[6:8]
                assert at == civ_at(seat, kingdom, CIV_TYPES[0])
                assert symbol == civ_bonus_at(seat, kingdom)
        for action in (TAKE0, TAKE0 + 2, BONUS_MONUMENT0, BONUS_PHARAOH):
            at, _, marks, _ = PLAN[action][seat][6:]
            assert at == monument_at(seat, MONUMENT_TYPES[0])
            assert marks == pharaohs_at(seat)
