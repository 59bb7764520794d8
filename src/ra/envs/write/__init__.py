"""RA and Write's research parts (found by `ra.envs.parts`): its observation encoders (from a view, and straight
from the state), OpenSpiel chance nodes, Gymnasium id."""

from ra.envs.write.chance import CHANCE
from ra.envs.write.fromstate import WriteStateEncoder as STATE_ENCODER
from ra.envs.write.observation import ENCODER

ENV_ID = "ra/RaAndWrite-v0"

__all__ = ["CHANCE", "ENCODER", "ENV_ID", "STATE_ENCODER"]
