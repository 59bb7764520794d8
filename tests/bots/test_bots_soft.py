"""Ra's search with `soft=s`: the other seats' choices in the max-n tree are mixed by exp(lead/s), not maximised."""

from __future__ import annotations

from math import exp

import pytest
from test_bots_duel import _positions

from ra.bots.ra.search import Search, soft_mix, tree_actions


def test_soft_mix_weighs_each_choice_by_its_lead() -> None:
    """A choice `soft` points worse in lead counts e^-1 as much as the best one; a huge soft is a plain mean."""
    best, worse = [10.0, 0.0, 2.0], [4.0, 6.0, 0.0]
    mixed = soft_mix([(8.0, best), (-2.0, worse)], 8.0, 10.0)
    w = exp(-1.0)
    assert mixed == pytest.approx([(10 + w * 4) / (1 + w), 6 * w / (1 + w), 2 / (1 + w)])
    assert soft_mix([(8.0, best), (-2.0, worse)], 8.0, 1e9) == pytest.approx([7.0, 3.0, 1.0])


def test_soft_moves_root_values_and_a_tiny_soft_is_max_n() -> None:
    """With soft=3, root values move (the others may err); as soft shrinks, the values become max-n's."""
    moved = 0
    positions = [state for state in _positions(3, range(2), 11) if len(tree_actions(state)) > 1][:10]
    assert len(positions) >= 6
    for state in positions:
        actions = tree_actions(state)
        hard = Search(1, 1 << 40, me=state.cur).root_values(state, actions)
        soft = Search(1, 1 << 40, soft=3.0, me=state.cur).root_values(state, actions)
        tiny = Search(1, 1 << 40, soft=1e-6, me=state.cur).root_values(state, actions)
        for action in actions:
            assert tiny[action] == pytest.approx(hard[action], abs=1e-6)
        moved += any(soft[a] != pytest.approx(hard[a]) for a in actions)
    assert moved >= 3
