"""Ra's research parts (found by `ra.envs.parts`): its observation encoders (from a view, and straight from the
state), OpenSpiel chance nodes, Gymnasium id."""

from ra.envs.ra.chance import CHANCE
from ra.envs.ra.fromstate import RaStateEncoder as STATE_ENCODER
from ra.envs.ra.observation import ENCODER

ENV_ID = "ra/Ra-v0"

__all__ = ["CHANCE", "ENCODER", "ENV_ID", "STATE_ENCODER"]
