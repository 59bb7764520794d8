"""The undrawn bag as hidden information: stack_draws and reshuffled (docs/rules/ra.md R3, §8.5)."""

from __future__ import annotations

import random

import pytest
from ra_helpers import G3, act, present, scenario

from ra.games import replay
from ra.games.ra import State
from ra.games.ra import tables as T


def test_stacked_tiles_are_drawn_next_and_the_rest_keeps_its_order() -> None:
    st = State.new({"players": 3}, seed=4)
    before = list(reversed(st.bag))  # next draw first
    st.stack_draws(["war", "ra"])
    after = list(reversed(st.bag))
    assert after[:2] == [T.WAR, T.RA]
    rest = before[:]
    rest.remove(T.WAR)
    rest.remove(T.RA)
    assert after[2:] == rest, "the soonest war and Ra tile move to the top; nothing else moves"
    act(st, "draw")
    assert st.history[-1].draws == ("war",) and st.phase == 0
    act(st, "draw")
    assert st.history[-1].draws == ("ra",) and present(st.view()["auction"])["kind"] == "ra_drawn"


@pytest.mark.parametrize(
    ("names", "message"), [(["dragon"], "'dragon' is not a tile kind"), (["funeral"] * 3, "no funeral tile is left")]
)
def test_stacking_what_is_not_in_the_bag_names_it_and_changes_nothing(names: list[str], message: str) -> None:
    st = scenario(3, [], G3)
    before = st.to_json()
    with pytest.raises(ValueError, match=message):
        st.stack_draws(["gold", *names])
    assert st.to_json() == before


def test_a_stacked_or_reshuffled_game_still_replays_from_its_record() -> None:
    rng = random.Random(3)
    st = State.new({"players": 4}, seed=8)
    for _ in range(30):
        st.push(rng.choice(st.legal_actions()))
    st.stack_draws(["gold"])
    assert st.seed is None and st.order is not None and len(st.order) == T.TOTAL_TILES
    other = st.reshuffled(random.Random(1))
    assert other.bag != st.bag and sorted(other.bag) == sorted(st.bag) and st.history == other.history
    for game in (st, other):
        while not game.is_terminal():
            game.push(rng.choice(game.legal_actions()))
        assert replay(game.record()) == game
