"""Golden playthroughs: a seeded random game of each game regenerates byte for byte.

Regenerate after an intended change with: python -m ra.games.playthrough GAME 1 3 > tests/games/golden/GAME_3p_seed1.txt
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from ra.games import GAMES
from ra.games.playthrough import main, playthrough

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("game", list(GAMES))
def test_golden_playthrough_3p_seed1(game: str) -> None:
    path = GOLDEN / f"{game}_3p_seed1.txt"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(game, 1, 3)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2))
        raise AssertionError(f"playthrough differs from {path.name} (regenerate only if intended):\n{diff[:6000]}")


@pytest.mark.parametrize("game", list(GAMES))
def test_playthrough_is_deterministic_and_ends_with_the_result(game: str) -> None:
    text = playthrough(game, 7, 4)
    assert text == playthrough(game, 7, 4)
    assert text != playthrough(game, 8, 4)
    assert text.splitlines()[-1].startswith("# scores=")


def test_playthrough_command_prints_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ra", "2", "2"]) == 0
    out = capsys.readouterr().out
    assert out == playthrough("ra", 2, 2) and out.startswith("# Ra playthrough: seed=2 players=2")
