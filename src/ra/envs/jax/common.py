"""Helpers shared by the games' JAX modules (imports jax: load it only through a game module)."""

from __future__ import annotations

import jax
import jax.numpy as jnp


def sample_counts(key: jax.Array, counts: jax.Array) -> jax.Array:
    """An index drawn with probability counts[i] / sum(counts) (int counts, or a bool mask: uniform over its ones).

    One random integer and a cumulative sum: far cheaper than `jax.random.categorical` (a Gumbel variate per entry),
    which dominated a step on CPU. The last index if every count is zero.
    """
    total = jnp.cumsum(counts.astype(jnp.int32))
    drawn = jax.random.randint(key, (), 0, jnp.maximum(total[-1], 1))
    return jnp.minimum(jnp.sum(total <= drawn), counts.shape[0] - 1).astype(jnp.int32)


__all__ = ["sample_counts"]
