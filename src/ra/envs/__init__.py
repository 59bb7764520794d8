"""Research interfaces to the engines: PettingZoo, Gymnasium (extra `ra[rl]`) and OpenSpiel (`ra[openspiel]`).

Submodules, each importing its own ecosystem only when imported:

- `ra.envs.observation`: fixed-size observation vectors and legal-action masks of what a seat's view shows
  (docs/OBSERVATIONS.md): the view encoder (`ra.envs.encoding`, the reference) and the state encoder that gives
  the same arrays straight from the engine state (`ra.envs.fromstate`, what the environments use);
- `ra.envs.pettingzoo`: `env(game=..., players=...)`, `raw_env`, `parallel_env`;
- `ra.envs.gymnasium`: registers `ra/Ra-v0` and `ra/RaAndWrite-v0` (other seats played by bots or policies);
- `ra.envs.vector`: `VectorEnv`, N games stepped together with arrays of shape (N, ...);
- `ra.envs.seats`: `LearnerSeatEnv`, N games with one learner seat each, the other seats played inside the batch
  by `ra.envs.opponents` (random, bots, RA and Write's greedy batched, any batched policy);
- `ra.envs.sb3`: Stable-Baselines3's VecEnv over it (imports stable_baselines3; not imported by the others);
- `ra.envs.openspiel`: registers the OpenSpiel games `python_ra` and `python_ra_and_write`, with a perfect-recall
  information-state tensor (`ra.envs.recall`) and engine-speed MCTS rollouts (`ra.envs.rollouts`).

What is a game's own (its encoders, its OpenSpiel chance nodes, its Gymnasium id) lives in its package
`ra.envs.<game>` (`ra.envs.ra`, `ra.envs.write`), found by the game's name (`ra.envs.parts`): a game without one
has no research environments.
"""
