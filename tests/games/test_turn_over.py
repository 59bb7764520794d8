"""What a turn is, as each game tells it (`turn_over`, optional for a game): a live clock's increment is earned once
per turn (the server's tables/pace.py; tests/server/tables/test_clocks.py), not per action."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import ra.games.ra as RA
import ra.games.write as WRITE
from ra.games.ra import phases as ra_phases
from ra.games.write import phases as write_phases


def moves_of(module: Any, players: int, seed: int) -> list[tuple[Any, Any, int]]:
    """(before, after, seat) of every action of a random game."""
    rng = random.Random(seed)
    state, moves = module.State.new({"players": players}, seed=seed), []
    while not state.is_terminal():
        seat = rng.choice(list(state.current_players()))
        before = state.clone()
        state.apply(rng.choice(list(state.legal_actions(seat))), seat)
        moves.append((before, state.clone(), seat))
    return moves


def test_ra_a_turn_goes_on_through_gods_and_disasters_and_ends_on_a_lone_draw() -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        for before, after, seat in moves_of(RA, 3, seed):
            over = RA.turn_over(before, after, seat)
            if seat in after.current_players() and after.phase in (ra_phases.GODS, ra_phases.DISASTER):
                assert not over  # more tiles to take with gods, or to destroy: the same turn
                seen["goes on"] += 1
            elif before.phase == after.phase == ra_phases.TURN and seat in after.current_players():
                assert over  # alone in the epoch: every draw is a turn of its own
                seen["lone draw"] += 1
            else:
                assert over
                seen["over"] += 1
    assert seen["goes on"] and seen["lone draw"] and seen["over"], seen


def test_write_a_turn_is_the_reveals_and_the_choice_with_its_chain() -> None:
    seen: Counter[str] = Counter()
    for players in (2, 3):
        for seed in range(15):
            for before, after, seat in moves_of(WRITE, players, seed):
                over = WRITE.turn_over(before, after, seat)
                if seat not in after.current_players():
                    assert over
                    seen["done"] += 1
                elif after.phase == write_phases.REVEAL and before.phase != write_phases.REVEAL:
                    assert over  # the seat chose last and now begins the next turn as the active player
                    seen["next turn"] += 1
                else:
                    assert not over  # revealing, or a bonus chain going on
                    seen["goes on"] += 1
    assert seen["done"] and seen["next turn"] and seen["goes on"], seen
