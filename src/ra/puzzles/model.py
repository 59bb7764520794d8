"""What a puzzle is (docs/PUZZLES.md): a position from a real game where one move is clearly the best.

A puzzle names its position by reference: a game (its options, its seed and its moves up to the position) and the
index of the move to find, so that the seat's view is rebuilt by replaying the game (`ra.core.record`), never
stored. The data file ("ra-puzzles/1") holds a game's games once and every puzzle taken from them.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ra.core.protocol import GameState
from ra.core.record import start_state
from ra.core.text import Text
from ra.games import game_module

PUZZLES_FORMAT = "ra-puzzles/1"
START_MU = 25.0  # a puzzle's starting rating when nothing says otherwise: openskill's default


@dataclass(frozen=True)
class SourceGame:
    """A game puzzles were taken from: enough of its record to replay it to its last puzzle's position."""

    options: dict[str, Any]
    seed: int
    moves: list[tuple[int | None, str]]  # (player, action notation), up to the last position a puzzle needs

    def as_json(self) -> dict[str, Any]:
        return {"options": self.options, "seed": self.seed, "moves": [[p, a] for p, a in self.moves]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SourceGame:
        moves = [(None if p is None else int(p), str(a)) for p, a in data["moves"]]
        return cls(dict(data["options"]), int(data["seed"]), moves)

    def state_at(self, game: str, index: int) -> GameState:
        """The game's state just before move `index` (replayed from its seed; the engine checks every move)."""
        module = game_module(game)
        record = {"game": game, "options": self.options, "seed": self.seed, "moves": []}
        state = start_state(record, module)
        for player, notation in self.moves[:index]:
            state.apply(module.str_to_action(notation), player)
        return state


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the seat to move at a game's move `index`, the one best move, and how sure that is."""

    id: str
    game: str
    players: int
    source: int  # the index of its game in the file's `games`
    index: int  # the move of that game the seat must find (the position is just before it)
    seat: int
    solution: str  # the best action's notation
    margin: float  # points of final margin by which the solution beats the second-best action, on average
    agree: int  # the fewest sampled deals in which the solution did at least as well as another action
    samples: int  # deals the evaluator sampled
    options: int  # legal actions in the position
    reason: Text  # why the solution is best, in the player's words
    rating: float = START_MU  # the puzzle's starting rating (openskill mu)
    theme: str = ""  # what it teaches: a key of the game's THEMES (`ra.bots.registry`), from its solution
    played: str = field(default="", compare=False)  # what the bot in the real game played there

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "players": self.players,
            "source": self.source,
            "index": self.index,
            "seat": self.seat,
            "solution": self.solution,
            "margin": round(self.margin, 2),
            "agree": self.agree,
            "samples": self.samples,
            "options": self.options,
            "reason": self.reason.as_json(),
            "rating": round(self.rating, 2),
            "theme": self.theme,
            "played": self.played,
        }

    @classmethod
    def from_json(cls, game: str, data: Mapping[str, Any]) -> Puzzle:
        return cls(
            id=str(data["id"]),
            game=game,
            players=int(data["players"]),
            source=int(data["source"]),
            index=int(data["index"]),
            seat=int(data["seat"]),
            solution=str(data["solution"]),
            margin=float(data["margin"]),
            agree=int(data["agree"]),
            samples=int(data["samples"]),
            options=int(data["options"]),
            reason=Text.from_json(data["reason"]),
            rating=float(data.get("rating", START_MU)),
            theme=str(data.get("theme", "")),
            played=str(data.get("played", "")),
        )


@dataclass(frozen=True)
class PuzzleSet:
    """A game's puzzles with the games they come from and how they were mined (the data file's content)."""

    game: str
    seed: int  # the master seed of the mining
    spec: str  # the evaluator that confirmed them
    screen: str  # the cheap evaluator that chose which positions to confirm
    min_margin: float
    min_agree: float
    games: list[SourceGame]
    puzzles: list[Puzzle]
    played_games: int = 0  # games played to find them
    cpu_seconds: float = field(default=0.0, compare=False)

    def view(self, puzzle: Puzzle) -> dict[str, Any]:
        """The puzzle's position as its seat sees it (docs/VIEWS.md), rebuilt from its game."""
        state = self.games[puzzle.source].state_at(self.game, puzzle.index)
        return dict(state.view(puzzle.seat))

    def by_id(self, puzzle_id: str) -> Puzzle | None:
        return next((p for p in self.puzzles if p.id == puzzle_id), None)

    def as_json(self) -> dict[str, Any]:
        return {
            "format": PUZZLES_FORMAT,
            "game": self.game,
            "seed": self.seed,
            "spec": self.spec,
            "screen": self.screen,
            "min_margin": self.min_margin,
            "min_agree": self.min_agree,
            "played_games": self.played_games,
            "cpu_seconds": round(self.cpu_seconds, 1),
            "games": [g.as_json() for g in self.games],
            "puzzles": [p.as_json() for p in self.puzzles],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PuzzleSet:
        if data.get("format") != PUZZLES_FORMAT:
            raise ValueError(f"not a puzzle file ({PUZZLES_FORMAT!r} expected)")
        game = str(data["game"])
        return cls(
            game=game,
            seed=int(data["seed"]),
            spec=str(data["spec"]),
            screen=str(data["screen"]),
            min_margin=float(data["min_margin"]),
            min_agree=float(data["min_agree"]),
            games=[SourceGame.from_json(g) for g in data["games"]],
            puzzles=[Puzzle.from_json(game, p) for p in data["puzzles"]],
            played_games=int(data.get("played_games", 0)),
            cpu_seconds=float(data.get("cpu_seconds", 0.0)),
        )


def dumps(puzzles: PuzzleSet) -> bytes:
    """The data file's bytes: compact JSON, gzipped (the moves repeat the same few notations: they pack well)."""
    text = json.dumps(puzzles.as_json(), separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)  # mtime 0: the same bytes every time


def save(puzzles: PuzzleSet, path: str | Path) -> None:
    Path(path).write_bytes(dumps(puzzles))


def load(path: str | Path) -> PuzzleSet:
    """Read a data file (gzipped or plain JSON); ValueError if it is not one."""
    raw = Path(path).read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return PuzzleSet.from_json(json.loads(raw.decode("utf-8")))


def data_path(game: str) -> Path:
    """Where the committed puzzles of `game` are (package data)."""
    return Path(__file__).with_name("data") / f"{game}.json.gz"


def bundled(game: str) -> PuzzleSet | None:
    """The committed puzzles of `game` (None if there are none)."""
    path = data_path(game)
    return load(path) if path.exists() else None


def legal_notations(view: Mapping[str, Any]) -> list[str]:
    """The notations of a view's legal actions, in the view's order."""
    return [str(entry.get("notation", "")) for entry in view.get("legal_actions", [])]
