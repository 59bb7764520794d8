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
information state has perfect recall (every move and draw is public in both games): its string is the seat and the
whole public history, its tensor the seat's vector followed by the history (`ra.envs.recall`).

At engine speed: a clone shares the engine state until one of the two moves (copy on write), the undrawn counts
are kept up to date move by move, and observations are encoded straight from the state (`ra.envs.fromstate`).
For MCTS, `ra.envs.rollouts.EngineRollouts` plays its random rollouts on the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as missing:  # OpenSpiel is its own extra: `rl` users need not install it
    raise ImportError(
        "ra.envs.openspiel needs OpenSpiel: pip install 'ra[openspiel]' (or pip install open_spiel)"
    ) from missing

from ra.core.protocol import GameModule, GameState
from ra.envs.chance import ChanceRules, SetupChance
from ra.envs.common import REWARDS, check_choice, check_table, final_rewards
from ra.envs.observation import state_encoder
from ra.envs.parts import game_parts, games
from ra.envs.recall import (
    ACTOR_COLUMNS,
    CHANCE,
    INFOSTATES,
    History,
    compact_shapes,
    id_bits,
    write_compact,
    write_recall,
)
from ra.games import game_module

UTILITY_BOUND = 500.0  # |margin| and |score| stay below this in both games
CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
TERMINAL_PLAYER = int(pyspiel.PlayerId.TERMINAL)


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
        counts = range(int(self.module.MIN_PLAYERS), int(self.module.MAX_PLAYERS) + 1)
        largest_setup = max(self.chance.setup(n).count for n in counts)
        # The bits of an id in a history row: decisions, draw outcomes and set-up outcomes alike.
        self.recall_bits = id_bits(max(int(self.module.NUM_ACTIONS), len(self.outcomes), largest_setup) - 1)
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
            parameter_specification={"players": 3, "returns": "margin", "infostate": "full", **self.parameters},
        )


SPECS: dict[str, _Spec] = {game: _Spec(game) for game in games()}
# Bounds of each game's length in moves, chance nodes included (bench and tests/envs measure random games).
MAX_GAME_LENGTH = {game: spec.chance.max_game_length for game, spec in SPECS.items()}
NAMES = {game: spec.short_name for game, spec in SPECS.items()}  # game -> the name pyspiel.load_game takes


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
        self.infostate = check_choice("infostate", str(params.get("infostate", "full")), INFOSTATES)
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
        self.table_setup = _TableSetup(spec.game, players, self.returns_kind, self.table_options, self.setup)

    def new_initial_state(self) -> RaSpielState:
        """The state before the set-up chance node."""
        return RaSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> RaObserver:
        """An observer for observation (default) or information-state (perfect recall) tensors and strings.

        The information-state tensor is the game's `infostate` (full or compact), unless `params` names another.
        """
        params = dict(params or {})
        infostate = check_choice("infostate", str(params.pop("infostate", self.infostate)), INFOSTATES)
        return RaObserver(self.spec, iig_obs_type, params, infostate)


def _game_class(spec: _Spec) -> type[RaSpielGame]:
    """The OpenSpiel game class of one game."""
    name = spec.module.TITLE.title().replace(" ", "") + "Game"  # RaGame, RaAndWriteGame
    doc = f"{spec.module.TITLE} for OpenSpiel (`{spec.short_name}`)."
    return type(name, (RaSpielGame,), {"spec": spec, "__doc__": doc, "__module__": __name__})


GAME_CLASSES: dict[str, type[RaSpielGame]] = {game: _game_class(spec) for game, spec in SPECS.items()}


class _TableSetup:
    """The game's settings a state needs (copies share it: it never changes)."""

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


class _Position:
    """Everything a state holds, in one object: OpenSpiel's clone deep-copies a state's attributes one by one.

    A copy shares the engine state until one of the two changes it (copy on write: `owned` says whether the engine
    is this position's alone), and shares the history codes and text (`recall.History`, an immutable string).
    """

    __slots__ = ("engine", "history", "owned", "pending", "prefix", "table", "text", "text_moves", "undrawn")

    def __init__(self, table: _TableSetup) -> None:
        """The position before the set-up chance node."""
        self.table = table
        self.engine: GameState | None = None
        self.owned = True
        self.pending: tuple[int, int] | None = None  # (seat, action) of a draw or reveal waiting for its draws
        self.prefix: tuple[str, ...] = ()  # the cards already drawn by the pending reveal (RA and Write)
        self.undrawn: tuple[int, ...] = ()  # public counts of what is left to draw, by outcome index
        self.history = History()
        self.text = ""  # the public history as text, for the first `text_moves` moves
        self.text_moves = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        """A copy sharing the engine (neither owns it any more), the history and the text."""
        other = _Position.__new__(_Position)
        other.table, other.engine, other.pending, other.prefix = self.table, self.engine, self.pending, self.prefix
        other.undrawn, other.history = self.undrawn, self.history.copy()
        other.text, other.text_moves = self.text, self.text_moves
        self.owned = other.owned = False
        return other

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        for name, value in saved.items():
            setattr(self, name, value)

    def own_engine(self) -> GameState:
        """The engine state, made this position's alone before it changes."""
        engine = self.engine
        if engine is None:
            raise ValueError("the set-up chance node has not been applied yet")
        if not self.owned:
            engine = self.engine = engine.clone()
            self.owned = True
        return engine


class RaSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the engine state, plus a drawing decision waiting for its chance outcomes."""

    def __init__(self, game: RaSpielGame) -> None:
        """The state before the set-up chance node."""
        super().__init__(game)
        self._position = _Position(game.table_setup)

    @property
    def engine(self) -> GameState:
        """The engine state (after the set-up chance node): read it, never change it (copies may share it)."""
        engine = self._position.engine
        if engine is None:
            raise ValueError("the set-up chance node has not been applied yet")
        return engine

    @property
    def engine_if_set_up(self) -> GameState | None:
        """The engine state, None before the set-up chance node: read it, never change it."""
        return self._position.engine

    @property
    def drawing(self) -> bool:
        """True while a drawing decision waits for its chance outcomes."""
        return self._position.pending is not None

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self._position.table.players

    def current_player(self) -> int:
        """The seat to decide, CHANCE at a set-up or draw, TERMINAL at the end."""
        position = self._position
        engine = position.engine
        if engine is None or position.pending is not None:
            return CHANCE_PLAYER
        current = engine.current_players()
        return int(current[0]) if current else TERMINAL_PLAYER

    def _legal_actions(self, player: int) -> list[int]:
        """The seat's legal action ids, ascending."""
        return sorted(self.engine.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs: the set-up, or the tiles/cards left to draw by their public counts."""
        position = self._position
        if position.engine is None:
            count = position.table.setup.count
            return [(i, 1.0 / count) for i in range(count)]
        undrawn = position.undrawn
        total = sum(undrawn)
        return [(i, c / total) for i, c in enumerate(undrawn) if c]

    def _apply_action(self, action: int) -> None:
        """Apply a set-up outcome, a draw outcome, or a seat's decision (a drawing decision waits for chance)."""
        position = self._position
        spec = position.table.spec
        if position.engine is None:
            position.history.add(CHANCE, action)
            engine = spec.module.State.new(position.table.setup_options(action), seed=0)
            position.engine, position.owned = engine, True
            counts = spec.chance.undrawn(engine.view(None))
            position.undrawn = tuple(counts.get(name, 0) for name in spec.outcomes)
            return
        if position.pending is not None:
            seat, decision = position.pending
            if not position.undrawn[action]:
                raise ValueError(f"no {spec.outcomes[action]} is left to draw")
            position.history.add(CHANCE, action)
            undrawn = list(position.undrawn)
            undrawn[action] -= 1
            position.undrawn = tuple(undrawn)
            position.prefix = (*position.prefix, spec.outcomes[action])
            if not self._draws_complete(seat, decision):
                return
            engine = position.own_engine()
            engine.stack_draws(position.prefix)
            engine.push(decision, seat)
            position.pending, position.prefix = None, ()
            return
        seat = int(position.engine.current_players()[0])
        if action == spec.draw_action:
            if action not in position.engine.legal_actions(seat):
                raise ValueError(f"{spec.chance.draw} is not legal now")
            position.pending = (seat, action)
        else:
            position.own_engine().apply(action, seat)
        position.history.add(seat, action)

    def _draws_complete(self, seat: int, decision: int) -> bool:
        """True if the pending decision draws exactly the outcomes chosen so far: as many as the game's fixed number,
        or else what the engine draws on a clone with them on top (RA and Write's reveal)."""
        position = self._position
        fixed = position.table.spec.chance.draws_per_action
        if fixed is not None:
            return len(position.prefix) == fixed
        trial = self.engine.clone()
        trial.stack_draws(position.prefix)
        trial.push(decision, seat)
        return len(trial.history[-1].draws) == len(position.prefix)

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome (`deal:...`, `first:p`, `draw:<kind>`, `card:<name>`) or the action's notation."""
        table = self._position.table
        if player == CHANCE_PLAYER:
            if self._position.engine is None:
                return table.setup.text(action)
            spec = table.spec
            return f"{spec.chance.outcome_label}:{spec.outcomes[action]}"
        return str(table.spec.module.action_to_str(action))

    def is_terminal(self) -> bool:
        """True once the game has ended."""
        position = self._position
        engine = position.engine
        return engine is not None and position.pending is None and engine.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's return: the end-of-game reward (game parameter `returns`), zeros before the end."""
        if not self.is_terminal():
            return [0.0] * self._position.table.players
        return final_rewards(self.engine, self._position.table.returns_kind)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RaSpielState:
        """A state consistent with the seat's information state: this one (all moves and draws are public)."""
        clone: RaSpielState = self.clone()
        return clone

    @property
    def returns_kind(self) -> str:
        """The game's `returns` parameter: margin, win or score."""
        return self._position.table.returns_kind

    @property
    def moves(self) -> History:
        """The codes of every move and chance outcome so far (`ra.envs.recall`)."""
        return self._position.history

    def public_history(self) -> str:
        """Every move and draw so far, as text (`deal:0/2/1 p1:draw draw:gold ...`)."""
        position = self._position
        moves = position.history.moves()
        if position.text_moves < len(moves):  # extend the text by the moves made since it was last asked for
            table = position.table
            spec, setup = table.spec, table.setup
            words = [position.text] if position.text else []
            for index in range(position.text_moves, len(moves)):
                actor, ident = moves[index]
                if index == 0:
                    words.append(setup.text(ident))
                elif actor == CHANCE:
                    words.append(f"{spec.chance.outcome_label}:{spec.outcomes[ident]}")
                else:
                    words.append(f"p{actor}:{spec.module.action_to_str(ident)}")
            position.text, position.text_moves = " ".join(words), len(moves)
        return position.text

    def __str__(self) -> str:
        """The text board (spectator view), or the set-up."""
        if self._position.engine is None:
            return "set-up"
        return str(self._position.table.spec.module.render_text(self.engine.view(None)))


class RaObserver:
    """OpenSpiel observer: the seat's observation vector (and, for the information state, what it recalls), and strings.

    The observation tensor is the seat's vector of docs/OBSERVATIONS.md (the spectator's for a public observer).
    The information-state tensor (perfect recall) is that vector followed by the history (`ra.envs.recall`):
    `dict["observation"]` and `dict["history"]`, one row per move. With `infostate="compact"` the history is
    replaced by its fixed-size summary: `dict["scores"]`, `dict["counts"]`, `dict["recent"]`, `dict["length"]`.
    """

    def __init__(
        self,
        spec: _Spec,
        iig_obs_type: pyspiel.IIGObservationType | None,
        params: Mapping[str, Any] | None,
        infostate: str = "full",
    ) -> None:
        """Observation (default) or information state (perfect recall); `private_info` NONE gives the public view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {dict(params)}")
        self.spec = spec
        self.encoder = state_encoder(spec.game)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public_only = bool(iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        self.compact = self.perfect_recall and infostate == "compact"
        size = self.encoder.size
        self.bits = spec.recall_bits
        if self.compact:
            shapes = compact_shapes(int(spec.module.NUM_ACTIONS), self.bits)
        elif self.perfect_recall:
            shapes = {"history": (spec.chance.max_game_length, ACTOR_COLUMNS + self.bits)}
        else:
            shapes = {}
        sizes = {name: int(np.prod(shape)) for name, shape in shapes.items()}
        self.tensor = np.zeros(size + sum(sizes.values()), np.float32)
        self.dict = {"observation": self.tensor[:size]}
        for name, shape in shapes.items():  # each part a view into `tensor`, in order
            self.dict[name] = self.tensor[size : size + sizes[name]].reshape(shape)
            size += sizes[name]

    def set_from(self, state: RaSpielState, player: int) -> None:
        """Fill `tensor` from the seat's observation (zeros before the set-up), and what it recalls of the history."""
        engine = state.engine_if_set_up
        viewer = None if self.public_only else player
        observation = self.dict["observation"]
        if engine is None:
            observation.fill(0.0)
        else:
            observation[:] = self.encoder.observe(engine, viewer)
        if self.compact:
            scores = None if engine is None else list(engine.scores())
            length = self.spec.chance.max_game_length
            write_compact(self.dict, state.moves, viewer or 0, state.players, scores, length)
        elif self.perfect_recall:
            write_recall(self.dict["history"], state.moves, viewer or 0, state.players, self.bits)

    def string_from(self, state: RaSpielState, player: int) -> str:
        """Information state: the seat and the public history; observation: the text board of the seat's view."""
        if self.perfect_recall:
            return f"p{player} {state.public_history()}"
        engine = state.engine_if_set_up
        if engine is None:
            return f"p{player} set-up"
        pending = " (drawing)" if state.drawing else ""
        view = engine.view(None if self.public_only else player)
        return f"p{player}{pending}\n{self.spec.module.render_text(view)}"


def register() -> None:
    """Register every game that has research parts with pyspiel (once)."""
    registered = set(pyspiel.registered_names())
    for cls in GAME_CLASSES.values():
        if cls.spec.short_name not in registered:
            pyspiel.register_game(cls.spec.game_type, cls)


register()

__all__ = ["GAME_CLASSES", "MAX_GAME_LENGTH", "NAMES", "RaObserver", "RaSpielGame", "RaSpielState", "register"]
