"""Helpers shared by the games' JAX modules (imports jax: load it only through a game module)."""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class Functions(NamedTuple):
    """A game's JAX path as `ra.envs.jax.load` hands it out (the benchmark and tests use only these)."""

    init: Any  # (key, num_players) -> state
    step: Any  # (state, action, key) -> state, chance outcomes drawn with the key
    step_drawn: Any  # (state, action, outcome) -> state, the chance outcome given
    observe: Any  # (state, seat) -> f32[obs_size], as the game's StateEncoder
    legal_action_mask: Any  # state -> bool[num_actions]
    rewards: Any  # state -> f32[5]: the last step's; each seat's margin on the step that ends the game, else 0
    terminated: Any  # state -> bool
    current_player: Any  # state -> int (-1 when over)
    engine_steps: Any  # (players, seconds) -> (steps, CPU seconds) of the bare engine's random play
    num_actions: int
    obs_size: int


def margins(scores: jax.Array, num_players: jax.Array) -> jax.Array:
    """f32[5]: each seated player's score less the best other score (the environments' "margin"), 0 for padding."""
    seats = jnp.arange(scores.shape[0])
    seated = seats < num_players
    floor = -(2**31)  # below every score
    shown = jnp.where(seated, scores, floor)
    others = jnp.where(seats[:, None] == seats[None, :], floor, shown[None, :])
    return jnp.where(seated, scores - jnp.max(others, axis=1), 0).astype(jnp.float32)


def sample_counts(key: jax.Array, counts: jax.Array) -> jax.Array:
    """An index drawn with probability counts[i] / sum(counts) (int counts, or a bool mask: uniform over its ones).

    One random integer and a cumulative sum: far cheaper than `jax.random.categorical` (a Gumbel variate per entry),
    which dominated a step on CPU. The last index if every count is zero.
    """
    total = jnp.cumsum(counts.astype(jnp.int32))
    drawn = jax.random.randint(key, (), 0, jnp.maximum(total[-1], 1))
    return jnp.minimum(jnp.sum(total <= drawn), counts.shape[0] - 1).astype(jnp.int32)


__all__ = ["Functions", "margins", "sample_counts"]
