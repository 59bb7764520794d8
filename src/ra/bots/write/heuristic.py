"""`greedy` for RA and Write: tries every card and space (and every bonus entry of the chain it earns) on a
copy of the position and keeps the one that leaves its scoresheet worth most against the others'."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ra.bots.base import legal_ids, seat_of
from ra.bots.write.valuation import PEND, W, relative_value
from ra.games.write import State, actions, from_view

ACT_ARG, ACT_KIND, ACT_SPACE, K_BONUS_NILE = actions.ACT_ARG, actions.ACT_KIND, actions.ACT_SPACE, actions.K_BONUS_NILE

MAX_CHAIN = 8


def ideal_nile(space: int) -> float:
    """The number that best keeps a Nile row of 12 flexible in `space` (0-based): spread 1..20 evenly."""
    return 1.0 + space * 19.0 / 11.0


def prune(actions: Sequence[int]) -> list[int]:
    """The actions worth trying: for Nile bonus entries only the lowest, highest and best-spread number per space."""
    by_space: dict[int, list[int]] = {}
    out: list[int] = []
    for a in actions:
        if ACT_KIND[a] == K_BONUS_NILE:
            by_space.setdefault(ACT_SPACE[a], []).append(a)
        else:
            out.append(a)
    for space, group in by_space.items():
        ideal = ideal_nile(space)
        keep = {group[0], group[-1], min(group, key=lambda a: abs(ACT_ARG[a] - ideal))}
        out.extend(sorted(keep))
    return out


def value_after(st: State, me: int, action: int) -> float:
    """My relative value after `action`, making the best next bonus entry (one step ahead) while one is pending."""
    state = st.clone()
    state.push(action, me)
    for _ in range(MAX_CHAIN):
        if not state.sheets[me * W + PEND] or me not in state.current_players():
            break
        best: tuple[float, State] | None = None
        for bonus in prune(state.legal_actions(me)):
            trial = state.clone()
            trial.push(bonus, me)
            value = relative_value(trial, me)
            if best is None or value > best[0]:
                best = (value, trial)
        if best is None:
            break
        state = best[1]
    return relative_value(state, me)


class WriteGreedyBot:
    """Heuristic RA and Write player: the entry (and bonus chain) that maximizes its expected score margin."""

    name = "greedy"

    def __init__(self, seed: int = 0, epsilon: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.epsilon = epsilon

    def choose(self, view: Mapping[str, Any]) -> int:
        """The action this heuristic prefers in `view` (its own seat's view)."""
        ids = legal_ids(view)
        if len(ids) == 1:
            return ids[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(ids)
        me = seat_of(view)
        state = from_view(view, self.rng)
        best_id, best_value = ids[0], float("-inf")
        for action in prune(ids):
            value = value_after(state, me, action)
            if value > best_value + 1e-9:
                best_id, best_value = action, value
        return best_id
