"""`legal_actions(player)` compares seats by value: an equal seat of another int type gets the same actions."""

from __future__ import annotations

import random

from ra.games.ra import State


class Seat(int):
    """An int subclass: equal to a seat, never the same object (as numpy or IntEnum seats would be)."""


def test_an_equal_seat_object_gets_the_deciding_seats_actions() -> None:
    """The identity shortcut must not turn away an equal seat, nor let another seat in."""
    rng = random.Random(3)
    for seed in range(8):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            p = st.cur
            legal = st.legal_actions()
            assert st.legal_actions(Seat(p)) == legal
            assert st.legal_actions(p) == legal and st.legal_actions(None) == legal
            for other in range(st.num_players):
                if other != p:
                    assert st.legal_actions(Seat(other)) == () and st.legal_actions(other) == ()
            st.push(rng.choice(legal))
        assert st.legal_actions(Seat(0)) == ()
