"""RA and Write's research parts (found by `ra.envs.parts`): its observation encoder, OpenSpiel chance nodes,
Gymnasium id."""

from ra.envs.write.chance import CHANCE
from ra.envs.write.observation import ENCODER

ENV_ID = "ra/RaAndWrite-v0"

__all__ = ["CHANCE", "ENCODER", "ENV_ID"]
