"""The second layout of the hot paths: sheets as one byte array, moves and used cards shared between clones, and the
entries that `push` writes out itself, against the rules written plainly in sheet.py."""

from __future__ import annotations

import random
from array import array

from ra.core.protocol import Move
from ra.games.write import State, from_view
from ra.games.write.actions import (
    ACT_ARG,
    ACT_KIND,
    ACT_SLOT,
    ACT_SPACE,
    K_BONUS_CIV,
    K_BONUS_GOD,
    K_BONUS_NILE,
    K_BONUS_PHARAOH,
    K_CARD_GOD,
    K_CARD_NILE,
    K_DECLINE,
    K_TAKE,
    REVEAL,
)
from ra.games.write.sheet import (
    CHOSEN,
    MONUMENTS_START,
    PENDING_BONUS,
    PHARAOHS_MARKED,
    SHEET_CODE,
    SHEET_WIDTH,
    bonus_possible,
    mark_civ,
    mark_monument,
    mark_pharaoh,
    write_god,
    write_nile,
)
from ra.games.write.tables import (
    CARD_KIND,
    CARD_VALUE,
    GOD_BONUS_NUMBER,
    MONUMENT,
    MONUMENT_ROWS,
    PHARAOH,
    PHARAOH_SPACES,
    RA_CODE,
)


def _expected_sheet(st: State, player: int, action: int) -> array[int]:
    """The sheet after `action`, made with sheet.py's entry functions (every seat's chosen slot left out)."""
    s = st.sheets[:]
    b = player * SHEET_WIDTH
    kind = ACT_KIND[action]
    if kind < K_BONUS_GOD:  # a card
        slot = ACT_SLOT[action]
        s[b + CHOSEN] = slot
        c = st.face[slot]
        value = CARD_VALUE[c]
        if kind == K_TAKE:
            if CARD_KIND[c] == PHARAOH and s[b + PHARAOHS_MARKED] < PHARAOH_SPACES:
                bonus = mark_pharaoh(s, b)
            elif CARD_KIND[c] == MONUMENT and s[b + MONUMENTS_START + value] < MONUMENT_ROWS:
                bonus = mark_monument(s, b, value)
            else:
                bonus = 0
        elif kind == K_CARD_GOD:
            bonus = write_god(s, b, ACT_SPACE[action], value)
        elif kind == K_CARD_NILE:
            bonus = write_nile(s, b, ACT_SPACE[action], value)
        else:
            bonus = mark_civ(s, b, ACT_SPACE[action], value)
    else:
        s[b + PENDING_BONUS] = 0
        if kind == K_BONUS_GOD:
            bonus = write_god(s, b, ACT_SPACE[action], GOD_BONUS_NUMBER)
        elif kind == K_BONUS_PHARAOH:
            bonus = mark_pharaoh(s, b)
        elif kind == K_BONUS_NILE:
            bonus = write_nile(s, b, ACT_SPACE[action], ACT_ARG[action])
        elif kind == K_BONUS_CIV:
            bonus = mark_civ(s, b, ACT_SPACE[action], ACT_ARG[action])
        elif kind == K_DECLINE:
            bonus = 0
        else:
            bonus = mark_monument(s, b, ACT_ARG[action])
    if bonus and bonus_possible(s, b, bonus, st.limit()):
        s[b + PENDING_BONUS] = bonus
    s[CHOSEN::SHEET_WIDTH] = array(SHEET_CODE, [0] * st.num_players)
    return s


def test_push_writes_each_entry_as_the_sheet_functions_do() -> None:
    """Every legal entry of random mid-game states (both variants): push leaves the sheets the rules' functions do."""
    rng = random.Random(11)
    checked: set[int] = set()
    for seed in range(16):
        st = State.new({"players": 2 + seed % 4, "kingdom_limited": seed % 4 == 1}, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            for action in st.legal_actions(p):
                if action == REVEAL:
                    continue
                after = st.clone()
                after.push(action, p)
                got = after.sheets[:]
                got[CHOSEN::SHEET_WIDTH] = array(SHEET_CODE, [0] * st.num_players)
                assert got == _expected_sheet(st, p, action), (seed, action)
                checked.add(ACT_KIND[action])
            st.push(rng.choice(st.legal_actions(p)), p)
    assert len(checked) >= 10  # every kind of card and bonus entry came up


def test_moves_and_used_cards_read_alike_through_clones() -> None:
    """Clones of clones read the same moves and used cards as a state that never was cloned, and play on one leaves
    the others' lists as they were (also a list taken from `history` before a clone)."""
    rng = random.Random(4)
    plain = State.new({"players": 3}, seed=9)
    shared = plain.clone()
    held = shared.history
    snapshots: list[tuple[State, list[Move], list[int]]] = []
    while not plain.is_terminal():
        p = rng.choice(plain.current_players())
        action = rng.choice(plain.legal_actions(p))
        plain.push(action, p)
        shared.push(action, p)
        if len(plain.history) % 5 == 0:
            shared = shared.clone()
            snapshots.append((shared.clone(), list(plain.history), plain.used))
            sidetrack = shared.clone()
            if not sidetrack.is_terminal():
                q = sidetrack.current_players()[0]
                sidetrack.push(sidetrack.legal_actions(q)[0], q)
        assert shared.history == plain.history and shared.used == plain.used
        drawn = [c for c in plain.deck[: plain.pos] if c != RA_CODE]  # used: every drawn card but the face-up ones
        assert plain.used == drawn[: len(drawn) - len(plain.face)]
    assert held == plain.history[: len(held)]
    for snap, moves, used in snapshots:
        assert snap.history == moves and snap.used == used
    assert shared == plain and State.from_json(shared.to_json()) == plain


def test_sheets_stay_a_byte_array_from_any_source() -> None:
    """from_json and from_view give the state its sheets as the signed-byte array; JSON holds them as a list."""
    st = State.new({"players": 4}, seed=3)
    for _ in range(40):
        st.push(st.legal_actions()[-1])
    data = st.to_json()
    assert type(data["sheets"]) is list and -1 in data["sheets"]
    for other in (State.from_json(data), from_view(st.view(0), random.Random(1))):
        assert isinstance(other.sheets, array) and other.sheets.typecode == SHEET_CODE
        assert list(other.sheets) == data["sheets"]
