"""The faster max-n search (leaf memo, last action played in place, cheaper action lists) decides exactly as the plain
one: `_PlainSearch` is a copy of the search as it was before, kept here only as the reference.
"""

from __future__ import annotations

import random

import pytest

from ra.bots import make_bot
from ra.bots.ra import searchbot
from ra.bots.ra.evaluation import BagStats, Weights, expected_finals
from ra.bots.ra.search import DRAW, BudgetExceeded, Search, draw_weight, position_key, tree_actions
from ra.bots.ra.searchbot import RaSearchBot
from ra.games.ra import State, from_view, phases, str_to_action, tables

TURN, AUCTION, GODS, OVER = phases.TURN, phases.AUCTION, phases.GODS, phases.OVER
DONE = str_to_action("done")
FIRST_GOD_ACTION, FIRST_LOSE_ACTION = str_to_action("god:ra"), str_to_action("lose:art")


class _PlainSearch:
    """The max-n search before the speed-ups: a clone per action, no leaf memo, a lead by generator."""

    def __init__(
        self,
        auctions: int,
        budget: int,
        blind: int = -1,
        weights: Weights | None = None,
    ) -> None:
        assert weights is None  # the search before the weights setting: the evaluation's DEFAULT only
        self.auctions, self.budget, self.blind = auctions, budget, blind
        self.nodes = 0
        self.stats: BagStats = {}
        self.table: dict[object, list[float]] = {}

    def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
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
            key = position_key(child, auctions)
            known = self.table.get(key)
            if known is None:
                known = self.table[key] = self.values(child, auctions)
            else:
                self.nodes += 1
            return known
        return self.values(child, auctions)

    def values(self, st: State, auctions: int) -> list[float]:
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if auctions <= 0:
            return expected_finals(st, self.stats)
        p = st.cur
        best: list[float] | None = None
        best_lead = 0.0
        chance = st.phase == TURN and p == self.blind
        legal = [DONE] if st.phase == GODS else st.legal_actions()
        for action in [a for a in legal if not FIRST_GOD_ACTION <= a < FIRST_LOSE_ACTION]:
            if chance and action == DRAW:
                v = self._chance_draw(st, auctions)
            else:
                child = st.clone()
                child.push(action)
                v = self._after(st, child, auctions)
            lead = v[p] - max(x for q, x in enumerate(v) if q != p)
            if best is None or lead > best_lead:
                best, best_lead = v, lead
        assert best is not None
        return best

    def _chance_draw(self, st: State, auctions: int) -> list[float]:
        child = st.clone()
        child.push(DRAW)
        drawn = self._after(st, child, auctions)
        bag = st.bag
        ra_left = bag.count(tables.RA)
        if ra_left in (0, len(bag)):
            return drawn
        next_is_ra = bag[-1] == tables.RA
        j = len(bag) - 2
        while (bag[j] == tables.RA) == next_is_ra:
            j -= 1
        other = st.clone()
        other.bag[-1], other.bag[j] = bag[j], bag[-1]
        other.push(DRAW)
        saved = self.stats, self.table
        self.stats, self.table = {}, {}
        try:
            swapped = self._after(st, other, auctions)
        finally:
            self.stats, self.table = saved
        weight = draw_weight(ra_left, len(bag), next_is_ra)
        return [weight * a + (1.0 - weight) * b for a, b in zip(drawn, swapped, strict=True)]


def _positions(players: int, seed: int, every: int) -> list[State]:
    """Positions of a greedy self-play game with a choice to make, one in `every`."""
    state = State.new({"players": players}, seed=seed)
    bots = [make_bot("greedy", "ra", seed + seat) for seat in range(players)]
    out: list[State] = []
    while not state.is_terminal():
        seat = state.cur
        if len(state.legal_actions()) > 1 and len(out) * every <= len(state.history):
            out.append(state.clone())
        state.apply(bots[seat].choose(state.view(seat)), seat)
    return out


def _root_values(search: Search | _PlainSearch, st: State, actions: list[int]) -> dict[int, list[float]] | None:
    """The root values, or None once the node budget runs out."""
    try:
        return search.root_values(st, actions)
    except BudgetExceeded:
        return None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_search_values_every_root_action_as_the_plain_one(players: int) -> None:
    """Sampled bags as the bot draws them, foreseen or blind to its own draws: the very same value vectors."""
    rng = random.Random(players)
    for st in _positions(players, 40 + players, 25)[:6]:
        seat = st.cur
        sample = from_view(st.view(seat), rng)
        actions = st.legal_actions()
        for blind in (-1, seat):
            new, old = Search(2, 4000, blind), _PlainSearch(2, 4000, blind)
            before = sample.clone()
            assert _root_values(new, sample, list(actions)) == _root_values(old, sample, list(actions))
            assert new.nodes == old.nodes  # the node budget runs out at the same point
            assert sample == before  # the root is left as it was


def test_values_leave_the_state_as_it_was() -> None:
    """`values` on a caller's state does not play its last action in place (only the search's own copies)."""
    st = _positions(3, 7, 20)[2]
    before = st.clone()
    first = Search(2, 1 << 30).values(st, 2)
    assert st == before and Search(2, 1 << 30).values(st, 2) == first


def test_the_god_filter_keeps_the_legal_order() -> None:
    """Inside the tree, gods are never spent; everything else stays listed in the rules' order."""
    for st in _positions(4, 3, 3):
        legal = st.legal_actions()
        assert tree_actions(st) == (
            [DONE] if st.phase == GODS else [a for a in legal if a < FIRST_GOD_ACTION or a >= FIRST_LOSE_ACTION]
        )


def test_the_bot_chooses_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole bot over a few decisions: its choice and root leads as with the plain search."""
    for st in _positions(4, 11, 30)[:4]:
        view = st.view(st.cur)
        bot = make_bot("search:samples=3,depth=2,nodes=4000,blind=1", "ra", 3)
        assert isinstance(bot, RaSearchBot)
        choice, leads = bot.choose(view), bot.last_leads
        plain = make_bot("search:samples=3,depth=2,nodes=4000,blind=1", "ra", 3)
        assert isinstance(plain, RaSearchBot)
        with monkeypatch.context() as patch:
            patch.setattr(searchbot, "Search", _PlainSearch)
            assert plain.choose(view) == choice and plain.last_leads == leads
