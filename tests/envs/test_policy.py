"""ra.envs.policy: an exported MaskablePPO actor gives torch's logits with NumPy alone, and the shipped agents
(`ra.envs.<game>.learned:PPO`, `:AlphaZero`) load and play legal moves without torch."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from ra.envs.parts import game_parts
from ra.envs.policy import MlpPolicy
from ra.games import game_module

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("ra", "write")


@pytest.mark.parametrize("game", GAMES)
def test_the_exported_actor_gives_torchs_logits_and_masked_actions(game: str, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    import torch
    from sb3_contrib import MaskablePPO

    from ra.envs.sb3 import SeatsVecEnv
    from research.train_ppo import export

    torch.set_num_threads(1)
    venv = SeatsVecEnv(num_envs=2, game=game, players=3, opponents="random")
    model = MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=32, seed=3)
    with torch.no_grad():  # untrained weights are small: make the logits spread, as a trained actor's do
        for parameter in model.policy.parameters():
            parameter.mul_(3.0)
    path = tmp_path / "ppo.npz"
    export(model, game, 3).save(path)
    policy = MlpPolicy.load(path)
    assert policy.meta == {
        "game": game,
        "players": 3,
        "obs_size": game_parts(game).ENCODER.size,
        "num_actions": game_module(game).NUM_ACTIONS,
    }

    rng = np.random.default_rng(0)
    observations = rng.uniform(-1.0, 2.0, size=(64, policy.meta["obs_size"])).astype(np.float32)
    with torch.no_grad():
        features: Any = model.policy.extract_features(torch.as_tensor(observations))
        expected = model.policy.action_net(model.policy.mlp_extractor.forward_actor(features)).numpy()
    np.testing.assert_allclose(policy.logits(observations), expected, atol=1e-5, rtol=0)
    np.testing.assert_allclose(policy.logits(observations[0]), expected[0], atol=1e-5, rtol=0)

    masks = rng.random((64, policy.meta["num_actions"])) < 0.3
    masks[:, 0] = True  # at least one legal action per row
    torch_actions, _ = model.predict(observations, deterministic=True, action_masks=masks)
    assert np.array_equal(policy.act(observations, masks), torch_actions)
    assert masks[np.arange(64), policy.act(observations, masks)].all()


def test_a_bad_file_is_refused(tmp_path: Path) -> None:
    layers = [
        (np.zeros((4, 3), np.float32), np.zeros(4, np.float32)),
        (np.zeros((2, 4), np.float32), np.zeros(2, np.float32)),
    ]
    path = tmp_path / "bad.npz"
    MlpPolicy(layers, "tanh", {"game": "ra", "players": 3, "obs_size": 5, "num_actions": 2}).save(path)
    with pytest.raises(ValueError, match="do not fit"):
        MlpPolicy.load(path)
    with pytest.raises(ValueError, match="activation"):
        MlpPolicy(layers, "gelu", {})


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_weights_fit_their_game_and_stay_small(game: str) -> None:
    import importlib

    ppo = importlib.import_module(f"ra.envs.{game}.learned").PPO
    assert 3 in ppo.weights
    for players, path in ppo.weights.items():
        policy = MlpPolicy.load(path)
        assert policy.meta["game"] == game
        assert policy.meta["players"] == players
        assert policy.meta["obs_size"] == game_parts(game).ENCODER.size
        assert policy.meta["num_actions"] == game_module(game).NUM_ACTIONS
        assert path.stat().st_size < 1_000_000


def test_a_table_size_not_trained_plays_the_nearest_trained_policy() -> None:
    from ra.envs.policy import LearnedBot

    class Sized(LearnedBot):
        game_name = "ra"
        weights: ClassVar[Mapping[int, Path]] = {3: ROOT / "src" / "ra" / "envs" / "ra" / "weights" / "ppo-3p.npz"}

    bot = Sized(game="ra", seed=0, seconds=None)
    assert Sized.games == ("ra",)
    assert bot.policy(5) is bot.policy(2) is bot.policy(3)


# Plays one short tournament with the shipped agent where `import torch` fails: NumPy alone must do.
WITHOUT_TORCH = """
import sys
sys.modules["torch"] = None
from ra.bots import ANY_PLUGIN
from ra.tournament import run_tournament
result = run_tournament(sys.argv[1], [f"ra.envs.{sys.argv[1]}.learned:{sys.argv[2]}", "random", "easy"], 2,
                        seed=4, plugins=ANY_PLUGIN)
assert len(result.games) == 2, result.games
assert all(entrant.fallbacks == 0 for entrant in result.stats), result.stats  # every answer legal
assert "torch" not in [m for m in sys.modules if sys.modules[m] is not None]
print("ok")
"""


@pytest.mark.parametrize("agent", ["PPO", "AlphaZero"])
@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_agent_plays_legal_moves_without_torch(game: str, agent: str) -> None:
    ran = subprocess.run(
        [sys.executable, "-c", WITHOUT_TORCH, game, agent], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stderr[-2000:]


def test_a_shipped_agent_refuses_another_game() -> None:
    from ra.envs.write.learned import PPO

    with pytest.raises(ValueError, match="plays write"):
        PPO(game="ra", seed=0, seconds=None)
