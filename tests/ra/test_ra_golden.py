"""The golden playthrough: a seeded random 3-player game must replay to the same text.

Regenerate after an intended change with: python -m ra.games.ra.playthrough 1 3 > tests/golden/ra_3p_seed1.txt
"""

from __future__ import annotations

import difflib
from pathlib import Path

from ra.games.ra.playthrough import main, playthrough

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "ra_3p_seed1.txt"


def test_golden_playthrough_3p_seed1() -> None:
    expected = GOLDEN.read_text(encoding="utf-8")
    actual = playthrough(1, 3)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2))
        raise AssertionError(f"playthrough differs from {GOLDEN.name}:\n{diff[:6000]}")


def test_playthrough_is_deterministic_and_renders_epoch_ends() -> None:
    text = playthrough(7, 4)
    assert text == playthrough(7, 4)
    assert text.count("phase over") == 1 and "Epoch 1 scoring" in text and "Epoch 2 scoring" in text


def test_playthrough_main(capsys: object) -> None:
    assert main(["2", "2"]) == 0
