"""A fast Ra playout for `mcts`: a cheap tile-value policy to the end of the epoch, then a points estimate.

It reads the sampled (determinized) state's fields directly, for speed; the state comes from `from_view`, so it
holds nothing the bot's seat cannot see except a sampled bag order.
"""

from __future__ import annotations

import random

from ra.bots.playout import margin_rewards, terminal_rewards
from ra.core.protocol import GameState
from ra.games.ra import State, phases, scoring, str_to_action, tables

TURN, AUCTION, GODS, OVER = phases.TURN, phases.AUCTION, phases.GODS, phases.OVER
monument_points = scoring.monument_points
AUCTION_TRACK_SIZE = tables.AUCTION_TRACK_SIZE
CIVILIZATION, MONUMENTS, NK = tables.CIVILIZATION, tables.MONUMENTS, tables.NUM_KINDS
GOD, GOLD, PHARAOH, NILE, FLOOD = tables.GOD, tables.GOLD, tables.PHARAOH, tables.NILE, tables.FLOOD
FUNERAL, DROUGHT, WAR, EARTHQUAKE = tables.FUNERAL, tables.DROUGHT, tables.WAR, tables.EARTHQUAKE
# Action ids from the engine's stable notation (docs/RA_ACTIONS.md).
DRAW, INVOKE, PASS, DONE = (str_to_action(text) for text in ("draw", "ra", "pass", "done"))
GOD_ACTION: tuple[int, ...] = tuple(str_to_action(f"god:{kind}") for kind in tables.KINDS)  # by tile kind

MAX_STEPS = 2000


def tile_value(held: list[int], b: int, tile: int) -> float:
    """A quick guess of what one tile is worth to the seat whose holdings start at `held[b]`."""
    if tile == GOD:
        return 2.0
    if tile == GOLD:
        return 3.0
    if tile == PHARAOH:
        return 1.8
    if tile == NILE:
        return 1.6 if held[b + FLOOD] else 0.9
    if tile == FLOOD:
        return 1.0 + (held[b + NILE] if not held[b + FLOOD] else 0)
    if tile in CIVILIZATION:
        if held[b + tile]:
            return 0.4
        types = sum(1 for k in CIVILIZATION if held[b + k])
        return 5.0 if types in (0, 2, 3, 4) else 2.5
    if tile in MONUMENTS:
        count = held[b + tile]
        return (1.2, 1.8, 4.0, 5.0, 5.0, 0.5)[min(count, 5)]
    if tile == FUNERAL:
        return -1.8 * min(2, held[b + PHARAOH])
    if tile == DROUGHT:
        return -1.0 * min(2, held[b + FLOOD] + held[b + NILE]) - (held[b + NILE] if held[b + FLOOD] <= 2 else 0)
    if tile == WAR:
        return -2.5 * min(2, sum(held[b + k] for k in CIVILIZATION))
    if tile == EARTHQUAKE:
        return -1.5 * min(2, sum(held[b + k] for k in MONUMENTS))
    return 0.0


def lot_value(st: State, seat: int) -> float:
    """Sum of tile values of the auction track for `seat` (plus a little for the central disk)."""
    held, b = st.held, seat * NK
    return float(sum(tile_value(held, b, t) for t in st.track) + 0.15 * (st.central - 5))


def rollout_action(st: State, rng: random.Random) -> int:
    """The playout policy's action for the seat that must decide in `st`."""
    p = st.cur
    phase = st.phase
    if phase == AUCTION:
        legal = st.legal_actions(p)
        bids = [a for a in legal if a != PASS]
        if not bids:
            return PASS
        if legal[0] != PASS:  # forced bid: the cheapest disk
            return bids[0]
        value = lot_value(st, p)
        if value < 2.5 + 4.0 * rng.random():
            return PASS
        return bids[0] if rng.random() < 0.7 else rng.choice(bids)
    if phase == TURN:
        track = st.track
        if st.held[p * NK + GOD] and track and rng.random() < 0.5:
            held, b = st.held, p * NK
            best = max((t for t in track if t != GOD), key=lambda t: tile_value(held, b, t), default=None)
            if best is not None and tile_value(held, b, best) >= 3.5:
                return GOD_ACTION[best]
        if len(track) >= AUCTION_TRACK_SIZE:
            return INVOKE
        if len(track) >= 2 and lot_value(st, p) >= 4.0 + 6.0 * rng.random():
            return INVOKE
        return DRAW
    if phase == GODS:
        return DONE
    return rng.choice(st.legal_actions(p))


def estimate(st: State) -> list[float]:
    """Points now plus a guess of what holdings will still score (monuments, pharaoh lead, Nile, disks)."""
    n = st.num_players
    held = st.held
    left = 3 - st.epoch + (1 if st.phase != OVER and st.ra_filled else 0)
    pharaohs = [held[p * NK + PHARAOH] for p in range(n)]
    totals = [sum(st.up[p]) + sum(st.down[p]) for p in range(n)]
    hi, lo = max(pharaohs), min(pharaohs)
    dhi, dlo = max(totals), min(totals)
    out: list[float] = []
    for p in range(n):
        b = p * NK
        value = float(st.points[p])
        value += monument_points([held[b + k] for k in MONUMENTS])
        if hi != lo:
            value += left * 0.7 * (5.0 if pharaohs[p] == hi else -2.0 if pharaohs[p] == lo else 0.0)
        value += left * 0.5 * held[b + NILE]
        if dhi != dlo:
            value += 0.6 * (5.0 if totals[p] == dhi else -5.0 if totals[p] == dlo else 0.0)
        out.append(value)
    return out


def rollout(state: GameState, rng: random.Random) -> list[float]:
    """Play the cheap policy to the end of the current epoch; rewards from the result or the estimate."""
    if not isinstance(state, State):
        raise TypeError(f"the Ra playout needs a Ra state, not {type(state).__name__}")
    epoch = state.epoch
    steps = 0
    while state.phase != OVER and state.epoch == epoch and steps < MAX_STEPS:
        state.push(rollout_action(state, rng))
        steps += 1
    if state.phase == OVER:
        return terminal_rewards(state)
    return margin_rewards(estimate(state), 8.0)
