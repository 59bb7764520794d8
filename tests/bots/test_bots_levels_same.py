"""The levels play as they did when the unadopted search settings were removed (issue 25): a regression record.

The expected values were recorded from the code before the removal. `easy` and `medium` play whole seeded games
(a digest of every action); `hard`, without its wall-clock cap (so that it is reproducible), is asked for its choice
at positions of a seeded `greedy` game, and its choices and root leads must be the same.
"""

from __future__ import annotations

import hashlib

import pytest

from ra.bots import levels_for, make_bot
from ra.tournament.games import new_game, play_game

EVERY = {"ra": 29, "write": 11}  # moves between two positions `hard` is asked about (through the whole game)
DECISIONS = 6  # positions per game

# (game, players, level) -> a digest of the seeded self-play game's actions (sha256, 16 hex digits), and their number.
FULL: dict[tuple[str, int, str], tuple[str, int]] = {
    ("ra", 2, "easy"): ("b07ae3dd0b022743", 120),
    ("ra", 2, "medium"): ("c51518af30fc5608", 184),
    ("ra", 3, "easy"): ("31bd14731a0af055", 212),
    ("ra", 3, "medium"): ("b3a91b90297c1c11", 234),
    ("ra", 5, "easy"): ("43f769630720b757", 311),
    ("ra", 5, "medium"): ("a5eaa7b38660f6a1", 348),
    ("write", 2, "easy"): ("2736031c5a231bfd", 77),
    ("write", 2, "medium"): ("783056220732e45f", 83),
    ("write", 4, "easy"): ("4b790607d546a807", 175),
    ("write", 4, "medium"): ("c78661a130610e93", 182),
}
# (game, players) -> `hard`'s choices and a digest (as above) of its root leads (rounded to 1e-9 points).
HARD: dict[tuple[str, int], tuple[list[int], str]] = {
    ("ra", 2): ([0, 0, 0, 24, 11, 0], "e7347bb4a172cd05"),
    ("ra", 3): ([0, 6, 2, 0, 0, 7], "2a9470550a378cfe"),
    ("ra", 4): ([0, 1, 0, 0, 0, 0], "c12b2b4a77d203a6"),
    ("write", 2): ([3, 74, 68, 69, 3, 2], "58f7e7813e12fabf"),
    ("write", 3): ([43, 3, 15, 14, 64, 303], "2e777fe961f08b25"),
}


def _digest(items: object) -> str:
    return hashlib.sha256(repr(items).encode()).hexdigest()[:16]


def uncapped(game: str, level: str) -> str:
    """A level's spec without its wall-clock cap (`seconds`): the same decisions on any machine."""
    spec = next(lv.spec for lv in levels_for(game) if lv.name == level)
    kind, _, settings = spec.partition(":")
    kept = [item for item in settings.split(",") if item and not item.startswith("seconds=")]
    return f"{kind}:{','.join(kept)}" if kept else kind


def full_game_digest(game: str, players: int, level: str) -> tuple[str, int]:
    """Every seat plays `level`: the digest and count of the game's actions."""
    state, _ = play_game(game, [level] * players, 11 * players, [3 + seat for seat in range(players)])
    actions = [move.action for move in state.history]
    return _digest(actions), len(actions)


def hard_choices(game: str, players: int) -> tuple[list[int], str]:
    """`hard`'s choice (and root leads) at every EVERY[game]-th position with a choice of a seeded `greedy` game."""
    state = new_game(game, players, seed=5 * players)
    greedy = [make_bot("greedy", game, seat) for seat in range(players)]
    hard = make_bot(uncapped(game, "hard"), game, 9)
    choices: list[int] = []
    leads: list[list[tuple[int, float]]] = []
    moves = 0
    while not state.is_terminal() and len(choices) < DECISIONS:
        seat = state.current_players()[0]
        view = state.view(seat)
        if moves % EVERY[game] == 0 and len(view["legal_actions"]) > 1:
            choices.append(hard.choose(view))
            found = hard.last_leads  # type: ignore[attr-defined]
            leads.append([(action, round(lead, 9)) for action, lead in sorted(found.items())])
        state.apply(greedy[seat].choose(view), seat)
        moves += 1
    return choices, _digest(leads)


@pytest.mark.parametrize(("game", "players", "level"), sorted(FULL))
def test_easy_and_medium_play_the_same_games(game: str, players: int, level: str) -> None:
    """The same seeded self-play game, action for action."""
    assert full_game_digest(game, players, level) == FULL[game, players, level]


@pytest.mark.parametrize(("game", "players"), sorted(HARD))
def test_hard_makes_the_same_decisions(game: str, players: int) -> None:
    """The same choices with the same root leads at the same positions."""
    assert hard_choices(game, players) == HARD[game, players]
