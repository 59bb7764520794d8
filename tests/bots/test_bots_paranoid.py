"""Ra's paranoid search (`ra.bots.ra.duel` with `me`, 3+ seats): alpha-beta finds the plain minimax values."""

from __future__ import annotations

import pytest
from test_bots_duel import UNLIMITED, _positions

from ra.bots import make_bot
from ra.bots.ra import searchbot
from ra.bots.ra.duel import DuelSearch
from ra.bots.ra.search import DRAW, OVER, TURN, Search, own_lead, tree_actions
from ra.games.ra import State


class PlainParanoid(Search):
    """The reference: max-n's tree without pruning, but every seat but `me` picks the child with `me`'s lowest lead."""

    def __init__(self, me: int, auctions: int, blind: int = -1, chance_all: bool = False) -> None:
        super().__init__(auctions, UNLIMITED, blind, chance_all)
        self.me = me

    def _leaf(self, st: State) -> list[float]:
        """`me`'s lead alone (0 elsewhere), so that a chance draw averages leads, as a zero-sum search does."""
        values = [0.0] * st.num_players
        values[self.me] = own_lead(super()._leaf(st), self.me)
        return values

    def _values(self, st: State, auctions: int, owned: bool) -> list[float]:
        self.nodes += 1
        if auctions <= 0 or st.phase == OVER:
            return self._leaf(st)
        chance = st.phase == TURN and (self.chance_all or st.cur == self.blind)
        found: list[list[float]] = []
        for action in tree_actions(st):
            if chance and action == DRAW:
                found.append(self._chance_draw(st, auctions))
                continue
            child = st.clone()
            child.push(action)
            found.append(self._after(st.phase, st.epoch, child, auctions))
        pick = max if st.cur == self.me else min
        return pick(found, key=lambda v: own_lead(v, self.me))


CASES = [(3, -1, False, 2), (3, 0, False, 1), (4, -1, True, 1), (5, -1, False, 1)]


@pytest.mark.parametrize(("players", "blind", "chance_all", "depth"), CASES)
def test_paranoid_alpha_beta_finds_the_plain_minimax(players: int, blind: int, chance_all: bool, depth: int) -> None:
    """Every root action's lead of seat `me` equals the unpruned paranoid search's; pruning saves nodes overall."""
    plain_nodes = pruned_nodes = 0
    positions = _positions(players, range(1), 13)[:8]
    assert len(positions) == 8
    for state in positions:
        me = state.cur
        actions = tree_actions(state)
        plain = PlainParanoid(me, depth, me if blind == 0 else blind, chance_all)
        expected = plain.root_values(state, actions)
        ab = DuelSearch(plain.auctions, UNLIMITED, plain.blind, chance_all, me=me)
        found = ab.root_values(state, actions)
        for action in actions:
            assert own_lead(found[action], me) == pytest.approx(own_lead(expected[action], me), abs=1e-9)
        plain_nodes += plain.nodes
        pruned_nodes += ab.nodes
    assert pruned_nodes < plain_nodes


def test_the_search_bot_is_paranoid_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three seats: max-n by default, the paranoid alpha-beta (for the bot's own seat) with `paranoid=1`."""
    used: list[object] = []

    class CountedDuel(DuelSearch):
        def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
            used.append(("paranoid", self.me))
            return super().root_values(st, actions)

    class CountedMaxN(Search):
        def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
            used.append("max-n")
            return super().root_values(st, actions)

    monkeypatch.setattr(searchbot, "DuelSearch", CountedDuel)
    monkeypatch.setattr(searchbot, "Search", CountedMaxN)
    state = _positions(3, range(1), 7)[4]
    for spec, kind in (("", "max-n"), (",paranoid=1", ("paranoid", state.cur))):
        used.clear()
        bot = make_bot(f"search:samples=2,depth=2,nodes=2000{spec}", "ra", 1)
        assert bot.choose(state.view(state.cur)) in state.legal_actions()
        assert used and all(kind == u for u in used)
