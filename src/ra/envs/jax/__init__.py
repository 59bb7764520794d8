"""The accelerator path: each game as pure JAX functions, jit-able and vmap-able (docs/OBSERVATIONS.md, "The JAX path").

Optional (needs `jax`); nothing here imports jax until a game's module is loaded, so `import ra.envs` works without
it. The Python engines stay the reference for the rules: tests drive both with the same actions and chance outcomes
and compare them move for move.

A game's JAX module is its own, `ra.envs.<game>.jax` (like its encoders: a game carries its own parts), with a
`FUNCTIONS` (`common.Functions`, the pgx-like interface the benchmark and tests use): `init(key, num_players)`,
`step(state, action, key)` (chance outcomes drawn with the key), `step_drawn(state, action, outcome)` (the chance
outcome given), `observe(state, seat)`, `legal_action_mask(state)`, `rewards(state)`, `terminated(state)`,
`current_player(state)`, and `engine_steps(players, seconds)` (the bare Python engine's random play, for the
benchmark's comparison). `load(game)` finds it by the game's name.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from ra.games import GAMES


def module_name(game: str) -> str:
    """Where a game's JAX path lives."""
    return f"ra.envs.{game}.jax"


def games() -> list[str]:
    """The registered games that have a JAX path (imports their `ra.envs.<game>` packages, not jax)."""
    return [game for game in GAMES if importlib.util.find_spec(module_name(game)) is not None]


def load(game: str) -> Any:
    """The `FUNCTIONS` of a game's JAX path (imports jax); KeyError for a game without one."""
    if game not in GAMES or importlib.util.find_spec(module_name(game)) is None:
        raise KeyError(f"no JAX path for game {game!r}")
    return importlib.import_module(module_name(game)).FUNCTIONS


__all__ = ["games", "load", "module_name"]
