"""The tail of the game-state protocol (view, to_json, from_json, record) is written once, in ra.core.state_tail:
every game's State inherits it and names only its own functions for it."""

from __future__ import annotations

import pytest

from ra.core.state_tail import StateTail
from ra.games import GAMES, game_module

TAIL = ("view", "to_json", "from_json", "record")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_state_inherits_the_tail_and_writes_none_of_it_again(game: str) -> None:
    state_class = game_module(game).State
    assert issubclass(state_class, StateTail)
    for klass in state_class.__mro__:
        if klass is not StateTail:
            assert not set(TAIL) & vars(klass).keys(), f"{klass.__qualname__} writes the tail again"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_tail_answers_with_the_games_own_functions(game: str) -> None:
    module = game_module(game)
    state = module.State.new({"players": 3}, seed=7)
    for action in list(state.legal_actions())[:1]:
        state.apply(action)
    assert module.State.from_json(state.to_json()) == state
    record = state.record()
    assert record["game"] == game and record["seed"] == 7
    assert [move["action"] for move in record["moves"]] == [module.action_to_str(m.action) for m in state.history]
    assert state.view(0) == module.State.from_json(state.to_json()).view(0)
