"""One learner seat per game: N games stepped together, the other seats played inside the batch (extra rl).

    from ra.envs.seats import LearnerSeatEnv
    envs = LearnerSeatEnv(num_envs=16, game="write", players=3, opponents="random")
    observations, infos = envs.reset(seed=0)
    observations, rewards, terminations, truncations, infos = envs.step(actions)   # actions: (16,) ids

`ra.envs.vector.VectorEnv` serves whichever seat must decide, so its rows mix every seat's moves and a row's
reward belongs to the seat that ended the game; a single-agent trainer (PPO, Stable-Baselines3, CleanRL) would
credit one seat's rewards to another's moves. Here row i is always **one seat's trajectory**: game i's learner
seat. `step(actions)` plays each learner's action, then the opponents (`ra.envs.opponents`: "random", a bot
spec, or a batched policy `(observations, masks) -> actions` such as a frozen copy of the learner for self-play)
until every game waits on its learner again. `rewards[i]` is the learner seat's own final reward when its game
ends, whichever seat's move ended it, and 0 before. The learner's seat turns with each game: game i's k-th game
is learned from seat (i + k) mod players, so every seat position is learned. In RA and Write's simultaneous card
choice the learner decides first, as in the Gymnasium environment. An illegal learner action raises ValueError
(a masked policy never plays one).

Ended games restart in the same step (Gymnasium's SAME_STEP autoreset, as `VectorEnv`): `infos["final_obs"]`
holds the learner's last observation, `infos["final_rewards"]` every seat's final reward, `infos["final_seat"]`
the seat that was learned (each with its `_` mask). `infos["action_mask"]` (N, A) int8 and `infos["seat"]` (N,)
describe the new rows. Game i plays the engine's games of seeds s + i, s + i + N, ... after `reset(seed=s)`.

It does not run on `VectorEnv`: that steps every game at each call, while here a game waiting on its learner
must wait while opponents move in the others. It runs on the engine and the state encoder directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from ra.core.protocol import GameModule, GameState
from ra.envs.common import (
    REWARDS,
    batch_actions,
    check_choice,
    check_table,
    final_rewards,
    first_seeds,
    table_options,
)
from ra.envs.fromstate import StateEncoder
from ra.envs.observation import HIGH, LOW, state_encoder
from ra.envs.opponents import BatchPolicy, Opponents, Waiting, make_opponents
from ra.games import DEFAULT_GAME, game_module

FloatArray = npt.NDArray[np.float32]
Infos = dict[str, Any]
MAX_OPPONENT_ROUNDS = 100_000  # opponent moves in a row without a learner decision: a broken game, not play


class LearnerSeatEnv(GymnasiumVectorEnv):  # type: ignore[misc]
    """N games, each with one learner seat; the other seats are played by `opponents` (module docstring)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's type)

    def __init__(
        self,
        num_envs: int = 8,
        game: str = DEFAULT_GAME,
        players: int = 3,
        opponents: str | BatchPolicy | Opponents = "random",
        options: Mapping[str, Any] | None = None,
        reward: str = "margin",
    ) -> None:
        """`num_envs` games of `game` at a table of `players`; `opponents` plays every seat but the learner's."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        check_table(game, players)
        self.game, self.players, self.num_envs = game, players, num_envs
        self.options = table_options(players, options)
        self.module.State.new(self.options, seed=0)  # reports bad options now, not at reset
        self.reward = check_choice("reward", reward, REWARDS)
        self.opponents = make_opponents(opponents, game)
        self.encoders: list[StateEncoder] = [state_encoder(game) for _ in range(num_envs)]
        size, self.num_actions = self.encoders[0].size, int(self.module.NUM_ACTIONS)
        self.single_observation_space = spaces.Box(LOW, HIGH, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.states: list[GameState] = [self.module.State.new(self.options, seed=i) for i in range(num_envs)]
        self.seats = [i % players for i in range(num_envs)]  # each game's learner seat
        self.games_played = [0] * num_envs
        self._next_seeds = list(range(num_envs))
        self._started = False

    def set_opponents(self, opponents: str | BatchPolicy | Opponents) -> None:
        """Play the other seats with `opponents` from now on (e.g. a frozen copy of a learner built on this env)."""
        self.opponents = make_opponents(opponents, self.game)
        for i in range(self.num_envs):  # the games under way: their seeds, their opponents' seats
            others = [s for s in range(self.players) if s != self.seats[i]]
            self.opponents.start(i, self._next_seeds[i] - self.num_envs, others)

    @property
    def module(self) -> GameModule:
        """The game's engine module (looked up, not kept: modules do not pickle)."""
        return game_module(self.game)

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, Infos]:
        """Start every game (game i: the engine's game of seed `seed + i`, or `seed[i]`) up to its learner's turn."""
        n = self.num_envs
        self._next_seeds = first_seeds(seed, n)
        self.games_played = [0] * n
        for i in range(n):
            self._new_game(i)
        self._play_opponents(list(range(n)), None)
        self._started = True
        return self._observations(), self._infos()

    def step(self, actions: Any) -> tuple[FloatArray, FloatArray, npt.NDArray[np.bool_], npt.NDArray[np.bool_], Infos]:
        """Play each learner's action, then the opponents until every game waits on its learner (or restarted)."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        n = self.num_envs
        chosen = batch_actions(actions, n)
        ended = _Ended(n, self.players, self.encoders[0].size)
        for i, action in enumerate(chosen):
            state, seat = self.states[i], self.seats[i]
            legal = state.legal_actions(seat)
            if action not in legal:
                names = ", ".join(self.module.action_to_str(a) for a in legal)
                raise ValueError(f"game {i}: the learner (seat {seat}) may not play {action!r} now; legal: {names}")
            state.push(action, seat)
        self._play_opponents(list(range(n)), ended)
        return self._observations(), ended.rewards, ended.flags, np.zeros(n, dtype=np.bool_), ended.infos(self._infos())

    def _play_opponents(self, games: list[int], ended: _Ended | None) -> None:
        """Let the opponents move in `games` until each waits on its learner; an ended game is recorded, restarted."""
        for _ in range(MAX_OPPONENT_ROUNDS):
            waiting: list[Waiting] = []
            for i in games:
                state, seat = self.states[i], self.seats[i]
                if state.is_terminal():
                    if ended is None:
                        raise RuntimeError(f"game {i} ended before its learner's first decision")
                    ended.record(i, final_rewards(state, self.reward), seat, self.encoders[i].observe(state, seat))
                    self._new_game(i)
                    state, seat = self.states[i], self.seats[i]
                current = state.current_players()
                if seat not in current:  # the learner decides first in a simultaneous choice
                    waiting.append(Waiting(i, state, current[0], self.encoders[i]))
            if not waiting:
                return
            for entry, action in zip(waiting, self.opponents.choose(waiting), strict=True):
                entry.state.push(action, entry.seat)
            games = [entry.game for entry in waiting]
        raise RuntimeError(f"the opponents made {MAX_OPPONENT_ROUNDS} moves in a row")

    def _new_game(self, i: int) -> None:
        """Game i's next game: the engine's game of its next seed, learned from the next seat in turn."""
        seed = self._next_seeds[i]
        self._next_seeds[i] = seed + self.num_envs
        self.states[i] = self.module.State.new(self.options, seed=seed)
        self.seats[i] = (i + self.games_played[i]) % self.players
        self.games_played[i] += 1
        others = [s for s in range(self.players) if s != self.seats[i]]
        self.opponents.start(i, seed, others)

    def _observations(self) -> FloatArray:
        """Every game's learner observation."""
        return np.stack(
            [enc.observe(state, seat) for enc, state, seat in zip(self.encoders, self.states, self.seats, strict=True)]
        )

    def _infos(self) -> Infos:
        """The learners' masks and seats."""
        masks = np.stack(
            [enc.mask(state, seat) for enc, state, seat in zip(self.encoders, self.states, self.seats, strict=True)]
        )
        return {"action_mask": masks, "seat": np.array(self.seats, dtype=np.int64)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learners' legal-action masks (N, A) as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        return (
            np.stack([enc.mask(s, seat) for enc, s, seat in zip(self.encoders, self.states, self.seats, strict=True)])
            > 0
        )

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""


class _Ended:
    """The games that ended during one step: the learners' rewards and the final infos."""

    def __init__(self, n: int, players: int, size: int) -> None:
        self.rewards = np.zeros(n, dtype=np.float32)
        self.flags = np.zeros(n, dtype=np.bool_)
        self.finals = np.zeros((n, players), dtype=np.float32)
        self.final_obs = np.zeros((n, size), dtype=np.float32)
        self.final_seat = np.zeros(n, dtype=np.int64)

    def record(self, i: int, finals: list[float], seat: int, observation: FloatArray) -> None:
        """Game i ended: its learner (`seat`) gets its own final reward."""
        if self.flags[i]:  # a restarted game cannot end before its learner decides
            raise RuntimeError(f"game {i} ended twice in one step")
        self.rewards[i] = finals[seat]
        self.flags[i] = True
        self.finals[i] = finals
        self.final_obs[i] = observation
        self.final_seat[i] = seat

    def infos(self, infos: Infos) -> Infos:
        """`infos` with the final entries added where a game ended."""
        if self.flags.any():
            for key, value in (("final_rewards", self.finals), ("final_obs", self.final_obs)):
                infos[key], infos["_" + key] = value, self.flags.copy()
            infos["final_seat"], infos["_final_seat"] = self.final_seat, self.flags.copy()
        return infos


__all__ = ["LearnerSeatEnv"]
