"""Random rollouts at engine speed for OpenSpiel's MCTS (`open_spiel.python.algorithms.mcts`): `EngineRollouts`.

OpenSpiel's `RandomRolloutEvaluator` plays each rollout through the pyspiel API, a NumPy choice and several calls
across the C++ boundary per move. `EngineRollouts` is the same evaluator (uniformly random legal moves to the end of
the game, the average returns of `n_rollouts` rollouts, uniform priors) playing on a copy of the engine state,
whose undrawn tiles or cards are shuffled anew first (`reshuffled`): the draws of a rollout are a fresh random
sample, never the engine's own order, as OpenSpiel's chance nodes are.

    from open_spiel.python.algorithms import mcts
    bot = mcts.MCTSBot(game, 2.0, 100, EngineRollouts(seed=1), random_state=np.random.RandomState(1))

It duck-types OpenSpiel's `Evaluator` (`evaluate`, `prior`), so importing it needs no OpenSpiel.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from ra.envs.common import final_rewards


class EngineRollouts:
    """An MCTS evaluator: random rollouts on the engine (module docstring)."""

    def __init__(self, n_rollouts: int = 1, seed: int | None = None) -> None:
        """`n_rollouts` rollouts per evaluation, drawn from a `random.Random(seed)`."""
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, not {n_rollouts}")
        self.n_rollouts = n_rollouts
        self._rng = random.Random(seed)

    def evaluate(self, state: Any) -> npt.NDArray[np.float64]:
        """The average returns of random rollouts from `state` (a `ra.envs.openspiel` state), one per seat."""
        while state.is_chance_node():  # the pending draws first, by their probabilities, on a copy
            state = state.clone()
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(self._rng.choices(outcomes, weights)[0])
        if state.is_terminal():
            return np.array(state.returns(), dtype=np.float64)
        rng = self._rng
        choice = rng.choice
        total = np.zeros(state.num_players(), dtype=np.float64)
        for _ in range(self.n_rollouts):
            engine = state.engine.reshuffled(rng)
            while True:
                current = engine.current_players()
                if not current:
                    break
                seat = current[0]
                engine.push(choice(engine.legal_actions(seat)), seat)
            total += final_rewards(engine, state.returns_kind)
        result: npt.NDArray[np.float64] = total / self.n_rollouts
        return result

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal actions; the chance outcomes' own probabilities at a chance node."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


__all__ = ["EngineRollouts"]
