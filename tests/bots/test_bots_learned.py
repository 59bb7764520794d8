"""Ra's search with `learned=k`: from k seats on, every tree scores its leaves with the evaluation's LEARNED
weights."""

from __future__ import annotations

import pytest
from test_bots_duel import UNLIMITED, _positions

from ra.bots import make_bot
from ra.bots.ra import evaluation
from ra.bots.ra.duel import DuelSearch
from ra.bots.ra.evaluation import CLASSIC, LEARNED, Weights
from ra.bots.ra.search import Search, tree_actions


def test_the_two_weight_tables_differ() -> None:
    """Otherwise the tests below could not tell them apart."""
    assert LEARNED.vector != CLASSIC.vector
    assert evaluation.DEFAULT is CLASSIC


def _tree(duel: bool, depth: int, weights: Weights | None) -> Search | DuelSearch:
    if duel:
        return DuelSearch(depth, UNLIMITED, 1, me=1, weights=weights)
    return Search(depth, UNLIMITED, 1, weights=weights)


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


SPEC = "search:samples=2,depth=2,nodes=4000,blind=1"


@pytest.mark.parametrize(("players", "settings"), [(2, "learned=1"), (2, "learned=2"), (3, "learned=3")])
def test_the_bot_plays_as_if_its_weights_were_the_default(
    players: int, settings: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same seed, same views: `learned=k` at k or more seats plays and explains as the plain bot under LEARNED,
    and unlike the plain bot under its default weights."""
    moved = 0
    for state in _positions(players, range(1), 11)[:3]:
        view = state.view(state.cur)
        bot = make_bot(f"{SPEC},{settings}", "ra", 7)
        plain = make_bot(SPEC, "ra", 7)
        choice = bot.choose(view)
        with monkeypatch.context() as patch:
            patch.setattr(evaluation, "DEFAULT", LEARNED)
            assert plain.choose(view) == choice
        assert plain.last_leads == bot.last_leads  # type: ignore[attr-defined]
        other = make_bot(SPEC, "ra", 7)
        other.choose(view)
        moved += other.last_leads != bot.last_leads  # type: ignore[attr-defined]
    assert moved >= 1


@pytest.mark.parametrize(
    ("players", "settings"),
    [
        (2, "learned=3"),  # from more seats than the table has: the default weights
        (3, "learned=0"),  # never
    ],
)
def test_settings_that_do_not_apply_change_nothing(players: int, settings: str) -> None:
    """The same choices and leads as without the settings."""
    for state in _positions(players, range(1), 11)[:3]:
        view = state.view(state.cur)
        bot, plain = make_bot(f"{SPEC},{settings}", "ra", 7), make_bot(SPEC, "ra", 7)
        assert bot.choose(view) == plain.choose(view)
        assert bot.last_leads == plain.last_leads  # type: ignore[attr-defined]
