"""RA and Write's `search` bot (hard): legal, deterministic, blind to the deck's order, sensible and on budget."""

from __future__ import annotations

import json
import random
import time

import pytest

from ra.bots import kinds_for, levels_for, make_bot, parse_spec
from ra.bots.write.search import WriteSearchBot, finish_turn
from ra.games.write import State, actions, str_to_action
from ra.tournament.games import new_game

SMALL = "search:samples=2"


def _position(players: int, seed: int, moves: int) -> State:
    state = new_game("write", players, seed=seed)
    assert isinstance(state, State)
    greedy = make_bot("greedy", "write", seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        state.apply(greedy.choose(state.view(player)), player)
    return state


def _decision(players: int, seed: int, moves: int) -> State:
    """A position at or after `moves` greedy moves where the player to act has a real choice."""
    state = _position(players, seed, moves)
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    assert not state.is_terminal()
    return state


def test_search_is_a_kind_of_write_and_hard_uses_it() -> None:
    """`search` is offered by RA and Write; `hard` is a search spec within the limits."""
    assert "search" in kinds_for("write")
    hard = next(level.spec for level in levels_for("write") if level.name == "hard")
    assert parse_spec(hard, "write")[0] == "search"
    assert isinstance(make_bot("hard", "write", 1), WriteSearchBot)
    for bad in ("search:samples=0", "search:samples=201", "search:seconds=3", "search:samples=1.5"):
        with pytest.raises(ValueError, match="Allowed"):
            make_bot(bad, "write", 1)
    with pytest.raises(ValueError, match="only samples and seconds"):
        make_bot("search:depth=2", "write", 1)


@pytest.mark.parametrize("players", [2, 5])
def test_search_plays_whole_games_legally(players: int) -> None:
    """Every seat a small `search` bot: each choice is one of the view's legal ids, and the game ends."""
    state = new_game("write", players, seed=players)
    bots = [make_bot("search:samples=1", "write", seed) for seed in range(players)]
    while not state.is_terminal():
        seat = state.current_players()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in [entry["id"] for entry in view["legal_actions"]]
        state.apply(action, seat)


@pytest.mark.parametrize("moves", [0, 25, 60])
def test_same_seed_same_choice_and_hidden_order_ignored(moves: int) -> None:
    """Deterministic with a sample budget; a reshuffled deck (same view) gives the same choice."""
    state = _decision(3, 11 + moves, moves)
    other = state.reshuffled(random.Random(moves))
    player = state.current_players()[0]
    view_a, view_b = state.view(player), other.view(player)
    assert json.dumps(view_a, sort_keys=True) == json.dumps(view_b, sort_keys=True)
    first = make_bot("search:samples=4", "write", 3).choose(view_a)
    again = make_bot("search:samples=4", "write", 3).choose(view_a)
    hidden = make_bot("search:samples=4", "write", 3).choose(view_b)
    assert first == again == hidden


def test_finish_turn_stops_at_the_next_reveal() -> None:
    """After the active player's entry, the others' choices are played and the next turn waits for its reveal."""
    state = _decision(3, 2, 0)
    turn = state.turn
    state.push(state.legal_actions()[0], state.current_players()[0])
    finish_turn(state)
    assert state.turn == turn + 1 and state.legal_actions() == [actions.REVEAL]


def test_prefers_a_clearly_better_entry() -> None:
    """A Nile 20 belongs in the row's last space; in the first one it would block the whole row (§2)."""
    state = new_game("write", 2, seed=1)
    assert isinstance(state, State)
    state.stack_draws(["nile:20", "god:2", "civ:art"])
    state.apply(actions.REVEAL)
    me = state.current_players()[0]
    good, bad = str_to_action("card1>nile12"), str_to_action("card1>nile1")
    bot = WriteSearchBot(seed=1, samples=30, width=100)  # every entry evaluated
    choice = bot.choose(state.view(me))
    assert choice != bad and {good, bad} <= set(bot.last_means)
    assert bot.last_means[good] > bot.last_means[bad] + 0.05
    assert bot.last_means[choice] == max(bot.last_means.values())


def test_respects_its_budget() -> None:
    """`samples` is exact (doubled with two players); `seconds` stops the sampling soon after the deadline."""
    state = _decision(5, 4, 20)
    view = state.view(state.current_players()[0])
    bot = WriteSearchBot(seed=2, samples=3)
    bot.choose(view)
    assert bot.last_samples == 3
    two = _decision(2, 4, 20)
    bot.choose(two.view(two.current_players()[0]))
    assert bot.last_samples == 6  # two players: twice the samples (SAMPLE_FACTOR)
    timed = WriteSearchBot(seed=2, samples=200, seconds=0.05)
    start = time.perf_counter()
    timed.choose(view)
    assert time.perf_counter() - start < 0.05 + 0.5
    assert 1 <= timed.last_samples < 200
