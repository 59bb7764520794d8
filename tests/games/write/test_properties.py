"""Random games for 2-5 players, with and without the kingdom-limited variant: the scoresheet and deck invariants of
RA and Write after every action (docs/rules/ra-and-write.md §1-§6). What every game must do (clones, JSON, views,
records, legal and illegal actions) is checked for every game by tests/games/test_conformance.py."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from ra.games import replay
from ra.games.write import DECK, NUM_ACTIONS, State, action_to_str, from_view
from ra.games.write.sheet import (
    all_tops_at,
    civ_at,
    civ_bonus_at,
    god_at,
    god_bonus_at,
    monument_at,
    nile_at,
    nile_part_at,
    pending_at,
    pharaoh_symbol_at,
    pharaohs_at,
)
from ra.games.write.tables import CIV_TYPES, KINGDOMS, MONUMENT_TYPES, NILE_PARTS, PHARAOH_NILE_SYMBOLS

KIND_OF_NOTATION = [action_to_str(a).partition(">")[0].rstrip("123") for a in range(NUM_ACTIONS)]


def is_bonus_entry(action: int) -> bool:
    return KIND_OF_NOTATION[action] in ("bonus", "decline")


def check_sheet(state: State, p: int, resolved: int) -> None:
    s = state.sheets
    nile = [v for v in (s[nile_at(p, j)] for j in range(1, 13)) if v]
    assert nile == sorted(nile), "the Nile row must be non-decreasing"
    assert 0 <= s[pharaohs_at(p)] <= 12, "the Pharaoh row is filled left to right (a count of leftmost marks)"
    assert all(0 <= s[monument_at(p, t)] <= 3 for t in MONUMENT_TYPES), "Monument columns are marked top down"
    # Each bonus symbol is crossed out at most once, exactly when its condition holds.
    flags = 0
    for k, kingdom in enumerate(KINGDOMS):
        full = all(s[god_at(p, 3 * k + i)] for i in (1, 2, 3))
        assert s[god_bonus_at(p, kingdom)] in (0, 1) and (not s[god_bonus_at(p, kingdom)] or full)
        flags += s[god_bonus_at(p, kingdom)]
        line = sum(s[civ_at(p, kingdom, t)] for t in CIV_TYPES)
        assert s[civ_bonus_at(p, kingdom)] == (1 if line >= 3 else 0)
        flags += s[civ_bonus_at(p, kingdom)]
    for space in PHARAOH_NILE_SYMBOLS:
        assert s[pharaoh_symbol_at(p, space)] == (1 if s[pharaohs_at(p)] >= space else 0)
        flags += s[pharaoh_symbol_at(p, space)]
    for i, part in enumerate(NILE_PARTS):
        assert s[nile_part_at(p, i + 1)] == (1 if all(s[nile_at(p, x)] for x in part) else 0)
        flags += s[nile_part_at(p, i + 1)]
    assert s[all_tops_at(p)] == (1 if all(s[monument_at(p, t)] for t in MONUMENT_TYPES) else 0)
    flags += s[all_tops_at(p)]
    # Every crossed-out symbol gave exactly one bonus entry: made, declined, lost, or still pending.
    assert flags == resolved + (1 if s[pending_at(p)] else 0)


def resolved_bonuses(state: State, p: int) -> int:
    made = sum(1 for m in state.history if m.player == p and is_bonus_entry(m.action))
    lost = sum(1 for _, q, code in state.lost if q == p and code < 0)
    return made + lost


def check_cards(state: State) -> None:
    """§1: the 110 cards are all somewhere: undrawn, face up, out of play, or set aside (the Ra cards)."""
    held = list(state.deck[state.pos :]) + state.face + state.used + [DECK[-1]] * state.ra
    assert len(held) == 110 and Counter(held) == Counter(DECK)


def play(players: int, seed: int, limited: bool, deep: bool) -> State:
    state = State.new({"players": players, "kingdom_limited": limited}, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        p = rng.choice(state.current_players())
        legal = state.legal_actions(p)
        assert legal and len(set(legal)) == len(legal)
        a = rng.choice(legal)
        ra_before = state.ra
        state.apply(a, p)
        assert state.is_terminal() == (state.ra == 9)
        assert state.ra == ra_before or action_to_str(a) == "reveal"
        check_cards(state)
        if deep or state.is_terminal():
            for q in range(players):
                check_sheet(state, q, resolved_bonuses(state, q))
    assert len(state.kingdom_points) == 3 and state.face == [] and state.current_players() == ()
    return state


@settings(max_examples=25, deadline=None)
@given(players=st_.integers(2, 5), seed=st_.integers(0, 2**32), limited=st_.booleans())
def test_random_games_keep_every_invariant(players: int, seed: int, limited: bool) -> None:
    state = play(players, seed, limited, deep=True)
    assert state.winners() and set(state.winners()) <= set(range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_fast_games_end_at_the_ninth_ra(players: int) -> None:
    for seed in range(40):
        assert len(play(players, seed, seed % 2 == 1, deep=False).scores()) == players


def test_kingdom_limited_games_replay_from_their_records() -> None:
    for players in (2, 5):
        state = play(players, players, limited=True, deep=False)
        assert replay(state.record()) == state
        again = replay({**state.record(), "seed": None, "order": None})
        assert again.view(0) == state.view(0)


def test_every_legal_action_kind_appears() -> None:
    kinds: set[str] = set()
    for seed in range(30):
        state = State.new({"players": 3}, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = rng.choice(state.current_players())
            a = rng.choice(state.legal_actions(p))
            kinds.add(re.sub(r"[\d=]+", "", action_to_str(a)).split(":")[0])  # card1>civ:old -> card>civ
            state.push(a, p)
    assert {"reveal", "card", "decline", "bonus>civ"} <= kinds and len(kinds) >= 10  # of 11


def test_a_state_rebuilt_from_a_view_plays_on_to_the_end() -> None:
    rng = random.Random(3)
    for steps in (0, 40, 75, 120):
        state = State.new({"players": 4}, seed=3)
        for _ in range(steps):
            if state.is_terminal():
                break
            p = rng.choice(state.current_players())
            state.apply(rng.choice(state.legal_actions(p)), p)
        rebuilt = from_view(state.view(None), rng)
        check_cards(rebuilt)
        while not rebuilt.is_terminal():
            p = rng.choice(rebuilt.current_players())
            rebuilt.apply(rng.choice(rebuilt.legal_actions(p)), p)
        assert len(rebuilt.kingdom_points) == 3


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(players=st_.integers(2, 5), seed=st_.integers(0, 2**32), limited=st_.booleans())
def test_random_games_keep_every_invariant_long(players: int, seed: int, limited: bool) -> None:
    play(players, seed, limited, deep=True)
