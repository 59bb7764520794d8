"""A puzzle's theme is named from its solving move: every legal move of real positions has a titled theme."""

from __future__ import annotations

import pytest

from ra.bots import make_bot
from ra.bots.registry import game_bots
from ra.tournament.games import new_game

EXPECTED = {  # themes a few greedy games surely reach
    "ra": {"invoke_ra", "draw_on", "bidding", "letting_go", "low_disk"},
    "write": {"bonus_chains", "nile_numbers", "gods_totals", "pharaohs"},
}


@pytest.mark.parametrize("game", ["ra", "write"])
def test_every_legal_move_has_a_titled_theme(game: str) -> None:
    support = game_bots(game)
    assert support.theme is not None and support.themes
    seen: set[str] = set()
    for seed in range(3):
        state = new_game(game, 3, seed)
        bot = make_bot("greedy", game, seed=seed)
        while not state.is_terminal():
            player = state.current_players()[0]
            view = state.view(player)
            for action in state.legal_actions(player):
                theme = support.theme(view, action)
                assert theme in support.themes, theme
                seen.add(theme)
            state.apply(bot.choose(view), player)
    assert EXPECTED[game] <= seen
