"""A batched environment: N games of one table stepped together, arrays of shape (N, ...), autoreset (extra rl).

    from ra.envs.vector import VectorEnv
    envs = VectorEnv(num_envs=256, game="ra", players=3)
    observations, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        actions = masked_random(rng, infos["action_mask"])       # any policy of (observation, mask)
        observations, rewards, terminations, truncations, infos = envs.step(actions)

Every game serves the seat that must decide (RA and Write's simultaneous choices one seat after another, as the
PettingZoo AEC environment does), so one policy plays every seat: self-play. Row i holds game i's seat to act
(`infos["seat"]`): its observation (docs/OBSERVATIONS.md, encoded straight from the state) and its mask
(`infos["action_mask"]`, int8). `rewards[i]` is the reward of the seat that just acted in game i: 0 until the end,
then its final reward (`reward` as in the other interfaces); `infos["final_rewards"]` holds every seat's final
reward in the rows whose game ended (`infos["_final_rewards"]` marks them). Ended games restart at once
(Gymnasium's same-step autoreset): their row already shows the new game, and `infos["final_obs"]` the last
observation of the seat that ended it. `reset(seed=s)` plays in game i the engine's game of seed s + i, then, as
each game ends, the games of seeds s + i + N, s + i + 2N, ... (a list of seeds gives game i its own first seed).
The environment pickles and deep-copies.

A step does per game only the engine's own work (push, the seat to act, its legal ids) and the boards' refresh;
the rest is done for all games at once: the state encoder's `refresh_many` writes parts that changed in many games
in one NumPy pass, the masks are one scatter of the legal ids, and observations are one gather per seat order.
"""

from __future__ import annotations

import array
import random
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from ra.core.protocol import GameModule, GameState
from ra.envs.common import (
    ILLEGAL_ACTIONS,
    REWARDS,
    batch_actions,
    check_choice,
    check_table,
    final_rewards,
    first_seeds,
    table_options,
)
from ra.envs.encoding import MaskArray
from ra.envs.fromstate import BATCH_MIN, StateEncoder
from ra.envs.observation import HIGH, LOW
from ra.envs.parts import game_parts
from ra.games import DEFAULT_GAME, game_module

FloatArray = npt.NDArray[np.float32]
Infos = dict[str, Any]


class VectorEnv(GymnasiumVectorEnv):  # type: ignore[misc]
    """N games of one game and table size, each serving its seat to act (module docstring).

    `illegal_action`: `raise` (ValueError, the default: a masked policy never plays one), `random` (the seat gets
    `illegal_reward` and a random legal action is played for it) or `terminate` (its game ends: the seat gets
    `illegal_reward`, the others 0, and the game restarts).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's type)

    def __init__(
        self,
        num_envs: int = 8,
        game: str = DEFAULT_GAME,
        players: int = 3,
        options: Mapping[str, Any] | None = None,
        reward: str = "margin",
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        """`num_envs` games of `game` (by name) at a table of `players` with the engine's table `options`."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        check_table(game, players)
        self.game = game
        self.players = players
        self.options = table_options(players, options)
        self.module.State.new(self.options, seed=0)  # reports bad options now, not at reset
        self.reward = check_choice("reward", reward, REWARDS)
        self.illegal_action = check_choice("illegal_action", illegal_action, ILLEGAL_ACTIONS)
        self.illegal_reward = float(illegal_reward)
        self.num_envs = num_envs
        self._encoder_class: type[StateEncoder] = game_parts(game).STATE_ENCODER
        size = self._encoder_class.layout.size
        self.size = size
        self.num_actions = int(self.module.NUM_ACTIONS)
        self.single_observation_space = spaces.Box(LOW, HIGH, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.state_size = size + self._encoder_class.lookahead_size()
        self._build()
        self.states: list[GameState] = [self.module.State.new(self.options, seed=i) for i in range(num_envs)]
        self._next_seeds = list(range(num_envs))
        self._rng = random.Random(0)
        self._started = False

    def _build(self) -> None:
        """The boards of the games' encoders, side by side in one array, and the index tables that read them."""
        n, size = self.num_envs, self._encoder_class.layout.size
        self._boards = array.array("f", bytes(4 * n * (size + 1)))
        view = memoryview(self._boards)
        self._encoders = [self._encoder_class(view[i * (size + 1) : (i + 1) * (size + 1)]) for i in range(n)]
        self._board_rows: FloatArray = np.frombuffer(self._boards, dtype=np.float32).reshape(n, size + 1)
        first = self._encoders[0]
        # One index order per (seat, private parts shown): row 2 * seat + shown of the table.
        self._orders = np.stack(
            [first.order(self.players, seat, shown) for seat in range(self.players) for shown in (False, True)]
        )
        self._games = np.arange(n)
        self._keys = [0] * n
        self._legal: list[Sequence[int]] = [()] * n
        self._mask: MaskArray = np.zeros((n, self.num_actions), dtype=np.int8)
        self._seats = [0] * n

    @property
    def module(self) -> GameModule:
        """The game's engine module (looked up, not kept: modules do not pickle)."""
        return game_module(self.game)

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the boards and encoders, which are rebuilt (memoryviews do not pickle)."""
        kept = {k: v for k, v in self.__dict__.items() if k not in _REBUILT}
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        """Rebuild the boards and encoders, and encode every game again."""
        self.__dict__.update(kept)
        self._build()
        if self._started:
            self._serve_all()

    # --- the Gymnasium interface -------------------------------------------------------------------------------------
    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, Infos]:
        """Start every game: game i plays the engine's game of seed `seed + i` (or `seed[i]`; random when None)."""
        n = self.num_envs
        firsts = first_seeds(seed, n)
        self._rng = random.Random(firsts[0])
        self._next_seeds = firsts
        for i in range(n):
            self.states[i] = self._new_game(i)
        self._serve_all()
        self._started = True
        return self._observations(), self._infos()

    def step(self, actions: Any) -> tuple[FloatArray, FloatArray, npt.NDArray[np.bool_], npt.NDArray[np.bool_], Infos]:
        """Play each game's action for its seat to act; ended games restart (same-step autoreset)."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        n = self.num_envs
        chosen = batch_actions(actions, n)
        rewards = np.zeros(n, dtype=np.float32)
        terminations = np.zeros(n, dtype=np.bool_)
        ended: list[tuple[int, list[float], FloatArray]] = []
        illegal = self._refused(chosen)
        skipped = set()
        for i in illegal:
            action = self._illegal(i, chosen[i], rewards, terminations, ended)
            if action is None:
                skipped.add(i)  # its game ended and restarted: nothing to play
            else:
                chosen[i] = action
        states, seats = self.states, self._seats
        moves: Iterable[tuple[GameState, Any, int]] = zip(states, chosen, seats, strict=True)
        if skipped:
            moves = [(states[i], chosen[i], seats[i]) for i in range(n) if i not in skipped]
        for state, action, seat in moves:  # the engine's own work: all that is left per game in Python
            state.push(action, seat)
        for i in [i for i, state in enumerate(states) if state.is_terminal()]:
            state, seat = states[i], seats[i]
            finals = final_rewards(state, self.reward)
            rewards[i] += finals[seat]
            ended.append((i, finals, self._encoders[i].observe(state, seat)))
            terminations[i] = True
            states[i] = self._new_game(i)
        self._serve_all()
        infos = self._infos()
        if ended:
            size = self.size
            finals_array = np.zeros((n, self.players), dtype=np.float32)
            final_obs = np.zeros((n, size), dtype=np.float32)
            for i, finals, observation in ended:
                finals_array[i] = finals
                final_obs[i] = observation
            infos["final_rewards"], infos["_final_rewards"] = finals_array, terminations.copy()
            infos["final_obs"], infos["_final_obs"] = final_obs, terminations.copy()
        if illegal:
            flags = np.zeros(n, dtype=np.bool_)
            flags[illegal] = True
            infos["illegal_action"] = flags
        return self._observations(), rewards, terminations, np.zeros(n, dtype=np.bool_), infos

    def _refused(self, chosen: list[Any]) -> list[int]:
        """The games whose action is not one of their seat's legal ids (as served last)."""
        return [i for i, (action, legal) in enumerate(zip(chosen, self._legal, strict=True)) if action not in legal]

    def _illegal(
        self, i: int, action: Any, rewards: FloatArray, terminations: npt.NDArray[np.bool_], ended: list[Any]
    ) -> int | None:
        """Game i's seat to act chose an illegal action: raise, or the action to play instead (None: game ended)."""
        seat = self._seats[i]
        if self.illegal_action == "raise":
            names = ", ".join(self.module.action_to_str(a) for a in self._legal[i])
            raise ValueError(f"game {i}: seat {seat} may not play {action!r} now; legal: {names}")
        rewards[i] = self.illegal_reward
        if self.illegal_action == "random":
            return int(self._rng.choice(self._legal[i]))
        finals = [0.0] * self.players
        finals[seat] = self.illegal_reward
        ended.append((i, finals, self._encoders[i].observe(self.states[i], seat)))
        terminations[i] = True
        self.states[i] = self._new_game(i)  # served with every game at the end of the step
        return None

    def full_states(self) -> FloatArray:
        """Every game's full state (`StateEncoder.full_state`), for centralised critics only: it leaks hidden things."""
        return np.stack([enc.full_state(state) for enc, state in zip(self._encoders, self.states, strict=True)])

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""

    # --- the games -------------------------------------------------------------------------------------------------
    def _new_game(self, i: int) -> GameState:
        """Game i's next game: the engine's game of its next seed."""
        seed = self._next_seeds[i]
        self._next_seeds[i] = seed + self.num_envs
        return self.module.State.new(self.options, seed=seed)

    def _serve_all(self) -> None:
        """Encode every game for its seat to act: boards (in batches), index orders, legal actions and masks."""
        states, encoders, n = self.states, self._encoders, self.num_envs
        self._seats = seats = [state.current_players()[0] for state in states]
        self._encoder_class.refresh_many(encoders, states, self._board_rows)
        served = zip(seats, encoders, states, strict=True)
        self._keys = [2 * seat + encoder.shown(state) for seat, encoder, state in served]
        self._legal = legal = [state.legal_actions(seat) for state, seat in zip(states, seats, strict=True)]
        if n < BATCH_MIN:  # a few games: each legal set's cached mask bytes, without NumPy's fixed cost
            mask_of = encoders[0].mask_of
            joined = b"".join([mask_of(ids if type(ids) is tuple else tuple(ids))[1] for ids in legal])
            self._mask = np.frombuffer(bytearray(joined), dtype=np.int8).reshape(n, self.num_actions)
            return
        # One scatter of the legal ids, concatenated once (RA and Write's sets are too varied to cache well).
        ids = np.fromiter(chain.from_iterable(legal), np.intp)
        counts = np.fromiter(map(len, legal), np.intp, n)
        self._mask = np.zeros((n, self.num_actions), dtype=np.int8)
        self._mask[np.repeat(self._games, counts), ids] = 1

    def _observations(self) -> FloatArray:
        """Every game's observation, read from the boards through each game's index order (games grouped by order)."""
        keys, rows, orders = self._keys, self._board_rows, self._orders
        first = keys[0]
        if keys.count(first) == self.num_envs:
            same: FloatArray = rows.take(orders[first], axis=1)
            return same
        out = np.empty((self.num_envs, self.size), dtype=np.float32)
        by_game = np.array(keys)
        for key in set(keys):
            games = np.flatnonzero(by_game == key)
            out[games] = rows[games].take(orders[key], axis=1)
        return out

    def _infos(self) -> Infos:
        """The masks (a new array each step) and seats to act of every game."""
        return {"action_mask": self._mask, "seat": np.array(self._seats, dtype=np.int64)}


_REBUILT = ("_boards", "_encoders", "_board_rows", "_orders", "_games", "_keys", "_legal", "_mask", "_seats")


def masked_random(rng: np.random.Generator, masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """One uniformly random legal action per row of `masks` (each row must allow one action at least)."""
    noise = rng.random(masks.shape)
    noise[masks == 0] = -1.0
    chosen: npt.NDArray[np.int64] = np.argmax(noise, axis=1)
    return chosen


__all__ = ["VectorEnv", "masked_random"]
