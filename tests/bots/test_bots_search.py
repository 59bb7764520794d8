"""Ra's `search` bot (hard): legal, deterministic, blind to the bag's order; its evaluation and max-n search."""

from __future__ import annotations

import math
import random

import pytest

from ra.bots import BOT_KINDS, kinds_for, make_bot, parse_spec
from ra.bots.ra.evaluation import expected_finals, leads
from ra.bots.ra.search import BudgetExceeded, Search, tree_actions
from ra.games.ra import State, str_to_action
from ra.tournament.runner import new_game

SMALL = "search:samples=1,depth=1,nodes=300"


def _position(players: int, seed: int, moves: int) -> State:
    state = new_game("ra", players, seed=seed)
    assert isinstance(state, State)
    greedy = make_bot("greedy", "ra", seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(greedy.choose(state.view(state.cur)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_search_plays_whole_games_legally(players: int) -> None:
    """Every seat a small `search` bot: each choice is one of the view's legal ids, and the game ends."""
    state = new_game("ra", players, seed=players)
    bots = [make_bot(SMALL, "ra", seed) for seed in range(players)]
    while not state.is_terminal():
        seat = state.current_players()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in [entry["id"] for entry in view["legal_actions"]]
        state.apply(action, seat)


def test_same_seed_same_choices_and_hidden_order_ignored() -> None:
    """Deterministic with a pure sample budget; a reshuffled bag (same view) gives the same choice."""
    for moves in (0, 9, 30, 61):
        state = _position(3, 11, moves)
        if state.is_terminal():
            continue
        view = state.view(state.cur)
        first = make_bot("search:samples=4,depth=2,nodes=2000", "ra", 5).choose(view)
        again = make_bot("search:samples=4,depth=2,nodes=2000", "ra", 5).choose(view)
        other = state.reshuffled(random.Random(99))
        hidden = make_bot("search:samples=4,depth=2,nodes=2000", "ra", 5).choose(other.view(other.cur))
        assert first == again == hidden


def test_search_is_a_kind_of_both_games_and_hard_uses_it() -> None:
    """`search` is offered by Ra and by RA and Write (whose subpackages define it); the clairvoyant is no kind."""
    assert "search" in BOT_KINDS and "search" in kinds_for("ra") and "search" in kinds_for("write")
    assert parse_spec("hard", "ra")[0] == "search"
    with pytest.raises(ValueError, match="unknown bot"):
        parse_spec("clairvoyant", "ra")
    bad_specs = ("search:samples=0", "search:depth=4", "search:nodes=99", "search:seconds=3", "search:blind=2")
    for bad in (*bad_specs, "search:depth=1.5"):
        with pytest.raises(ValueError, match="Allowed"):
            parse_spec(bad, "ra")


def test_evaluation_is_finite_public_and_exact_at_the_end() -> None:
    """Finite values while the game runs, the same for any bag order with the same counts, real scores at the end."""
    state = _position(4, 3, 40)
    values = expected_finals(state)
    assert len(values) == 4 and all(math.isfinite(v) for v in values)
    assert expected_finals(state.reshuffled(random.Random(1))) == values
    lead = leads(values)
    assert max(lead) >= 0 >= min(lead)
    final = _position(2, 4, 10_000)
    assert final.is_terminal() and expected_finals(final) == [float(s) for s in final.scores()]


def test_search_never_spends_gods_inside_the_tree_and_keeps_its_budget() -> None:
    """Tree actions leave out god actions; a search over its node budget raises BudgetExceeded."""
    god_actions = {str_to_action(f"god:{kind}") for kind in ("gold", "pharaoh", "nile", "art")}
    for moves in range(0, 80, 7):
        state = _position(3, 8, moves)
        if not state.is_terminal():
            assert not set(tree_actions(state)) & god_actions
    state = _position(3, 8, 5)
    with pytest.raises(BudgetExceeded):
        Search(3, 50).root_values(state, tree_actions(state))
    values = Search(1, 1 << 30).root_values(state, tree_actions(state))
    assert set(values) == set(tree_actions(state))
    blind = Search(2, 1 << 30, blind=state.cur).root_values(state, tree_actions(state))
    assert set(blind) == set(values) and all(math.isfinite(x) for v in blind.values() for x in v)
