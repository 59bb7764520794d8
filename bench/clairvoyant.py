"""A clairvoyant Ra sparring partner, for measurement only (never offered by the server or the CLI).

It reads the full state, the bag's order included, and runs a max-n search a few auctions deep (each seat
maximises its own lead, leaves scored by `ra.bots.ra.evaluation`), never spending gods: the yardstick of issue 14,
like the strongest public Ra AI. `bench/bench_bots.py --suite strength` seats it against the fair bots.
"""

from __future__ import annotations

from ra.bots.ra.search import BudgetExceeded, Search, own_lead, tree_actions
from ra.games.ra import State


class ClairvoyantBot:
    """Chooses from the true state: max-n search, deepening one auction at a time while the node budget lasts."""

    name = "clairvoyant"

    def __init__(self, auctions: int = 2, budget: int = 20000) -> None:
        self.auctions = auctions
        self.budget = budget
        self.last_depth = 0

    def choose_state(self, state: State) -> int:
        """The action for the seat that must decide in `state` (which it reads whole, bag order included)."""
        actions = tree_actions(state)
        if len(actions) == 1:
            return actions[0]
        seat = state.cur
        best = actions[0]
        for depth in range(1, self.auctions + 1):
            try:
                values = Search(depth, self.budget).root_values(state, actions)
            except BudgetExceeded:
                break
            best = max(actions, key=lambda a: own_lead(values[a], seat))
            self.last_depth = depth
        return best
