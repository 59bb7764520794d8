"""Observation vectors and legal-action masks: what one seat's view shows (docs/OBSERVATIONS.md).

Each game has one `Encoder` (`ra.envs.encoding`), its `ra.envs.<game>` package's `ENCODER`: a fixed-size `float32`
vector, the same length at every player count (seats are listed relative to the viewer, the viewer first, then
clockwise, padded to five), and an `int8` mask over the game's stable action ids. It reads `state.view(seat)`
only, so hidden information (the bag or deck order, scores hidden by Ra's rule R3) cannot reach an observation; it
is the reference. The environments use the game's `StateEncoder` (`state_encoder`, `ra.envs.fromstate`), which
gives the same vectors straight from the engine state, several times faster (tests/envs/test_fromstate.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.envs.encoding import HIGH, LOW, SEATS, Encoder, FloatArray, MaskArray
from ra.envs.fromstate import StateEncoder
from ra.envs.parts import game_parts


def encoder(game: str) -> Encoder:
    """The observation encoder of a game (one with research parts); ValueError for any other name."""
    return game_parts(game).ENCODER


def state_encoder(game: str) -> StateEncoder:
    """A new state encoder of a game: the same vectors as `encoder(game)`, from the engine state (one per stream)."""
    return game_parts(game).STATE_ENCODER()


def observation_size(game: str) -> int:
    """The length of a game's observation vector (the same at every player count)."""
    return encoder(game).size


def encode_observation(game: str, view: Mapping[str, Any]) -> FloatArray:
    """The `float32` observation vector of a seat's view."""
    return encoder(game).encode(view)


def action_mask(game: str, view: Mapping[str, Any]) -> MaskArray:
    """The `int8` legal-action mask of a seat's view."""
    return encoder(game).mask(view)


__all__ = [
    "HIGH",
    "LOW",
    "SEATS",
    "Encoder",
    "FloatArray",
    "MaskArray",
    "StateEncoder",
    "action_mask",
    "encode_observation",
    "encoder",
    "observation_size",
    "state_encoder",
]
