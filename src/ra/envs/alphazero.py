"""An AlphaZero-style search over the engine, guided by a learned policy and a learned value, from its seat's view.

Each simulation samples a full state consistent with the seat's view (the game's `from_view`: the hidden bag or deck
order drawn from the public counts, never read from the real game) and walks one shared tree, as `ra.bots.mcts`
does: a node has one acting seat, its children are keyed by what an action drew and who acts next, and RA and
Write's simultaneous choices are taken in turn, the bot's own first. Unlike `mcts` it has no playouts:

- a node is expanded once, with the acting seat's **prior**, the softmax of the policy's logits over its legal
  actions (the policy trained at the table's size, `LearnedBot.policy`), and each seat's **value**, the value
  network's estimate of that seat's reward (`ra.bots.playout.terminal_rewards`: its share of the win, nudged by its
  margin) from that seat's own observation;
- edges are chosen by PUCT, Q + c·P·√N / (1 + n), each seat maximising its own value; an edge not yet tried counts
  its node's value for Q;
- a finished game is scored by the real terminal rewards.

The bot plays the most visited root action. With `simulations` only it is deterministic given its seed; a `seconds`
budget (the plug-in interface's) also stops the search once spent. The networks are trained by
`research/train_alphazero.py`; each game's package names its agent (`ra.envs.ra.learned:AlphaZero`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from ra.bots.base import legal_ids, seat_of
from ra.bots.playout import terminal_rewards
from ra.core.protocol import GameState
from ra.envs.parts import game_parts
from ra.envs.policy import LearnedBot, MlpPolicy, MlpValue, load_once
from ra.games import game_module

DEFAULT_SIMULATIONS = 256  # simulations per decision: against medium, 96 < 256 = 1,024 (docs/research/baselines.md)
DEFAULT_C = 1.5  # PUCT's exploration constant, for values in [0, 1]


class _Edge:
    __slots__ = ("children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.children: dict[tuple[Any, ...], _Node] = {}


class _Node:
    __slots__ = ("edges", "player", "prior", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.player = -1
        self.prior: dict[int, float] = {}
        self.value: list[float] = []
        self.edges: dict[int, _Edge] = {}


class AlphaZeroBot(LearnedBot):
    """PUCT search with a learned prior and value (module docstring); a subclass names its game and files."""

    value: ClassVar[Path]  # the value network (`MlpValue`)
    simulations: ClassVar[int] = DEFAULT_SIMULATIONS
    c: ClassVar[float] = DEFAULT_C

    def __init__(self, *, game: str, seed: int, seconds: float | None) -> None:
        """The bot for `game` (its own only), deterministic given `seed`; `seconds` caps each decision's search."""
        super().__init__(game=game, seed=seed, seconds=seconds)
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.module = game_module(game)
        self.observer = game_parts(game).STATE_ENCODER()
        self.value_net = load_once(self.value, MlpValue)
        self.last_simulations = 0
        self.last_visits: dict[int, int] = {}  # root action -> its visits in the last decision

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """The most visited root action after the simulations."""
        ids = legal_ids(view)
        if len(ids) == 1:
            return ids[0]
        me = seat_of(view)
        policy = self.policy(int(view["num_players"]))
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.simulations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._simulate(root, self.module.from_view(view, self.rng), me, ids, policy)
            done += 1
        self.last_simulations = done
        self.last_visits = {action: edge.visits for action, edge in root.edges.items()}
        return max(ids, key=lambda a: (self.last_visits.get(a, 0), root.prior.get(a, 0.0)))

    def _simulate(self, root: _Node, state: GameState, me: int, allowed: list[int], policy: MlpPolicy) -> None:
        """One simulation: down the tree by PUCT to a new node or the end, then each seat's value back up."""
        node = root
        path: list[tuple[_Node, _Edge]] = []
        player = me
        while True:
            if state.is_terminal():
                values = terminal_rewards(state)
                break
            if node is not root:
                player = state.current_players()[0]
            if node.player < 0:
                values = self._expand(node, state, player, allowed if node is root else None, policy)
                break
            action = self._select(node, state.legal_actions(player) if node is not root else allowed)
            edge = node.edges.get(action)
            if edge is None:
                edge = node.edges[action] = _Edge()
            state.push(action, player)
            path.append((node, edge))
            # A child is keyed by what the action drew and who acts next, so that a node has one acting seat.
            acting = state.current_players()
            outcome = (tuple(state.history[-1].draws) if state.history else (), acting[0] if acting else -1)
            child = edge.children.get(outcome)
            if child is None:
                child = edge.children[outcome] = _Node()
            node = child
        for parent, edge in path:
            parent.visits += 1
            edge.visits += 1
            edge.total += values[parent.player]

    def _select(self, node: _Node, legal: Any) -> int:
        """The legal action of highest PUCT score for the node's seat."""
        scale = self.c * math.sqrt(node.visits + 1)
        first_value = node.value[node.player]
        spread = 1.0 / max(1, len(node.prior))  # an action the prior has not seen (another sample's legal set)
        best, best_score = -1, -math.inf
        for action in legal:
            edge = node.edges.get(action)
            prior = node.prior.get(action, spread)
            if edge is None or edge.visits == 0:
                score = first_value + scale * prior
            else:
                score = edge.total / edge.visits + scale * prior / (1 + edge.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _expand(
        self, node: _Node, state: GameState, player: int, allowed: list[int] | None, policy: MlpPolicy
    ) -> list[float]:
        """Give the node its seat, prior and values; the values are what the simulation backs up."""
        legal = list(state.legal_actions(player)) if allowed is None else allowed
        seats = state.num_players
        rows = np.stack([self.observer.observe(state, seat) for seat in range(seats)])
        logits = policy.logits(rows[player])[legal]
        weights = np.exp(logits - logits.max())
        weights /= weights.sum()
        node.player = player
        node.prior = dict(zip(legal, weights.tolist(), strict=True))
        node.value = self.value_net.values(rows).tolist()
        return node.value


__all__ = ["DEFAULT_C", "DEFAULT_SIMULATIONS", "AlphaZeroBot"]
