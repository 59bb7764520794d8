"""Ra's `search` bot (hard): legal, deterministic, blind to the bag's order; its evaluation and max-n search."""

from __future__ import annotations

import math
import random
import sys

import pytest

from ra.bots import BOT_KINDS, kinds_for, make_bot, parse_spec
from ra.bots.ra.evaluation import BagStats, Weights, expected_finals, leads
from ra.bots.ra.search import DRAW, PASS, BudgetExceeded, Key, Search, draw_weight, tree_actions
from ra.bots.ra.searchbot import RaSearchBot
from ra.games.ra import State, phases, str_to_action, tables
from ra.tournament.games import new_game

SMALL = "search:samples=1,depth=1,nodes=300"
TURN, AUCTION, RA = phases.TURN, phases.AUCTION, tables.RA


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


def test_draw_weights_match_the_bag_and_sum_to_one() -> None:
    """A chance draw weighs the sampled side by the bag's Ra share; the two sides' weights sum to 1."""
    for ra_left, bag_len in ((1, 10), (3, 7), (9, 30), (29, 30)):
        ra_side = draw_weight(ra_left, bag_len, True)
        other_side = draw_weight(ra_left, bag_len, False)
        assert ra_side == pytest.approx(ra_left / bag_len)
        assert ra_side + other_side == pytest.approx(1.0)


def _turn_position(players: int, seed: int, moves: int) -> State:
    state = _position(players, seed, moves)
    while state.phase != TURN or DRAW not in state.legal_actions():
        state.apply(make_bot("greedy", "ra", seed).choose(state.view(state.cur)))
    return state


def _lone_drawer_positions(players: int, seeds: range) -> list[State]:
    """Turns of greedy games where only the seat to act still has face-up disks: every draw below is that seat's."""
    out: list[State] = []
    for seed in seeds:
        state = _position(players, seed, 0)
        greedy = make_bot("greedy", "ra", seed)
        while not state.is_terminal():
            alone = not any(state.up[q] for q in range(players) if q != state.cur)
            bag = state.bag
            if alone and state.phase == TURN and DRAW in state.legal_actions() and 0 < bag.count(RA) < len(bag) - 1:
                out.append(state.clone())
            state.apply(greedy.choose(state.view(state.cur)))
    return out


def test_chance_draws_do_not_depend_on_which_side_the_bag_put_on_top() -> None:
    """With every draw in the tree a chance node (one seat draws, blind to its draws), swapping the next two tiles
    (one Ra, one not) changes no value: the search weighs both sides of a draw by their chance, whichever side the
    sampled bag put on top."""
    positions = _lone_drawer_positions(2, range(1, 4))
    assert len(positions) >= 3
    foreseen_moved = 0
    for state in positions[:: max(1, len(positions) // 4)]:
        bag = state.bag
        j = len(bag) - 2
        while (bag[j] == RA) == (bag[-1] == RA):
            j -= 1
        bag[-2], bag[j] = bag[j], bag[-2]  # the same tiles, a Ra and a non-Ra next
        swapped = state.clone()
        swapped.bag[-1], swapped.bag[-2] = bag[-2], bag[-1]
        first = Search(2, 1 << 30, blind=state.cur).values(state, 2)
        assert Search(2, 1 << 30, blind=state.cur).values(swapped, 2) == pytest.approx(first)
        # Foreseen, the draw order matters: otherwise these positions could not tell chance nodes apart.
        foreseen_moved += Search(2, 1 << 30).values(state, 2) != Search(2, 1 << 30).values(swapped, 2)
    assert foreseen_moved >= 1


class _Forgetful(dict[Key, list[float]]):
    """A transposition table that never remembers (to compare against)."""

    def get(self, key: Key, default: list[float] | None = None) -> list[float] | None:  # type: ignore[override]
        return default


@pytest.mark.parametrize("players", [3, 4])
def test_transpositions_change_no_value_and_save_evaluations(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Looking up positions reached by another order of bids gives the same values as searching them again."""
    calls = [0]

    def counted(st: State, stats: BagStats | None = None, weights: Weights | None = None) -> list[float]:
        calls[0] += 1
        return expected_finals(st, stats, weights)

    monkeypatch.setattr(sys.modules["ra.bots.ra.search"], "expected_finals", counted)
    state = _turn_position(players, 1, 10)
    actions = tree_actions(state)
    remembered = Search(2, 1 << 30, leaves=_Forgetful()).root_values(state, actions)
    with_table = calls[0]
    assert remembered == Search(2, 1 << 30, table=_Forgetful(), leaves=_Forgetful()).root_values(state, actions)
    assert with_table < calls[0] - with_table


def test_more_samples_cost_more_and_a_clear_gain_is_taken() -> None:
    """The sample budget is kept exactly (doubled with two players); offered much gold and gods, the bot bids."""
    state = _position(2, 3, 0)
    state.stack_draws(["gold", "gold", "gold", "god", "ra"])
    greedy = make_bot("greedy", "ra", 0)
    while state.phase != AUCTION:
        action = DRAW if DRAW in state.legal_actions() else greedy.choose(state.view(state.cur))
        state.apply(action)
    bot = make_bot("search:samples=3,depth=2,nodes=3000,blind=1", "ra", 1)
    assert isinstance(bot, RaSearchBot)
    action = bot.choose(state.view(state.cur))
    assert bot.last_samples == 6  # two players: twice the samples (SAMPLE_FACTOR)
    assert action != PASS


def test_work_and_fails_bound_a_decision() -> None:
    """`work` stops the samples once its nodes are spent; `fails` stops retrying a deep search that outgrows `nodes`."""
    state = _turn_position(3, 4, 12)
    view = state.view(state.cur)
    free, capped, quitter = (
        _search_bot(f"search:samples=6,depth=2,nodes=100{extra}", 2) for extra in ("", ",work=150", ",fails=1")
    )
    for bot in (free, capped, quitter):
        bot.choose(view)
    assert free.last_samples == quitter.last_samples == 6
    assert 1 <= capped.last_samples < 6
    assert quitter.last_nodes < free.last_nodes


def _search_bot(spec: str, seed: int) -> RaSearchBot:
    """Ra's search bot of a spec (its last decision's figures are read by the tests)."""
    bot = make_bot(spec, "ra", seed)
    assert isinstance(bot, RaSearchBot)
    return bot
