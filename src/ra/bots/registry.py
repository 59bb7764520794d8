"""Each game's bot support, found by name: the subpackage `ra.bots.<game>`, if there is one.

A game's subpackage may define, at module level (docs/BOTS.md, "Layout"):

- `greedy(seed, **settings) -> Bot`: its heuristic bot (the `greedy` kind exists only for games that define it);
- `search(seed, **settings) -> Bot`: its own search bot (the `search` kind, likewise);
- `rollout(state, rng) -> list[float]` and `candidates(state, player, legal) -> Sequence[int]` for `mcts`
  (`legal` is read-only: engines may hand out shared tuples);
- `LEVELS`: its ladder of `Level`s;
- `purpose(view, action) -> Text | None`: what a move is for, in a player's words, for a hint (`ra.bots.hints`);
- `PURPOSE_NAMES_MOVE`: True where its purposes begin with the move itself ("Draw a tile: ..."), so that an
  analysis need not name the move again;
- `evaluate`, `ANALYSIS_SPEC`, `ANALYSIS_THRESHOLDS`: its fair evaluator for analyses (`ra.bots.evaluator`);
- `THEMES` (theme -> title) and `theme(view, action) -> str`: what a puzzle solved by `action` teaches;
  `PUZZLE_SCREEN_SPEC` (the cheap evaluator that picks positions worth confirming) and `PUZZLE_PLAYERS` (the
  player counts of the games puzzles are mined from; `ra.puzzles.mine`).

A game without a subpackage still gets `random` and `mcts` with random playouts, and the generic ladder.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

from ra.bots.base import Bot
from ra.bots.evaluator import Evaluate, Thresholds
from ra.bots.playout import Candidates, Rollout, all_actions, random_rollout
from ra.core.text import Text, t
from ra.games import game_module


class GreedyFactory(Protocol):
    """Builds one of a game's own bots (`greedy`, `search`) from a seed and its spec settings (e.g. `epsilon`)."""

    def __call__(self, seed: int, **settings: float) -> Bot:
        """The bot."""
        ...


@dataclass(frozen=True)
class Level:
    """One rung of a game's ladder for people: a name, the spec it stands for, and what that bot is."""

    name: str
    spec: str
    description: Text  # put into the reader's language


# What a move is for, in a player's words, from the mover's view (None: nothing to say).
Purpose = Callable[[Mapping[str, Any], int], Text | None]
Theme = Callable[[Mapping[str, Any], int], str]  # (view, the best action) -> a key of the game's THEMES

# The ladder of a game that has no bots subpackage (or no LEVELS of its own): search only.
GENERIC_LEVELS: tuple[Level, ...] = (
    Level("easy", "random", t("uniformly random legal moves")),
    Level(
        "medium",
        "mcts:iterations=200,seconds=1.0",
        t("search with random playouts: {iterations} iterations, at most {seconds} s", iterations=200, seconds=1),
    ),
    Level(
        "hard",
        "mcts:iterations=1000,seconds=1.0",
        t("search with random playouts: {iterations} iterations, at most {seconds} s", iterations=1000, seconds=1),
    ),
)


@dataclass(frozen=True)
class GameBots:
    """What a game offers its bots: its heuristic and search bots (if any), `mcts`'s playout and candidates, ladder."""

    greedy: GreedyFactory | None
    rollout: Rollout
    candidates: Candidates
    levels: tuple[Level, ...]
    search: GreedyFactory | None = None
    purpose: Purpose | None = None
    purpose_names_move: bool = False
    evaluate: Evaluate | None = None  # an analysis's evaluator (None: the game offers no analysis)
    analysis_spec: str = ""
    thresholds: Thresholds | None = None
    themes: Mapping[str, Text] = field(default_factory=dict)  # a puzzle's theme -> its title
    theme: Theme | None = None
    puzzle_screen_spec: str = ""
    puzzle_players: tuple[int, ...] = ()


def game_bots(game: str) -> GameBots:
    """The bot support of a registered game; ValueError for a game `ra.games` does not know."""
    game_module(game)  # checked on every call: the registry of games may change (tests register fakes)
    return _load(game)


@functools.cache
def _load(game: str) -> GameBots:
    module = _subpackage(game)
    if module is None:
        return GameBots(None, random_rollout, all_actions, GENERIC_LEVELS)
    return GameBots(
        greedy=getattr(module, "greedy", None),
        rollout=getattr(module, "rollout", random_rollout),
        candidates=getattr(module, "candidates", all_actions),
        levels=tuple(getattr(module, "LEVELS", GENERIC_LEVELS)),
        search=getattr(module, "search", None),
        purpose=getattr(module, "purpose", None),
        purpose_names_move=bool(getattr(module, "PURPOSE_NAMES_MOVE", False)),
        evaluate=getattr(module, "evaluate", None),
        analysis_spec=getattr(module, "ANALYSIS_SPEC", ""),
        thresholds=getattr(module, "ANALYSIS_THRESHOLDS", None),
        themes=dict(getattr(module, "THEMES", {})),
        theme=getattr(module, "theme", None),
        puzzle_screen_spec=getattr(module, "PUZZLE_SCREEN_SPEC", ""),
        puzzle_players=tuple(getattr(module, "PUZZLE_PLAYERS", ())),
    )


def _subpackage(game: str) -> ModuleType | None:
    name = f"{__package__}.{game}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the subpackage exists but something it imports is missing: a real error
            raise
        return None


def levels_for(game: str) -> list[Level]:
    """A game's ladder for people (easy, medium, hard); ValueError for an unknown game."""
    return list(game_bots(game).levels)


def kinds_for(game: str) -> tuple[str, ...]:
    """The bot kinds a game offers: `random` and `mcts` always, `greedy` and `search` where the game defines them."""
    support = game_bots(game)
    own = (("greedy",) if support.greedy is not None else ()) + (("search",) if support.search is not None else ())
    return ("random", *own, "mcts")
