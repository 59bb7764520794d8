"""The hot paths' shortcuts (one-pass Nile spaces, inlined card spaces) agree with the rules written plainly."""

from __future__ import annotations

import random

from ra.games.write import State
from ra.games.write.sheet import N0, W, nile_spaces
from ra.games.write.tables import NILE_SPACES


def _plain_nile_spaces(row: list[int], number: int) -> list[int]:
    """§2 Nile as written: an empty space where every number to its left is ≤ `number` and to its right ≥ it."""
    return [
        j
        for j in range(NILE_SPACES)
        if not row[j] and all(v <= number for v in row[:j] if v) and all(v >= number for v in row[j + 1 :] if v)
    ]


def test_nile_spaces_match_the_rule() -> None:
    """Random non-decreasing rows with gaps: the one-pass scan finds exactly the spaces the rule allows."""
    rng = random.Random(1)
    for _ in range(3000):
        values = sorted(rng.randint(1, 12) for _ in range(rng.randint(0, NILE_SPACES)))
        spaces = sorted(rng.sample(range(NILE_SPACES), len(values)))
        row = [0] * NILE_SPACES
        for j, v in zip(spaces, values, strict=True):
            row[j] = v
        s = [0] * W
        s[N0 : N0 + NILE_SPACES] = row
        number = rng.randint(1, 12)
        assert nile_spaces(s, 0, number) == _plain_nile_spaces(row, number)


def test_legal_actions_are_fresh_and_consistent_in_random_games() -> None:
    """Every listed action applies through the checked path; a caller changing the list changes no later answer."""
    rng = random.Random(3)
    for seed in range(12):
        options: dict[str, object] = {"players": 2 + seed % 4}
        if seed % 3 == 0:
            options["kingdom_limited"] = True
        st = State.new(options, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            legal = st.legal_actions(p)
            assert legal and len(set(legal)) == len(legal)
            legal.append(-1)
            assert -1 not in st.legal_actions(p)
            st.apply(rng.choice(st.legal_actions(p)), p)
