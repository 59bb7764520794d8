"""A trained policy played with NumPy alone: the actor of a MaskablePPO `MlpPolicy`, loaded from an `.npz` file.

A trained agent ships as small weights, not as a training library: `research/train_ppo.py` exports the layers SB3's
`MlpPolicy` uses to choose an action (its `mlp_extractor.policy_net`: Linear and activation layers in turn, then
`action_net`) into an `.npz` file, and `MlpPolicy` here computes the same logits with NumPy. The file holds

- `weight_0`, `bias_0`, ... `weight_{k-1}`, `bias_{k-1}`: the hidden layers (weight: out x in, as torch keeps it),
  each followed by the activation;
- `weight_out`, `bias_out`: the action logits;
- `game`, `players` (the table size it was trained at; 0 for every size), `obs_size`, `num_actions`, `activation`:
  what it fits.

A value network (`MlpValue`, `research/train_alphazero.py`) is kept the same way, with one output: a seat's expected
reward (`ra.bots.playout.terminal_rewards`: its share of the win, nudged by its margin) from its observation.

`LearnedBot` plays a policy as a plug-in bot (docs/BOTS.md, "Plug-in bots"): it sees only its seat's view, encoded by
the game's encoder (the observation and mask the environments gave it in training), and plays the legal action of
highest logit, with the policy trained at the table's size (or the nearest size trained). Each game's package names
its shipped agents (`ra.envs.write.learned:PPO`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar, cast

import numpy as np
import numpy.typing as npt

from ra.envs.parts import game_parts

FloatArray = npt.NDArray[np.float32]
ACTIVATIONS: dict[str, Callable[[FloatArray], FloatArray]] = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0.0),
}


class MlpPolicy:
    """The actor of an exported `MlpPolicy`: logits from observations, and masked argmax actions."""

    def __init__(self, layers: Sequence[tuple[FloatArray, FloatArray]], activation: str, meta: Mapping[str, Any]):
        """`layers`: (weight, bias) pairs, the last one giving the logits; `activation` between the others."""
        if activation not in ACTIVATIONS:
            raise ValueError(f"unknown activation {activation!r}: expected one of {', '.join(ACTIVATIONS)}")
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.activation = activation
        self.meta = dict(meta)

    @classmethod
    def load(cls, path: str | Path) -> Self:
        """The policy saved in an `.npz` file (module docstring); no pickled objects are read."""
        with np.load(path, allow_pickle=False) as data:
            hidden = sum(1 for name in data.files if name.startswith("weight_") and name != "weight_out")
            layers = [(data[f"weight_{i}"], data[f"bias_{i}"]) for i in range(hidden)]
            layers.append((data["weight_out"], data["bias_out"]))
            meta = {
                "game": str(data["game"]),
                "players": int(data["players"]),
                "obs_size": int(data["obs_size"]),
                "num_actions": int(data["num_actions"]),
            }
            activation = str(data["activation"])
        policy = cls(layers, activation, meta)
        if policy.layers[0][0].shape[1] != meta["obs_size"] or policy.layers[-1][0].shape[0] != meta["num_actions"]:
            raise ValueError(f"{path}: the layers do not fit {meta['obs_size']} inputs, {meta['num_actions']} actions")
        return policy

    def save(self, path: str | Path) -> None:
        """Write the policy as an `.npz` file (module docstring)."""
        arrays: dict[str, Any] = {}
        *hidden, (weight_out, bias_out) = self.layers
        for i, (weight, bias) in enumerate(hidden):
            arrays[f"weight_{i}"], arrays[f"bias_{i}"] = weight, bias
        arrays["weight_out"], arrays["bias_out"] = weight_out, bias_out
        arrays["activation"] = np.array(self.activation)
        arrays["game"] = np.array(str(self.meta["game"]))
        for key in ("players", "obs_size", "num_actions"):
            arrays[key] = np.array(int(self.meta[key]), dtype=np.int64)
        np.savez_compressed(path, **arrays)

    def logits(self, observations: npt.ArrayLike) -> FloatArray:
        """The action logits of one observation (N,) or a batch (k, N)."""
        x = np.asarray(observations, dtype=np.float32)
        act = ACTIVATIONS[self.activation]
        *hidden, (weight_out, bias_out) = self.layers
        for weight, bias in hidden:
            x = act(x @ weight.T + bias)
        return np.asarray(x @ weight_out.T + bias_out, dtype=np.float32)

    def act(self, observations: npt.ArrayLike, masks: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """The legal action of highest logit, per row (deterministic: the first of equal logits)."""
        logits = self.logits(observations)
        legal = np.asarray(masks) > 0
        return np.asarray(np.argmax(np.where(legal, logits, -np.inf), axis=-1), dtype=np.int64)


class MlpValue(MlpPolicy):
    """An exported value network: one output, a seat's expected reward from its observation."""

    def values(self, observations: npt.ArrayLike) -> FloatArray:
        """The value of each observation row (k, N) -> (k,)."""
        return self.logits(observations)[..., 0]


Network = TypeVar("Network", bound=MlpPolicy)
_LOADED: dict[Path, MlpPolicy] = {}  # loaded once per process: a tournament builds many bots


def load_once(path: Path, kind: type[Network]) -> Network:
    """The network of class `kind` saved at `path`, loaded at its first use in this process."""
    if path not in _LOADED:
        _LOADED[path] = kind.load(path)
    return cast(Network, _LOADED[path])


class LearnedBot:
    """A shipped policy as a plug-in bot; a subclass names its game and its files (`ra.envs.write.learned`)."""

    game_name: ClassVar[str]
    games: ClassVar[tuple[str, ...]]  # the plug-in interface's list of games: the subclass's `game_name`
    weights: ClassVar[Mapping[int, Path]]  # table size -> the policy trained at it

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass that names its game plays only that game."""
        super().__init_subclass__(**kwargs)
        if "game_name" in cls.__dict__:
            cls.games = (cls.game_name,)

    def __init__(self, *, game: str, seed: int, seconds: float | None) -> None:
        """The bot for `game` (its own only); `seed` and `seconds` do not matter: it decides by argmax at once."""
        if game != self.game_name:
            raise ValueError(f"{type(self).__name__} plays {self.game_name}, not {game}")
        self.game = game
        self.encoder = game_parts(game).ENCODER

    def policy(self, players: int) -> MlpPolicy:
        """The policy for a table of `players`: the one trained at that size, or else at the nearest size."""
        size = min(self.weights, key=lambda trained: (abs(trained - players), trained))
        return load_once(self.weights[size], MlpPolicy)

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """The legal action of highest logit, from the seat's view alone."""
        policy = self.policy(int(view["num_players"]))
        return int(policy.act(self.encoder.encode(view), self.encoder.mask(view)))


__all__ = ["ACTIVATIONS", "LearnedBot", "MlpPolicy", "MlpValue", "load_once"]
