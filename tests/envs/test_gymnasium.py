"""Gymnasium: check_env for both games at 2-5 players, whole episodes against bots, masks in info."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import ra.envs.gymnasium  # noqa: E402,F401  (registers the ids)
from ra.envs.gymnasium import ENV_IDS, RaEnv  # noqa: E402

CASES = [(env_id, players) for env_id in ENV_IDS.values() for players in (2, 3, 4, 5)]


@pytest.mark.parametrize(("env_id", "players"), CASES)
def test_check_env_and_a_whole_episode(env_id: str, players: int) -> None:
    """Gymnasium's env checker passes; an episode of masked random actions ends with the final reward."""
    env = gymnasium.make(env_id, players=players, opponents="greedy", render_mode="ansi")
    check_env(env.unwrapped)
    observation, info = env.reset(seed=players)
    assert env.observation_space.contains(observation)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        observation, reward, terminated, truncated, info = env.step(env.action_space.sample(mask))
        total += float(reward)
        steps += 1
        done = terminated or truncated
    state = env.unwrapped.state
    assert state.is_terminal() and "illegal_action" not in info
    scores = state.scores()
    seat = info["seat"]
    assert total == scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    assert isinstance(env.render(), str)
    env.close()


def test_same_seed_same_episode_and_opponent_lists() -> None:
    """reset(seed) fixes the game and the bots' choices; one spec per other seat is accepted."""

    def episode(seed: int) -> list[float]:
        env = RaEnv(game="write", players=3, opponents=["greedy", "random"], seat="random")
        observation, info = env.reset(seed=seed)
        rewards = [float(observation.sum())]
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(int(legal[0]))
            rewards.append(float(observation.sum()) + reward)
            done = terminated or truncated
        return rewards

    assert episode(5) == episode(5)
    assert episode(5) != episode(6)


def test_illegal_action_ends_the_episode_and_bad_settings_are_refused() -> None:
    """An illegal action terminates with illegal_reward; wrong opponents or seats raise ValueError."""
    env = RaEnv(game="ra", players=3, opponents="random")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="other seats"):
        RaEnv(players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="seat"):
        RaEnv(players=3, seat=3)
    with pytest.raises(ValueError, match="unknown bot"):
        RaEnv(opponents="nobody")
