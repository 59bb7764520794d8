"""Interned face-up disk tuples (disks.py): one object per set of disks, the same game with or without them."""

from __future__ import annotations

import random
from itertools import combinations

from ra.games.ra import State, disks
from ra.games.ra import tables as T
from ra.games.ra.disks import DISK_SETS, interned, with_disk, without


def _play(st: State, rng: random.Random, steps: int) -> list[int]:
    """Push up to `steps` random legal actions; the actions pushed."""
    done: list[int] = []
    while not st.is_terminal() and len(done) < steps:
        action = rng.choice(st.legal_actions())
        st.push(action)
        done.append(action)
    return done


def test_without_lists_the_disks_left_after_each_sale_interned() -> None:
    """§5.4: selling the i-th disk leaves the others high to low, as the one shared tuple of that set."""
    for count in range(1, 5):
        for chosen in combinations(range(1, T.MAX_DISK + 1), count):
            up = tuple(sorted(chosen, reverse=True))
            left = without(tuple(up))
            assert len(left) == T.MAX_DISK + 1
            for d in up:
                assert left[d] == tuple(x for x in up if x != d)
                assert left[d] is interned(tuple(left[d]))


def test_with_disk_adds_each_disk_in_order_interned() -> None:
    """§5.3: the central disk joins a seat's face-down disks, high to low, as the one shared tuple of that set."""
    for count in range(4):
        for chosen in combinations(range(1, T.MAX_DISK + 1), count):
            down = tuple(sorted(chosen, reverse=True))
            added = with_disk(tuple(down))
            assert len(added) == T.MAX_DISK + 1
            for d in range(1, T.MAX_DISK + 1):
                if d not in down:
                    assert added[d] == tuple(sorted((*down, d), reverse=True))
                    assert added[d] is interned(tuple(added[d]))


def test_every_face_up_disk_tuple_in_play_is_interned() -> None:
    """Setup, sales and epoch ends hand out the shared tuples (face up and down): tables find them by identity."""
    rng = random.Random(5)
    epochs_seen = set()
    for seed in range(30):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            epochs_seen.add(st.epoch)
            for up in st.up:
                assert up == tuple(sorted(up, reverse=True))
                assert DISK_SETS[up] is up
            for down in st.down:
                assert down == tuple(sorted(down, reverse=True))
                assert not down or DISK_SETS[down] is down
            st.push(rng.choice(st.legal_actions()))
    assert epochs_seen == {1, 2, 3}


def test_tuples_not_interned_play_the_same_game() -> None:
    """Interning only saves time: a state restored from JSON, or played after the tables are cleared, agrees."""
    for seed in range(12):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        _play(st, random.Random(seed), 60)
        copy = State.from_json(st.to_json())
        assert not any(up and DISK_SETS.get(up) is up for up in copy.up)
        rng = random.Random(100 + seed)
        actions = _play(st, rng, 10_000)
        disks.DISK_SETS.clear()
        disks.WITHOUT.clear()
        for action in actions:
            assert action in copy.legal_actions()
            copy.push(action)
        assert copy == st
        assert copy.scores() == st.scores()
