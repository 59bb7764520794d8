"""Gymnasium single-agent environments: one seat is the agent, the others are played by `ra.bots` bots.

Importing this module registers each game's environment id (its `ra.envs.<game>` package's `ENV_ID`), `ra/Ra-v0`
and `ra/RaAndWrite-v0`:

    import gymnasium
    import ra.envs.gymnasium  # noqa: F401 (registers the ids)
    env = gymnasium.make("ra/Ra-v0", players=3, opponents="greedy")
    observation, info = env.reset(seed=1)
    action = env.action_space.sample(info["action_mask"])

(`gymnasium.make("ra.envs.gymnasium:ra/Ra-v0", ...)` imports it on the fly.) The observation is the agent seat's
vector (docs/OBSERVATIONS.md, encoded straight from the state); `info["action_mask"]` marks its legal action ids.
The reward comes at the end. An opponent is a bot spec (docs/BOTS.md) or any policy `(observation, mask) ->
action`, such as the agent's own policy for self-play (examples/selfplay_numpy.py). The environment pickles and
deep-copies (with picklable opponents: every bot spec is). Stable-Baselines3's `make_vec_env("ra/Ra-v0")` works
with its default arguments (an unknown render mode raises `RenderModeError`, a TypeError too: SB3's fallback).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ra.bots import Bot, make_bot
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
from ra.envs.observation import HIGH, LOW, FloatArray, MaskArray, state_encoder
from ra.envs.parts import game_parts, games
from ra.games import DEFAULT_GAME, game_module

ENV_IDS = {game: game_parts(game).ENV_ID for game in games()}  # game -> its Gymnasium id
MAX_OPPONENT_MOVES = 100_000
RENDER_MODES = ("ansi",)  # a text board; there are no images


class RenderModeError(ValueError, TypeError):
    """A render mode the environment lacks. Also a TypeError because Stable-Baselines3's `make_vec_env` asks for
    `render_mode="rgb_array"` first and falls back to no render mode on a TypeError only."""


Policy: TypeAlias = Callable[[FloatArray, MaskArray], Any]  # (observation, mask) -> action id
Opponent: TypeAlias = str | Policy  # a bot spec, or a policy that sees what a seat's observation shows


class RaEnv(gymnasium.Env[FloatArray, np.int64]):
    """One seat of a table against bots (any game with research parts: Ra, RA and Write).

    `opponents`: one opponent for every other seat, or a list with one per other seat (in seat order); an
    opponent is a bot spec (docs/BOTS.md) or a policy `(observation, mask) -> action id`, called with that seat's
    observation vector and legal-action mask (an illegal answer raises ValueError). `seat`: the agent's seat, or
    "random" to draw it at each reset. In RA and Write's simultaneous choice the
    agent decides before the bots, so it never sees their choices of that turn. An illegal action ends the
    episode with `illegal_reward` (`illegal_action="terminate"`), is replaced by a random legal action after that
    penalty (`"random"`), or raises ValueError (`"raise"`).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Gymnasium's type)

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 3,
        opponents: Opponent | Sequence[Opponent] = "greedy",
        seat: int | str = 0,
        options: Mapping[str, Any] | None = None,
        reward: str = "margin",
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        """A table of `players` seats of `game` (by name, e.g. "write"); the agent plays `seat`, bots the others."""
        check_table(game, players)
        self.game = game
        self.players = players
        self.options = table_options(players, options)
        self.module.State.new(self.options, seed=0)
        specs = [opponents] * (players - 1) if isinstance(opponents, str) or callable(opponents) else list(opponents)
        if len(specs) != players - 1:
            raise ValueError(f"opponents lists {len(specs)} bots for {players - 1} other seats")
        for spec in specs:
            if isinstance(spec, str):
                make_bot(spec, game, 0)
            elif not callable(spec):
                raise ValueError(f"an opponent is a bot spec or a policy (observation, mask) -> action, not {spec!r}")
        self.opponents: list[Opponent] = specs
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"seat must be 0..{players - 1} or 'random', not {seat!r}")
        self.seat_choice = seat
        self.reward_kind = check_choice("reward", reward, REWARDS)
        self.illegal_action = check_choice("illegal_action", illegal_action, ILLEGAL_ACTIONS)
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RenderModeError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.render_mode = render_mode
        self.encoder = state_encoder(game)
        self.observation_space = spaces.Box(LOW, HIGH, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(int(self.module.NUM_ACTIONS))
        self.seat = 0 if seat == "random" else int(seat)
        self.state: GameState = self.module.State.new(self.options, seed=0)
        self.bots: dict[int, Bot] = {}  # the seats played by bots
        self.policies: dict[int, Policy] = {}  # the seats played by policies
        self._rng = random.Random(0)
        self._over = True

    @property
    def module(self) -> GameModule:
        """The game's engine module (looked up, not kept: modules do not pickle)."""
        return game_module(self.game)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Start a new game (seeded from `seed`) and play the bots up to the agent's first decision."""
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**63 - 1))
        self.seat = int(self.np_random.integers(self.players)) if self.seat_choice == "random" else self.seat
        self.state = self.module.State.new(self.options, seed=derive_seed(base, "engine"))
        others = [s for s in range(self.players) if s != self.seat]
        self.bots, self.policies = {}, {}
        for s, spec in zip(others, self.opponents, strict=True):
            if isinstance(spec, str):
                self.bots[s] = make_bot(spec, self.game, derive_seed(base, f"bot{s}"))
            else:
                self.policies[s] = spec
        self._rng = random.Random(derive_seed(base, "illegal"))
        self._play_bots()
        self._over = self.state.is_terminal()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the bots until the agent decides again or the game ends."""
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        legal = self.state.legal_actions(self.seat)
        try:
            chosen = int(action)
        except (TypeError, ValueError):
            chosen = -1
        reward = 0.0
        illegal = chosen not in legal
        if illegal:
            if self.illegal_action == "raise":
                names = ", ".join(self.module.action_to_str(a) for a in legal)
                raise ValueError(f"action {action!r} is not legal now; legal: {names}")
            reward = self.illegal_reward
            if self.illegal_action == "terminate":
                self._over = True
                return self._observe(), reward, True, False, self._info(illegal=True)
            chosen = self._rng.choice(legal)
        self.state.push(chosen, self.seat)
        self._play_bots()
        terminated = self._over = self.state.is_terminal()
        if terminated:
            reward += final_rewards(self.state, self.reward_kind)[self.seat]
        return self._observe(), reward, terminated, False, self._info(illegal=illegal)

    def _play_bots(self) -> None:
        """Let the bots decide until the agent must decide or the game is over."""
        state = self.state
        for _ in range(MAX_OPPONENT_MOVES):
            if state.is_terminal():
                return
            current = state.current_players()
            if self.seat in current:
                return
            seat = current[0]
            bot = self.bots.get(seat)
            if bot is not None:
                state.apply(bot.choose(state.view(seat)), seat)
                continue
            action = self.policies[seat](self.encoder.observe(state, seat), self.encoder.mask(state, seat))
            legal = state.legal_actions(seat)
            try:
                chosen = int(action)
            except (TypeError, ValueError):
                chosen = -1
            if chosen not in legal:
                names = ", ".join(self.module.action_to_str(a) for a in legal)
                raise ValueError(f"the policy of seat {seat} chose {action!r}, not a legal action ({names})")
            state.push(chosen, seat)
        raise RuntimeError(f"the bots made {MAX_OPPONENT_MOVES} moves without the agent deciding")

    def _observe(self) -> FloatArray:
        """The agent seat's observation."""
        return self.encoder.observe(self.state, self.seat)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        """The step's info: the action mask, the agent's seat, and whether the action was illegal."""
        mask: npt.NDArray[np.int8] = self.encoder.mask(self.state, self.seat)
        info: dict[str, Any] = {"action_mask": mask, "seat": self.seat}
        if illegal:
            info["illegal_action"] = True
        return info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The agent's current legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.encoder.mask(self.state, self.seat)

    def render(self) -> str | None:  # type: ignore[override]
        """The text board from the agent seat's view when `render_mode="ansi"`."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        return self.module.render_text(self.state.view(self.seat))


def register() -> None:
    """Register each game's id (`ENV_IDS`) with Gymnasium (once)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:RaEnv", kwargs={"game": game})


register()

__all__ = ["ENV_IDS", "RENDER_MODES", "Opponent", "Policy", "RaEnv", "RenderModeError", "register"]
