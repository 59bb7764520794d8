"""The JAX path of Ra against the Python engine, move for move (src/ra/envs/ra/jax.py, docs/OBSERVATIONS.md).

Random games are played with the engine; the JAX games, batched with vmap, get the same disk deal, the same
actions and the same drawn tiles, and after every step must agree with the engine on the legal-action mask, the
seat to act, the end of the game, the scores, and the observation (`RaStateEncoder.observe`) of the seat to act
and of the seat on its left (float32 entries equal, not merely close); at the end on the rewards ("margin").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

pytest.importorskip("jax")

import jax
import jax.numpy as jnp

import ra.envs.ra.jax as jra
import ra.games.ra as ra_game
from ra.envs.common import final_rewards
from ra.envs.jax import load
from ra.envs.ra import STATE_ENCODER

KIND_INDEX = {k: i for i, k in enumerate(ra_game.KINDS)}
DRAW = ra_game.str_to_action("draw")
DRAW_BIAS = 0.8


@dataclass
class Record:
    """One engine game: its deal, and per step the action, the tile drawn and what the engine says after it."""

    players: int
    deal: list[int]
    options: dict[str, Any]
    actions: list[int] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    over: list[bool] = field(default_factory=list)
    points: list[list[int]] = field(default_factory=list)
    obs: list[np.ndarray] = field(default_factory=list)  # of the seat to act (zeros when over)
    obs_left: list[np.ndarray] = field(default_factory=list)  # of the seat on its left
    rewards: list[float] = field(default_factory=list)


def _observations(encoder: Any, state: ra_game.State) -> tuple[np.ndarray, np.ndarray]:
    if state.is_terminal():
        zero = np.zeros(jra.OBS_SIZE, np.float32)
        return zero, zero
    seat = state.cur
    return encoder.observe(state, seat).copy(), encoder.observe(state, (seat + 1) % state.num_players).copy()


def play(players: int, seed: int, options: dict[str, Any] | None = None) -> Record:
    """A random engine game, recorded step by step (the initial position is step 0).

    Odd seeds draw whenever they may with probability DRAW_BIAS: uniform play calls Ra early, so full auction
    tracks, gods spent and disasters come mostly from these games.
    """
    rng = random.Random(seed)
    options = options or {}
    state = ra_game.State.new({"players": players, **options}, seed=seed)
    groups = [tuple(g) for g in ra_game.DISK_GROUPS[players]]
    assert state.options.disk_groups is not None
    deal = [groups.index(tuple(sorted(g, reverse=True))) for g in state.options.disk_groups]
    rec = Record(players, deal, options)
    encoder = STATE_ENCODER()

    def note() -> None:
        mask = np.zeros(ra_game.NUM_ACTIONS, bool)
        mask[list(state.legal_actions())] = True
        rec.masks.append(mask)
        rec.seats.append(state.cur)
        rec.over.append(state.is_terminal())
        rec.points.append(state.scores() + [0] * (5 - players))
        up, left = _observations(encoder, state)
        rec.obs.append(up)
        rec.obs_left.append(left)

    note()
    while not state.is_terminal():
        legal = state.legal_actions()
        action = DRAW if seed % 2 and DRAW in legal and rng.random() < DRAW_BIAS else rng.choice(legal)
        state.push(action)
        draws = state.history[-1].draws
        rec.actions.append(action)
        rec.tiles.append(KIND_INDEX[draws[0]] if draws else 0)
        note()
    rec.rewards = final_rewards(state, "margin") + [0.0] * (5 - players)
    return rec


def _look_at(states: jra.State) -> tuple[Any, ...]:
    seats = jnp.maximum(states.cur, 0)
    left = (seats + 1) % states.num_players
    return (
        jax.vmap(jra.legal_action_mask)(states),
        states.cur,
        jax.vmap(jra.terminated)(states),
        states.points,
        jax.vmap(jra.observe)(states, seats),
        jax.vmap(jra.observe)(states, left),
    )


_look = jax.jit(_look_at)
_advance = jax.jit(jax.vmap(jra.step_drawn))
_start = jax.jit(jax.vmap(jra.init_dealt))


def check(records: list[Record]) -> int:
    """Replay the records in the JAX path, batched; assert agreement at every step. Returns the steps compared."""
    batch = len(records)
    length = max(len(r.actions) for r in records)
    actions = np.zeros((length, batch), np.int32)
    tiles = np.zeros((length, batch), np.int32)
    for g, r in enumerate(records):
        actions[: len(r.actions), g] = r.actions
        tiles[: len(r.tiles), g] = r.tiles
    players = jnp.array([r.players for r in records], jnp.int32)
    deals = jnp.array([r.deal + [0] * (5 - r.players) for r in records], jnp.int32)
    twice = jnp.array([r.options.get("final_floor") == "twice" for r in records])
    visible = jnp.array([bool(r.options.get("scores_visible")) for r in records])
    states = _start(players, deals, twice, visible)
    rewarded = np.zeros((batch, 5), np.float32)  # every step's rewards, summed: the final margins, given once
    compared = 0
    for t in range(length + 1):
        if t:
            states = _advance(states, jnp.asarray(actions[t - 1]), jnp.asarray(tiles[t - 1]))
            step_rewards = np.asarray(jax.vmap(jra.rewards)(states))
            for g, r in enumerate(records):
                assert t == len(r.actions) or not step_rewards[g].any(), f"{r.players}p game {g}: reward before the end"
            rewarded += step_rewards
        masks, seats, over, points, obs, obs_left = (np.asarray(x) for x in _look(states))
        for g, r in enumerate(records):
            i = min(t, len(r.actions))  # a finished game stays put
            where = f"{r.players}p game {g} step {i}"
            assert (masks[g] == r.masks[i]).all(), (
                f"{where}: mask {np.flatnonzero(masks[g])} {np.flatnonzero(r.masks[i])}"
            )
            assert seats[g] == r.seats[i], f"{where}: seat {seats[g]} != {r.seats[i]}"
            assert bool(over[g]) == r.over[i], f"{where}: terminated"
            assert list(points[g]) == r.points[i], f"{where}: points {list(points[g])} != {r.points[i]}"
            if not r.over[i]:
                for got, want in ((obs[g], r.obs[i]), (obs_left[g], r.obs_left[i])):
                    bad = np.flatnonzero(got != want)
                    assert not bad.size, f"{where}: observation entries {bad} {got[bad]} != {want[bad]}"
            compared += t <= len(r.actions)
    for g, r in enumerate(records):
        assert list(rewarded[g]) == r.rewards, f"{r.players}p game {g}: rewards"
    return compared


def _games(players: int, count: int, first_seed: int) -> list[Record]:
    return [play(players, seed) for seed in range(first_seed, first_seed + count)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_jax_ra_follows_the_engine(players: int) -> None:
    """50 random games per player count agree step for step."""
    records = _games(players, 50, 1000 * players)
    assert check(records) == sum(len(r.actions) + 1 for r in records)


def test_mixed_table_sizes_in_one_batch() -> None:
    """The player count is a field of the state: one batch may mix tables of 2 to 5."""
    records = [play(players, 77 + players) for players in (2, 3, 4, 5, 3, 2)]
    check(records)


def test_unbatched_jit_follows_the_engine() -> None:
    """Without vmap the stages' conditions really branch (lax.cond): one game replayed through jit(step_drawn)."""
    record = play(4, 4243)  # odd: a draw-heavy game
    state = jra.init_dealt(4, jnp.array([*record.deal, 0]))
    step = jax.jit(jra.step_drawn)
    for i, (action, tile) in enumerate(zip(record.actions, record.tiles, strict=True), start=1):
        state = step(state, action, tile)
        assert (np.asarray(jra.legal_action_mask(state)) == record.masks[i]).all(), f"step {i}: mask"
        assert int(state.cur) == record.seats[i], f"step {i}: seat"
    assert bool(jra.terminated(state)) and list(np.asarray(state.points)) == record.points[-1]


def test_table_options() -> None:
    """A1 `final_floor="twice"` and R3 `scores_visible` (every score in every observation), 20 games at 3 and 5."""
    options = {"final_floor": "twice", "scores_visible": True}
    check([play(players, 500 + seed, options) for players in (3, 5) for seed in range(20)])


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_jax_ra_follows_the_engine_thousands(players: int) -> None:
    """1,000 random games per player count (run with --runslow)."""
    for first in range(0, 1000, 250):
        records = _games(players, 250, 100_000 * players + first)
        assert check(records) == sum(len(r.actions) + 1 for r in records)


def test_random_play_ends_and_keeps_the_tiles() -> None:
    """jit(vmap(step)) with its own draws and random legal actions: every game ends, no tile is lost or made."""
    game = load("ra")
    batch = 16
    keys = jax.random.split(jax.random.PRNGKey(0), batch)
    states = jax.vmap(game.init, in_axes=(0, None))(keys, 4)

    def play_step(states: jra.State, key: jax.Array) -> jra.State:
        pick, draw = jax.random.split(key)
        masks = jax.vmap(game.legal_action_mask)(states)
        picks = jax.random.split(pick, batch)
        actions = jax.vmap(lambda k, m: jax.random.categorical(k, jnp.where(m, 0.0, -jnp.inf)))(picks, masks)
        after: jra.State = jax.vmap(game.step)(states, actions, jax.random.split(draw, batch))
        return after

    play = jax.jit(play_step)

    key = jax.random.PRNGKey(1)
    rewarded = np.zeros(np.shape(states.points), np.float32)
    for _ in range(1200):
        key, sub = jax.random.split(key)
        states = play(states, sub)
        rewarded += np.asarray(jax.vmap(game.rewards)(states))
        total = states.bag.sum(1) + states.track.sum(1) + states.held.sum((1, 2)) + states.discard.sum(1)
        total = total + states.ra_filled + states.pending.sum(1)
        assert (np.asarray(total) == ra_game.tables.TOTAL_TILES).all()
        if bool(np.asarray(jax.vmap(game.terminated)(states)).all()):
            break
    assert np.asarray(jax.vmap(game.terminated)(states)).all()
    assert (rewarded.max(1) >= 0).all()  # somebody's margin is never negative
    assert (rewarded.min(1) < 0).all()  # and somebody lost
