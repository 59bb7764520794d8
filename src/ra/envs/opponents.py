"""Opponents that decide for many games at once, for the one-learner-seat environment (`ra.envs.seats`, extra rl).

Each step of `LearnerSeatEnv` hands its opponents every game that waits on one of them at once, as a list of
`Waiting` (the game's index, its state, the seat to decide and the game's state encoder), and takes one action
per entry back. What can be batched is:

- `RandomOpponents`: uniformly random legal moves, one NumPy draw for the whole batch;
- `PolicyOpponents`: any policy `(observations, masks) -> actions` over the batch's stacked rows (its seats'
  observations and masks), e.g. a frozen copy of the learner for self-play;
- `BotOpponents`: a bot spec (docs/BOTS.md: "greedy", "mcts:iterations=50", a level...), one bot per game and
  seat, each deciding from its own seat's view as at a table, one position at a time;
- a game's batched bots (its `ra.envs.<game>` package's `BATCHED_OPPONENTS`): RA and Write's `greedy` makes
  the bot's own trials for every waiting game and values them in one NumPy pass (`ra.envs.write.greedy`), with
  the bot's choices.

`make_opponents("random" | spec | policy)` picks one (a batched bot where there is one). Every opponent is
seeded from the game's seed, so a seeded environment replays the same games.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

from ra.bots import Bot, make_bot
from ra.core.protocol import GameState
from ra.envs.common import derive_seed
from ra.envs.fromstate import StateEncoder
from ra.envs.parts import game_parts

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]
# A batched policy: (observations (k, N), masks (k, A)) -> k action ids, one per row.
BatchPolicy: TypeAlias = Callable[[FloatArray, MaskArray], Any]


class Waiting(NamedTuple):
    """One game waiting on an opponent: its index in the batch, its state, the seat to decide, its encoder."""

    game: int
    state: GameState
    seat: int
    encoder: StateEncoder


class Opponents(Protocol):
    """Decides for the opponents' seats of many games at once."""

    def start(self, game: int, seed: int, seats: Sequence[int]) -> None:
        """Game `game` begins anew (its engine seed `seed`); `seats` are the seats the opponents play in it."""
        ...

    def choose(self, waiting: Sequence[Waiting]) -> list[int]:
        """One legal action id for each waiting game's seat to decide, in order."""
        ...


class RandomOpponents:
    """Uniformly random legal moves: one draw from a NumPy generator for the whole batch."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def start(self, game: int, seed: int, seats: Sequence[int]) -> None:
        """Game 0's first game seeds the generator, so that a seeded reset replays."""
        if game == 0:
            self.rng = np.random.default_rng(derive_seed(seed, "random opponents"))

    def choose(self, waiting: Sequence[Waiting]) -> list[int]:
        """A random legal action per waiting game (index = floor(u * number of legal actions))."""
        draws = self.rng.random(len(waiting)).tolist()
        chosen: list[int] = []
        for entry, u in zip(waiting, draws, strict=True):
            legal = entry.state.legal_actions(entry.seat)
            chosen.append(legal[int(u * len(legal))])
        return chosen


class PolicyOpponents:
    """A batched policy `(observations, masks) -> actions` over the waiting seats' rows (illegal: ValueError)."""

    def __init__(self, policy: BatchPolicy) -> None:
        self.policy = policy

    def start(self, game: int, seed: int, seats: Sequence[int]) -> None:
        """Nothing to set up: the policy is shared by every game."""

    def choose(self, waiting: Sequence[Waiting]) -> list[int]:
        """The policy's actions on the stacked observations and masks of the waiting seats."""
        observations = np.stack([e.encoder.observe(e.state, e.seat) for e in waiting])
        masks = np.stack([e.encoder.mask(e.state, e.seat) for e in waiting])
        actions = np.asarray(self.policy(observations, masks)).reshape(-1).tolist()
        if len(actions) != len(waiting):
            raise ValueError(f"the opponents' policy gave {len(actions)} actions for {len(waiting)} rows")
        for entry, mask, action in zip(waiting, masks, actions, strict=True):
            if not (isinstance(action, int) and 0 <= action < len(mask) and mask[action]):
                raise ValueError(f"game {entry.game}: the opponents' policy chose {action!r} for seat {entry.seat}")
        return [int(a) for a in actions]


class BotOpponents:
    """One bot of `spec` per game and seat, built afresh for each game; each decides from its seat's view."""

    def __init__(self, spec: str, game: str) -> None:
        make_bot(spec, game, 0)  # reports a bad spec now
        self.spec, self.game = spec, game
        self.bots: dict[tuple[int, int], Bot] = {}

    def start(self, game: int, seed: int, seats: Sequence[int]) -> None:
        """New bots for the game's opponents' seats, seeded from the engine seed and the seat."""
        for seat in seats:
            self.bots[game, seat] = make_bot(self.spec, self.game, derive_seed(seed, f"bot{seat}"))

    def choose(self, waiting: Sequence[Waiting]) -> list[int]:
        """Each bot's choice from its own seat's view."""
        return [self.bots[e.game, e.seat].choose(e.state.view(e.seat)) for e in waiting]


def batched_module(game: str, spec: str) -> str | None:
    """The module that batches the bot `spec` for `game` (its research package's `BATCHED_OPPONENTS`), or None."""
    table: dict[str, str] = getattr(game_parts(game), "BATCHED_OPPONENTS", {})
    return table.get(spec)


def make_opponents(opponents: str | BatchPolicy | Opponents, game: str) -> Opponents:
    """`"random"` (batched), another bot spec (`BotOpponents`), a batched policy, or an `Opponents` as it is."""
    if isinstance(opponents, str):
        if opponents == "random":
            return RandomOpponents()
        batched = batched_module(game, opponents)
        if batched is not None:  # imported on demand: it needs the game's bots
            made: Opponents = importlib.import_module(batched).BatchedGreedy()
            return made
        return BotOpponents(opponents, game)
    if hasattr(opponents, "choose") and hasattr(opponents, "start"):
        return opponents  # type: ignore[return-value]
    if callable(opponents):
        return PolicyOpponents(opponents)
    raise ValueError(
        f"opponents are a bot spec, a policy (observations, masks) -> actions or Opponents, not {opponents!r}"
    )


__all__ = [
    "BatchPolicy",
    "BotOpponents",
    "Opponents",
    "PolicyOpponents",
    "RandomOpponents",
    "Waiting",
    "batched_module",
    "make_opponents",
]
