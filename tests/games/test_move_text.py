"""Each engine words every action for logs (`move_text`), used by the server's move log."""

import pytest

from ra.games import game_module
from ra.games.ra import move_text as ra_move_text
from ra.games.ra import str_to_action as ra_action
from ra.games.write import move_text as write_move_text
from ra.games.write import str_to_action as write_action


@pytest.mark.parametrize("game", ["ra", "write"])
def test_every_action_has_words(game: str) -> None:
    module = game_module(game)
    for action in range(module.NUM_ACTIONS):
        text = str(module.move_text(action, ()))  # str: the English a spectator reads
        assert text and ">" not in text and "bonus>" not in text


@pytest.mark.parametrize(
    ("notation", "draws", "text"),
    [
        ("draw", ("pharaoh",), "drew a Pharaoh"),
        ("draw", ("ra",), "drew a Ra tile"),
        ("draw", ("art",), "drew an Art tile"),
        ("bid:13", (), "bid sun disk 13"),
        ("god:step_pyramid", (), "spent a god on a Step Pyramid"),
        ("lose:writing", (), "gave up a Writing tile to a disaster"),
        ("ra", (), "invoked Ra"),
    ],
)
def test_ra_words(notation: str, draws: tuple[str, ...], text: str) -> None:
    assert str(ra_move_text(ra_action(notation), draws)) == text


@pytest.mark.parametrize(
    ("notation", "draws", "text"),
    [
        ("reveal", ("god:9", "ra", "civ:art", "pharaoh"), "revealed God 9, a Ra card, Art, a Pharaoh"),
        ("card2>nile7", (), "took card 2 into Nile space 7"),
        ("card1>civ:middle", (), "took card 1 into the Middle Kingdom line"),
        ("bonus>nile5=12", (), "made a bonus entry: 12 in Nile space 5"),
        ("bonus>monument:step_pyramid", (), "made a bonus entry: Step Pyramid"),
        ("decline", (), "declined the bonus entry"),
    ],
)
def test_write_words(notation: str, draws: tuple[str, ...], text: str) -> None:
    assert str(write_move_text(write_action(notation), draws)) == text
