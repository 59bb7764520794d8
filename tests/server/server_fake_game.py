"""A tiny simultaneous-choice game ("fake") for the server tests: every player picks 0-2 in secret each round.

Like RA and Write, several seats act at once (`current_players()` holds all who have not chosen yet); the last
choice of a round draws a tile from the seeded bag. Views hide the bag order and other players' pending choices.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from ra.core.errors import GameOverError, IllegalActionError, InvalidNotationError, NotYourTurnError
from ra.core.protocol import Move
from ra.core.record import make_record

GAME = "fake"
NUM_ACTIONS = 3
TILES = ["sun", "moon", "star", "comet", "sky", "rain"]


def action_to_str(action: int) -> str:
    """Notation `pick:N`."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise InvalidNotationError(f"no fake action {action!r}")
    return f"pick:{action}"


def str_to_action(text: str) -> int:
    """The id of `pick:N`."""
    if text not in ("pick:0", "pick:1", "pick:2"):
        raise InvalidNotationError(f"{text!r} is not fake notation")
    return int(text[5])


def move_text(action: int, draws: tuple[str, ...] = ()) -> str:
    """A phrase for the log."""
    return f"picked {action}"


def render_text(view: Mapping[str, Any]) -> str:
    """A one-line rendering."""
    return str(view["scores"])


def from_view(view: Mapping[str, Any], rng: random.Random) -> State:
    """Unused by the server."""
    raise NotImplementedError


class State:
    """The fake game."""

    GAME = GAME

    def __init__(self, options: dict[str, Any], seed: int | None, bag: list[str]) -> None:
        self.options, self.seed, self.bag = options, seed, bag
        self.num_players = int(options["players"])
        self.rounds = int(options.get("rounds", 3))
        self.history: list[Move] = []
        self.round = 0
        self.pending: dict[int, int] = {}
        self.points = [0] * self.num_players

    @classmethod
    def new(cls, options: Mapping[str, Any], seed: int | None = None, order: list[str] | None = None) -> State:
        """A new game; ValueError for bad options."""
        unknown = set(options) - {"players", "names", "rounds"}
        if unknown:
            raise ValueError(f"unknown fake option(s) {sorted(unknown)}")
        if not isinstance(options.get("players"), int) or not 2 <= options["players"] <= 5:
            raise ValueError("fake is for 2 to 5 players")
        bag = list(order) if order is not None else random.Random(seed).sample(TILES * 3, len(TILES) * 3)
        return cls(dict(options), seed, bag)

    def current_players(self) -> tuple[int, ...]:
        """Everyone who has not chosen this round."""
        if self.is_terminal():
            return ()
        return tuple(p for p in range(self.num_players) if p not in self.pending)

    def is_terminal(self) -> bool:
        """True after the last round."""
        return self.round >= self.rounds

    def legal_actions(self, player: int | None = None) -> list[int]:
        """0, 1, 2 for a player still to choose."""
        current = self.current_players()
        p = current[0] if player is None and current else player
        return [0, 1, 2] if p in current else []

    def apply(self, action: int, player: int | None = None) -> None:
        """Checked apply."""
        if self.is_terminal():
            raise GameOverError("the game is over")
        p = self.current_players()[0] if player is None else player
        if p not in self.current_players():
            raise NotYourTurnError(f"player {p} has already chosen this round")
        if action not in (0, 1, 2):
            raise IllegalActionError(f"you cannot pick {action}")
        self.push(action, p)

    def push(self, action: int, player: int | None = None) -> None:
        """Unchecked apply."""
        p = self.current_players()[0] if player is None else player
        self.pending[p] = action
        draws: tuple[str, ...] = ()
        if len(self.pending) == self.num_players:
            for q, v in self.pending.items():
                self.points[q] += v
            draws = (self.bag.pop(0),)
            self.pending = {}
            self.round += 1
        self.history.append(Move(p, action, draws))

    def clone(self) -> State:
        """A deep copy."""
        return copy.deepcopy(self)

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        """Public data plus the viewer's own pending choice and legal actions."""
        legal = self.legal_actions(viewer) if viewer is not None else []
        return {
            "game": GAME,
            "viewer": viewer,
            "num_players": self.num_players,
            "names": list(self.options.get("names") or []),
            "round": self.round,
            "chosen": [p in self.pending for p in range(self.num_players)],
            "mine": self.pending.get(viewer) if viewer is not None else None,
            "scores": list(self.points),
            "bag_total": len(self.bag),
            "legal_actions": [{"id": a, "notation": action_to_str(a), "kind": "pick"} for a in legal],
        }

    def to_json(self) -> dict[str, Any]:
        """Everything."""
        return {
            "options": self.options,
            "seed": self.seed,
            "bag": self.bag,
            "history": [list(m) for m in self.history],
            "round": self.round,
            "pending": sorted(self.pending.items()),
            "points": self.points,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """Unused by the server."""
        raise NotImplementedError

    def record(self) -> dict[str, Any]:
        """The record."""
        return make_record(GAME, self.options, self.seed, None, self.history, action_to_str)

    def scores(self) -> list[int]:
        """Points."""
        return list(self.points)

    def winners(self) -> list[int]:
        """Highest points once over."""
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [p for p, v in enumerate(self.points) if v == best]
