"""The golden playthrough (tests/golden/write_3p_seed1.txt) regenerates byte for byte."""

from __future__ import annotations

from pathlib import Path

from ra.games.write.playthrough import playthrough

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_golden_playthrough_3p_seed1() -> None:
    expected = (GOLDEN / "write_3p_seed1.txt").read_text(encoding="utf-8")
    actual = playthrough(1, 3)
    regenerate = "python -m ra.games.write.playthrough 1 3 > tests/golden/write_3p_seed1.txt"
    assert actual == expected, f"regenerate with: {regenerate}"
    assert len(actual.splitlines()) < 3000


def test_playthrough_is_deterministic_for_other_player_counts() -> None:
    for players in (2, 5):
        text = playthrough(7, players)
        assert text == playthrough(7, players)
        assert text.splitlines()[-1].startswith("# scores=")
