"""Max-n search over a full Ra state, a few auctions deep: each seat chooses to maximise its own lead.

The state may be the true one (the clairvoyant sparring partner in bench/) or a determinization sampled from a
seat's view (the fair `expert`): the search itself only plays the engine forward. Leaves are scored with
`evaluation.expected_finals`. Inside the tree nobody spends gods (only the root may list god actions), and an
auction counts as one level once it is resolved; the end of an epoch is always a leaf.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ra.bots.ra.evaluation import BagStats, expected_finals
from ra.games.ra import State, phases, str_to_action, tables

TURN, AUCTION, GODS, OVER = phases.TURN, phases.AUCTION, phases.GODS, phases.OVER
RA = tables.RA
DRAW, INVOKE, PASS, DONE = (str_to_action(text) for text in ("draw", "ra", "pass", "done"))
FIRST_GOD_ACTION = str_to_action("god:ra")
FIRST_LOSE_ACTION = str_to_action("lose:art")


class BudgetExceeded(Exception):
    """The search visited more nodes than it was allowed."""


@dataclass
class Search:
    """One max-n search over one draw order: its depth in auctions and a node budget (BudgetExceeded past it)."""

    auctions: int
    budget: int
    blind: int = -1  # a seat whose own draws inside the tree are weighed by P(Ra), not foreseen (-1: none)
    nodes: int = 0
    stats: BagStats = field(default_factory=dict)

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
            return expected_finals(child, self.stats)
        if parent.phase == AUCTION and child.phase != AUCTION:
            auctions -= 1
        return self.values(child, auctions)

    def values(self, st: State, auctions: int) -> list[float]:
        """The max-n value vector of `st` with `auctions` auctions still to resolve before the leaves."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if auctions <= 0:
            return expected_finals(st, self.stats)
        p = st.cur
        best: list[float] | None = None
        best_lead = 0.0
        blind = p == self.blind and st.phase == TURN
        for action in tree_actions(st):
            if blind and action == DRAW:
                v = self._blind_draw(st, auctions)
            else:
                child = st.clone()
                child.push(action)
                v = self._after(st, child, auctions)
            mine = v[p]
            lead = mine - max(x for q, x in enumerate(v) if q != p)
            if best is None or lead > best_lead:
                best, best_lead = v, lead
        assert best is not None
        return best


    def _blind_draw(self, st: State, auctions: int) -> list[float]:
        """A draw by the blind seat: the sampled tile and its opposite (Ra / not Ra), weighed by P(Ra) of the bag."""
        child = st.clone()
        child.push(DRAW)
        drawn = self._after(st, child, auctions)
        bag = st.bag
        ra_left = bag.count(RA)
        if ra_left in (0, len(bag)):
            return drawn
        next_is_ra = bag[-1] == RA
        j = len(bag) - 2
        while (bag[j] == RA) == next_is_ra:
            j -= 1
        other = st.clone()
        other.bag[-1], other.bag[j] = bag[j], bag[-1]
        other.push(DRAW)
        saved, self.stats = self.stats, {}  # the swapped bag breaks the counts memoized by bag size
        try:
            swapped = self._after(st, other, auctions)
        finally:
            self.stats = saved
        weight = ra_left / len(bag) if next_is_ra else 1.0 - ra_left / len(bag)
        return [weight * a + (1.0 - weight) * b for a, b in zip(drawn, swapped, strict=True)]


def tree_actions(st: State) -> list[int]:
    """The actions searched inside the tree: every legal one except spending gods (stop at once if asked)."""
    if st.phase == GODS:
        return [DONE]
    return [a for a in st.legal_actions() if not FIRST_GOD_ACTION <= a < FIRST_LOSE_ACTION]


def own_lead(values: list[float], seat: int) -> float:
    """`seat`'s value minus the best other seat's."""
    return values[seat] - max(x for q, x in enumerate(values) if q != seat)
