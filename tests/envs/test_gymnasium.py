"""Gymnasium: check_env for both games at 2-5 players, whole episodes against bots, masks in info."""

from __future__ import annotations

from typing import Any

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


def first_legal(observation: Any, mask: Any) -> int:
    """A policy: the lowest legal action id."""
    assert observation.shape == (425,) and observation.dtype == np.float32
    return int(np.flatnonzero(mask)[0])


def test_policies_as_opponents_and_self_play() -> None:
    """A policy (observation, mask) -> action plays other seats, alone or mixed with bots; it sees its own seat."""
    seen: list[int] = []

    def watching(observation: Any, mask: Any) -> int:
        seen.append(int(observation[17]))  # entry 17: "I decide now" (docs/OBSERVATIONS.md)
        return first_legal(observation, mask)

    env = RaEnv(game="ra", players=3, opponents=[watching, "random"], seat=0)
    _, info = env.reset(seed=2)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        done = terminated or truncated
    assert seen and set(seen) == {1}
    selfplay = RaEnv(game="ra", players=3, opponents=first_legal)  # every other seat plays the same policy
    observation, info = selfplay.reset(seed=2)
    done = False
    while not done:
        observation, _, terminated, _, info = selfplay.step(first_legal(observation, info["action_mask"]))
        done = terminated
    assert selfplay.state.is_terminal()


def test_an_illegal_policy_answer_and_a_bad_opponent_are_refused() -> None:
    """A policy answering an illegal action raises ValueError; an opponent that is neither spec nor policy too."""
    env = RaEnv(game="ra", players=2, opponents=lambda observation, mask: 55, seat=1)
    with pytest.raises(ValueError, match="policy of seat 0 chose 55"):
        _, info = env.reset(seed=0)
        for _ in range(3):  # the seat with the highest disk starts: the policy's turn comes at once or next
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(ValueError, match="bot spec or a policy"):
        RaEnv(players=3, opponents=["greedy", 3])  # type: ignore[list-item]


@pytest.mark.parametrize("env_id", sorted(ENV_IDS.values()))
def test_environments_pickle_and_deep_copy(env_id: str) -> None:
    """Mid-episode copies (deepcopy, pickle; bots as opponents) go on exactly like the original."""
    import copy
    import pickle

    env = gymnasium.make(env_id, players=3, opponents="greedy")
    _, info = env.reset(seed=4)
    for _ in range(10):
        *_, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    for _ in range(40):
        action = int(np.flatnonzero(info["action_mask"])[-1])
        expected = env.step(action)
        for other in copies:
            got = other.step(action)
            assert np.array_equal(got[0], expected[0]) and got[1:4] == expected[1:4]
            assert np.array_equal(got[4]["action_mask"], expected[4]["action_mask"])
        info = expected[4]
        if expected[2]:
            break
