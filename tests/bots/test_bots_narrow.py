"""Ra's search with `narrow=1`: below the root, a bidder weighs only passing, its lowest and highest winning disk."""

from __future__ import annotations

from test_bots_duel import _positions

from ra.bots.ra.search import AUCTION, PASS, Search, narrow_bids, tree_actions
from ra.games.ra import str_to_action

BIDS = [str_to_action(f"bid:{disk}") for disk in (3, 6, 9, 12)]


def test_narrow_bids_keeps_pass_lowest_and_highest() -> None:
    """A pass and four winning disks become three choices; a forced bid keeps its lowest and highest disk."""
    assert narrow_bids([PASS, *BIDS]) == [PASS, BIDS[0], BIDS[-1]]
    assert narrow_bids(BIDS) == [BIDS[0], BIDS[-1]]  # a forced bid (§5): no pass among them
    assert narrow_bids([PASS, *BIDS[:2]]) == [PASS, *BIDS[:2]]  # three choices or fewer are kept
    assert narrow_bids(BIDS[:3]) == BIDS[:3]


def test_narrow_search_keeps_every_root_action_and_visits_fewer_nodes() -> None:
    """Every root action still gets a value, and the other bidders' choices below it cost fewer nodes."""
    full_nodes = narrow_nodes = 0
    positions = [state for state in _positions(3, range(2), 9) if state.phase == AUCTION][:12]
    assert len(positions) >= 6
    for state in positions:
        actions = tree_actions(state)
        full = Search(1, 1 << 40)
        narrow = Search(1, 1 << 40, narrow=True)
        full_values = full.root_values(state, actions)
        narrow_values = narrow.root_values(state, actions)
        assert set(narrow_values) == set(full_values) == set(actions)
        full_nodes += full.nodes
        narrow_nodes += narrow.nodes
    assert narrow_nodes < 0.9 * full_nodes
