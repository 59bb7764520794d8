"""The hot paths' shortcuts (pattern tables of legal entries, lists a clone shares) agree with the rules written
plainly."""

from __future__ import annotations

import random

from ra.games.write import State, str_to_action
from ra.games.write.actions import (
    ACT_KIND,
    BONUS_CIV0,
    BONUS_GOD0,
    BONUS_MONUMENT0,
    BONUS_PHARAOH,
    CARD_CIV0,
    CARD_GOD0,
    CARD_NILE0,
    DECLINE,
    KIND_WORDS,
    TAKE0,
)
from ra.games.write.actions import REVEAL as REVEAL_ACTION  # the phase is REVEAL
from ra.games.write.legal import NILE_RELATION, nile_card_actions
from ra.games.write.phases import REVEAL
from ra.games.write.sheet import (
    B_ANY,
    B_CIV,
    B_MONUMENT,
    B_NILE,
    B_PHARAOH,
    CIV_START,
    MONUMENTS_START,
    NILE_END,
    NILE_START,
    NUM_CIV_TYPES,
    NUM_MONUMENT_TYPES,
    PENDING_BONUS,
    PHARAOHS_MARKED,
    SHEET_WIDTH,
    civ_lines,
    god_spaces,
    nile_bounds,
    nile_spaces,
)
from ra.games.write.tables import (
    CARD_KIND,
    CARD_VALUE,
    CIV,
    FACE_UP,
    GOD,
    GOD_SPACES,
    KINGDOMS,
    MONUMENT_ROWS,
    NILE,
    NILE_SPACES,
    PHARAOH_SPACES,
)


def _plain_nile_spaces(row: list[int], number: int) -> list[int]:
    """§2 Nile as written: an empty space where every number to its left is ≤ `number` and to its right ≥ it."""
    return [
        j
        for j in range(NILE_SPACES)
        if not row[j] and all(v <= number for v in row[:j] if v) and all(v >= number for v in row[j + 1 :] if v)
    ]


def test_nile_spaces_match_the_rule() -> None:
    """Random non-decreasing rows with gaps: the one-pass scan finds exactly the spaces the rule allows."""
    rng = random.Random(1)
    for _ in range(3000):
        values = sorted(rng.randint(1, 12) for _ in range(rng.randint(0, NILE_SPACES)))
        spaces = sorted(rng.sample(range(NILE_SPACES), len(values)))
        row = [0] * NILE_SPACES
        for j, v in zip(spaces, values, strict=True):
            row[j] = v
        s = [0] * SHEET_WIDTH
        s[NILE_START : NILE_END] = row
        number = rng.randint(1, 12)
        assert nile_spaces(s, 0, number) == _plain_nile_spaces(row, number)


def test_legal_actions_are_fresh_and_consistent_in_random_games() -> None:
    """Every listed action applies through the checked path; a caller changing the list changes no later answer."""
    rng = random.Random(3)
    for seed in range(12):
        options: dict[str, object] = {"players": 2 + seed % 4}
        if seed % 3 == 0:
            options["kingdom_limited"] = True
        st = State.new(options, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            legal = st.legal_actions(p)
            assert legal and len(set(legal)) == len(legal)
            legal.append(-1)
            assert -1 not in st.legal_actions(p)
            st.apply(rng.choice(st.legal_actions(p)), p)


def _plain_legal(st: State, player: int) -> list[int]:
    """Legal actions spelled out from the sheet's rule functions (§2, §3), without the hot path's tables."""
    if player not in st.current_players():
        return []
    if st.phase == REVEAL:
        return [REVEAL_ACTION]
    s, b, limit = st.sheets, player * SHEET_WIDTH, st.limit()
    pend = s[b + PENDING_BONUS]
    if pend:
        out = [BONUS_GOD0 + x for x in god_spaces(s, b, limit)] if pend == B_ANY else []
        if pend in (B_PHARAOH, B_ANY) and s[b + PHARAOHS_MARKED] < PHARAOH_SPACES:
            out.append(BONUS_PHARAOH)
        if pend in (B_NILE, B_ANY):
            for j, lo, hi in nile_bounds(s, b):
                out += [str_to_action(f"bonus>nile{j + 1}={n}") for n in range(lo, hi + 1)]
        if pend in (B_CIV, B_ANY):
            for x in (limit,) if limit >= 0 else range(len(KINGDOMS)):
                out += [
                    BONUS_CIV0 + x * NUM_CIV_TYPES + t
                    for t in range(NUM_CIV_TYPES)
                    if not s[b + CIV_START + x * NUM_CIV_TYPES + t]
                ]
        if pend in (B_MONUMENT, B_ANY):
            out += [
                BONUS_MONUMENT0 + t for t in range(NUM_MONUMENT_TYPES) if s[b + MONUMENTS_START + t] < MONUMENT_ROWS
            ]
        return [*out, DECLINE]
    reserved = st.reserved() if player != st.active else -1
    out = []
    for i, c in enumerate(st.face):
        if i == reserved:
            continue
        kind, value = CARD_KIND[c], CARD_VALUE[c]
        if kind == GOD:
            entries = [CARD_GOD0 + i * GOD_SPACES + x for x in god_spaces(s, b, limit)]
        elif kind == NILE:
            entries = [CARD_NILE0 + i * NILE_SPACES + x for x in nile_spaces(s, b, value)]
        elif kind == CIV:
            entries = [CARD_CIV0 + i * len(KINGDOMS) + x for x in civ_lines(s, b, value, limit)]
        else:
            entries = []
        out += entries or [TAKE0 + i]
    return out


def _random_states(count: int) -> list[tuple[State, int]]:
    """Mid-game states of random games (every player count, both variants), with a seat that may act."""
    rng = random.Random(7)
    out: list[tuple[State, int]] = []
    for seed in range(count):
        st = State.new({"players": 2 + seed % 4, "kingdom_limited": seed % 3 == 0}, seed=seed)
        while not st.is_terminal():
            out.append((st.clone(), rng.choice(st.current_players())))
            p = rng.choice(st.current_players())
            st.push(rng.choice(st.legal_actions(p)), p)
    return out


def test_legal_action_tables_match_the_rules_written_plainly() -> None:
    """The pattern tables (Gods, Nile, Civilization, bonus entries) list exactly the plain rules' actions, in order."""
    kinds: set[int] = set()
    for st, p in _random_states(24):
        for seat in range(st.num_players):
            assert st.legal_actions(seat) == _plain_legal(st, seat)
        kinds.update(ACT_KIND[a] for a in st.legal_actions(p))
    assert kinds == set(range(len(KIND_WORDS)))  # every kind of action was offered, so every table was checked


def test_nile_pattern_table_matches_the_one_pass_scan() -> None:
    """Random rows: the relation pattern's table entry names the spaces the one-pass scan finds, per face-up slot."""
    rng = random.Random(2)
    for _ in range(2000):
        row = [0] * NILE_SPACES
        values = sorted(rng.randint(1, 20) for _ in range(rng.randint(0, NILE_SPACES)))
        for j, v in zip(sorted(rng.sample(range(NILE_SPACES), len(values))), values, strict=True):
            row[j] = v
        s = [0] * SHEET_WIDTH
        s[NILE_START : NILE_END] = row
        number = rng.randint(1, 20)
        acts = nile_card_actions(bytes(row).translate(NILE_RELATION[number]))
        for i in range(FACE_UP):
            assert list(acts[i]) == [CARD_NILE0 + i * NILE_SPACES + j for j in nile_spaces(s, 0, number)]


def test_clones_share_no_state_that_play_changes() -> None:
    """Playing on a clone to the end leaves the original as it was, and the other way round (shared lists)."""
    rng = random.Random(5)
    for st, _ in _random_states(8)[::9]:
        before = st.to_json()
        other = st.clone()
        for game in (other, st):
            while not game.is_terminal():
                p = rng.choice(game.current_players())
                game.push(rng.choice(game.legal_actions(p)), p)
            if game is other:
                assert st.to_json() == before
