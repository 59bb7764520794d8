"""Ra's search with `learned=k`: from k seats on, every tree scores its leaves with the evaluation's LEARNED weights
(with `percount=1`, the table of `LEARNED_BY_PLAYERS` fitted to the table's player count)."""

from __future__ import annotations

import pytest
from test_bots_duel import UNLIMITED, _positions

from ra.bots import make_bot
from ra.bots.ra import evaluation
from ra.bots.ra.duel import DuelSearch
from ra.bots.ra.evaluation import CLASSIC, LEARNED, LEARNED_BY_PLAYERS, Weights
from ra.bots.ra.search import Search, tree_actions


def test_the_two_weight_tables_differ() -> None:
    """Otherwise the tests below could not tell them apart."""
    assert LEARNED.vector != CLASSIC.vector
    assert evaluation.DEFAULT is CLASSIC


def test_one_fitted_table_per_player_count() -> None:
    """2-5 players each have their own fit, unlike the pooled one and each other (or `percount` would be a no-op)."""
    assert sorted(LEARNED_BY_PLAYERS) == [2, 3, 4, 5]
    vectors = {table.vector for table in LEARNED_BY_PLAYERS.values()} | {LEARNED.vector, CLASSIC.vector}
    assert len(vectors) == 6


def _tree(duel: bool, depth: int, weights: Weights | None) -> Search | DuelSearch:
    if duel:
        return DuelSearch(depth, UNLIMITED, 1, False, me=1, weights=weights)
    return Search(depth, UNLIMITED, 1, False, weights=weights)


@pytest.mark.parametrize(("players", "depth"), [(2, 2), (3, 1)])
def test_trees_score_leaves_with_the_weights_they_are_given(
    players: int, depth: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tree given LEARNED finds the values it finds when LEARNED is the evaluation's default; CLASSIC's differ."""
    positions = _positions(players, range(1), 9)[:4]
    assert positions
    differ = 0
    for state in positions:
        actions = tree_actions(state)
        for duel in (False, True):
            given = _tree(duel, depth, LEARNED).root_values(state, actions)
            classic = _tree(duel, depth, None).root_values(state, actions)
            with monkeypatch.context() as patch:
                patch.setattr(evaluation, "DEFAULT", LEARNED)
                as_default = _tree(duel, depth, None).root_values(state, actions)
            assert given == as_default
            differ += given != classic
    assert differ >= len(positions)


@pytest.mark.parametrize(("players", "learned", "paranoid"), [(2, 1, 0), (2, 2, 0), (3, 3, 0), (3, 3, 1)])
def test_the_bot_with_learned_plays_as_if_learned_were_the_default(
    players: int, learned: int, paranoid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same seed, same views: `learned=k` at k or more seats plays and explains as the plain bot under LEARNED."""
    spec = f"search:samples=2,depth=2,nodes=4000,blind=1,paranoid={paranoid}"
    moved = 0
    for state in _positions(players, range(1), 11)[:3]:
        view = state.view(state.cur)
        bot = make_bot(f"{spec},learned={learned}", "ra", 7)
        plain = make_bot(spec, "ra", 7)
        choice = bot.choose(view)
        with monkeypatch.context() as patch:
            patch.setattr(evaluation, "DEFAULT", LEARNED)
            assert plain.choose(view) == choice
        assert plain.last_leads == bot.last_leads  # type: ignore[attr-defined]
        classic = make_bot(spec, "ra", 7)
        classic.choose(view)
        moved += classic.last_leads != bot.last_leads  # type: ignore[attr-defined]
    assert moved >= 1


@pytest.mark.parametrize(("players", "learned"), [(2, 1), (3, 3)])
def test_percount_plays_as_if_its_player_counts_fit_were_the_default(
    players: int, learned: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`learned=k,percount=1` at n >= k seats plays and explains as the plain bot under LEARNED_BY_PLAYERS[n]."""
    spec = "search:samples=2,depth=2,nodes=4000,blind=1"
    moved = 0
    for state in _positions(players, range(1), 11)[:3]:
        view = state.view(state.cur)
        bot = make_bot(f"{spec},learned={learned},percount=1", "ra", 7)
        plain = make_bot(spec, "ra", 7)
        choice = bot.choose(view)
        with monkeypatch.context() as patch:
            patch.setattr(evaluation, "DEFAULT", LEARNED_BY_PLAYERS[players])
            assert plain.choose(view) == choice
        assert plain.last_leads == bot.last_leads  # type: ignore[attr-defined]
        pooled = make_bot(f"{spec},learned={learned}", "ra", 7)
        pooled.choose(view)
        moved += pooled.last_leads != bot.last_leads  # type: ignore[attr-defined]
    assert moved >= 1


def test_percount_without_learned_changes_nothing() -> None:
    """`percount=1` only picks which learned table: without `learned` the leaves keep the default weights."""
    spec = "search:samples=2,depth=2,nodes=4000,blind=1"
    for state in _positions(3, range(1), 11)[:2]:
        view = state.view(state.cur)
        alone, plain = make_bot(spec + ",percount=1", "ra", 7), make_bot(spec, "ra", 7)
        assert alone.choose(view) == plain.choose(view)
        assert alone.last_leads == plain.last_leads  # type: ignore[attr-defined]


def test_learned_from_more_seats_than_the_table_has_changes_nothing() -> None:
    """`learned=3` at a two-player table: the classic weights, the same choices and leads as without it."""
    spec = "search:samples=2,depth=2,nodes=4000,blind=1"
    for state in _positions(2, range(1), 11)[:3]:
        view = state.view(state.cur)
        learned, plain = make_bot(spec + ",learned=3", "ra", 7), make_bot(spec, "ra", 7)
        assert learned.choose(view) == plain.choose(view)
        assert learned.last_leads == plain.last_leads  # type: ignore[attr-defined]
