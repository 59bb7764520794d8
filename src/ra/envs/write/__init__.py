"""RA and Write's research parts (found by `ra.envs.parts`): its observation encoders (from a view, and straight
from the state), OpenSpiel chance nodes, Gymnasium id, and its bots batched over many games (`BATCHED_OPPONENTS`:
bot spec -> the module whose `BatchedGreedy` plays it, imported only when asked for by `ra.envs.opponents`)."""

from ra.envs.write.chance import CHANCE
from ra.envs.write.fromstate import WriteStateEncoder as STATE_ENCODER
from ra.envs.write.observation import ENCODER

ENV_ID = "ra/RaAndWrite-v0"
BATCHED_OPPONENTS = {"greedy": "ra.envs.write.greedy"}

__all__ = ["BATCHED_OPPONENTS", "CHANCE", "ENCODER", "ENV_ID", "STATE_ENCODER"]
