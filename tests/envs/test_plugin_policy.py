"""examples/plugin_policy.py: a policy over the PettingZoo observation plays as a plug-in bot, seeing from a seat's
view exactly what the PettingZoo environment hands that seat's agent."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ra.bots import ANY_PLUGIN
from ra.tournament import run_tournament

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def policy_module(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The example, importable as `plugin_policy` (as from its folder)."""
    pytest.importorskip("pettingzoo")
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.delitem(sys.modules, "plugin_policy", raising=False)
    return importlib.import_module("plugin_policy")


@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_view_gives_the_agents_observation_and_the_same_decision(game: str, policy_module: Any) -> None:
    from ra.envs.pettingzoo import env as make_env

    environment = make_env(game=game, players=3)
    environment.reset(seed=5)
    policy = policy_module.LinearPolicy(game=game, seed=1, seconds=None)
    compared = 0
    for agent in environment.agent_iter(max_iter=400):
        observation, _reward, terminated, truncated, _info = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        assert observation is not None
        seat = environment.possible_agents.index(agent)
        view = environment.unwrapped.game_state.view(seat)
        seen = policy_module.observe(game, view)
        assert np.array_equal(seen["observation"], observation["observation"])
        assert np.array_equal(seen["action_mask"], observation["action_mask"])
        action = policy.act(observation)
        assert policy.decide(view, view["legal_actions"]) == action
        assert observation["action_mask"][action] == 1
        environment.step(action)
        compared += 1
    assert compared > 20


@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_policy_plays_whole_games_as_a_plugin(game: str, policy_module: Any) -> None:
    result = run_tournament(game, ["plugin_policy:LinearPolicy", "random", "random"], 3, seed=2, plugins=ANY_PLUGIN)
    assert len(result.games) == 3
    assert all(entrant.fallbacks == 0 for entrant in result.stats)  # every answer was legal and on time
