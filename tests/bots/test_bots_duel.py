"""Ra's two-player alpha-beta search (`ra.bots.ra.duel`): the same root values as max-n, in fewer nodes."""

from __future__ import annotations

import pytest

from ra.bots import make_bot
from ra.bots.ra import searchbot
from ra.bots.ra.duel import DuelSearch
from ra.bots.ra.search import BudgetExceeded, Search, tree_actions
from ra.games.ra import State
from ra.tournament.games import new_game

UNLIMITED = 1 << 40


def _positions(players: int, seeds: range, every: int) -> list[State]:
    """Positions of greedy games with a choice to make, one every `every` moves."""
    out: list[State] = []
    for seed in seeds:
        state = new_game("ra", players, seed=seed)
        assert isinstance(state, State)
        greedy = make_bot("greedy", "ra", seed)
        moves = 0
        while not state.is_terminal():
            if moves % every == 0 and len(tree_actions(state)) > 1:
                out.append(state.clone())
            state.apply(greedy.choose(state.view(state.cur)))
            moves += 1
    return out


@pytest.mark.parametrize(("blind", "depth"), [(-1, 2), (1, 2), (0, 1)])
def test_alpha_beta_finds_max_n_root_leads_in_fewer_nodes(blind: int, depth: int) -> None:
    """Every root action's lead equals max-n's (two seats: my lead is minus yours); pruning saves nodes overall."""
    maxn_nodes = duel_nodes = 0
    positions = _positions(2, range(2), 14)
    assert len(positions) >= 10
    for state in positions:
        actions = tree_actions(state)
        maxn = Search(depth, UNLIMITED, blind)
        expected = maxn.root_values(state, actions)
        ab = DuelSearch(depth, UNLIMITED, blind)
        found = ab.root_values(state, actions)
        for action in actions:
            lead = expected[action][0] - expected[action][1]
            assert found[action][0] == pytest.approx(lead, abs=1e-9)
        maxn_nodes += maxn.nodes
        duel_nodes += ab.nodes
    assert duel_nodes < 0.8 * maxn_nodes


def test_alpha_beta_keeps_its_node_budget() -> None:
    """Past `budget` nodes the search stops with BudgetExceeded, like max-n."""
    state = max(_positions(2, range(2), 5), key=lambda s: len(s.track))
    with pytest.raises(BudgetExceeded):
        DuelSearch(2, 20).root_values(state, tree_actions(state))


def test_the_search_bot_uses_alpha_beta_with_two_seats_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two seats: DuelSearch and never max-n; three seats: max-n."""
    used: list[str] = []

    class CountedDuel(DuelSearch):
        def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
            used.append("duel")
            return super().root_values(st, actions)

    class CountedMaxN(Search):
        def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
            used.append("max-n")
            return super().root_values(st, actions)

    monkeypatch.setattr(searchbot, "DuelSearch", CountedDuel)
    monkeypatch.setattr(searchbot, "Search", CountedMaxN)
    for players, kind in ((2, "duel"), (3, "max-n")):
        used.clear()
        state = _positions(players, range(1), 7)[3]
        bot = make_bot("search:samples=2,depth=2,nodes=2000", "ra", 1)
        assert bot.choose(state.view(state.cur)) in state.legal_actions()
        assert used and set(used) == {kind}
