"""Ra's search with `squash=s`: the samples' leads are averaged as s*tanh(lead/s), to play for the win, not margin."""

from __future__ import annotations

from math import tanh

import pytest
from test_bots_duel import _positions

from ra.bots import make_bot
from ra.bots.ra import searchbot
from ra.bots.ra.search import Search, tree_actions
from ra.bots.ra.searchbot import RaSearchBot
from ra.games.ra import State


def _scripted(leads: dict[int, list[float]]) -> type[Search]:
    """A tree whose root values give the actions in `leads` their scripted lead of each sample in turn (others -99)."""
    calls = {"sample": 0}

    class Scripted(Search):
        def root_values(self, st: State, actions: list[int]) -> dict[int, list[float]]:
            sample = calls["sample"]
            calls["sample"] += 1
            me = st.cur
            out: dict[int, list[float]] = {}
            for action in actions:
                lead = leads[action][sample] if action in leads else -99.0
                values = [0.0] * st.num_players
                values[me] = lead  # every other seat at 0: the lead over the best of them is `lead`
                out[action] = values
            return out

    return Scripted


def _position() -> State:
    return next(state for state in _positions(3, range(1), 5) if len(tree_actions(state)) >= 2)


@pytest.mark.parametrize(("squash", "wins"), [(0, "risky"), (10, "steady"), (100, "risky")])
def test_squash_prefers_the_steady_lead_to_the_risky_one(
    squash: int, wins: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Leads +30/-5 (mean 12.5) against +4/+4: linear picks the first; squashed by 10 points, the second."""
    state = _position()
    view = state.view(state.cur)
    risky, steady = tree_actions(state)[:2]
    leads = {risky: [30.0, -5.0], steady: [4.0, 4.0]}
    monkeypatch.setattr(searchbot, "Search", _scripted(leads))
    bot = make_bot(f"search:samples=2,depth=1,squash={squash}", "ra", 3)
    assert isinstance(bot, RaSearchBot)
    choice = bot.choose(view)
    assert choice == (risky if wins == "risky" else steady)
    # The hints still report the plain average lead in points, whatever the squash.
    assert bot.last_leads[risky] == pytest.approx(12.5)
    assert bot.last_leads[steady] == pytest.approx(4.0)
    if squash:
        squashed = (squash * tanh(30 / squash) + squash * tanh(-5 / squash)) / 2
        assert (squashed < squash * tanh(4 / squash)) == (wins == "steady")
