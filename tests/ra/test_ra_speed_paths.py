"""The hot paths' shortcuts (shared bid lists, inlined turn passing, disk swaps) agree with the plain rules."""

from __future__ import annotations

import random

from ra.games.ra import State, phases, str_to_action
from ra.games.ra import tables as T

PASS, DRAW, INVOKE = str_to_action("pass"), str_to_action("draw"), str_to_action("ra")


def _plain_auction_actions(st: State) -> list[int]:
    """§5 as written: pass (unless the Ra player is forced) and every face-up disk above the high bid, low first."""
    p = st.cur
    bids = [str_to_action(f"bid:{d}") for d in sorted(st.up[p]) if d > st.auc_high]
    forced = st.auc_high == 0 and p == st.auc_ra and st.auc_kind == phases.INVOKED_NONFULL
    return bids if forced else [PASS, *bids]


def test_auction_actions_match_the_rules_and_are_fresh_lists() -> None:
    """Every auction decision of many random games lists §5's actions; changing the list changes no later answer."""
    rng = random.Random(4)
    for seed in range(40):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.phase == phases.AUCTION:
                assert legal == _plain_auction_actions(st)
                legal.append(-1)  # a caller's change must not leak into the shared table
                assert -1 not in st.legal_actions()
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
                if st.held[st.cur * T.NK + T.GOD]:
                    want += sorted({str_to_action(f"god:{T.KINDS[t]}") for t in st.track if t != T.GOD})
                assert legal == want
                legal.append(-1)  # nor into the next turn's answer
                assert -1 not in st.legal_actions()
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
