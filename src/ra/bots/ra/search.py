"""Max-n search over a full Ra state, a few auctions deep: each seat chooses to maximise its own lead.

The state may be the true one or a determinization sampled from a seat's view (the fair `search` bot): the search
itself only plays the engine forward. Leaves are scored with `evaluation.expected_finals`. Inside the tree nobody
spends gods (only the root may list god actions), and an auction counts as one level once it is resolved; the end of
an epoch is always a leaf. Positions reached again by another order of bids (the same lot won with the same disk)
are looked up, not searched again (a transposition table keyed by every public field, valid within one draw order).
One seat's draws may be chance nodes instead of foreseen tiles (`blind`): the sampled tile and its opposite (Ra /
not Ra) weighed by the bag's P(Ra).

For speed, a leaf's value is memoized by the fields the evaluation reads (positions that differ only in the
central disk, the track's tiles or the turn are scored once), and a node's last action is played on the node's own
state instead of a copy once nothing reads that state any more.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ra.bots.ra.evaluation import BagStats, Weights, expected_finals
from ra.games.ra import State, phases, str_to_action, tables

TURN, AUCTION, GODS, OVER = phases.TURN, phases.AUCTION, phases.GODS, phases.OVER
RA, NK, GOD = tables.RA, tables.NUM_KINDS, tables.GOD
DRAW, INVOKE, PASS, DONE = (str_to_action(text) for text in ("draw", "ra", "pass", "done"))
FIRST_GOD_ACTION = str_to_action("god:ra")
FIRST_LOSE_ACTION = str_to_action("lose:art")

Key = tuple[object, ...]


class BudgetExceeded(Exception):
    """The search visited more nodes than it was allowed."""


def position_key(st: State, auctions: int) -> Key:
    """Every field that a value may depend on, except the bag's order and the history (same tree, same bag)."""
    return (
        auctions,
        st.bag_size,
        st.cur,
        st.phase,
        st.epoch,
        st.central,
        st.ra_filled,
        st.auc_kind,
        st.auc_ra,
        st.auc_high,
        st.auc_bidder,
        st.auc_bids,
        st.pending,
        st.lose_war,
        st.lose_quake,
        st.after,
        tuple(st.track),
        tuple(st.up),
        tuple(st.down),
        tuple(st.held),
        tuple(st.points),
        tuple(st.discard),
    )


def leaf_key(st: State) -> Key:
    """Every field `expected_finals` reads of a state of one tree (one draw order, one player count)."""
    return (
        st.phase == OVER,
        st.epoch,
        st.ra_filled,
        st.bag_size,
        len(st.track),
        tuple(st.held),
        tuple(st.up),
        tuple(st.down),
        tuple(st.points),
    )


@dataclass
class Search:
    """One max-n search over one draw order: its depth in auctions and a node budget (BudgetExceeded past it).

    `blind` is a seat whose own draws inside the tree are chance nodes (-1: none), so that it does not foresee
    when the sampled bag's Ra tiles fall.
    """

    auctions: int
    budget: int
    blind: int = -1
    nodes: int = 0
    stats: BagStats = field(default_factory=dict)
    table: dict[Key, list[float]] = field(default_factory=dict)
    leaves: dict[Key, list[float]] = field(default_factory=dict)
    weights: Weights | None = None  # the evaluation's weights (None: its DEFAULT)

    def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
        """The value vector (expected final scores) after each root action."""
        out: dict[int, list[float]] = {}
        for action in actions:
            child = st.clone()
            child.push(action)
            out[action] = self._after(st.phase, st.epoch, child, self.auctions)
        return out

    def _leaf(self, st: State) -> list[float]:
        """The evaluation of a leaf, memoized within the draw order."""
        key = leaf_key(st)
        known = self.leaves.get(key)
        if known is None:
            known = self.leaves[key] = expected_finals(st, self.stats, self.weights)
        return known

    def _after(self, phase: int, epoch: int, child: State, auctions: int) -> list[float]:
        """The value of `child`, reached from a state in `phase` and `epoch` (`child` is the search's to change)."""
        if child.phase == OVER or child.epoch != epoch:
            self.nodes += 1
            return self._leaf(child)
        if phase == AUCTION and child.phase != AUCTION:
            # A resolved auction: other bid orders reach the same position, so look it up first.
            auctions -= 1
            key = position_key(child, auctions)
            known = self.table.get(key)
            if known is None:
                known = self.table[key] = self._values(child, auctions, True)
            else:
                self.nodes += 1
            return known
        return self._values(child, auctions, True)

    def values(self, st: State, auctions: int) -> list[float]:
        """The max-n value vector of `st` with `auctions` auctions still to resolve before the leaves."""
        return self._values(st, auctions, False)

    def _values(self, st: State, auctions: int, owned: bool) -> list[float]:
        """`values`; if `owned`, nothing reads `st` afterwards, so its last action may be played on it in place."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if auctions <= 0:
            return self._leaf(st)
        p = st.cur
        phase, epoch = st.phase, st.epoch
        best: list[float] | None = None
        best_lead = 0.0
        chance = phase == TURN and p == self.blind
        actions = tree_actions(st)
        last = actions[-1] if owned else -1
        for action in actions:
            if chance and action == DRAW:
                v = self._chance_draw(st, auctions)
            else:
                child = st if action == last else st.clone()
                child.push(action)
                v = self._after(phase, epoch, child, auctions)
            lead = v[p] - max(v[:p] + v[p + 1 :])
            if best is None or lead > best_lead:
                best, best_lead = v, lead
        assert best is not None
        return best

    def _chance_draw(self, st: State, auctions: int) -> list[float]:
        """A draw as chance: the sampled tile and its opposite (Ra / not Ra), weighed by P(Ra) of the bag."""
        child = st.clone()
        child.push(DRAW)
        drawn = self._after(st.phase, st.epoch, child, auctions)
        opposite = opposite_draw(st)
        if opposite is None:
            return drawn
        other, weight = opposite
        # The swapped bag breaks what is memoized by bag size (counts, positions): fresh memos below it.
        saved = self.stats, self.table, self.leaves
        self.stats, self.table, self.leaves = {}, {}, {}
        try:
            swapped = self._after(st.phase, st.epoch, other, auctions)
        finally:
            self.stats, self.table, self.leaves = saved
        return [weight * a + (1.0 - weight) * b for a, b in zip(drawn, swapped, strict=True)]


def opposite_draw(st: State) -> tuple[State, float] | None:
    """The draw of the opposite side (Ra / not Ra) of the sampled next tile, and the sampled side's chance.

    A copy of `st` whose next tile is swapped with the nearest tile of the other side, drawn; None if the bag holds
    only one side. Positions below it have another bag, so a search memoizes them apart.
    """
    bag = st.bag
    ra_left = bag.count(RA)
    if ra_left in (0, len(bag)):
        return None
    next_is_ra = bag[-1] == RA
    j = len(bag) - 2
    while (bag[j] == RA) == next_is_ra:
        j -= 1
    other = st.clone()
    other.bag[-1], other.bag[j] = bag[j], bag[-1]
    other.push(DRAW)
    return other, draw_weight(ra_left, len(bag), next_is_ra)


def draw_weight(ra_left: int, bag_len: int, next_is_ra: bool) -> float:
    """The chance of the sampled draw's side (Ra, or not Ra) given the bag's counts; its opposite has the rest."""
    p_ra = ra_left / bag_len
    return p_ra if next_is_ra else 1.0 - p_ra


def tree_actions(st: State) -> list[int]:
    """The actions searched inside the tree: every legal one except spending gods (stop at once if asked)."""
    phase = st.phase
    if phase == GODS:
        return [DONE]
    if phase != TURN or not st.held[st.cur * NK + GOD]:
        return list(st.legal_actions())  # god actions are a turn's, and only for a seat that holds a god (§6)
    return [a for a in st.legal_actions() if not FIRST_GOD_ACTION <= a < FIRST_LOSE_ACTION]


def own_lead(values: list[float], seat: int) -> float:
    """`seat`'s value minus the best other seat's."""
    return values[seat] - max(values[:seat] + values[seat + 1 :])
