"""`search` for RA and Write: flat Monte Carlo over the best entries, deciding from its seat's view only.

1. Rebuild the position once with `from_view` (the deck's order drawn from its public composition).
2. Candidates: every entry `greedy` would try, ranked by `greedy`'s own one-step value; the best `width` stay.
3. Each candidate is played, then the turn is finished the way `greedy` players finish it (its own bonus chain,
   the other players' choices from the cards left): none of this reads the deck, so it is done once.
4. From each finished turn, `samples` playouts (twice as many with two players, `SAMPLE_FACTOR`) with the
   rule-of-thumb policy to the end of the Kingdom, over decks shuffled anew from the public composition — the same
   deck and noise for every candidate (common random numbers), so that candidates are compared on equal draws.
   Each playout ends in the scoresheet estimate.
5. The candidate with the best mean reward (a squashed margin over the best other seat) is played. After a
   decision, `last_samples`, `last_leads` (candidate -> mean lead in points) and `last_best` (candidate -> in how
   many samples its playout had the best margin, ties included) tell why (the server's hints, `ra.bots.hints`);
   `last_sample_leads` (candidate -> its margin in each sample) is what an analysis reads (`ra.analysis`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Mapping
from typing import Any

from ra.bots.base import legal_ids, seat_of
from ra.bots.evalmath import sigmoid
from ra.bots.write.heuristic import prune, value_after
from ra.bots.write.playout import play_kingdom_out
from ra.bots.write.valuation import sheet_values
from ra.games.write import State, actions, from_view

DEFAULT_SAMPLES = 100
DEFAULT_WIDTH = 6  # candidates kept after ranking by greedy's value
MARGIN_SCALE = 8.0  # points of margin over the best other seat per unit of the squashed reward
# Samples taken per `samples` asked, by player count: with two players a playout has half the choices per turn,
# so twice the samples fit in the same time (measured: 76.7% -> 90.0% against `greedy`, docs/research/strength.md).
SAMPLE_FACTOR: dict[int, int] = {2: 2}
MAX_TURN_STEPS = 60  # a turn's choices and bonus links are far fewer; a guard only


def greedy_action(state: State, player: int) -> int:
    """What `greedy` plays for `player` in `state` (its own choice rule, without rebuilding from a view)."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    best, best_value = legal[0], float("-inf")
    for action in prune(legal):
        value = value_after(state, player, action)
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


def finish_turn(state: State) -> None:
    """Play `greedy`'s choices for every pending player until the next card reveal (or the game's end)."""
    for _ in range(MAX_TURN_STEPS):
        if state.is_terminal():
            return
        player = state.current_players()[0]
        if state.legal_actions(player) == [actions.REVEAL]:
            return
        state.push(greedy_action(state, player), player)


def playout(state: State, rng: random.Random) -> list[float]:
    """The rule-of-thumb policy to the end of the current Kingdom; every seat's estimated final score."""
    play_kingdom_out(state, rng)
    if state.is_terminal():
        return [float(x) for x in state.scores()]
    return sheet_values(state)


def lead(values: list[float], me: int) -> float:
    """My margin in points over the best other seat."""
    return values[me] - max(v for q, v in enumerate(values) if q != me)


class WriteSearchBot:
    """Flat Monte Carlo over `greedy`'s best `width` entries, `samples` playouts each, capped by `seconds`."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        samples: float = DEFAULT_SAMPLES,
        width: float = DEFAULT_WIDTH,
        seconds: float | None = None,
        include: Collection[int] = (),
    ) -> None:
        self.rng = random.Random(seed)
        self.include = tuple(include)  # actions weighed whenever legal, however greedy ranks them (analyses)
        self.samples = int(samples)
        self.width = int(width)
        self.seconds = seconds
        self.last_samples = 0
        self.last_means: dict[int, float] = {}  # candidate -> mean reward in [0, 1] (for tests)
        self.last_leads: dict[int, float] = {}  # candidate -> mean lead in points (the server's hints)
        self.last_best: dict[int, int] = {}  # candidate -> samples in which its margin was the best (hints)
        self.last_sample_leads: dict[int, list[float]] = {}  # candidate -> its margin in each sample (analysis)

    def choose(self, view: Mapping[str, Any]) -> int:
        """The candidate entry with the best mean playout reward (the legal ones of `include` are candidates too)."""
        ids = legal_ids(view)
        self.last_samples, self.last_means, self.last_leads, self.last_best = 0, {}, {}, {}
        self.last_sample_leads = {}
        if len(ids) == 1:
            return ids[0]
        me = seat_of(view)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        base = from_view(view, self.rng)
        ranked = sorted(prune(ids), key=lambda a: -value_after(base, me, a))
        chosen = ranked[: max(1, self.width)]
        chosen += [action for action in self.include if action in ids and action not in chosen]
        if len(chosen) == 1:
            return chosen[0]
        after: list[State] = []
        for action in chosen:
            state = base.clone()
            state.push(action, me)
            finish_turn(state)
            after.append(state)
        totals = [0.0] * len(chosen)
        leads = [0.0] * len(chosen)
        each: list[list[float]] = [[] for _ in chosen]
        best = [0] * len(chosen)
        budget = self.samples * SAMPLE_FACTOR.get(base.num_players, 1)
        done = 0
        while done < budget:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            seed = self.rng.getrandbits(64)
            margins = []
            for i, state in enumerate(after):
                rng = random.Random(seed)
                margin = lead(playout(state.reshuffled(rng), rng), me)
                totals[i] += sigmoid(margin / MARGIN_SCALE)  # squashed: a sure small lead beats a risky big one
                leads[i] += margin
                each[i].append(margin)
                margins.append(margin)
            top = max(margins)
            for i, margin in enumerate(margins):
                best[i] += margin >= top
            done += 1
        self.last_samples = done
        self.last_means = {a: t / max(1, done) for a, t in zip(chosen, totals, strict=True)}
        self.last_leads = {a: x / max(1, done) for a, x in zip(chosen, leads, strict=True)}
        self.last_best = dict(zip(chosen, best, strict=True))
        self.last_sample_leads = dict(zip(chosen, each, strict=True))
        pick = max(range(len(chosen)), key=lambda i: (totals[i], -i))
        return chosen[pick]
