"""Helpers shared by the Ra tests: Ra's own invariants and scenario builders (§ = docs/rules/ra.md)."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from ra.games.ra import State, action_to_str, phases, str_to_action
from ra.games.ra import tables as T

T_ = TypeVar("T_")


def present(value: T_ | None) -> T_:
    """A view field that this test's position must have (auction, result, ...): asserted not None."""
    assert value is not None
    return value


def tile_census(st: State) -> list[int]:
    """Per kind: bag + auction track + Ra track + held + pending god-taken disasters + discarded."""
    counts = [0] * T.NUM_KINDS
    for t in st.bag + st.track:
        counts[t] += 1
    counts[T.RA] += st.ra_filled
    for i, c in enumerate(st.held):
        counts[i % T.NUM_KINDS] += c
    for kind, c in zip(T.DISASTERS, st.pending, strict=True):
        counts[kind] += c
    for k, c in enumerate(st.discard):
        counts[k] += c
    return counts


def disks_in_use(players: int) -> list[int]:
    """Every sun disk of this player count, the central disk 1 included (§2)."""
    return sorted([T.CENTRAL_START_DISK, *(d for g in T.DISK_GROUPS[players] for d in g)])


def check_invariants(st: State) -> None:
    """Ra's invariants after every action (the engine contract itself is checked in tests/games/test_conformance.py)."""
    assert tile_census(st) == list(T.COUNTS), "§1.1: every one of the 180 tiles is in exactly one place"
    assert all(c >= 0 for c in st.held) and all(c >= 0 for c in st.discard)
    disks = [st.central] + [d for p in range(st.num_players) for d in st.up[p] + st.down[p]]
    assert sorted(disks) == disks_in_use(st.num_players), "§2: each disk of this player count exactly once"
    assert all(s >= 0 for s in st.scores()), "§9.3: no score below 0"
    if not st.is_terminal():
        assert T.RA in st.bag, "§8.5: the bag holds a Ra tile while an epoch runs"
        assert len(st.track) <= T.AUCTION_TRACK_SIZE
        assert st.ra_filled < st.ra_len, "§8.1a: the last Ra tile ends the epoch at once"
        if st.phase in (phases.TURN, phases.AUCTION):
            assert st.up[st.cur], "E5: only a seat with a face-up disk takes a turn or bids"


def play_random(players: int, seed: int, rng_seed: int | None = None, check: bool = False) -> State:
    """A complete game with uniformly random legal actions (checked with apply)."""
    rng = random.Random(seed if rng_seed is None else rng_seed)
    st = State.new({"players": players}, seed=seed)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()), st.current_players()[0])
        if check:
            check_invariants(st)
    return st


def scenario(players: int, order: list[str], groups: list[list[int]] | None = None, **options: Any) -> State:
    """A game whose bag starts with `order` (the rest canonical) and, optionally, explicit disk groups."""
    opts: dict[str, Any] = {"players": players, **options}
    if groups is not None:
        opts["disk_groups"] = groups
    return State.new(opts, order=order)


def act(st: State, *notations: str) -> State:
    """Apply actions by notation for the deciding seat; returns the state."""
    for text in notations:
        st.apply(str_to_action(text), st.current_players()[0])
    return st


G2 = [[9, 6, 5, 2], [8, 7, 4, 3]]
G3 = [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]]
G4 = [[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]]
G5 = [[16, 7, 2], [15, 8, 3], [14, 9, 4], [13, 10, 5], [12, 11, 6]]


def give(st: State, seat: int, kind: str, count: int = 1) -> State:
    """Move `count` tiles of `kind` from the bottom of the bag into a seat's holdings (keeps the census)."""
    k = T.KIND_INDEX[kind]
    for _ in range(count):
        st.bag.remove(k)
        st.held[seat * T.NUM_KINDS + k] += 1
    return st


def held(st: State, seat: int) -> dict[str, int]:
    """A seat's tiles as {kind: count}."""
    return st.view(seat)["tiles"][seat]


def notations(st: State) -> list[str]:
    """The current legal actions as notation."""
    return [action_to_str(a) for a in st.legal_actions()]


def put_on_track(st: State, *kinds: str) -> State:
    """Move tiles from the bottom of the bag onto the auction track (keeps the census)."""
    for kind in kinds:
        st.bag.remove(T.KIND_INDEX[kind])
        st.track.append(T.KIND_INDEX[kind])
    return st


def seat0_wins(st: State, *kinds: str) -> State:
    """3 players, seat 0 to play: put `kinds` on the track, invoke Ra, others pass, seat 0 bids disk 2."""
    put_on_track(st, *kinds)
    return act(st, "ra", "pass", "pass", "bid:2")
