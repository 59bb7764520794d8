"""RA and Write's `greedy` bot deciding for many games at once: the same choices, its valuation done in NumPy.

`ra.bots.write.heuristic.WriteGreedyBot` tries every (pruned) entry of its seat, and the bonus chain that entry
earns, on a copy of the position rebuilt from the seat's view (`from_view`: the undrawn deck shuffled), and keeps
the one whose `relative_value` is highest. Almost all its time goes to that valuation, one position at a time.
`BatchedGreedy` makes the same trials (the bot's own `prune`, copies and moves, and its `Clock`) for every waiting
game together, level by level of the bonus chains, and values each level's positions in one pass of
`sheet_values` below: the bot's `ra.bots.write.valuation.sheet_values` term by term over arrays (trials x seats),
summed in the same order, so values agree to rounding (1e-14) and the choices are the bot's, ties included (the
bot keeps the first entry unless another is better by 1e-9). tests/envs/write/test_batched_greedy.py checks both.
The position is the engine's `reshuffled` copy of the state: what `from_view` gives (the undrawn order shuffled,
everything else public) without building the view; the valuation never reads that order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import numpy as np
import numpy.typing as npt

from ra.bots.write.heuristic import MAX_CHAIN, prune
from ra.bots.write.valuation import (
    BONUS_WORTH,
    C0,
    CIV_TABLE,
    G0,
    M0,
    N0,
    NCIV,
    NILE_SPACES,
    NMON,
    PEND,
    PH,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
    Clock,
    W,
)
from ra.envs.common import derive_seed
from ra.envs.opponents import Waiting
from ra.games.write import NILE_BONUS_NUMBERS, State

FloatArray = npt.NDArray[np.float64]
KINGDOMS = 3
# The valuation's small tables (ra.bots.write.valuation.sheet_values), indexed by a count of filled spaces.
GOD_LINE_BONUS = np.array((0.0, 0.2, 0.9, 0.0))
NILE_PART_BONUS = np.array((0.0, 0.1, 0.45, 0.0))
CIV_LINE_BONUS = np.array((0.0, 0.15, 0.5, 0.0, 0.0, 0.0))
CIV_POINTS = np.array(CIV_TABLE, dtype=np.float64)
NILE_LOW, NILE_HIGH = NILE_BONUS_NUMBERS
NILE_PART = 3  # spaces per Nile part


def sigmoid(x: FloatArray) -> FloatArray:
    """`ra.bots.evalmath.sigmoid` over an array (clamped the same way)."""
    out: FloatArray = 1.0 / (1.0 + np.exp(-np.clip(x, -30.0, 30.0)))
    return out


def majority(values: FloatArray, spread: FloatArray, penalty: bool) -> FloatArray:
    """`valuation.majority` for every seat: values (..., n) and spread (...) -> (..., n).

    Its shortcut (0 when every value is equal and the spread is under 0.2) never applies here: spreads are 0.6 up.
    """
    n = values.shape[-1]
    diff = values[..., :, None] - values[..., None, :]  # [..., me, q] = mine - theirs
    s = spread[..., None, None]
    eye = np.eye(n, dtype=bool)
    top = np.where(eye, 1.0, sigmoid((diff + 0.5) / s))
    low = np.where(eye, 1.0, sigmoid((-diff + 0.5) / s))
    # Multiplied in seat order, as the bot does (accumulate is sequential; times 1.0 at its own seat is exact).
    p_top = np.multiply.accumulate(top, axis=-1)[..., -1]
    p_low = np.multiply.accumulate(low, axis=-1)[..., -1]
    result: FloatArray = 5.0 * p_top - (5.0 * p_low if penalty else 0.0)
    return result


def interp(x: FloatArray) -> FloatArray:
    """`ra.bots.evalmath.interp(CIV_TABLE, x)` over an array."""
    last = len(CIV_POINTS) - 1
    x = np.clip(x, 0.0, float(last))
    low = x.astype(np.int64)
    inside = np.minimum(low, last - 1)
    value = CIV_POINTS[inside] + (CIV_POINTS[inside + 1] - CIV_POINTS[inside]) * (x - inside)
    result: FloatArray = np.where(low >= last, CIV_POINTS[-1], value)
    return result


def nile_flex(rows: npt.NDArray[np.int64]) -> FloatArray:
    """`sum((hi - lo + 1) / 20 for _, lo, hi in sheet.nile_bounds(...))` for rows (..., 12) of Nile spaces."""
    spaces = rows.shape[-1]
    index = np.arange(spaces)
    filled = rows != 0
    left = np.maximum.accumulate(np.where(filled, index, -1), axis=-1)  # the last filled space at or before
    lo = np.where(left >= 0, np.take_along_axis(rows, np.maximum(left, 0), axis=-1), NILE_LOW)
    right = np.minimum.accumulate(np.where(filled, index, spaces)[..., ::-1], axis=-1)[..., ::-1]
    right_after = np.concatenate([right[..., 1:], np.full((*right.shape[:-1], 1), spaces)], axis=-1)
    next_value = np.take_along_axis(rows, np.minimum(right_after, spaces - 1), axis=-1)
    hi = np.where(right_after < spaces, next_value, NILE_HIGH)
    counted = ~filled & (lo <= hi)
    widths = np.where(counted, (hi - lo + 1) / 20.0, 0.0)
    flex: FloatArray = np.add.accumulate(widths, axis=-1)[..., -1]  # summed space by space, as the bot does
    return flex


def sheet_values(states: Sequence[State]) -> FloatArray:
    """`ra.bots.write.valuation.sheet_values` of every state at once: (K, n) expected final scores.

    The terms are listed in the order the bot adds them and summed in that order (`np.add.accumulate` is
    sequential); a term the bot skips (a Kingdom already scored) is 0 here, which adds nothing.
    """
    n = states[0].num_players
    sheets = np.stack([np.frombuffer(st.sheets, dtype=np.int8) for st in states]).astype(np.int64).reshape(-1, n, W)
    banked = np.array([st.scores() for st in states], dtype=np.float64)
    clocks = [Clock(st) for st in states]
    kingdom = np.array([c.kingdom for c in clocks])[:, None]  # (K, 1)
    scorings = np.array([c.scorings for c in clocks], dtype=np.float64)[:, None]
    tk = np.array([c.turns_kingdom for c in clocks])
    tg = np.array([c.turns_game for c in clocks])
    penalty, share = n >= 3, 1.0 / n
    lines = np.arange(KINGDOMS)
    live = kingdom[:, :, None] <= lines  # (K, 1, 3): the Kingdoms still to be scored
    now = kingdom == lines  # (K, 3): the current Kingdom
    turns = np.where(now, tk[:, None], tg[:, None])  # (K, 3)
    pharaohs = sheets[:, :, PH].astype(np.float64)
    gods = sheets[:, :, G0 : G0 + 3 * KINGDOMS].reshape(-1, n, KINGDOMS, 3)
    fill = np.minimum(1.0, turns * 0.35 * share * 3)[:, None, :]
    god_sums = gods.sum(axis=-1) + (gods == 0).sum(axis=-1) * 10.5 * fill  # (K, n, 3)
    # Every majority at once: Pharaohs now and later, then each Kingdom's Gods sums.
    contests = np.concatenate([pharaohs[None], pharaohs[None], np.moveaxis(god_sums, -1, 0)])  # (5, K, n)
    spreads = np.stack([0.6 + 0.4 * tk, 1.5 + 0.3 * tg, *(3.0 + turns.T * 1.5)])  # (5, K)
    majorities = majority(contests, spreads, penalty)
    god_worth = np.where(live, np.moveaxis(majorities[2:], 0, -1) * np.where(now, 1.0, 0.7)[:, None, :], 0.0)
    god_bonus = np.where(live, GOD_LINE_BONUS[(gods != 0).sum(axis=-1)] * BONUS_WORTH, 0.0)
    terms: list[FloatArray | float] = [
        banked,
        majorities[0],
        np.where(scorings > 1, (scorings - 1) * 0.7 * majorities[1], 0.0),
        10.0 * (pharaohs / PHARAOH_SPACES) ** 3,
        np.where(np.isin(pharaohs + 1, PHARAOH_NILE_SYMBOLS), BONUS_WORTH * 0.3, 0.0),
    ]
    for j in range(KINGDOMS):
        terms += [god_worth[:, :, j], god_bonus[:, :, j]]
    god_filled = (gods != 0).sum(axis=(-1, -2))
    nile = sheets[:, :, N0 : N0 + NILE_SPACES]
    nile_filled = (nile != 0).sum(axis=-1)
    parts = (nile.reshape(-1, n, NILE_SPACES // NILE_PART, NILE_PART) != 0).sum(axis=-1)
    terms += [
        10.0 * (god_filled / 9) ** 3,
        nile_filled * scorings + 10.0 * (nile_filled / NILE_SPACES) ** 3,
        nile_flex(nile) * 0.35 * scorings,
        *np.moveaxis(NILE_PART_BONUS[parts] * BONUS_WORTH, -1, 0),
    ]
    civ = sheets[:, :, C0 : C0 + KINGDOMS * NCIV].reshape(-1, n, KINGDOMS, NCIV)
    marks = civ.sum(axis=-1)  # (K, n, 3)
    extra = np.where(now, tk[:, None], tk[:, None] + 4.0 * (lines - kingdom)) * 0.22  # (K, 3)
    civ_points = np.where(live, interp(marks + extra[:, None, :]), 0.0)
    civ_bonus = np.where(live, CIV_LINE_BONUS[np.minimum(marks, len(CIV_LINE_BONUS) - 1)] * BONUS_WORTH, 0.0)
    for j in range(KINGDOMS):
        terms += [civ_points[:, :, j], civ_bonus[:, :, j]]
    columns = sheets[:, :, M0 : M0 + NMON]
    started = (columns != 0).sum(axis=-1)
    left = np.minimum(1.0, tg / 25.0)[:, None, None]
    by_marks = np.concatenate([np.zeros_like(left), 1.2 * left, 4.0 * left + 1.0, np.full_like(left, 10.0)], axis=-1)
    marked = np.take_along_axis(np.broadcast_to(by_marks, (*columns.shape[:2], 4)), columns, axis=-1)
    terms += [
        started * scorings + 10.0 * (started / NMON) ** 2,
        *np.moveaxis(marked, -1, 0),  # column by column, as the bot does
        np.where(sheets[:, :, PEND] != 0, BONUS_WORTH, 0.0),
    ]
    value = np.add.accumulate(np.stack(np.broadcast_arrays(*terms)), axis=0)[-1]
    result: FloatArray = np.where(scorings == 0, banked, value)
    return result


def relative_values(states: Sequence[State], seats: Sequence[int]) -> list[float]:
    """`valuation.relative_value(state, seat)` for each pair: my value minus the mean of the others'."""
    values = sheet_values(states)
    n = values.shape[1]
    me = np.array(seats)
    mine = values[np.arange(len(states)), me]
    others = np.zeros(len(states))
    for q in range(n):  # summed in seat order, as the bot does
        others = others + np.where(me == q, 0.0, values[:, q])
    return (mine - others / max(1, n - 1)).tolist()  # type: ignore[no-any-return]


class BatchedGreedy:
    """RA and Write's `greedy` (no epsilon) for every waiting game at once (`ra.envs.opponents.Opponents`)."""

    def __init__(self) -> None:
        self.rngs: dict[tuple[int, int], random.Random] = {}

    def start(self, game: int, seed: int, seats: Sequence[int]) -> None:
        """Each seat's generator as `make_bot("greedy", "write", seed)` would seed it (for `from_view`'s deck)."""
        for seat in seats:
            self.rngs[game, seat] = random.Random(derive_seed(seed, f"bot{seat}"))

    def choose(self, waiting: Sequence[Waiting]) -> list[int]:
        """The greedy entry of each waiting seat, from its own view."""
        chosen: list[int] = []
        trials: list[tuple[int, int, State]] = []  # (waiting index, entry, position after it and its chain)
        for w, entry in enumerate(waiting):
            ids = entry.state.legal_actions(entry.seat)  # the view's legal actions, in its order
            chosen.append(ids[0])
            if len(ids) == 1:
                continue
            # The bot rebuilds the position from its view with a sampled deck order; the engine's reshuffled copy
            # is that position (every part but the undrawn order is public) without building the view.
            position = cast(State, entry.state).reshuffled(self.rngs[entry.game, entry.seat])
            for action in prune(ids):
                trial = position.clone()
                trial.push(action, entry.seat)
                trials.append((w, action, trial))
        if not trials:
            return chosen
        seats = [waiting[w].seat for w, _, _ in trials]
        positions = [trial for _, _, trial in trials]
        self._chains(positions, seats)
        best = [float("-inf")] * len(waiting)
        for (w, action, _), value in zip(trials, relative_values(positions, seats), strict=True):
            if value > best[w] + 1e-9:
                chosen[w], best[w] = action, value
        return chosen

    @staticmethod
    def _chains(positions: list[State], seats: list[int]) -> None:
        """Make each position's best bonus entries, one step ahead each, all positions level by level (in place)."""
        for _ in range(MAX_CHAIN):
            bonus: list[tuple[int, State]] = []
            for p, (state, me) in enumerate(zip(positions, seats, strict=True)):
                if state.sheets[me * W + PEND] and me in state.current_players():
                    for action in prune(state.legal_actions(me)):
                        trial = state.clone()
                        trial.push(action, me)
                        bonus.append((p, trial))
            if not bonus:
                return
            values = relative_values([trial for _, trial in bonus], [seats[p] for p, _ in bonus])
            best: dict[int, tuple[float, State]] = {}
            for (p, trial), value in zip(bonus, values, strict=True):
                if p not in best or value > best[p][0]:
                    best[p] = (value, trial)
            for p, (_, trial) in best.items():
                positions[p] = trial


__all__ = ["BatchedGreedy", "relative_values", "sheet_values"]
