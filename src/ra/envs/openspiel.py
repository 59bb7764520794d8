"""OpenSpiel games: importing this module registers each game's (`python_ra`, `python_ra_and_write`) with pyspiel.

    import pyspiel
    import ra.envs.openspiel  # noqa: F401 (registers the games)
    game = pyspiel.load_game("python_ra", {"players": 4})

Both are sequential games with explicit chance nodes. The set-up is one chance node (Ra: which seat gets which
group of sun disks, every deal equally likely; RA and Write: the starting seat). Every draw is a chance node whose
outcomes are the tile kinds (Ra, outcome = index in `ra.games.ra.KINDS`) or card names (RA and Write, outcome =
index in `ra.games.write.CARD_NAMES`) left to draw, with probabilities from the public counts of undrawn tiles or
cards. A player's `draw` (Ra) or `reveal` (RA and Write) is followed by its chance nodes: one in Ra, one per card in
RA and Write, until the reveal is complete (three non-Ra cards face up, or the 9th Ra). The engine's own bag or deck
order is never used: each outcome is put on top with `State.stack_draws` before the engine draws, so OpenSpiel's
RNG decides every draw. RA and Write's simultaneous card choices are served one seat at a time. What differs
between games (names, parameters, the set-up and the draws) is each game's `ChanceRules` (`ra.envs.chance`), the
`CHANCE` of its `ra.envs.<game>` package.

Parameters: `players` (2-5, default 3), `returns` (`margin`: own score minus the best other score, `win`: 1 for
each winner and -1 for the others, `score`: own score), and the table options `scores_visible`, `final_floor` (Ra)
or `kingdom_limited` (RA and Write). Observation tensors are the seat's vector of docs/OBSERVATIONS.md; the
information-state string is the seat and the whole public history (every move and draw is public in both games).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from ra.core.protocol import GameModule, GameState
from ra.envs.chance import ChanceRules, SetupChance
from ra.envs.common import REWARDS, check_choice, check_table, final_rewards
from ra.envs.observation import encoder
from ra.envs.parts import game_parts, games
from ra.games import game_module

UTILITY_BOUND = 500.0  # |margin| and |score| stay below this in both games


class _Spec:
    """One game for OpenSpiel: its engine, its chance rules, and its pyspiel game type."""

    def __init__(self, game: str) -> None:
        """Describe one game from its chance rules."""
        self.game = game
        self.chance: ChanceRules = game_parts(game).CHANCE
        self.short_name = self.chance.short_name
        self.module: GameModule = game_module(game)
        self.draw_action = self.module.str_to_action(self.chance.draw)
        self.outcomes = self.chance.outcomes
        self.outcome_index = {name: i for i, name in enumerate(self.outcomes)}
        self.parameters = dict(self.chance.parameters)
        self.game_type = pyspiel.GameType(
            short_name=self.chance.short_name,
            long_name=self.chance.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=int(self.module.MAX_PLAYERS),
            min_num_players=int(self.module.MIN_PLAYERS),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={"players": 3, "returns": "margin", **self.parameters},
        )


SPECS: dict[str, _Spec] = {game: _Spec(game) for game in games()}
# Bounds of each game's length in moves, chance nodes included (bench and tests/envs measure random games).
MAX_GAME_LENGTH = {game: spec.chance.max_game_length for game, spec in SPECS.items()}
NAMES = {game: spec.short_name for game, spec in SPECS.items()}  # game -> the name pyspiel.load_game takes


class _Engine:
    """Holds the engine state; `copy.deepcopy` (OpenSpiel's clone) uses the engine's fast `clone`."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        """Wrap an engine state."""
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        """A copy made with the engine's `clone`."""
        return _Engine(self.state.clone())


class RaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A game for OpenSpiel (one subclass per game fixes which, `GAME_CLASSES`)."""

    spec: _Spec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        """A game from OpenSpiel parameters (`players`, `returns`, table options)."""
        spec = self.spec
        params = dict(params or {})
        players = int(params.get("players", 3))
        check_table(spec.game, players)
        self.returns_kind = check_choice("returns", str(params.get("returns", "margin")), REWARDS)
        self.table_options: dict[str, Any] = {"players": players}
        for key, default in spec.parameters.items():
            self.table_options[key] = params.get(key, default)
        spec.module.State.new(self.table_options, seed=0)
        self.setup = spec.chance.setup(players)
        low, high = (-1.0, 1.0) if self.returns_kind == "win" else (-UTILITY_BOUND, UTILITY_BOUND)
        info = pyspiel.GameInfo(
            num_distinct_actions=int(spec.module.NUM_ACTIONS),
            max_chance_outcomes=max(len(spec.outcomes), self.setup.count),
            num_players=players,
            min_utility=low,
            max_utility=high,
            max_game_length=spec.chance.max_game_length,
        )
        super().__init__(spec.game_type, info, params)
        self.players = players

    def new_initial_state(self) -> RaSpielState:
        """The state before the set-up chance node."""
        return RaSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> RaObserver:
        """An observer for observation (default) or information-state (perfect recall) tensors and strings."""
        return RaObserver(self.spec, iig_obs_type, params)


def _game_class(spec: _Spec) -> type[RaSpielGame]:
    """The OpenSpiel game class of one game."""
    name = spec.module.TITLE.title().replace(" ", "") + "Game"  # RaGame, RaAndWriteGame
    doc = f"{spec.module.TITLE} for OpenSpiel (`{spec.short_name}`)."
    return type(name, (RaSpielGame,), {"spec": spec, "__doc__": doc, "__module__": __name__})


GAME_CLASSES: dict[str, type[RaSpielGame]] = {game: _game_class(spec) for game, spec in SPECS.items()}


class _TableSetup:
    """The game's settings a state needs (deep copies share it: it never changes)."""

    __slots__ = ("game", "options", "players", "returns_kind", "setup")

    def __init__(
        self, game: str, players: int, returns_kind: str, options: Mapping[str, Any], setup: SetupChance
    ) -> None:
        """Keep the settings."""
        self.game = game
        self.players = players
        self.returns_kind = returns_kind
        self.options = dict(options)
        self.setup = setup

    def __deepcopy__(self, memo: dict[int, Any]) -> _TableSetup:
        """Shared, not copied."""
        return self

    @property
    def spec(self) -> _Spec:
        """The game's description."""
        return SPECS[self.game]

    def setup_options(self, outcome: int) -> dict[str, Any]:
        """The engine options after the set-up chance outcome (in Ra the deal of disk groups, say)."""
        return self.setup.options(self.options, outcome)


class RaSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the engine state, plus a drawing decision waiting for its chance outcomes."""

    def __init__(self, game: RaSpielGame) -> None:
        """The state before the set-up chance node."""
        super().__init__(game)
        self._table = _TableSetup(game.spec.game, game.players, game.returns_kind, game.table_options, game.setup)
        self._engine: _Engine | None = None
        self._pending: tuple[int, int] | None = None  # (seat, action) of a draw or reveal waiting for its draws
        self._prefix: list[str] = []  # the cards already drawn by the pending reveal (RA and Write)
        self._moves: list[str] = []  # the public history as text, for information-state strings

    @property
    def engine(self) -> GameState:
        """The engine state (after the set-up chance node)."""
        if self._engine is None:
            raise ValueError("the set-up chance node has not been applied yet")
        return self._engine.state

    def current_player(self) -> int:
        """The seat to decide, CHANCE at a set-up or draw, TERMINAL at the end."""
        if self._engine is None or self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        state = self._engine.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(state.current_players()[0])

    def _legal_actions(self, player: int) -> list[int]:
        """The seat's legal action ids, ascending."""
        return sorted(self.engine.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs: the set-up, or the tiles/cards left to draw by their public counts."""
        if self._engine is None:
            count = self._table.setup.count
            return [(i, 1.0 / count) for i in range(count)]
        counts = self._undrawn_counts()
        total = sum(counts.values())
        index = self._table.spec.outcome_index
        return sorted((index[name], c / total) for name, c in counts.items() if c > 0)

    def _undrawn_counts(self) -> dict[str, int]:
        """Public counts of the tiles or cards left to draw, less the cards of the pending reveal."""
        counts = self._table.spec.chance.undrawn(self.engine.view(None))
        for name in self._prefix:
            counts[name] -= 1
        return counts

    def _apply_action(self, action: int) -> None:
        """Apply a set-up outcome, a draw outcome, or a seat's decision (a drawing decision waits for chance)."""
        spec = self._table.spec
        if self._engine is None:
            self._moves.append(self._action_to_string(int(pyspiel.PlayerId.CHANCE), action))
            self._engine = _Engine(spec.module.State.new(self._table.setup_options(action), seed=0))
            return
        state = self._engine.state
        if self._pending is not None:
            seat, decision = self._pending
            self._prefix.append(spec.outcomes[action])
            self._moves.append(self._action_to_string(int(pyspiel.PlayerId.CHANCE), action))
            if not self._draws_complete(seat, decision):
                return
            state.stack_draws(self._prefix)
            state.push(decision, seat)
            self._pending = None
            self._prefix = []
            return
        seat = int(state.current_players()[0])
        self._moves.append(f"p{seat}:{spec.module.action_to_str(action)}")
        if action == spec.draw_action:
            self._pending = (seat, action)
        else:
            state.apply(action, seat)

    def _draws_complete(self, seat: int, decision: int) -> bool:
        """True if the pending decision draws exactly the outcomes chosen so far: as many as the game's fixed number,
        or else what the engine draws on a clone with them on top (RA and Write's reveal)."""
        fixed = self._table.spec.chance.draws_per_action
        if fixed is not None:
            return len(self._prefix) == fixed
        trial = self.engine.clone()
        trial.stack_draws(self._prefix)
        trial.push(decision, seat)
        return len(trial.history[-1].draws) == len(self._prefix)

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome (`deal:...`, `first:p`, `draw:<kind>`, `card:<name>`) or the action's notation."""
        if player == int(pyspiel.PlayerId.CHANCE):
            if self._engine is None:
                return self._table.setup.text(action)
            spec = self._table.spec
            return f"{spec.chance.outcome_label}:{spec.outcomes[action]}"
        return str(self._table.spec.module.action_to_str(action))

    def is_terminal(self) -> bool:
        """True once the game has ended."""
        return self._engine is not None and self._pending is None and self._engine.state.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's return: the end-of-game reward (game parameter `returns`), zeros before the end."""
        if not self.is_terminal():
            return [0.0] * self._table.players
        return final_rewards(self.engine, self._table.returns_kind)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RaSpielState:
        """A state consistent with the seat's information state: this one (all moves and draws are public)."""
        clone: RaSpielState = self.clone()
        return clone

    def public_history(self) -> str:
        """Every move and draw so far, as text."""
        return " ".join(self._moves)

    def __str__(self) -> str:
        """The text board (spectator view), or the set-up."""
        if self._engine is None:
            return "set-up"
        return str(self._table.spec.module.render_text(self.engine.view(None)))


class RaObserver:
    """OpenSpiel observer: the seat's observation vector, and its view (or public history) as a string."""

    def __init__(
        self, spec: _Spec, iig_obs_type: pyspiel.IIGObservationType | None, params: Mapping[str, Any] | None
    ) -> None:
        """Observation (default) or information state (perfect recall); `private_info` NONE gives the public view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {dict(params)}")
        self.spec = spec
        self.encoder = encoder(spec.game)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public_only = bool(iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: RaSpielState, player: int) -> Mapping[str, Any] | None:
        """The view this observer reads: the seat's, or the spectator's for a public observer."""
        if state._engine is None:
            return None
        return state.engine.view(None if self.public_only else player)

    def set_from(self, state: RaSpielState, player: int) -> None:
        """Fill `tensor` from the seat's view (zeros before the set-up)."""
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.encode(view)

    def string_from(self, state: RaSpielState, player: int) -> str:
        """Information state: the seat and the public history; observation: the text board of the seat's view."""
        if self.perfect_recall:
            return f"p{player} {state.public_history()}"
        view = self._view(state, player)
        if view is None:
            return f"p{player} set-up"
        pending = " (drawing)" if state._pending is not None else ""
        return f"p{player}{pending}\n{self.spec.module.render_text(view)}"


def register() -> None:
    """Register every game that has research parts with pyspiel (once)."""
    registered = set(pyspiel.registered_names())
    for cls in GAME_CLASSES.values():
        if cls.spec.short_name not in registered:
            pyspiel.register_game(cls.spec.game_type, cls)


register()

__all__ = ["GAME_CLASSES", "MAX_GAME_LENGTH", "NAMES", "RaObserver", "RaSpielGame", "RaSpielState", "register"]
