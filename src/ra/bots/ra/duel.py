"""Two-player search: with two seats, max-n over "my lead" is zero-sum, so alpha-beta pruning applies.

Seat 0's lead (its expected final score minus seat 1's) is the one number: seat 0 maximises it, seat 1 minimises
it. The tree, the leaves, the chance draws (`blind`) and the node budget are those of
`ra.bots.ra.search.Search`, and a root action's value is the same lead that max-n finds; only subtrees that cannot
change a decision are skipped. So the same budget reaches two auctions deep in many more positions. Chance draws
are searched with an open window (their two outcomes are averaged), and the transposition table stores each value
with the kind of bound the window made it (exact, at least, at most). As in `Search`, leaf values are memoized by
the fields the evaluation reads, and a node's last action is played on the node's own state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ra.bots.ra.evaluation import BagStats, Weights, expected_finals
from ra.bots.ra.search import (
    AUCTION,
    DRAW,
    OVER,
    TURN,
    BudgetExceeded,
    Key,
    leaf_key,
    opposite_draw,
    position_key,
    tree_actions,
)
from ra.games.ra import State

INF = float("inf")
EXACT, AT_LEAST, AT_MOST = 0, 1, 2  # what a stored value is, given the window it was searched with


@dataclass
class DuelSearch:
    """Alpha-beta over seat `me`'s lead, `auctions` deep, at most `budget` nodes (BudgetExceeded past it)."""

    auctions: int
    budget: int
    blind: int = -1
    me: int = 0
    nodes: int = 0
    stats: BagStats = field(default_factory=dict)
    table: dict[Key, tuple[float, int]] = field(default_factory=dict)
    leaves: dict[Key, float] = field(default_factory=dict)
    weights: Weights | None = None  # the evaluation's weights (None: its DEFAULT)

    def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
        """Each root action's value vector, as `Search.root_values` gives it: `me`'s lead at `me`, 0 elsewhere."""
        out: dict[int, list[float]] = {}
        for action in actions:
            child = st.clone()
            child.push(action)
            values = [0.0] * st.num_players
            values[self.me] = self._after(st.phase, st.epoch, child, self.auctions, -INF, INF)
            out[action] = values
        return out

    def _leaf(self, st: State) -> float:
        """Seat `me`'s expected final score minus the best other seat's, memoized within the draw order."""
        key = leaf_key(st)
        known = self.leaves.get(key)
        if known is None:
            v = expected_finals(st, self.stats, self.weights)
            me = self.me
            known = self.leaves[key] = v[me] - max(v[:me] + v[me + 1 :])
        return known

    def _after(self, phase: int, epoch: int, child: State, auctions: int, alpha: float, beta: float) -> float:
        """The value of `child`, reached from a state in `phase` and `epoch` (`child` is the search's to change)."""
        if child.phase == OVER or child.epoch != epoch:
            self.nodes += 1
            return self._leaf(child)
        if phase == AUCTION and child.phase != AUCTION:
            auctions -= 1
            key = position_key(child, auctions)
            known = self.table.get(key)
            if known is not None:
                value, kind = known
                if kind == EXACT or (kind == AT_LEAST and value >= beta) or (kind == AT_MOST and value <= alpha):
                    self.nodes += 1
                    return value
            value = self._value(child, auctions, alpha, beta)
            kind = AT_MOST if value <= alpha else AT_LEAST if value >= beta else EXACT
            self.table[key] = (value, kind)
            return value
        return self._value(child, auctions, alpha, beta)

    def _value(self, st: State, auctions: int, alpha: float, beta: float) -> float:
        """Seat `me`'s lead at `st` (fail-soft: past the window, a bound on it); `st` is the search's own to change.

        Nothing reads `st` after its last action, so that action is played on it in place.
        """
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if auctions <= 0:
            return self._leaf(st)
        phase, epoch = st.phase, st.epoch
        maximise = st.cur == self.me
        chance = phase == TURN and st.cur == self.blind
        best = -INF if maximise else INF
        actions = tree_actions(st)
        last = actions[-1]
        for action in actions:
            if chance and action == DRAW:
                v = self._chance_draw(st, auctions)
            else:
                child = st if action == last else st.clone()
                child.push(action)
                v = self._after(phase, epoch, child, auctions, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _chance_draw(self, st: State, auctions: int) -> float:
        """A draw as chance (as in `Search`): the sampled tile and its opposite, weighed by P(Ra), open window."""
        child = st.clone()
        child.push(DRAW)
        drawn = self._after(st.phase, st.epoch, child, auctions, -INF, INF)
        opposite = opposite_draw(st)
        if opposite is None:
            return drawn
        other, weight = opposite
        saved = self.stats, self.table, self.leaves
        self.stats, self.table, self.leaves = {}, {}, {}
        try:
            swapped = self._after(st.phase, st.epoch, other, auctions, -INF, INF)
        finally:
            self.stats, self.table, self.leaves = saved
        return weight * drawn + (1.0 - weight) * swapped
