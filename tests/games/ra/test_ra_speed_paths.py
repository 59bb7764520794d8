"""The hot paths' shortcuts (shared legal-action tuples, inlined turn passing, disk swaps) agree with the rules."""

from __future__ import annotations

import random

import pytest

from ra.games.ra import State, phases, str_to_action
from ra.games.ra import tables as T

PASS, DRAW, INVOKE = str_to_action("pass"), str_to_action("draw"), str_to_action("ra")


def _plain_auction_actions(st: State) -> list[int]:
    """§5 as written: pass (unless the Ra player is forced) and every face-up disk above the high bid, low first."""
    p = st.cur
    bids = [str_to_action(f"bid:{d}") for d in sorted(st.up[p]) if d > st.auc_high]
    forced = st.auc_high == 0 and p == st.auc_ra and st.auc_kind == phases.INVOKED_NONFULL
    return bids if forced else [PASS, *bids]


def _assert_read_only(legal: object) -> None:
    """Legal actions are shared between calls, so a caller must not be able to change them."""
    assert isinstance(legal, tuple)
    with pytest.raises(TypeError):
        legal[0] = -1  # type: ignore[index]


def test_auction_actions_match_the_rules_and_are_immutable() -> None:
    """Every auction decision of many random games lists §5's actions, in a tuple no caller can change."""
    rng = random.Random(4)
    for seed in range(40):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.phase == phases.AUCTION:
                assert list(legal) == _plain_auction_actions(st)
                _assert_read_only(legal)  # shared by every seat with these disks: nobody may change it
            st.push(rng.choice(st.legal_actions()))


def test_turn_actions_match_the_rules() -> None:
    """§3: draw while the auction track has room, invoke Ra always, a god action per other kind on the track."""
    rng = random.Random(6)
    for seed in range(40):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.phase == phases.TURN:
                want = ([DRAW] if len(st.track) < T.AUCTION_TRACK_SIZE else []) + [INVOKE]
                if st.held[st.cur * T.NUM_KINDS + T.GOD]:
                    want += sorted({str_to_action(f"god:{T.KINDS[t]}") for t in st.track if t != T.GOD})
                assert list(legal) == want
                _assert_read_only(legal)
            st.push(rng.choice(st.legal_actions()))


def test_disk_swaps_keep_disks_sorted_and_complete() -> None:
    """After every auction the winner's disks stay high to low, and all disks plus the central one are in play."""
    rng = random.Random(9)
    for seed in range(30):
        players = 2 + seed % 4
        st = State.new({"players": players}, seed=seed)
        every = sorted([T.CENTRAL_START_DISK, *(d for g in T.DISK_GROUPS[players] for d in g)])
        while not st.is_terminal():
            st.push(rng.choice(st.legal_actions()))
            for p in range(players):
                assert list(st.up[p]) == sorted(st.up[p], reverse=True)
                assert list(st.down[p]) == sorted(st.down[p], reverse=True)
            assert sorted([st.central, *(d for p in range(players) for d in st.up[p] + st.down[p])]) == every


def test_current_players_is_the_deciding_seat() -> None:
    """current_players() is (cur,) while the game runs and () at the end."""
    rng = random.Random(2)
    st = State.new({"players": 3}, seed=2)
    while not st.is_terminal():
        assert st.current_players() == (st.cur,)
        st.push(rng.choice(st.legal_actions()))
    assert st.current_players() == ()


def test_auction_rows_list_the_bids_above_each_high_bid() -> None:
    """The shared bid table, for any face-up disks: pass and each disk above the high bid, low first; then forced."""
    from itertools import combinations

    from ra.games.ra.actions import auction_rows

    for count in range(6):
        for disks in combinations(range(1, T.MAX_DISK + 1), count):
            up = tuple(sorted(disks, reverse=True))
            rows = auction_rows(up)
            assert len(rows) == T.MAX_DISK + 2
            for high in range(T.MAX_DISK + 1):
                assert rows[high] == (PASS, *(str_to_action(f"bid:{d}") for d in sorted(up) if d > high))
            assert rows[-1] == tuple(str_to_action(f"bid:{d}") for d in sorted(up))


def test_god_actions_match_the_rules_and_are_immutable() -> None:
    """§6: while spending gods, stop or a god action per other kind on the track, in a tuple no caller can change."""
    from ra.games.ra.actions import GOD_BASE, LOSE_BASE

    done = str_to_action("done")
    rng = random.Random(12)
    seen = 0
    for seed in range(40):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            if st.phase == phases.TURN and len({t for t in st.track if t != T.GOD}) >= 2:
                spender = st.clone()
                spender.held[spender.cur * T.NUM_KINDS + T.GOD] = 3  # enough gods to stay in the phase
                while spender.phase in (phases.TURN, phases.GODS):
                    gods = [a for a in spender.legal_actions() if GOD_BASE <= a < LOSE_BASE]
                    if spender.phase == phases.GODS:
                        seen += 1
                        want = sorted({str_to_action(f"god:{T.KINDS[t]}") for t in spender.track if t != T.GOD})
                        legal = spender.legal_actions()
                        assert list(legal) == [done, *want] and gods == want
                        _assert_read_only(legal)
                    if not gods:
                        break
                    spender.push(rng.choice(gods))
            st.push(rng.choice(st.legal_actions()))
    assert seen > 20


def test_every_answer_is_a_tuple_of_the_rules_actions() -> None:
    """In every phase (disaster losses too) legal actions are a tuple; other seats and a finished game get ()."""
    from ra.games.ra.actions import LOSE_OFFSET

    rng = random.Random(15)
    losses = 0
    for seed in range(200):
        players = 2 + seed % 4
        st = State.new({"players": players}, seed=seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            assert isinstance(legal, tuple) and legal == st.legal_actions(st.cur)
            assert all(st.legal_actions(q) == () for q in range(players) if q != st.cur)
            if st.phase == phases.DISASTER:  # §7: War's civilization tiles first, then Earthquake's monuments
                losses += 1
                group = T.CIVILIZATION if st.lose_war else T.MONUMENTS
                held, b = st.held, st.cur * T.NUM_KINDS
                assert list(legal) == [LOSE_OFFSET + k for k in group if held[b + k]]
            st.push(rng.choice(legal))
        assert st.legal_actions() == () and st.legal_actions(0) == ()
    assert losses > 5
