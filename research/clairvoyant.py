"""A clairvoyant Ra sparring partner, for measurement only (never offered by the server or the CLI).

It reads the full state, the bag's order included, and runs a max-n search a few auctions deep (each seat
maximises its own lead), never spending gods: the yardstick of issue 14, like the strongest public Ra AI.
`python -m research.strength` seats it against the fair bots.

The yardstick is frozen: its search is this file's own copy of the max-n search as it was when the yardstick was
set (not `ra.bots.ra.search`, which the fair bot keeps improving), and its leaves are scored with
`ra.bots.ra.evaluation.expected_finals` under the `CLASSIC` weights (the hand-set numbers of that time), whatever
the package's default evaluation becomes. So figures measured against it stay comparable across versions.
"""

from __future__ import annotations

from ra.bots.ra.evaluation import CLASSIC, BagStats, Weights, expected_finals
from ra.games.ra import State, phases, str_to_action

AUCTION, GODS, OVER = phases.AUCTION, phases.GODS, phases.OVER
DONE = str_to_action("done")
FIRST_GOD_ACTION = str_to_action("god:ra")
FIRST_LOSE_ACTION = str_to_action("lose:art")
YARDSTICK: Weights = CLASSIC


class BudgetExceeded(Exception):
    """The search visited more nodes than it was allowed."""


class FrozenSearch:
    """One max-n search over the true draw order, `auctions` deep, at most `budget` nodes (BudgetExceeded)."""

    def __init__(self, auctions: int, budget: int) -> None:
        self.auctions = auctions
        self.budget = budget
        self.nodes = 0
        self.stats: BagStats = {}

    def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
        """The value vector (expected final scores) after each root action."""
        out: dict[int, list[float]] = {}
        for action in actions:
            child = st.clone()
            child.push(action)
            out[action] = self._after(st, child, self.auctions)
        return out

    def _after(self, parent: State, child: State, auctions: int) -> list[float]:
        if child.phase == OVER or child.epoch != parent.epoch:
            self.nodes += 1
            return expected_finals(child, self.stats, YARDSTICK)
        if parent.phase == AUCTION and child.phase != AUCTION:
            auctions -= 1  # an auction counts once it is resolved
        return self.values(child, auctions)

    def values(self, st: State, auctions: int) -> list[float]:
        """The max-n value vector of `st` with `auctions` auctions still to resolve before the leaves."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if auctions <= 0:
            return expected_finals(st, self.stats, YARDSTICK)
        p = st.cur
        best: list[float] | None = None
        best_lead = 0.0
        for action in tree_actions(st):
            child = st.clone()
            child.push(action)
            v = self._after(st, child, auctions)
            lead = v[p] - max(x for q, x in enumerate(v) if q != p)
            if best is None or lead > best_lead:
                best, best_lead = v, lead
        assert best is not None
        return best


def tree_actions(st: State) -> list[int]:
    """The actions searched: every legal one except spending gods (stop at once if asked)."""
    if st.phase == GODS:
        return [DONE]
    return [a for a in st.legal_actions() if not FIRST_GOD_ACTION <= a < FIRST_LOSE_ACTION]


def own_lead(values: list[float], seat: int) -> float:
    """`seat`'s value minus the best other seat's."""
    return values[seat] - max(x for q, x in enumerate(values) if q != seat)


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
                values = FrozenSearch(depth, self.budget).root_values(state, actions)
            except BudgetExceeded:
                break
            best = max(actions, key=lambda a: own_lead(values[a], seat))
            self.last_depth = depth
        return best
