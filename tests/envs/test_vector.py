"""The batched environment (`ra.envs.vector`): rows equal to the reference encoder, seeds, autoreset, rewards."""

from __future__ import annotations

import copy
import importlib
import pickle
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from ra.envs.common import final_rewards  # noqa: E402
from ra.envs.observation import encoder, state_encoder  # noqa: E402
from ra.envs.vector import VectorEnv, masked_random  # noqa: E402
from ra.games import game_module  # noqa: E402

CASES = [(game, players) for game in ("ra", "write") for players in (2, 3, 4, 5)]


def check_rows(envs: VectorEnv, observations: Any, infos: dict[str, Any]) -> None:
    """Every row is its game's seat to act: the reference encoder's vector and mask of that seat's view."""
    reference = encoder(envs.game)
    assert observations.shape == (envs.num_envs, reference.size) and observations.dtype == np.float32
    assert envs.observation_space.contains(observations)
    for i, state in enumerate(envs.states):
        seat = int(infos["seat"][i])
        assert seat == state.current_players()[0]
        view = state.view(seat)
        assert np.array_equal(observations[i], reference.encode(view)), f"game {i}"
        assert np.array_equal(infos["action_mask"][i], reference.mask(view))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_rows_are_the_reference_encoding_through_whole_games(game: str, players: int) -> None:
    """Masked random play over several whole games per row: observations, masks, rewards and restarts."""
    envs = VectorEnv(num_envs=3, game=game, players=players)
    observations, infos = envs.reset(seed=10)
    check_rows(envs, observations, infos)
    rng = np.random.default_rng(players)
    finished = 0
    while finished < 4:
        seats = infos["seat"]
        before = [state.clone() for state in envs.states]
        actions = masked_random(rng, infos["action_mask"])
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        check_rows(envs, observations, infos)
        assert not truncations.any()
        for i in np.flatnonzero(terminations):
            finished += 1
            ended = before[i]
            ended.push(int(actions[i]), int(seats[i]))
            assert ended.is_terminal()
            finals = final_rewards(ended, "margin")
            assert infos["_final_rewards"][i] and infos["final_rewards"][i].tolist() == pytest.approx(finals)
            assert rewards[i] == pytest.approx(finals[seats[i]])
            assert np.array_equal(infos["final_obs"][i], encoder(game).encode(ended.view(int(seats[i]))))
            assert len(envs.states[i].history) == 0  # restarted at once
        assert not rewards[~terminations].any()


# Where each game's state encoder writes parts of many boards in one NumPy pass (`refresh_many`).
BATCHED_MODULES = {"ra": "ra.envs.ra.fromstate", "write": "ra.envs.write.fromstate"}


@pytest.mark.parametrize(("game", "players"), [("ra", 2), ("ra", 5), ("write", 3), ("write", 5)])
def test_parts_written_for_many_games_at_once_are_the_reference_encoding(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With enough games changing together for the batched NumPy writes, every row is still the reference's."""
    module = importlib.import_module(BATCHED_MODULES[game])
    passes = [0]
    if game == "ra":
        recount = module._recount_tiles

        def counted(*args: Any) -> None:
            passes[0] += 1
            recount(*args)

        monkeypatch.setattr(module, "_recount_tiles", counted)
    else:
        write_rows = module.SheetGather.write_rows

        def counted_rows(self: Any, *args: Any) -> None:
            passes[0] += 1
            write_rows(self, *args)

        monkeypatch.setattr(module.SheetGather, "write_rows", counted_rows)
    envs = VectorEnv(num_envs=96, game=game, players=players)
    observations, infos = envs.reset(seed=3)
    rng = np.random.default_rng(players)
    for _ in range(40):
        observations, _, _, _, infos = envs.step(masked_random(rng, infos["action_mask"]))
        check_rows(envs, observations, infos)
    assert passes[0] >= 5  # the batched writes ran, not only the one-game path


def test_seeds_give_each_game_its_engine_game() -> None:
    """reset(seed=s): game i is the engine's game of seed s + i, then s + i + N after it ends; lists give seeds."""
    envs = VectorEnv(num_envs=4, game="ra", players=3)
    envs.reset(seed=100)
    for i, state in enumerate(envs.states):
        assert state.to_json() == game_module("ra").State.new({"players": 3}, seed=100 + i).to_json()
    rng = np.random.default_rng(0)
    _, infos = envs.reset(seed=100)
    restarted: set[int] = set()
    while len(restarted) < 4:
        _, _, terminations, _, infos = envs.step(masked_random(rng, infos["action_mask"]))
        for i in np.flatnonzero(terminations):
            if i not in restarted:
                restarted.add(int(i))
                assert envs.states[i].record()["seed"] == 100 + i + 4
    envs.reset(seed=[7, 3, 9, 1])
    assert [state.record()["seed"] for state in envs.states] == [7, 3, 9, 1]
    with pytest.raises(ValueError, match="3 seeds for 4 games"):
        envs.reset(seed=[1, 2, 3])


def play(envs: VectorEnv, seed: int, steps: int) -> list[Any]:
    """Observations and rewards of `steps` steps of masked random play."""
    observations, infos = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [observations]
    for _ in range(steps):
        observations, rewards, *_, infos = envs.step(masked_random(rng, infos["action_mask"]))
        out += [observations, rewards]
    return out


def test_same_seed_same_trajectory_and_copies_go_on_alike() -> None:
    """Play is a function of the seed; a pickled or deep-copied environment continues exactly like the original."""
    first, second = play(VectorEnv(4, "write"), 3, 60), play(VectorEnv(4, "write"), 3, 60)
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    envs = VectorEnv(num_envs=4, game="ra", players=4)
    _, infos = envs.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(50):
        *_, infos = envs.step(masked_random(rng, infos["action_mask"]))
    copies = [copy.deepcopy(envs), pickle.loads(pickle.dumps(envs))]
    actions = masked_random(rng, infos["action_mask"])
    expected = envs.step(actions)
    for other in copies:
        got = other.step(actions)
        assert np.array_equal(got[0], expected[0]) and np.array_equal(got[1], expected[1])
        assert np.array_equal(got[4]["action_mask"], expected[4]["action_mask"])


def test_illegal_actions_follow_the_policy() -> None:
    """raise (the default), random (a penalty and a random legal action) or terminate (the game restarts)."""
    envs = VectorEnv(num_envs=2, game="ra", players=3)
    _, infos = envs.reset(seed=1)
    illegal = [int(np.flatnonzero(row == 0)[0]) for row in infos["action_mask"]]
    with pytest.raises(ValueError, match="may not play"):
        envs.step(illegal)
    envs = VectorEnv(num_envs=2, game="ra", players=3, illegal_action="random", illegal_reward=-0.5)
    _, infos = envs.reset(seed=1)
    _, rewards, terminations, _, infos = envs.step(illegal)
    assert rewards.tolist() == [-0.5, -0.5] and not terminations.any() and infos["illegal_action"].all()
    assert all(len(state.history) == 1 for state in envs.states)
    envs = VectorEnv(num_envs=2, game="ra", players=3, illegal_action="terminate")
    _, infos = envs.reset(seed=1)
    legal, seat = int(np.flatnonzero(infos["action_mask"][1])[0]), int(infos["seat"][0])
    _, rewards, terminations, _, infos = envs.step([illegal[0], legal])
    assert terminations.tolist() == [True, False] and rewards.tolist() == [-1.0, 0.0]
    assert infos["final_rewards"][0].tolist() == [-1.0 if s == seat else 0.0 for s in range(3)]
    assert len(envs.states[0].history) == 0 and len(envs.states[1].history) == 1


def test_bad_settings_are_refused() -> None:
    """Unknown games, table sizes, counts and policies are reported at construction; step needs reset first."""
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv(num_envs=0)
    with pytest.raises(ValueError, match="unknown game"):
        VectorEnv(game="chess")
    with pytest.raises(ValueError, match="2 to 5 players"):
        VectorEnv(players=1)
    with pytest.raises(ValueError, match="illegal_action"):
        VectorEnv(illegal_action="ignore")
    with pytest.raises(RuntimeError, match="reset"):
        VectorEnv().step([0] * 8)


def test_full_states_stack_every_game() -> None:
    """full_states(): one row per game, the encoder's full state (it leaks hidden information)."""
    envs = VectorEnv(num_envs=3, game="write", players=2)
    envs.reset(seed=2)
    full = envs.full_states()
    assert full.shape == (3, envs.state_size)
    for i, state in enumerate(envs.states):
        assert np.array_equal(full[i], state_encoder("write").full_state(state))
