"""The one-learner-seat environment (`ra.envs.seats`): every seat's reward reaches that seat's own trajectory.

Every move of every game is recorded (the learner's and, through a recording wrapper, the opponents'), and each
ended game is replayed on a fresh engine from its seed with checked moves: the row's reward must be the learned
seat's final reward in that replay, whichever seat's move ended the game, for every seat position.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from ra.envs.common import final_rewards  # noqa: E402
from ra.envs.observation import encoder  # noqa: E402
from ra.envs.opponents import Opponents, RandomOpponents, Waiting, make_opponents  # noqa: E402
from ra.envs.seats import LearnerSeatEnv  # noqa: E402
from ra.envs.vector import masked_random  # noqa: E402
from ra.games import game_module  # noqa: E402


class Recording:
    """Wraps opponents: every game's seed and moves in order (the test adds the learner's), kept when it ends."""

    def __init__(self, inner: Opponents) -> None:
        self.inner = inner
        self.current: dict[int, tuple[int, list[int], list[tuple[int, int]]]] = {}  # seed, opponents' seats, moves
        self.ended: dict[int, list[tuple[int, list[int], list[tuple[int, int]]]]] = {}

    def start(self, game: int, seed: int, seats: Sequence[int]) -> None:
        if game in self.current:
            self.ended.setdefault(game, []).append(self.current[game])
        self.current[game] = (seed, list(seats), [])
        self.inner.start(game, seed, seats)

    def learner(self, game: int, seat: int, action: int) -> None:
        """The learner's move, recorded before the step plays it (it comes before the opponents' in the step)."""
        self.current[game][2].append((seat, action))

    def choose(self, waiting: Sequence[Waiting]) -> list[int]:
        chosen = self.inner.choose(waiting)
        for entry, action in zip(waiting, chosen, strict=True):
            assert entry.seat in self.current[entry.game][1], "an opponent played the learner's seat"
            self.current[entry.game][2].append((entry.seat, action))
        return chosen


def check_rows(envs: LearnerSeatEnv, observations: Any, infos: dict[str, Any]) -> None:
    """Row i is game i's learner seat: the reference encoding of its view, and it is that seat's decision."""
    reference = encoder(envs.game)
    for i, state in enumerate(envs.states):
        seat = int(infos["seat"][i])
        assert seat == envs.seats[i] and seat in state.current_players()
        view = state.view(seat)
        assert np.array_equal(observations[i], reference.encode(view))
        assert np.array_equal(infos["action_mask"][i], reference.mask(view))


def play_and_replay(game: str, players: int, opponents: Opponents, games_wanted: int, num_envs: int = 4) -> set[str]:
    """Masked random learners; every ended game replayed and its reward checked. Returns who ended the games."""
    recording = Recording(opponents)
    envs = LearnerSeatEnv(num_envs=num_envs, game=game, players=players, opponents=recording, reward="margin")
    observations, infos = envs.reset(seed=40)
    check_rows(envs, observations, infos)
    rng = np.random.default_rng(players)
    module = game_module(game)
    learned: set[int] = set()
    enders: set[str] = set()
    finished = 0
    while finished < games_wanted:
        actions = masked_random(rng, infos["action_mask"])
        seats = list(envs.seats)
        for i in range(num_envs):
            recording.learner(i, seats[i], int(actions[i]))
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        check_rows(envs, observations, infos)
        assert not truncations.any()
        assert not rewards[~terminations].any(), "a reward before the end of a game"
        for i in np.flatnonzero(terminations):
            finished += 1
            seed, opponent_seats, moves = recording.ended[i][-1]
            seat = seats[i]
            assert seat not in opponent_seats
            replay = module.State.new(envs.options, seed=seed)
            for mover, action in moves:  # checked moves: an illegal one raises
                replay.apply(action, mover)
            assert replay.is_terminal()
            finals = final_rewards(replay, "margin")
            assert int(infos["final_seat"][i]) == seat
            assert rewards[i] == pytest.approx(finals[seat]), f"game {i}: seat {seat} got another seat's reward"
            assert infos["final_rewards"][i].tolist() == pytest.approx(finals)
            assert np.array_equal(infos["final_obs"][i], encoder(game).encode(replay.view(seat)))
            learned.add(seat)
            enders.add("learner" if moves[-1][0] == seat else "opponent")
    assert learned == set(range(players)), "every seat position is learned"
    return enders


@pytest.mark.parametrize(
    ("game", "players"), [("ra", 2), ("ra", 3), ("ra", 5), ("write", 2), ("write", 3), ("write", 4)]
)
def test_every_seat_reward_reaches_that_seat_trajectory(game: str, players: int) -> None:
    """Against random opponents: each row's reward is its own seat's final reward, however the game ended."""
    enders = play_and_replay(game, players, RandomOpponents(), games_wanted=3 * players)
    if game == "ra":  # Ra's last move may be anyone's; in RA and Write every seat's last choice ends the turn
        assert enders == {"learner", "opponent"}, enders
    else:
        assert "opponent" in enders


@pytest.mark.parametrize("game", ["ra", "write"])
def test_greedy_opponents(game: str) -> None:
    """The game's greedy bots play the other seats (from their own views) and the rewards still reach their seat."""
    play_and_replay(game, 2, make_opponents("greedy", game), games_wanted=2, num_envs=2)


def test_a_batched_policy_plays_the_opponents_and_an_illegal_answer_raises() -> None:
    """Self-play against a policy of (observations, masks): it sees the opponents' own rows; illegal: ValueError."""
    seen: list[Any] = []
    rng = np.random.default_rng(0)

    def policy(observations: Any, masks: Any) -> Any:
        seen.append((observations.shape, masks.shape))
        return masked_random(rng, masks)

    play_and_replay("ra", 3, make_opponents(policy, "ra"), games_wanted=3)
    assert seen and all(shape[1:] == (425,) and mask[1:] == (56,) for shape, mask in seen)
    envs = LearnerSeatEnv(num_envs=2, game="ra", players=3, opponents=lambda observations, masks: [0] * len(masks))
    with pytest.raises(ValueError, match="opponents' policy chose"):
        envs.reset(seed=1)
        for _ in range(50):
            envs.step(masked_random(rng, envs.action_masks().astype(np.int8)))


def test_seeds_seats_and_copies() -> None:
    """Game i plays seeds s + i, s + i + N, ...; its learner seat turns with each game; the env deep-copies."""
    envs = LearnerSeatEnv(num_envs=3, game="ra", players=3, opponents="random")
    envs.reset(seed=100)
    assert [state.record()["seed"] for state in envs.states] == [100, 101, 102]
    assert envs.seats == [0, 1, 2]
    twin = copy.deepcopy(envs)
    rng, twin_rng = np.random.default_rng(5), np.random.default_rng(5)
    for _ in range(400):
        _, rewards, terminations, _, _ = envs.step(masked_random(rng, envs.action_masks().astype(np.int8)))
        _, twin_rewards, twin_terminations, _, _ = twin.step(
            masked_random(twin_rng, twin.action_masks().astype(np.int8))
        )
        assert np.array_equal(rewards, twin_rewards) and np.array_equal(terminations, twin_terminations)
        for i in np.flatnonzero(terminations):
            assert envs.states[i].record()["seed"] == 100 + i + 3 * (envs.games_played[i] - 1)
            assert envs.seats[i] == (i + envs.games_played[i] - 1) % 3
    assert min(envs.games_played) >= 2
    with pytest.raises(ValueError, match="may not play"):
        envs.step([-1, -1, -1])


def test_gymnasium_vector_conventions() -> None:
    """What CleanRL-style loops read: the single and batched spaces, same-step autoreset, `_`-masked final infos."""
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode

    envs = LearnerSeatEnv(num_envs=5, game="write", players=3, opponents="random")
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.single_observation_space.shape == (621,) and envs.single_action_space == spaces.Discrete(350)
    assert envs.observation_space.shape == (5, 621) and envs.action_space.shape == (5,)
    observations, infos = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    while ended < 5:
        assert envs.observation_space.contains(observations)
        observations, rewards, terminations, truncations, infos = envs.step(masked_random(rng, infos["action_mask"]))
        assert rewards.dtype == np.float32 and terminations.shape == truncations.shape == (5,)
        if terminations.any():
            ended += int(terminations.sum())
            for key in ("final_obs", "final_rewards", "final_seat"):
                assert np.array_equal(infos["_" + key], terminations)
        else:
            assert "final_obs" not in infos


def test_pickles_with_batched_greedy_opponents() -> None:
    """A pickled copy (batched greedy opponents and their generators included) plays on exactly as the original."""
    import pickle

    envs = LearnerSeatEnv(num_envs=2, game="write", players=3, opponents="greedy")
    _, infos = envs.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(5):
        _, _, _, _, infos = envs.step(masked_random(rng, infos["action_mask"]))
    twin = pickle.loads(pickle.dumps(envs))
    for _ in range(40):
        actions = masked_random(rng, infos["action_mask"])
        observations, rewards, _, _, infos = envs.step(actions)
        twin_observations, twin_rewards, _, _, _ = twin.step(actions)
        assert np.array_equal(observations, twin_observations) and np.array_equal(rewards, twin_rewards)
