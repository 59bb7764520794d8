"""Random games for 2-5 players: invariants after every action, records, views and `from_view` (§1-§6)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from ra.games import replay
from ra.games.write import DECK, State, from_view, render_text
from ra.games.write.actions import ACT_KIND, K_BONUS_CIV, K_BONUS_GOD, K_DECLINE, K_REVEAL, K_TAKE
from ra.games.write.sheet import C0, CL, G0, GB, M0, MT, N0, NP, PEND, PH, SY, W
from ra.games.write.tables import NILE_PARTS, PHARAOH_NILE_SYMBOLS


def check_sheet(state: State, p: int, resolved: int) -> None:
    s = state.s
    b = p * W
    nile = [v for v in s[b + N0 : b + N0 + 12] if v]
    assert nile == sorted(nile), "the Nile row must be non-decreasing"
    assert 0 <= s[b + PH] <= 12, "the Pharaoh row is filled left to right (a count of leftmost marks)"
    assert all(0 <= c <= 3 for c in s[b + M0 : b + M0 + 8]), "Monument columns are marked top down"
    # Each bonus symbol is crossed out at most once, exactly when its condition holds.
    flags = 0
    for k in range(3):
        full = all(s[b + G0 + 3 * k + i] for i in range(3))
        assert s[b + GB + k] in (0, 1) and (not s[b + GB + k] or full)
        flags += s[b + GB + k]
        line = sum(s[b + C0 + 5 * k : b + C0 + 5 * k + 5])
        assert s[b + CL + k] == (1 if line >= 3 else 0) or (s[b + CL + k] == 1 and line >= 3)
        flags += s[b + CL + k]
    for i, space in enumerate(PHARAOH_NILE_SYMBOLS):
        assert s[b + SY + i] == (1 if s[b + PH] >= space else 0)
        flags += s[b + SY + i]
    for i, part in enumerate(NILE_PARTS):
        assert s[b + NP + i] == (1 if all(s[b + N0 + x - 1] for x in part) else 0)
        flags += s[b + NP + i]
    assert s[b + MT] == (1 if all(s[b + M0 : b + M0 + 8]) else 0)
    flags += s[b + MT]
    # Every crossed-out symbol gave exactly one bonus entry: made, declined, lost, or still pending.
    assert flags == resolved + (1 if s[b + PEND] else 0)


def resolved_bonuses(state: State, p: int) -> int:
    made = sum(1 for m in state.history if m.player == p and ACT_KIND[m.action] >= K_BONUS_GOD)
    lost = sum(1 for _, q, code in state.lost if q == p and code < 0)
    return made + lost


def check_cards(state: State) -> None:
    held = list(state.deck[state.pos :]) + state.face + state.used + [DECK[-1]] * state.ra
    assert len(held) == 110 and Counter(held) == Counter(DECK)


def strip(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "last_move"}


def check_views(state: State, rng: random.Random) -> None:
    other = state.clone()
    rest = list(state.deck[state.pos :])
    rng.shuffle(rest)
    other.deck = state.deck[: state.pos] + tuple(rest)
    for viewer in (None, *range(state.num_players)):
        v = state.view(viewer)
        text = json.dumps(v)
        assert "seed" not in text and set(v["deck"]) == {"remaining", "composition"}
        assert other.view(viewer) == v, "views must not depend on the undrawn deck order"


def play(players: int, seed: int, limited: bool, deep: bool) -> State:
    state = State.new({"players": players, "kingdom_limited": limited}, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        p = rng.choice(state.current_players())
        legal = state.legal_actions(p)
        assert legal and len(set(legal)) == len(legal)
        a = rng.choice(legal)
        ra_before = state.ra
        state.apply(a, p)
        steps += 1
        assert state.is_terminal() == (state.ra == 9)
        assert state.ra == ra_before or ACT_KIND[a] == K_REVEAL
        check_cards(state)
        if deep or state.is_terminal():
            for q in range(players):
                check_sheet(state, q, resolved_bonuses(state, q))
            data = state.to_json()
            assert State.from_json(json.loads(json.dumps(data))) == state
            assert State.from_json(data).to_json() == data
            assert state.clone() == state
        if deep and (steps % 4 == 0 or state.is_terminal()):
            check_views(state, rng)
        if deep and steps % 25 == 0:
            check_from_view(state, rng, play_on=steps == 75)
    assert state.kpoints and len(state.kpoints) == 3
    return state


def check_from_view(state: State, rng: random.Random, play_on: bool) -> None:
    for viewer in (None, *state.current_players()):
        v = state.view(viewer)
        rebuilt = from_view(v, rng)
        assert strip(rebuilt.view(viewer)) == strip(v)
        check_cards(rebuilt)
    if not play_on:
        return
    # A rebuilt state plays on to the end.
    rebuilt = from_view(state.view(None), rng)
    while not rebuilt.is_terminal():
        p = rng.choice(rebuilt.current_players())
        rebuilt.apply(rng.choice(rebuilt.legal_actions(p)), p)


def check_records(state: State) -> None:
    record = state.record()
    assert replay(record) == state
    draws_only = {**record, "seed": None, "order": None}
    again = replay(json.loads(json.dumps(draws_only)))
    for viewer in (None, *range(state.num_players)):
        assert again.view(viewer) == state.view(viewer)
    assert again.scores() == state.scores() and again.winners() == state.winners()


@settings(max_examples=25, deadline=None)
@given(players=st_.integers(2, 5), seed=st_.integers(0, 2**32), limited=st_.booleans())
def test_random_games_keep_every_invariant(players: int, seed: int, limited: bool) -> None:
    state = play(players, seed, limited, deep=True)
    check_records(state)
    assert render_text(state.view(None)).count("== P") == players
    assert state.winners() and set(state.winners()) <= set(range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_fast_games_end_at_the_ninth_ra(players: int) -> None:
    for seed in range(40):
        state = play(players, seed, seed % 2 == 1, deep=False)
        assert state.ra == 9 and state.face == [] and state.current_players() == ()
        assert len(state.scores()) == players


def test_every_legal_action_kind_appears() -> None:
    kinds: set[int] = set()
    for seed in range(30):
        state = State.new({"players": 3}, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = rng.choice(state.current_players())
            a = rng.choice(state.legal_actions(p))
            kinds.add(ACT_KIND[a])
            state.push(a, p)
    assert {K_REVEAL, K_TAKE, K_DECLINE, K_BONUS_CIV} <= kinds and len(kinds) >= 10


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(players=st_.integers(2, 5), seed=st_.integers(0, 2**32), limited=st_.booleans())
def test_random_games_keep_every_invariant_long(players: int, seed: int, limited: bool) -> None:
    check_records(play(players, seed, limited, deep=True))
