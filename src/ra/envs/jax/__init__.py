"""The accelerator path: each game as pure JAX functions, jit-able and vmap-able (docs/OBSERVATIONS.md, "The JAX path").

Optional (needs `jax`); nothing here imports jax until a game module is loaded, so `import ra.envs` works without
it. The Python engines stay the reference for the rules: tests drive both with the same actions and chance outcomes
and compare them move for move.

`GAMES` names each game's module; `load(game)` imports it and returns its `Functions`, the pgx-like interface the
benchmark and tests use: `init(key, num_players)`, `step(state, action, key)` (draws with the key),
`step_drawn(state, action, outcome)` (the chance outcome given), `observe(state, seat)`, `legal_action_mask(state)`,
`rewards(state)`, `terminated(state)`, `current_player(state)`, and `engine_steps(players, seconds)` (the bare
Python engine's random play, for the benchmark's comparison).
"""

from __future__ import annotations

import importlib
from typing import Any

GAMES: dict[str, str] = {"ra": "ra.envs.jax.ra", "write": "ra.envs.jax.write"}  # game id -> module with FUNCTIONS


def load(game: str) -> Any:
    """The `FUNCTIONS` of a game's JAX module (imports jax); KeyError for a game without a JAX path."""
    return importlib.import_module(GAMES[game]).FUNCTIONS


__all__ = ["GAMES", "load"]
