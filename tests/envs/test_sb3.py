"""Stable-Baselines3 and sb3-contrib train on the games as they are (CPU torch, a few thousand steps each).

Through SB3's own `make_vec_env` on the registered Gymnasium ids (default arguments), and through the batched
one-learner-seat environment's VecEnv (`ra.envs.sb3.SeatsVecEnv`).
"""

from __future__ import annotations

import runpy
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
torch = pytest.importorskip("torch")
sb3_contrib = pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402

import ra.envs.gymnasium  # noqa: E402 (registers the ids)
from ra.envs.gymnasium import RenderModeError  # noqa: E402
from ra.envs.sb3 import SeatsVecEnv  # noqa: E402

SMALL: dict[str, Any] = {
    "n_steps": 128,
    "batch_size": 128,
    "n_epochs": 2,
    "policy_kwargs": {"net_arch": [32]},
    "seed": 0,
}


class Rows(BaseCallback):  # type: ignore[misc]
    """Records every step's rewards, dones, infos and the masks MaskablePPO was given."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: list[tuple[Any, Any, list[dict[str, Any]]]] = []

    def _on_step(self) -> bool:
        self.steps.append((self.locals["rewards"].copy(), self.locals["dones"].copy(), self.locals["infos"]))
        return True


def parameters(model: Any) -> list[Any]:
    return [p.detach().clone() for p in model.policy.parameters()]


def changed(before: list[Any], model: Any) -> bool:
    return any(not torch.equal(a, b) for a, b in zip(before, model.policy.parameters(), strict=True))


def test_an_unknown_render_mode_is_a_type_error_too() -> None:
    """SB3's make_vec_env asks for rgb_array and falls back on a TypeError only; the old ValueError still holds."""
    with pytest.raises(TypeError, match="render_mode"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Gymnasium warns of the mode before the env refuses it
        ra.envs.gymnasium.RaEnv(render_mode="rgb_array")
    assert issubclass(RenderModeError, ValueError)


@pytest.mark.parametrize(
    ("env_id", "env_kwargs"), [("ra/RaAndWrite-v0", None), ("ra/Ra-v0", {"players": 4, "opponents": "random"})]
)
def test_maskable_ppo_trains_through_make_vec_env(env_id: str, env_kwargs: dict[str, Any] | None) -> None:
    """make_vec_env (with its default arguments: greedy opponents at 3 players), then MaskablePPO for 2,048 steps."""
    torch.set_num_threads(1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Gymnasium warns of rgb_array before SB3 falls back
        venv = make_vec_env(env_id, n_envs=2, env_kwargs=env_kwargs)
    assert venv.render_mode is None
    assert venv.env_method("action_masks")[0].shape == ((350,) if "Write" in env_id else (56,))
    model = MaskablePPO("MlpPolicy", venv, **{**SMALL, "n_steps": 512})
    before = parameters(model)
    rows = Rows()
    model.learn(2048, callback=rows)
    assert model.num_timesteps >= 2048 and changed(before, model)
    assert model.ep_info_buffer, "whole games were played and logged by SB3's Monitor"


def test_maskable_ppo_trains_through_the_seats_vec_env() -> None:
    """MaskablePPO for 3,072 steps on 8 batched games of RA and Write; the rewards SB3 saw are each seat's own."""
    torch.set_num_threads(1)
    venv = SeatsVecEnv(num_envs=8, game="write", players=3, opponents="random")
    model = MaskablePPO("MlpPolicy", venv, **SMALL)
    before = parameters(model)
    rows = Rows()
    model.learn(3072, callback=rows)
    assert model.num_timesteps >= 3072 and changed(before, model)
    returns = np.zeros(8)
    ended = 0
    for rewards, dones, infos in rows.steps:
        returns += rewards
        assert not rewards[~dones].any()
        for i in np.flatnonzero(dones):
            info = infos[i]
            ended += 1
            assert returns[i] == pytest.approx(info["final_rewards"][info["final_seat"]])
            assert info["episode"]["r"] == pytest.approx(returns[i])
            assert info["terminal_observation"].shape == (621,)
            returns[i] = 0.0
    assert ended > 8 and model.ep_info_buffer
    seats = {info["final_seat"] for _, dones, infos in rows.steps for i, info in enumerate(infos) if dones[i]}
    assert seats == {0, 1, 2}


def test_the_vec_env_speaks_sb3() -> None:
    """Seeding, masks per row, attributes and methods as SB3's VecEnv asks for them."""
    venv = SeatsVecEnv(num_envs=3, game="ra", players=3, opponents="random")
    venv.seed(7)
    first = np.asarray(venv.reset())
    venv.seed(7)
    assert np.array_equal(np.asarray(venv.reset()), first) and first.shape == (3, 425)
    masks = venv.env_method("action_masks")
    assert len(masks) == 3 and all(m.dtype == np.bool_ and m.shape == (56,) and m.any() for m in masks)
    assert venv.get_attr("players", [0, 2]) == [3, 3] and venv.has_attr("action_masks")
    assert venv.env_is_wrapped(object) == [False] * 3
    actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    observations, rewards, _, infos = venv.step(actions)
    assert np.asarray(observations).shape == (3, 425) and rewards.shape == (3,) and len(infos) == 3


def test_self_play_against_a_frozen_copy() -> None:
    """The other seats play a frozen copy of the learner, refreshed after each rollout; only the copy's rows move."""
    from ra.envs.sb3 import FrozenPolicy, RefreshOpponents

    torch.set_num_threads(1)
    venv = SeatsVecEnv(num_envs=4, game="ra", players=3, opponents="random")
    model = MaskablePPO("MlpPolicy", venv, **{**SMALL, "n_steps": 128})
    frozen = FrozenPolicy(model)
    calls: list[int] = []

    def counted(observations: Any, masks: Any) -> Any:
        calls.append(len(observations))
        return frozen(observations, masks)

    venv.env.set_opponents(counted)
    first = parameters(model)
    model.learn(1024, callback=RefreshOpponents(frozen))
    assert calls and sum(calls) > 1024, "the opponents' moves were the frozen copy's"
    assert changed(first, model)
    copied = list(frozen.policy.parameters())
    assert any(not torch.equal(a, b) for a, b in zip(first, copied, strict=True)), "refreshed after a training"
    frozen.refresh()  # the last rollout's training came after the last refresh
    assert all(torch.equal(a, b) for a, b in zip(model.policy.parameters(), frozen.policy.parameters(), strict=True))


def test_the_example_trains(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """examples/sb3_maskable_ppo.py on a tiny budget, in self-play."""
    examples = Path(__file__).resolve().parents[2] / "examples"
    args = ["--game", "ra", "--opponents", "self", "--envs", "4", "--timesteps", "512", "--eval-games", "3"]
    monkeypatch.setattr(sys, "argv", ["sb3_maskable_ppo", *args])
    runpy.run_path(str(examples / "sb3_maskable_ppo.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "steps=512 " in out and "mean_reward_vs_random: before=" in out
