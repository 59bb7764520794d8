"""`search` for Ra: max-n search over sampled bags (determinizations), deciding from its seat's view only.

Each sample (`samples` of them, twice as many with two players: `SAMPLE_FACTOR`) rebuilds the position with
`from_view` (the bag's order drawn at random from its public counts) and runs `ra.bots.ra.search` two auctions
deep, every seat maximising its own lead, leaves scored by the static evaluation; with two seats the tree is
`ra.bots.ra.duel`'s alpha-beta, which finds max-n's values in fewer nodes. A root action's worth is its lead
averaged over the samples; the best average is played. A sample whose deep search outgrows `nodes` is searched
one auction deep instead; with `fails=k`, after k such samples the rest are searched one auction deep at once
(the position's tree is too big). `work` caps the nodes of all samples together (the samples stop once it is
spent) and `seconds` (wall clock) caps the samples too. With `blind=1`, the bot's own draws inside the tree count
as chance (Ra or not, by P(Ra)), so that it cannot plan on a sampled bag's timing of the last Ra tile as if it
knew it. With `learned=k` the leaves are scored with the evaluation's `LEARNED` weights (fitted to self-play)
instead of its `DEFAULT` at tables of k or more seats (`learned=1`: always). After a decision, `last_samples`,
`last_nodes`, `last_leads` (root action -> average lead in points) and `last_best` (root action -> in how many
samples it had the best lead, ties included) tell why (the server's hints, `ra.bots.hints`); `last_sample_leads`
(root action -> its lead in each sample, the same samples for every action) is what an analysis reads
(`ra.analysis`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from ra.bots.base import legal_ids, seat_of
from ra.bots.ra.duel import DuelSearch
from ra.bots.ra.evaluation import LEARNED, Weights
from ra.bots.ra.search import BudgetExceeded, Search, own_lead
from ra.games.ra import from_view

DEFAULT_SAMPLES = 10
DEFAULT_DEPTH = 2
DEFAULT_NODES = 4000
# Samples taken per `samples` asked, by player count: two seats are searched by alpha-beta, which visits about
# 40% of max-n's nodes, so twice the samples fit in the same time (docs/research/strength.md, "Fourth round").
SAMPLE_FACTOR: dict[int, int] = {2: 2}


class RaSearchBot:
    """Determinized max-n search: `samples` bags, `depth` auctions deep, at most `nodes` nodes per sample."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        samples: float = DEFAULT_SAMPLES,
        depth: float = DEFAULT_DEPTH,
        nodes: float = DEFAULT_NODES,
        seconds: float | None = None,
        blind: float = 0,
        work: float = 0,
        fails: float = 0,
        learned: float = 0,
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = int(samples)
        self.depth = int(depth)
        self.nodes = int(nodes)
        self.seconds = seconds
        self.blind = int(blind)
        self.work = int(work)  # nodes of all samples together (0: no cap but samples x nodes)
        self.fails = int(fails)  # deep searches that may outgrow `nodes` before the rest go shallow (0: no limit)
        self.learned = int(learned)  # from this many seats on, leaves use the LEARNED weights (0: never)
        self.last_samples = 0
        self.last_nodes = 0
        self.last_leads: dict[int, float] = {}  # root action -> its average lead in points (for hints)
        self.last_best: dict[int, int] = {}  # root action -> samples in which its lead was the best (for hints)
        self.last_sample_leads: dict[int, list[float]] = {}  # root action -> its lead in each sample (analysis)

    def choose(self, view: Mapping[str, Any]) -> int:
        """The root action with the best lead averaged over the sampled bags."""
        ids = legal_ids(view)
        self.last_sample_leads = {}
        if len(ids) == 1:
            return ids[0]
        me = seat_of(view)
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        base = from_view(view, self.rng)
        leads = dict.fromkeys(ids, 0.0)
        best = dict.fromkeys(ids, 0)
        each: dict[int, list[float]] = {action: [] for action in ids}
        done = failed = spent = 0
        seat = me if self.blind else -1  # whose draws inside the tree are chance nodes
        # Two seats: max-n over leads is zero-sum, and alpha-beta finds the same values in fewer nodes.
        weights = self._weights(base.num_players)
        tree: Callable[[int, int, int], Search | DuelSearch]
        tree = partial(Search, weights=weights)
        if base.num_players == 2:
            tree = partial(DuelSearch, weights=weights)
        budget = self.samples * SAMPLE_FACTOR.get(base.num_players, 1)
        while done < budget:
            # Stop before a sample that would likely end past the deadline (one takes about the average so far).
            if done and deadline is not None and (now := time.perf_counter()) + (now - start) / done >= deadline:
                break
            if done and self.work and spent >= self.work:
                break
            state = base.clone()
            self.rng.shuffle(state.bag)
            values = None
            if not self.fails or failed < self.fails:
                deep = tree(self.depth, self.nodes, seat)
                try:
                    values = deep.root_values(state, ids)
                except BudgetExceeded:
                    failed += 1  # after a few, this position's tree is too big: search the rest shallow at once
                spent += deep.nodes
            if values is None:
                shallow = tree(min(1, self.depth), 1 << 40, seat)
                values = shallow.root_values(state, ids)
                spent += shallow.nodes
            sample = {action: own_lead(values[action], me) for action in ids}
            top = max(sample.values())
            for action, value in sample.items():
                leads[action] += value
                each[action].append(value)
                best[action] += value >= top
            done += 1
        self.last_samples, self.last_nodes = done, spent
        self.last_leads = {action: total / done for action, total in leads.items()}
        self.last_best = best
        self.last_sample_leads = each
        return max(ids, key=lambda a: leads[a])

    def _weights(self, players: int) -> Weights | None:
        """The leaves' weights at a table of `players` seats (None: the evaluation's DEFAULT)."""
        return LEARNED if 0 < self.learned <= players else None
