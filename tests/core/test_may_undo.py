"""ra.core.undo: whether the last action may be taken back, for both games and a game with hidden hands."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from ra.core.protocol import GameState, Move
from ra.core.undo import Step, Verdict, judge, reasons, reveals, standing
from ra.games import game_module

RA, WRITE = game_module("ra"), game_module("write")


def play(state: GameState, notation: str, module: Any) -> tuple[GameState, GameState]:
    """(the state before, the state after) `notation` played by the (first) current player."""
    before = state.clone()
    state.apply(module.str_to_action(notation), state.current_players()[0])
    return before, state


def steps_of(state: GameState) -> list[Step]:
    return [Step(m.player, None, m.draws) for m in state.history]


def test_ra_a_bid_may_be_taken_back_until_the_next_player_acts() -> None:
    state = RA.State.new({"players": 3}, seed=7)
    _, state = play(state, "ra", RA)  # invoking Ra draws nothing: it may be taken back too
    bidder = state.current_players()[0]
    bid = next(RA.action_to_str(a) for a in state.legal_actions() if RA.action_to_str(a).startswith("bid:"))
    before, state = play(state, bid, RA)
    verdict = judge(steps_of(state), before, state)
    assert verdict[:3] == (bidder, len(state.history), None) and verdict.open
    assert verdict.refusal(bidder) is None
    assert verdict.refusal((bidder + 1) % 3) == "not_yours"  # that seat has no action of its own to take back
    # The next player acts: the bid stands, even once that player took their own action back.
    nxt = state.current_players()[0]
    before_next = state.clone()
    state.apply(state.legal_actions()[-1], nxt)
    steps = [*steps_of(state)]
    # The bidder's own bid stands because the next player acted (not because it is someone else's).
    assert judge(steps, before_next, state).refusal(bidder) == "next_acted"
    steps.append(Step(nxt, len(steps)))  # the next player takes theirs back: the state is the one after the bid
    assert judge(steps, before, before_next).refusal(bidder) == "next_acted"


def test_ra_a_draw_may_never_be_taken_back() -> None:
    state = RA.State.new({"players": 2}, seed=3)
    drawer = state.current_players()[0]
    before, state = play(state, "draw", RA)
    assert state.history[-1].draws  # chance revealed a tile
    assert judge(steps_of(state), before, state).refusal(drawer) == "revealed"
    assert reveals(before, state, state.history[-1])


def test_write_a_card_flip_stands_and_the_choice_after_it_may_be_taken_back() -> None:
    state = WRITE.State.new({"players": 3}, seed=7)
    active = state.current_players()[0]
    before, state = play(state, "reveal", WRITE)
    assert judge(steps_of(state), before, state).refusal(active) == "revealed"
    choice = WRITE.action_to_str(state.legal_actions()[0])
    before, state = play(state, choice, WRITE)
    assert judge(steps_of(state), before, state).refusal(active) is None


def write_at_others_choice(seed: int) -> GameState:
    """A 3-player RA and Write game in its first `others_choice` phase (two seats choose at once)."""
    state = WRITE.State.new({"players": 3}, seed=seed)
    rng = random.Random(seed)
    while state.view(None)["phase"] != "others_choice":
        player = state.current_players()[0]
        state.apply(rng.choice(list(state.legal_actions(player))), player)
    return state


def test_write_simultaneous_choices_a_seat_takes_back_its_own_until_another_chooses() -> None:
    state = write_at_others_choice(11)
    first, second = state.current_players()
    before = state.clone()
    state.apply(state.legal_actions(first)[0], first)
    # Choices are public (docs/rules/ra-and-write.md): nothing hidden was shown, the other still chooses.
    assert second in state.current_players()
    verdict = judge(steps_of(state), before, state)
    assert verdict.refusal(first) is None
    assert verdict.refusal(second) == ("next_acted" if second in verdict.movers else "not_yours")
    assert state.current_players() == (second,)  # its choice made (no bonus entry follows in this game)
    before_second = state.clone()
    state.apply(state.legal_actions(second)[0], second)
    steps = steps_of(state)
    assert judge(steps, before_second, state).refusal(first) == "next_acted"
    steps.append(Step(second, len(steps)))  # the second takes its choice back: the first's stands all the same
    assert judge(steps, before, before_second).refusal(first) == "next_acted"


def test_the_end_of_the_game_stands_and_nothing_is_to_take_back_at_the_start() -> None:
    state = RA.State.new({"players": 2}, seed=5)
    assert judge([], None, state) == Verdict(None, None, "nothing")
    assert judge([], None, state).refusal(0) == "nothing"
    rng = random.Random(5)
    before = state.clone()
    while not state.is_terminal():
        before = state.clone()
        player = state.current_players()[0]
        state.apply(rng.choice(list(state.legal_actions(player))), player)
    assert judge(steps_of(state), before, state).refusal(state.history[-1].player) == "over"


def test_standing_moves_and_undo_steps_that_break_the_rule() -> None:
    steps = [Step(0), Step(1), Step(1, 2), Step(1), Step(1, 4), Step(0, 1)]
    assert standing(steps) == []
    assert standing(steps[:4]) == [1, 4]
    with pytest.raises(ValueError, match="not the last move standing"):
        standing([Step(0), Step(1), Step(0, 1)])
    with pytest.raises(ValueError):
        standing([Step(0, 1)])


def test_every_refusal_has_words() -> None:
    assert set(reasons()) == {"nothing", "not_yours", "next_acted", "revealed", "over"}
    assert all(str(text) for text in reasons().values())


class Hands:
    """A tiny game with hidden hands: each seat sees its own card; `show` shows both (no draw, no end)."""

    GAME = "hands"

    def __init__(self, shown: bool = False) -> None:
        self.num_players = 2
        self.history: list[Move] = []
        self.shown = shown

    def view(self, viewer: int | None = None) -> Mapping[str, Any]:
        cards = [7, 3]
        return {"cards": [c if self.shown or viewer == i else None for i, c in enumerate(cards)], "viewer": viewer}

    def is_terminal(self) -> bool:
        return False


def test_a_move_that_shows_another_seats_hidden_card_reveals() -> None:
    hidden, shown = Hands(), Hands(shown=True)
    assert reveals(hidden, shown, Move(0, 1))  # type: ignore[arg-type]
    assert not reveals(hidden, Hands(), Move(0, 2))  # type: ignore[arg-type]
    steps = [Step(0)]
    shown.history.append(Move(0, 1))
    assert judge(steps, hidden, shown).refusal(0) == "revealed"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "options"),
    [("ra", {"players": 3}), ("ra", {"players": 5}), ("ra", {"players": 4, "scores_visible": True}),
     ("write", {"players": 2}), ("write", {"players": 5})],
)  # fmt: skip
def test_a_games_own_reveals_agrees_with_comparing_every_seats_views(game: str, options: dict[str, Any]) -> None:
    """The games' cheap `reveals` (drew or ended) is what the view comparison finds, move by move over whole games:
    the server judges undo by the cheap one (tables/table.py), so it must not miss a reveal the views show."""
    module = game_module(game)
    rng = random.Random(11)
    moves = reveal_moves = 0
    for seed in range(6):
        state = module.State.new(options, seed=seed)
        while not state.is_terminal():
            before = state.clone()
            seat = rng.choice(state.current_players())
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            move = state.history[-1]
            expected = reveals(before, state, move)
            own = module.reveals  # type: ignore[attr-defined]  # optional for a game (ra.core.undo)
            assert own(before, state, move) == expected, (seed, len(state.history), move)
            moves += 1
            reveal_moves += expected
    assert moves > 300 and 0 < reveal_moves < moves  # whole games, with moves of both kinds
