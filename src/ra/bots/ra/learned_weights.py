"""Weights of Ra's static evaluation fitted to self-play (written by bench/train_ra_evaluation.py)."""

# python bench/train_ra_evaluation.py --seed 1 --greedy-games 1500 --search-games 60 --every 2 --ridge 0.001 --jobs 1
WEIGHTS: dict[str, float] = {
    "god": 2.0248,
    "gold": 3.1736,
    "pharaoh_now": 1.6128,
    "pharaoh_later": -0.1058,
    "river_now": 1.1531,
    "nile_later": 0.4484,
    "civilization": 0.8704,
    "monuments": 1.077,
    "monument_promise": 1.7989,
    "lots": 1.0207,
    "disk_future": 0.2431,
    "disk_rank": 4.5534,
    "god_open": 1.2107,
    "disk_power": 0.3421,
    "pharaoh_lead": 1.9121,
    "monument_tiles": -0.824,
    "level": -9.6015,
}
