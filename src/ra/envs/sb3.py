"""Stable-Baselines3's VecEnv over the one-learner-seat environment (`ra.envs.seats`; needs stable-baselines3).

    from sb3_contrib import MaskablePPO
    from ra.envs.sb3 import SeatsVecEnv
    venv = SeatsVecEnv(num_envs=16, game="write", players=3, opponents="random")
    model = MaskablePPO("MlpPolicy", venv).learn(100_000)

Row i is game i's learner seat (every reward is that seat's own: docs/OBSERVATIONS.md), so SB3 sees N ordinary
single-agent trajectories. `action_masks()` gives MaskablePPO the legal moves; an ended game's last observation
is in its info's `terminal_observation` and `episode` holds its return and length, as SB3's Monitor would, plus
`final_rewards` (every seat's) and `final_seat`. Only this module imports stable_baselines3: `ra.envs` works
without it. (The Gymnasium ids also work as they are: `make_vec_env("ra/RaAndWrite-v0")`.)
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from stable_baselines3.common.base_class import BaseAlgorithm
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvObs, VecEnvStepReturn

from ra.envs.observation import FloatArray, MaskArray
from ra.envs.seats import LearnerSeatEnv


class SeatsVecEnv(VecEnv):  # type: ignore[misc]
    """SB3's VecEnv interface to a `LearnerSeatEnv` (built from the same arguments, or given as `env`)."""

    def __init__(self, env: LearnerSeatEnv | None = None, **kwargs: Any) -> None:
        """Wrap `env`, or a `LearnerSeatEnv(**kwargs)`."""
        self.env = env if env is not None else LearnerSeatEnv(**kwargs)
        self.render_mode = None
        super().__init__(self.env.num_envs, self.env.single_observation_space, self.env.single_action_space)
        self._actions: npt.NDArray[np.int64] = np.zeros(self.num_envs, dtype=np.int64)
        self._returns = np.zeros(self.num_envs, dtype=np.float64)
        self._lengths = np.zeros(self.num_envs, dtype=np.int64)

    def reset(self) -> VecEnvObs:
        """Reset every game, with the seed given by `seed()` if any (SB3 passes one seed per row: the first counts)."""
        seed = self._seeds[0]
        observations, infos = self.env.reset(seed=seed)
        self._reset_seeds()
        self._returns[:], self._lengths[:] = 0.0, 0
        self.reset_infos = [{"seat": int(seat)} for seat in infos["seat"]]
        return observations

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        """Keep the actions for `step_wait`."""
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self) -> VecEnvStepReturn:
        """Step every game; an ended row's info carries its terminal observation and its episode."""
        observations, rewards, terminations, truncations, infos = self.env.step(self._actions)
        self._returns += rewards
        self._lengths += 1
        dones = terminations | truncations
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            out[i] = {
                "terminal_observation": infos["final_obs"][i],
                "TimeLimit.truncated": bool(truncations[i] and not terminations[i]),
                "episode": {"r": float(self._returns[i]), "l": int(self._lengths[i])},
                "final_rewards": infos["final_rewards"][i],
                "final_seat": int(infos["final_seat"][i]),
            }
            self._returns[i], self._lengths[i] = 0.0, 0
        return observations, rewards, dones, out

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every row's legal-action mask (N, A)."""
        return self.env.action_masks()

    def close(self) -> None:
        """Close the games."""
        self.env.close()

    # --- SB3's per-row attribute access: every row is a game of the one environment ---------------------------------
    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The environment's attribute, once per row asked for."""
        return [
            getattr(self, attr_name, None) if attr_name == "render_mode" else getattr(self.env, attr_name)
            for _ in self._get_indices(indices)
        ]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Set the environment's attribute (shared by every row)."""
        setattr(self.env, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: VecEnvIndices = None, **method_kwargs: Any
    ) -> list[Any]:
        """Row by row where the environment's method answers per row (`action_masks`), else once per row asked."""
        rows = list(self._get_indices(indices))
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        if method_name == "action_masks":
            return [result[i] for i in rows]
        return [result for _ in rows]

    def has_attr(self, attr_name: str) -> bool:
        """Whether the environment (or this adapter) has the attribute."""
        return hasattr(self.env, attr_name) or hasattr(self, attr_name)

    def env_is_wrapped(self, wrapper_class: type[Any], indices: VecEnvIndices = None) -> list[bool]:
        """No Gymnasium wrappers here."""
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[npt.NDArray[Any] | None]:
        """No images: the games render as text only."""
        return [None for _ in range(self.num_envs)]

    def _get_indices(self, indices: VecEnvIndices) -> Iterable[int]:
        """The rows asked for (all when None)."""
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return indices


class FrozenPolicy:
    """A frozen copy of a MaskablePPO model's policy as opponents: a batched policy `(observations, masks)`.

    `venv.env.set_opponents(FrozenPolicy(model))` gives self-play in which the learner's seat alone is trained and
    the other seats play yesterday's learner; `refresh()` (or the `RefreshOpponents` callback) copies the
    learner's current weights in.
    """

    def __init__(self, model: BaseAlgorithm, deterministic: bool = False) -> None:
        self.model = model
        self.policy: Any = copy.deepcopy(model.policy)  # a MaskableActorCriticPolicy: predict takes masks
        self.policy.set_training_mode(False)
        self.deterministic = deterministic

    def refresh(self) -> None:
        """Copy the learner's current weights."""
        self.policy.load_state_dict(self.model.policy.state_dict())

    def __call__(self, observations: FloatArray, masks: MaskArray) -> npt.NDArray[np.int64]:
        """One masked action per row."""
        actions, _ = self.policy.predict(observations, deterministic=self.deterministic, action_masks=masks > 0)
        return np.asarray(actions, dtype=np.int64)


class RefreshOpponents(BaseCallback):  # type: ignore[misc]
    """Refresh a `FrozenPolicy` from the learner every `every` rollouts."""

    def __init__(self, frozen: FrozenPolicy, every: int = 1) -> None:
        super().__init__()
        self.frozen, self.every, self.rollouts = frozen, every, 0

    def _on_step(self) -> bool:
        return True

    def _on_rollout_end(self) -> None:
        self.rollouts += 1
        if self.rollouts % self.every == 0:
            self.frozen.refresh()


__all__ = ["FrozenPolicy", "RefreshOpponents", "SeatsVecEnv"]
