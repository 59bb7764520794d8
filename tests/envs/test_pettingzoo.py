"""PettingZoo: api_test, seed_test and max_cycles_test for both games at 2-5 players, and the env's own rules."""

from __future__ import annotations

import warnings
from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)

import ra.envs.pettingzoo  # noqa: E402
from ra.envs.pettingzoo import env, parallel_env, raw_env  # noqa: E402
from ra.games import game_module  # noqa: E402

CASES = [(game, players) for game in ("ra", "write") for players in (2, 3, 4, 5)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_conformance(game: str, players: int) -> None:
    """PettingZoo's own checks: api_test (whole games), seed_test, max_cycles_test, parallel_api_test."""
    with warnings.catch_warnings():
        # dict observations (observation + action_mask) make api_test warn, as for PettingZoo's classic games
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Action mask numpy array is all zeros")
        api_test(env(game=game, players=players), num_cycles=1000)
        seed_test(partial(env, game=game, players=players), num_cycles=100)
        max_cycles_test(  # no other setting: max_cycles implies cycle order and random replacement
            SimpleNamespace(
                env=partial(env, game=game, players=players),
                parallel_env=partial(parallel_env, game=game, players=players),
            )
        )
        parallel_api_test(parallel_env(game=game, players=players), num_cycles=1000)
        parallel_seed_test(partial(parallel_env, game=game, players=players, illegal_action="random"), num_cycles=100)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_cycle_order_passes_api_and_seed_tests(game: str) -> None:
    """The cycle turn order (every seat served once per cycle) passes api_test and seed_test too."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Action mask numpy array is all zeros")
        api_test(env(game=game, players=3, turn_order="cycle"), num_cycles=1000)
        seed_test(partial(env, game=game, players=3, turn_order="cycle"), num_cycles=100)


def test_stock_render_and_max_cycles_tests_pass_with_defaults() -> None:
    """PettingZoo's render_test (human and ansi modes) and max_cycles_test, given the bare functions and module."""
    render_test(env)
    render_test(partial(env, game="write"))
    max_cycles_test(ra.envs.pettingzoo)  # the module itself: env(max_cycles=4), parallel_env(max_cycles=4)
    max_cycles_test(SimpleNamespace(env=partial(env, game="write"), parallel_env=partial(parallel_env, game="write")))


def test_max_cycles_gives_fixed_length_episodes_unless_told_otherwise() -> None:
    """max_cycles makes every agent act max_cycles times; explicit settings still win over FIXED_LENGTH."""
    table = raw_env(game="ra", players=3, max_cycles=2)
    assert (table.turn_order, table._table.illegal_action) == ("cycle", "random")
    assert (raw_env().turn_order, raw_env()._table.illegal_action) == ("acting", "terminate")
    table.reset(seed=1)
    served = []
    while not any(table.truncations.values()):
        served.append(table.agent_selection)
        table.step(55)  # lose:temple, never legal here: replaced by a random legal action, the game goes on
    assert served == ["player_0", "player_1", "player_2"] * 2
    assert len(table.game_state.history) >= 1 and not any(table.terminations.values())
    strict = raw_env(game="ra", players=3, max_cycles=2, illegal_action="terminate", turn_order="acting")
    strict.reset(seed=1)
    strict.step(55)
    assert all(strict.terminations.values()) and strict.turn_order == "acting"
    parallel = parallel_env(game="ra", players=3, max_cycles=3)
    parallel.reset(seed=1)
    for _ in range(3):
        *_, terminations, truncations, _ = parallel.step(dict.fromkeys(parallel.agents, 55))
    assert all(truncations.values()) and not any(terminations.values())


def test_human_mode_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """render_mode='human' prints the ansi board after reset and each move; render() prints it and returns None."""
    table = env(game="ra", players=3, render_mode="human")
    table.reset(seed=3)
    after_reset = capsys.readouterr().out
    board = env(game="ra", players=3, render_mode="ansi")
    board.reset(seed=3)
    assert after_reset == board.render() + "\n"
    action = int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0])
    table.step(action)
    board.step(action)
    assert capsys.readouterr().out == board.render() + "\n"
    assert table.render() is None and "Ra track" in capsys.readouterr().out
    parallel = parallel_env(game="write", players=2, render_mode="human")
    parallel.reset(seed=3)
    assert "Kingdom" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")


def play(table: Any, seed: int, pick: str = "first") -> dict[str, float]:
    """Play a whole game through the AEC loop (first or last legal id); the final reward of each agent."""
    table.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            final[agent] = reward
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[0] if pick == "first" else legal[-1]))
    return final


@pytest.mark.parametrize("game", ["ra", "write"])
def test_game_is_the_engines_and_rewards_are_margins(game: str) -> None:
    """reset(seed=s) plays the engine's game of seed s; rewards at the end are margins (or wins)."""
    table = env(game=game, players=3)
    final = play(table, seed=4)
    state = table.unwrapped.game_state
    assert state.is_terminal()
    engine = game_module(game).State.new({"players": 3}, seed=4)
    for move in state.history:
        engine.apply(move.action, move.player)
    assert engine.scores() == state.scores()
    scores = state.scores()
    for seat, score in enumerate(scores):
        assert final[f"player_{seat}"] == score - max(s for i, s in enumerate(scores) if i != seat)
    wins = play(env(game=game, players=3, reward="win"), seed=4)
    assert {a for a, r in wins.items() if r == 1.0} == {f"player_{s}" for s in state.winners()}


def test_simultaneous_choices_are_served_one_agent_at_a_time() -> None:
    """In RA and Write's others_choice every choosing seat is selected in turn, each with its own mask."""
    table = raw_env(game="write", players=4)
    table.reset(seed=2)
    served: list[tuple[str, tuple[int, ...]]] = []
    while len(served) < 40:
        agent = table.agent_selection
        state = table.game_state
        served.append((agent, tuple(state.current_players())))
        mask = table.observe(agent)["action_mask"]
        seat = int(agent.split("_")[1])
        assert seat == state.current_players()[0]
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(state.legal_actions(seat))
        table.step(int(np.flatnonzero(mask)[0]))
    assert any(len(current) == 3 for _, current in served)


def test_illegal_actions_follow_the_policy() -> None:
    """terminate: the game ends with illegal_reward for the agent; random: play goes on; raise: ValueError."""
    table = raw_env(game="ra", players=3)
    table.reset(seed=1)
    offender = table.agent_selection
    table.step(55)  # lose:temple: never legal on the first turn
    assert all(table.terminations.values())
    assert table.rewards[offender] == -1.0 and table.infos[offender] == {"illegal_action": True}
    table = raw_env(game="ra", players=3, illegal_action="random", illegal_reward=-0.5)
    table.reset(seed=1)
    table.step(55)
    assert not any(table.terminations.values()) and len(table.game_state.history) == 1
    assert table._cumulative_rewards[table.possible_agents[0]] in (-0.5, 0.0)
    table = raw_env(game="ra", players=3, illegal_action="raise")
    table.reset(seed=1)
    with pytest.raises(ValueError, match="may not play lose:temple"):
        table.step(55)


def test_cycle_order_serves_every_seat_and_render_is_the_text_board() -> None:
    """turn_order='cycle' serves seats 0, 1, 2, 0, ...; idle seats get an all-zero mask; ansi renders the board."""
    table = env(game="ra", players=3, turn_order="cycle", render_mode="ansi")
    table.reset(seed=3)
    order = []
    for _ in range(9):
        agent = table.agent_selection
        order.append(agent)
        mask = table.observe(agent)["action_mask"]
        table.step(int(np.flatnonzero(mask)[0]) if mask.any() else 0)
    assert order == [f"player_{i % 3}" for i in range(9)]
    text = table.render()
    assert isinstance(text, str) and "Ra track" in text


def test_bad_settings_are_refused() -> None:
    """Unknown games, player counts and options are reported at construction."""
    with pytest.raises(ValueError, match="unknown game"):
        raw_env(game="chess")
    with pytest.raises(ValueError, match="2 to 5 players"):
        raw_env(game="ra", players=6)
    with pytest.raises(ValueError, match="turn_order"):
        raw_env(turn_order="random")
    with pytest.raises(ValueError, match="reward"):
        parallel_env(reward="points")


@pytest.mark.parametrize("game", ["ra", "write"])
def test_state_for_centralised_critics(game: str) -> None:
    """PettingZoo's state_test passes; state() is the encoder's full state, in state_space, for AEC and parallel."""
    from pettingzoo.test import state_test

    from ra.envs.observation import state_encoder

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        state_test(env(game=game, players=3, illegal_action="random"), parallel_env(game=game, players=3), 50)
    table = raw_env(game=game, players=4)
    table.reset(seed=3)
    for _ in range(30):
        table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))
    full = table.state()
    assert table.state_space.contains(full)
    assert np.array_equal(full, state_encoder(game).full_state(table.game_state))
    parallel = parallel_env(game=game, players=4)
    parallel.reset(seed=3)
    assert np.array_equal(parallel.state(), state_encoder(game).full_state(parallel.game_state))


def continue_both(first: Any, second: Any, steps: int) -> None:
    """Step two AEC tables with the same actions; they give the same observations and rewards throughout."""
    for _ in range(steps):
        a, b = first.last(), second.last()
        assert np.array_equal(a[0]["observation"], b[0]["observation"]) and a[1:] == b[1:]
        if a[2] or a[3]:
            return
        action = int(np.flatnonzero(a[0]["action_mask"])[-1])
        first.step(action)
        second.step(action)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_environments_pickle_and_deep_copy(game: str) -> None:
    """Mid-game copies (deepcopy, pickle) of env(), raw_env and parallel_env go on exactly like the original."""
    import copy
    import pickle

    for make in (env, raw_env):
        table = make(game=game, players=3)
        table.reset(seed=8)
        continue_both(table, copy.deepcopy(table), 40)  # a copy made at the start goes on alike
        copies = [copy.deepcopy(table), pickle.loads(pickle.dumps(table))]  # and copies made mid-game
        assert all(type(other) is type(table) for other in copies)
        twin = copy.deepcopy(table)
        continue_both(copies[0], twin, 60)
        continue_both(copies[1], table, 60)
    parallel = parallel_env(game=game, players=3)
    observations, _ = parallel.reset(seed=8)
    other = pickle.loads(pickle.dumps(parallel))
    for _ in range(30):
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
                   for a, o in observations.items()}  # fmt: skip
        observations, rewards, *_ = parallel.step(actions)
        copied, copied_rewards, *_ = other.step(actions)
        assert rewards == copied_rewards
        assert all(np.array_equal(observations[a]["observation"], copied[a]["observation"]) for a in observations)
