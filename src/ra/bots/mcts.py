"""`mcts`: determinized UCT for any game, deciding from its seat's view only.

Each iteration samples a full state consistent with the view (`from_view(view, rng)`: the hidden bag or deck
order is drawn from the public counts, never read from the real game), then walks one shared tree whose edges
are (acting seat, action) and whose chance branches are keyed by what the action drew. Edge statistics use the
acting seat's reward, so the search handles 2–5 players; selection counts availability (an edge is scored
against the number of times it was legal), as in information-set MCTS. Simultaneous choices (RA and Write) are
treated as sequential: the bot's own choice first at the root, then the other pending choices in seat order.
Playouts and the candidate filter come from the game's bots subpackage (`ra.bots.registry`), random otherwise.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any

from ra.bots.base import legal_ids, seat_of
from ra.bots.playout import Rollout, terminal_rewards
from ra.bots.registry import game_bots
from ra.core.protocol import GameState
from ra.games import game_module

DEFAULT_ITERATIONS = 400  # the budget when a spec gives none
DEFAULT_C = 0.7  # UCB1's exploration constant


class _Edge:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[tuple[str, ...], _Node] = {}


class _Node:
    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[tuple[int, int], _Edge] = {}


class MctsBot:
    """Determinized UCT with an iteration and/or seconds budget per decision; deterministic with iterations only."""

    name = "mcts"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float | None = None,
        rollout: Rollout | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.game = game
        self.module = game_module(game)
        support = game_bots(game)
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = DEFAULT_C if c is None else c
        self.rollout = rollout or support.rollout
        self.candidates = support.candidates
        self.last_iterations = 0

    def choose(self, view: Mapping[str, Any]) -> int:
        """The most-visited root action after the budget's iterations."""
        ids = legal_ids(view)
        if len(ids) == 1:
            return ids[0]
        me = seat_of(view)
        allowed = set(ids)
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations if self.iterations is not None else 1 << 60
        done = 0
        while done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            state = self.module.from_view(view, self.rng)
            self._iterate(root, state, me, allowed)
            done += 1
        self.last_iterations = done
        best = max(
            (key for key in root.edges if key[0] == me and key[1] in allowed),
            key=lambda k: (root.edges[k].visits, root.edges[k].total),
            default=None,
        )
        return best[1] if best is not None else ids[0]

    def _iterate(self, root: _Node, state: GameState, me: int, allowed: set[int]) -> None:
        rng = self.rng
        node = root
        path: list[tuple[_Edge, int]] = []
        first = True
        while not state.is_terminal():
            player = me if first else state.current_players()[0]
            legal = self.candidates(state, player, state.legal_actions(player))
            if first:
                legal = [a for a in legal if a in allowed] or legal
                first = False
            edges = node.edges
            untried: list[int] = []
            best_key: tuple[int, int] | None = None
            best_score = -1.0
            log_term = 0.0
            for action in legal:
                key = (player, action)
                edge = edges.get(key)
                if edge is None:
                    edge = edges[key] = _Edge()
                edge.avail += 1
                if edge.visits == 0:
                    untried.append(action)
            if untried:
                action = rng.choice(untried)
                edge = edges[(player, action)]
                state.push(action, player)
                path.append((edge, player))
                break
            for action in legal:
                edge = edges[(player, action)]
                log_term = math.log(edge.avail)
                score = edge.total / edge.visits + self.c * math.sqrt(log_term / edge.visits)
                if score > best_score:
                    best_score, best_key = score, (player, action)
            assert best_key is not None
            edge = edges[best_key]
            state.push(best_key[1], player)
            path.append((edge, player))
            outcome = state.history[-1].draws if state.history else ()
            child = edge.children.get(outcome)
            if child is None:
                child = edge.children[outcome] = _Node()
            node = child
        rewards = self.rollout(state, rng) if not state.is_terminal() else terminal_rewards(state)
        for edge, player in path:
            edge.visits += 1
            edge.total += rewards[player]
