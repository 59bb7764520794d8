"""The JAX path's speed beside the Python engine's (docs/OBSERVATIONS.md, "The JAX path"), as key=value lines.

Usage: python bench/bench_jax.py [--game ra|write] [--players N] [--batches 1 64 1024 8192] [--seconds S]
                                 [--chunk K]

- `impl=engine`: the bare Python engine playing random legal moves for about S CPU seconds (`time.process_time`),
  one game after another: steps per CPU second.
- `impl=jax`: `jit(vmap(step))` over a batch of games, random legal actions sampled in JAX from the mask
  (`common.sample_counts`), draws from the bag with the key, finished games started afresh (pgx's auto-reset); K
  steps per call (a `lax.scan`), calls repeated for about S CPU seconds (at most 3 S wall seconds). `compile_s` is
  the first call (tracing and compiling, wall seconds) apart; `steps_per_cpu_s` counts every game of the batch
  each step (CPU seconds of the whole process: JAX's threads included); `steps_per_s` is the wall-clock rate, the
  figure that counts on an accelerator (`device` names it). On a GPU:
  `python bench/bench_jax.py --batches 1024 8192 65536 262144 --chunk 100`.

`load` is the 1-minute load average before and after: the machine is shared, so compare lines of one run only.
A game's JAX path (`ra.envs.<game>.jax`) provides its functions through `ra.envs.jax.load(game)`.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp

from ra.envs.jax import games, load
from ra.envs.jax.common import sample_counts


def load_average() -> str:
    return f"{os.getloadavg()[0]:.2f}"


def wait(tree: Any) -> None:
    """Until every array of `tree` is computed (JAX dispatches asynchronously)."""
    for leaf in jax.tree.leaves(tree):
        leaf.block_until_ready()


def make_runner(game: Any, players: int, batch: int, chunk: int) -> Any:
    """A jitted function (states, key) -> (states, key) playing `chunk` random steps of every game of the batch."""

    def one(state: Any, key: jax.Array) -> Any:
        pick, draw, fresh = jax.random.split(key, 3)
        mask = game.legal_action_mask(state)
        action = sample_counts(pick, mask)
        state = game.step(state, action, draw)
        restart = game.init(fresh, players)
        done = game.terminated(state)
        return jax.tree.map(lambda new, old: jnp.where(done, new, old), restart, state)

    many = jax.vmap(one)

    def run(states: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        def body(carry: tuple[Any, jax.Array], _: None) -> tuple[tuple[Any, jax.Array], None]:
            states, key = carry
            key, sub = jax.random.split(key)
            return (many(states, jax.random.split(sub, batch)), key), None

        (states, key), _ = jax.lax.scan(body, (states, key), None, length=chunk)
        return states, key

    return jax.jit(run)


def bench_jax(game: Any, players: int, batch: int, chunk: int, seconds: float) -> dict[str, Any]:
    key = jax.random.PRNGKey(0)
    states = jax.vmap(game.init, in_axes=(0, None))(jax.random.split(key, batch), players)
    run = make_runner(game, players, batch, chunk)
    wall = time.perf_counter()
    states, key = run(states, key)
    wait(states)
    compile_s = time.perf_counter() - wall
    calls, cpu, wall = 0, time.process_time(), time.perf_counter()
    # CPU seconds, or wall seconds where the host mostly waits (an accelerator, a loaded machine)
    while calls == 0 or (time.process_time() - cpu < seconds and time.perf_counter() - wall < 3 * seconds):
        states, key = run(states, key)
        wait(states)
        calls += 1
    cpu_s, wall_s = time.process_time() - cpu, time.perf_counter() - wall
    steps = calls * chunk * batch
    return {
        "batch": batch,
        "compile_s": f"{compile_s:.2f}",
        "steps": steps,
        "cpu_s": f"{cpu_s:.2f}",
        "wall_s": f"{wall_s:.2f}",
        "steps_per_cpu_s": f"{steps / max(cpu_s, 1e-9):.0f}",
        "steps_per_s": f"{steps / max(wall_s, 1e-9):.0f}",
    }


def line(fields: dict[str, Any]) -> None:
    print(" ".join(f"{k}={v}" for k, v in fields.items()), flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=games(), default=games()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 64, 1024, 8192])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--chunk", type=int, default=50, help="steps per jitted call")
    args = parser.parse_args(argv)
    game = load(args.game)
    device = jax.devices()[0]
    common = {"game": args.game, "players": args.players}
    line({**common, "load": load_average(), "device": f"{device.platform}:{device.device_kind.replace(' ', '_')}"})
    steps, cpu_s = game.engine_steps(args.players, args.seconds)
    line({**common, "impl": "engine", "steps": steps, "cpu_s": f"{cpu_s:.2f}",
          "steps_per_cpu_s": f"{steps / cpu_s:.0f}"})  # fmt: skip
    for batch in args.batches:
        line({**common, "impl": "jax", **bench_jax(game, args.players, batch, args.chunk, args.seconds)})
    line({**common, "load": load_average()})


if __name__ == "__main__":
    main()
