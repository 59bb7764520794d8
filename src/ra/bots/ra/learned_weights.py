"""Weights of Ra's static evaluation fitted to self-play (written by tools/train_ra_evaluation.py).

`WEIGHTS` is fitted to the positions of every player count. To regenerate this file, run the command below
from the repository's root with `--out src/ra/bots/ra/learned_weights.py` (numpy needed).
"""

# python -m tools.train_ra_evaluation --seed 1 --greedy-games 1500 --search-games 60 --every 2 --ridge 0.001
# --jobs 1
WEIGHTS: dict[str, float] = {
    "god": 2.0111,
    "gold": 3.2059,
    "pharaoh_now": 1.624,
    "pharaoh_later": -0.0882,
    "river_now": 1.1535,
    "nile_later": 0.4441,
    "civilization": 0.8715,
    "monuments": 1.0752,
    "monument_promise": 1.8,
    "lots": 1.0217,
    "disk_future": 0.244,
    "disk_rank": 4.5387,
    "god_open": 1.2304,
    "disk_power": 0.3432,
    "pharaoh_lead": 1.9012,
    "monument_tiles": -0.8322,
    "level": -9.6796,
}
