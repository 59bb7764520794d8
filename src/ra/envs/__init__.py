"""Research interfaces to the engines: PettingZoo, Gymnasium and OpenSpiel environments (extra `ra[rl]`).

Submodules, each importing its own ecosystem only when imported:

- `ra.envs.observation`: fixed-size observation vectors and legal-action masks from a seat's view
  (docs/OBSERVATIONS.md), on the shared machinery of `ra.envs.encoding`;
- `ra.envs.pettingzoo`: `env(game=..., players=...)`, `raw_env`, `parallel_env`;
- `ra.envs.gymnasium`: registers `ra/Ra-v0` and `ra/RaAndWrite-v0` (other seats played by bots);
- `ra.envs.openspiel`: registers the OpenSpiel games `python_ra` and `python_ra_and_write`.

What is a game's own (its encoder, its OpenSpiel chance nodes, its Gymnasium id) lives in its package
`ra.envs.<game>` (`ra.envs.ra`, `ra.envs.write`), found by the game's name (`ra.envs.parts`): a game without one
has no research environments.
"""
