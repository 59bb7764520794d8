"""The conformance suite: every registered game, at every player count, keeps the engine contract.

In the spirit of OpenSpiel's random-simulation test: random games are played and, at regular checkpoints, each
promise of ra.core.protocol is checked. The per-game suites (tests/ra, tests/write) keep only what is specific to a
game; what any game must do is checked here, once.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ra.core import GameModule, GameOverError, GameState, IllegalActionError, InvalidNotationError, NotYourTurnError
from ra.core.record import RECORD_FORMAT
from ra.core.text import Text
from ra.games import GAMES, game_module, replay

CASES = [
    (game, players)
    for game in GAMES
    for players in range(game_module(game).MIN_PLAYERS, game_module(game).MAX_PLAYERS + 1)
]
IDS = [f"{game}-{players}p" for game, players in CASES]
CHECK_EVERY = 4  # a checkpoint every this many moves keeps the suite fast while covering every phase of a game


def viewers(state: GameState) -> list[int | None]:
    """Every seat and the spectator."""
    return [*range(state.num_players), None]


def random_game(module: GameModule, players: int, seed: int) -> Iterator[tuple[int, GameState]]:
    """Play a seeded uniform-random game, yielding (move index, state) at each checkpoint and at the end."""
    rng = random.Random(seed)
    state = module.State.new({"players": players}, seed=seed)
    index = 0
    while not state.is_terminal():
        if index % CHECK_EVERY == 0:
            yield index, state
        player = rng.choice(state.current_players())
        state.apply(rng.choice(state.legal_actions(player)), player)
        index += 1
    yield index, state


def as_json(state: GameState) -> str:
    """The full state as canonical JSON text, for exact comparisons."""
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_apply_and_push_agree(game: str, players: int) -> None:
    """The unchecked fast path reaches the same states as the checked one."""
    module = game_module(game)
    rng = random.Random(11)
    checked = module.State.new({"players": players}, seed=5)
    fast = module.State.new({"players": players}, seed=5)
    while not checked.is_terminal():
        player = rng.choice(checked.current_players())
        action = rng.choice(checked.legal_actions(player))
        checked.apply(action, player)
        fast.push(action, player)
        assert fast.history[-1] == checked.history[-1]
        assert fast.current_players() == checked.current_players()
    assert as_json(fast) == as_json(checked)
    assert fast.scores() == checked.scores() and fast.winners() == checked.winners()


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_clones_are_independent_and_json_round_trips_exactly(game: str, players: int) -> None:
    """A clone shares nothing mutable with its original; to_json/from_json loses nothing."""
    module = game_module(game)
    for _, state in random_game(module, players, seed=3):
        before = as_json(state)
        restored = module.State.from_json(json.loads(before))
        assert as_json(restored) == before
        assert restored.legal_actions() == state.legal_actions()
        assert all(restored.view(v) == state.view(v) for v in viewers(state))
        if state.is_terminal():
            continue
        clone = state.clone()
        player = clone.current_players()[0]
        clone.apply(clone.legal_actions(player)[-1], player)
        assert as_json(state) == before, "acting on a clone changed the original"
        assert as_json(clone) != before


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_views_hide_the_hidden_order_and_rebuild_from_view(game: str, players: int) -> None:
    """Reshuffling the undrawn order changes no view; from_view gives back the view it was built from."""
    module = game_module(game)
    rng = random.Random(7)
    reshuffle_changed_something = False
    for _, state in random_game(module, players, seed=4):
        shuffled = state.reshuffled(rng)
        reshuffle_changed_something |= as_json(shuffled) != as_json(state)
        for viewer in viewers(state):
            view = state.view(viewer)
            assert shuffled.view(viewer) == view
            text = json.dumps(view)
            assert "seed" not in view and "order" not in view and "bag_order" not in text
            rebuilt = module.from_view(view, random.Random(1))
            if viewer is not None:
                assert rebuilt.view(viewer) == view
    assert reshuffle_changed_something


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_legal_actions_apply_and_illegal_ones_raise_and_change_nothing(game: str, players: int) -> None:
    """Every legal action applies; every other id raises an IllegalActionError and leaves the state as it was."""
    module = game_module(game)
    for _, state in random_game(module, players, seed=9):
        before = as_json(state)
        current = state.current_players()
        for player in range(state.num_players):
            legal = set(state.legal_actions(player))
            if player not in current:
                assert not legal
            view_legal = state.view(player)["legal_actions"]
            assert [entry["id"] for entry in view_legal] == list(state.legal_actions(player))
            assert all(entry["notation"] == module.action_to_str(entry["id"]) for entry in view_legal)
            for action in legal:
                state.clone().apply(action, player)
            for action in range(module.NUM_ACTIONS):
                if action in legal:
                    continue
                expected = GameOverError if state.is_terminal() else IllegalActionError
                with pytest.raises(expected):
                    state.apply(action, player)
            if not state.is_terminal() and player not in current:
                with pytest.raises(NotYourTurnError):
                    state.apply(state.legal_actions(current[0])[0], player)
        assert as_json(state) == before
    assert state.is_terminal() and state.winners() and not state.current_players()


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_stacked_draws_come_next(game: str, players: int) -> None:
    """stack_draws puts chosen tiles or cards on top of the undrawn order (chance nodes, tutorials)."""
    module = game_module(game)
    rng = random.Random(2)
    stacked = 0
    for _, state in random_game(module, players, seed=6):
        if state.is_terminal():
            with pytest.raises(ValueError):
                state.stack_draws(["no such tile"])
            continue
        player = state.current_players()[0]
        for action in state.legal_actions(player):
            probe = state.clone()
            probe.push(action, player)
            draws = probe.history[-1].draws
            if not draws:
                continue
            other = state.reshuffled(rng)
            other.stack_draws(list(draws))
            other.apply(action, player)
            assert other.history[-1].draws == draws
            stacked += 1
            break
        with pytest.raises(ValueError):
            state.clone().stack_draws(["no such tile"])
    assert stacked > 0


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_records_replay_with_and_without_seed(game: str, players: int) -> None:
    """A record replays to the identical state; without seed and order, its draws alone give the same views."""
    module = game_module(game)
    *_, (_, state) = random_game(module, players, seed=8)
    record = json.loads(json.dumps(state.record()))
    assert record["format"] == RECORD_FORMAT and record["game"] == game
    assert as_json(replay(record)) == as_json(state)
    public = {**record, "seed": None, "order": None}
    again = replay(public)
    assert all(again.view(v) == state.view(v) for v in viewers(state))
    assert again.scores() == state.scores() and again.winners() == state.winners()


@pytest.mark.parametrize("game", list(GAMES))
def test_notation_and_move_text_cover_every_action_id(game: str) -> None:
    """Notation round-trips for every id; each id reads as words; bad notation is a precise error."""
    module = game_module(game)
    notations = set()
    for action in range(module.NUM_ACTIONS):
        text = module.action_to_str(action)
        assert module.str_to_action(text) == action
        notations.add(text)
        phrase = module.move_text(action, ())
        assert isinstance(phrase, Text | str) and str(phrase).strip()
    assert len(notations) == module.NUM_ACTIONS
    for bad in ("", "no-such-move", "bid:x", ":::"):
        with pytest.raises(InvalidNotationError):
            module.str_to_action(bad)


@pytest.mark.parametrize("game", list(GAMES))
def test_table_options_are_described_and_validated(game: str) -> None:
    """Every option in OPTIONS is accepted at its default and refused outside its bounds or choices."""
    module = game_module(game)
    assert module.TITLE and isinstance(module.OPTIONS, tuple)
    players = module.MIN_PLAYERS
    names = [spec.name for spec in module.OPTIONS]
    assert "players" not in names and "names" not in names and len(set(names)) == len(names)
    for spec in module.OPTIONS:
        data: dict[str, Any] = spec.as_json()
        assert data["label"] and data["help"] and json.dumps(data)
        module.State.new({"players": players, spec.name: spec.default}, seed=1)
        bad: list[Any] = []
        if spec.kind == "bool":
            assert isinstance(spec.default, bool)
            bad = ["yes", 1]
        elif spec.kind == "choice":
            assert spec.default in spec.choices
            bad = ["not-a-choice", 3]
        elif spec.kind == "int":
            assert spec.minimum is not None and spec.maximum is not None
            bad = [spec.minimum - 1, spec.maximum + 1, "2"]
        for value in bad:
            with pytest.raises(ValueError):
                module.State.new({"players": players, spec.name: value}, seed=1)
    with pytest.raises(ValueError, match="unknown"):
        module.State.new({"players": players, "no_such_option": True}, seed=1)
