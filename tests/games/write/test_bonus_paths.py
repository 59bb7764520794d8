"""push's written-out start of a bonus entry (Pharaohs, Nile, Monuments) agrees with sheet.bonus_possible (§2)."""

from __future__ import annotations

import random

import pytest

from ra.games.write import State, str_to_action
from ra.games.write.sheet import (
    B_MONUMENT,
    B_NILE,
    B_PHARAOH,
    SHEET_WIDTH,
    bonus_possible,
    civ_at,
    god_at,
    monument_at,
    nile_at,
    pending_at,
    pharaohs_at,
)
from ra.games.write.tables import CIV_TYPES, MONUMENT_ROWS, MONUMENT_TYPES

A = str_to_action


def _revealed(cards: list[str]) -> State:
    """A two-player game whose first reveal shows `cards` (active player 0)."""
    st = State.new({"players": 2, "first_player": 0}, order=cards)
    st.apply(A("reveal"))
    return st


@pytest.mark.parametrize("room", [True, False])
def test_a_full_kingdom_starts_or_loses_the_pharaohs_entry(room: bool) -> None:
    st = _revealed(["god:3", "nile:5", "civ:art"])
    st.sheets[god_at(0, 1)], st.sheets[god_at(0, 2)] = 1, 2
    st.sheets[pharaohs_at(0)] = 11 if room else 12
    st.apply(A("card1>god3"))
    assert (st.sheets[pending_at(0)], st.lost) == ((B_PHARAOH, []) if room else (0, [(1, 0, -B_PHARAOH)]))


@pytest.mark.parametrize("room", [True, False])
def test_a_pharaoh_symbol_starts_or_loses_the_nile_entry(room: bool) -> None:
    st = _revealed(["pharaoh", "nile:5", "civ:art"])
    st.sheets[pharaohs_at(0)] = 2  # the next Pharaoh reaches the symbol on space 3
    for space in range(1, 13):
        st.sheets[nile_at(0, space)] = 0 if room and space == 12 else space
    st.apply(A("card1"))
    assert (st.sheets[pending_at(0)], st.lost) == ((B_NILE, []) if room else (0, [(1, 0, -B_NILE)]))


@pytest.mark.parametrize("room", [True, False])
def test_a_third_civilization_mark_starts_or_loses_the_monuments_entry(room: bool) -> None:
    st = _revealed(["civ:art", "nile:5", "god:3"])
    for civ_type in CIV_TYPES[2:4]:
        st.sheets[civ_at(0, "old", civ_type)] = 1
    for i, monument in enumerate(MONUMENT_TYPES):
        st.sheets[monument_at(0, monument)] = MONUMENT_ROWS - (room and i == 0)
    st.apply(A("card1>civ:old"))
    assert (st.sheets[pending_at(0)], st.lost) == ((B_MONUMENT, []) if room else (0, [(1, 0, -B_MONUMENT)]))


def test_every_bonus_start_in_random_games_matches_bonus_possible() -> None:
    """Whenever a push earns a bonus entry, it is pending exactly when bonus_possible says it has a space."""
    rng = random.Random(8)
    seen = 0
    for seed in range(30):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            before, lost = st.clone(), len(st.lost)
            st.push(rng.choice(st.legal_actions(p)), p)
            pend = st.sheets[pending_at(p)]
            lost_bonus = [code for _, q, code in st.lost[lost:] if q == p and code < 0]
            if (pend and not before.sheets[pending_at(p)]) or lost_bonus:
                kind = pend or -lost_bonus[0]
                assert bonus_possible(st.sheets, p * SHEET_WIDTH, kind, -1) == bool(pend)
                seen += 1
    assert seen > 100
