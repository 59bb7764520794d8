"""PettingZoo environments for Ra and RA and Write: the AEC `env()` / `raw_env`, and `parallel_env()`.

    from ra.envs.pettingzoo import env
    table = env(game="write", players=3)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        action = None if termination or truncation else table.action_space(agent).sample(observation["action_mask"])
        table.step(action)

Agents are `player_0`, `player_1`, ... (seat order). Each observation is a dict of `observation` (float32, what
that seat's view shows, encoded straight from the state; docs/OBSERVATIONS.md) and `action_mask` (int8 over the
game's action ids). Rewards come at the end of the game. `reset(seed=s)` starts the same game as the engine's
`State.new(options, seed=s)`. `state()` is the full state for centralised critics (it leaks hidden information).
The environments pickle and deep-copy (copy-based lookahead, process-based vector environments, Ray actors).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from ra.core.protocol import GameModule, GameState
from ra.envs.common import (
    ILLEGAL_ACTIONS,
    REWARDS,
    check_choice,
    check_table,
    derive_seed,
    final_rewards,
    table_options,
)
from ra.envs.observation import HIGH, LOW, state_encoder
from ra.games import DEFAULT_GAME, game_module

TURN_ORDERS = ("acting", "cycle")
RENDER_MODES = ("human", "ansi")  # human: the text board printed after every move; ansi: render() returns it
Observation = dict[str, npt.NDArray[Any]]

# What `max_cycles` implies unless the caller says otherwise: PettingZoo's fixed-length episodes, in which every
# agent is served exactly `max_cycles` times. That needs the cycle order (the acting order serves whoever decides),
# and an illegal action must not end the episode early, so it is replaced by a random legal one (after the penalty).
# PettingZoo's own `max_cycles_test`, which samples actions without the mask, then passes with no other setting.
FIXED_LENGTH = {"turn_order": "cycle", "illegal_action": "random"}


class _Table:
    """The game behind both PettingZoo interfaces: options, spaces, legality, illegal actions, rewards."""

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None,
        reward: str,
        illegal_action: str | None,
        illegal_reward: float,
        max_cycles: int | None,
    ) -> None:
        """Check every setting and build the agents' spaces (`illegal_action=None`: see `fixed_length`)."""
        check_table(game, players)
        self.game = game
        self.players = players
        self.options = table_options(players, options)
        self.module.State.new(self.options, seed=0)  # reports bad options now, not at reset
        self.reward = check_choice("reward", reward, REWARDS)
        if max_cycles is not None and (
            isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
        ):
            raise ValueError(f"max_cycles must be a positive integer or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        if illegal_action is None:
            illegal_action = FIXED_LENGTH["illegal_action"] if max_cycles is not None else "terminate"
        self.illegal_action = check_choice("illegal_action", illegal_action, ILLEGAL_ACTIONS)
        self.illegal_reward = float(illegal_reward)
        self.encoder = state_encoder(game)
        self.num_actions = int(self.module.NUM_ACTIONS)
        self.agents = [f"player_{seat}" for seat in range(players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(LOW, HIGH, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for agent in self.agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.agents}
        self.state_space = spaces.Box(LOW, HIGH, (self.encoder.state_size,), np.float32)
        self.state: GameState = self.module.State.new(self.options, seed=0)
        self.rng = random.Random(0)

    @property
    def module(self) -> GameModule:
        """The game's engine module (looked up, not kept: modules do not pickle)."""
        return game_module(self.game)

    def new_game(self, seed: int | None) -> None:
        """Start a game: the engine's game of `seed` (a random seed when None)."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self.state = self.module.State.new(self.options, seed=int(seed))
        self.rng = random.Random(derive_seed(int(seed), "illegal"))

    def observe(self, seat: int) -> Observation:
        """The observation dict of a seat."""
        encoder, state = self.encoder, self.state
        return {"observation": encoder.observe(state, seat), "action_mask": encoder.mask(state, seat)}

    def full_state(self) -> npt.NDArray[np.float32]:
        """The full state (`StateEncoder.full_state`): for centralised training only, it leaks hidden information."""
        return self.encoder.full_state(self.state)

    def act(self, seat: int, action: Any) -> bool:
        """Play `action` for `seat` (which must decide now); an illegal action follows the policy.

        Returns False when the action was illegal (with `illegal_action="terminate"` nothing was played).
        """
        legal = self.state.legal_actions(seat)
        try:
            chosen = int(action)
        except (TypeError, ValueError):
            chosen = -1
        if chosen in legal:
            self.state.push(chosen, seat)
            return True
        if self.illegal_action == "raise":
            shown = self.module.action_to_str(chosen) if 0 <= chosen < self.num_actions else repr(action)
            names = ", ".join(self.module.action_to_str(a) for a in legal)
            raise ValueError(f"player_{seat} may not play {shown} now; legal: {names}")
        if self.illegal_action == "random":
            self.state.push(self.rng.choice(legal), seat)
        return False

    def end_rewards(self) -> list[float]:
        """Each seat's reward at the end of the game."""
        return final_rewards(self.state, self.reward)

    def render(self, render_mode: str | None) -> str | None:
        """The text board (spectator view): returned in `ansi` mode, printed in `human` mode."""
        if render_mode is None:
            warn("render() was called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        board = self.module.render_text(self.state.view(None))
        if render_mode == "human":
            print(board, flush=True)
            return None
        return board


def _check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None:
        check_choice("render_mode", render_mode, RENDER_MODES)
    return render_mode


class _OnTable:
    """What both environments answer alike from their table: spaces, the full state, the text board, `close`."""

    _table: _Table
    render_mode: str | None

    @property
    def game_state(self) -> GameState:
        """The engine state of the current game (full information: not for agents)."""
        return self._table.state

    def observation_space(self, agent: str) -> spaces.Dict:
        """The Dict space of `observation` (Box float32) and `action_mask` (Box int8) of an agent."""
        return self._table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """Discrete over the game's action ids."""
        return self._table.action_spaces[agent]

    @property
    def state_space(self) -> spaces.Box:
        """The space of `state()`."""
        return self._table.state_space

    def state(self) -> npt.NDArray[np.float32]:
        """The full state, for centralised critics in training only: it leaks hidden information (OBSERVATIONS.md)."""
        return self._table.full_state()

    def render(self) -> str | None:
        """The text board (spectator view): returned when `render_mode="ansi"`, printed (None) when `"human"`."""
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class raw_env(_OnTable, AECEnv):  # type: ignore[misc]  # (PettingZoo's lower-case name)
    """The AEC environment: one agent is served at a time.

    `turn_order="acting"` (default) serves only seats that must decide (RA and Write's simultaneous choices one
    after another, in `current_players()` order). `turn_order="cycle"` serves every seat once per cycle, in seat
    order; a seat with nothing to decide sees an all-zero mask and its action is ignored. `max_cycles` truncates
    the game after `max_cycles * players` steps (= `max_cycles` full cycles in cycle order). An illegal action
    ends the game with `illegal_reward` for its agent (`illegal_action="terminate"`), is replaced by a random
    legal one after that penalty (`"random"`), or raises ValueError (`"raise"`). Left as None, `turn_order` and
    `illegal_action` are `acting` and `terminate`, or with `max_cycles` set `cycle` and `random` (`FIXED_LENGTH`).
    `render_mode="human"` prints the text board after `reset` and every move; `"ansi"` returns it from `render()`.
    """

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 3,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "margin",
        illegal_action: str | None = None,
        illegal_reward: float = -1.0,
        turn_order: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        """A table of `players` seats of `game` (by name, e.g. "write") with the engine's table `options`."""
        super().__init__()
        self._table = _Table(game, players, options, reward, illegal_action, illegal_reward, max_cycles)
        if turn_order is None:
            turn_order = FIXED_LENGTH["turn_order"] if max_cycles is not None else "acting"
        self.turn_order = check_choice("turn_order", turn_order, TURN_ORDERS)
        self.render_mode = _check_render_mode(render_mode)
        self.metadata: dict[str, Any] = {
            "render_modes": list(RENDER_MODES),
            "name": f"{game}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents: list[str] = list(self._table.agents)
        self._step_limit = None if max_cycles is None else max_cycles * players
        self._steps = 0
        self._position = 0
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: the engine's game of `seed` (`options` is accepted and ignored)."""
        self._table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._steps = 0
        self._position = 0
        self.agent_selection = self._next_agent()
        if self.render_mode == "human":
            self.render()

    def _next_agent(self) -> str:
        """The agent to serve next: the first seat to decide, or the next seat in cycle order."""
        if self.turn_order == "cycle":
            return self.possible_agents[self._position]
        return self.possible_agents[self._table.state.current_players()[0]]

    def observe(self, agent: str) -> Observation:
        """The agent's observation dict (from its seat's view only)."""
        return self._table.observe(self._table.seats[agent])

    def step(self, action: Any) -> None:
        """Play the selected agent's action (ignored when it has nothing to decide) and select the next agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        state = table.state
        seat = table.seats[agent]
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        self._steps += 1
        ended = False
        if seat in state.current_players() and not table.act(seat, action):
            rewards[agent] = table.illegal_reward
            self.infos[agent] = {"illegal_action": True}
            if table.illegal_action == "terminate":
                self.terminations = dict.fromkeys(self.agents, True)
                ended = True
        if not ended:
            if state.is_terminal():
                for name, value in zip(self.possible_agents, table.end_rewards(), strict=True):
                    rewards[name] += value
                self.terminations = dict.fromkeys(self.agents, True)
            elif self._step_limit is not None and self._steps >= self._step_limit:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self._position = (self._position + 1) % len(self.possible_agents)
                self.agent_selection = self._next_agent()
        cumulative = self._cumulative_rewards
        for name, reward in rewards.items():
            if reward:
                cumulative[name] += reward
        if self.render_mode == "human":
            self.render()


class RaParallelEnv(_OnTable, ParallelEnv):  # type: ignore[misc]
    """The Parallel environment: every live agent sends an action each step; those of seats to decide are played.

    In Ra one seat decides per step; in RA and Write's card choice every choosing seat does. Actions of seats with
    nothing to decide (all-zero mask) are ignored. `max_cycles` truncates after that many steps; with it set,
    `illegal_action` left as None is `random` (`FIXED_LENGTH`), else `terminate`.
    """

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 3,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "margin",
        illegal_action: str | None = None,
        illegal_reward: float = -1.0,
        max_cycles: int | None = None,
    ) -> None:
        """A table of `players` seats of `game` (by name, e.g. "write") with the engine's table `options`."""
        self._table = _Table(game, players, options, reward, illegal_action, illegal_reward, max_cycles)
        self.render_mode = _check_render_mode(render_mode)
        self.metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": f"{game}_v0"}
        self.possible_agents: list[str] = list(self._table.agents)
        self.agents: list[str] = []
        self._steps = 0

    def _observations(self) -> dict[str, Observation]:
        """Every seat's observation dict."""
        return {agent: self._table.observe(seat) for seat, agent in enumerate(self.possible_agents)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game: the engine's game of `seed` (`options` is accepted and ignored)."""
        self._table.new_game(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        if self.render_mode == "human":
            self.render()
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the actions of the seats that must decide; observations, rewards and flags for every agent."""
        table = self._table
        state = table.state
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        terminated = truncated = False
        for seat in state.current_players():
            agent = self.possible_agents[seat]
            if seat not in state.current_players() or table.act(seat, actions.get(agent)):
                continue
            rewards[agent] += table.illegal_reward
            infos[agent]["illegal_action"] = True
            if table.illegal_action == "terminate":
                terminated = True
                break
        self._steps += 1
        if not terminated and state.is_terminal():
            terminated = True
            for agent, value in zip(self.possible_agents, table.end_rewards(), strict=True):
                rewards[agent] += value
        elif not terminated and table.max_cycles is not None and self._steps >= table.max_cycles:
            truncated = True
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, terminated)
        truncations = dict.fromkeys(self.agents, truncated)
        if terminated or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def _before_reset(name: str) -> AttributeError:
    return AttributeError(f"{name} cannot be accessed before reset")


class DirectOrderEnforcingWrapper(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, with the attributes every step reads forwarded directly.

    The checks are the wrapper's own (the same errors before `reset`); only the lookups skip its `__getattr__`,
    which cost more than the rest of a step.
    """

    @property
    def agent_selection(self) -> str:
        """The agent to act (AttributeError before reset)."""
        if not self._has_reset:
            raise _before_reset("agent_selection")
        return str(self.env.agent_selection)

    @property
    def agents(self) -> list[str]:
        """The live agents (AttributeError before reset)."""
        if not self._has_reset:
            raise _before_reset("agents")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def possible_agents(self) -> list[str]:
        """Every agent."""
        return self.env.possible_agents  # type: ignore[no-any-return]

    @property
    def rewards(self) -> dict[str, float]:
        """The rewards of the last step (AttributeError before reset)."""
        if not self._has_reset:
            raise _before_reset("rewards")
        return self.env.rewards  # type: ignore[no-any-return]

    @property
    def terminations(self) -> dict[str, bool]:
        """Which agents are done (AttributeError before reset)."""
        if not self._has_reset:
            raise _before_reset("terminations")
        return self.env.terminations  # type: ignore[no-any-return]

    @property
    def truncations(self) -> dict[str, bool]:
        """Which agents were cut off (AttributeError before reset)."""
        if not self._has_reset:
            raise _before_reset("truncations")
        return self.env.truncations  # type: ignore[no-any-return]

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info (AttributeError before reset)."""
        if not self._has_reset:
            raise _before_reset("infos")
        return self.env.infos  # type: ignore[no-any-return]

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self.env._cumulative_rewards  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, termination, truncation and info."""
        if not self._has_reset:
            raise _before_reset("agent_selection")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        """Step the environment (the wrapper's checks first: an error before reset, a warning once all are done)."""
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        """Iterate over the agents to act, as the wrapper's own iterator does (and with its checks)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """The order-enforcing iterator reading the unwrapped environment's attributes directly."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = wrapper.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return str(inner.agent_selection)


def env(**kwargs: Any) -> DirectOrderEnforcingWrapper:
    """The AEC environment (`raw_env`) in PettingZoo's order-enforcing wrapper."""
    return DirectOrderEnforcingWrapper(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> RaParallelEnv:
    """The Parallel environment, with the same settings as `raw_env` (except `turn_order`)."""
    return RaParallelEnv(**kwargs)


__all__ = [
    "FIXED_LENGTH",
    "RENDER_MODES",
    "TURN_ORDERS",
    "DirectOrderEnforcingWrapper",
    "RaParallelEnv",
    "env",
    "parallel_env",
    "raw_env",
]
