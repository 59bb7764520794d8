"""The rules tables of Ra (docs/rules/ra.md §1, §2, §7, §9): tile kinds and counts, disk groups, tracks, points.

Tiles are small ints (indexes into KINDS); every other module uses these names instead of literals.
"""

from __future__ import annotations

GAME = "ra"  # the game's id: in the games registry, records, views and stored states

# --- §1.1 tile kinds, in the canonical order (also the order of the canonical bag remainder) ---------------
KINDS: tuple[str, ...] = (
    "ra", "god", "gold", "pharaoh", "nile", "flood",
    "art", "agriculture", "religion", "astronomy", "writing",
    "fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step_pyramid", "temple",
    "funeral", "drought", "war", "earthquake",
)  # fmt: skip
NUM_KINDS = len(KINDS)
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}

RA, GOD, GOLD, PHARAOH, NILE, FLOOD = 0, 1, 2, 3, 4, 5
ART, AGRICULTURE, RELIGION, ASTRONOMY, WRITING = 6, 7, 8, 9, 10
FORTRESS, OBELISK, PALACE, PYRAMID, SPHINX, STATUE, STEP_PYRAMID, TEMPLE = 11, 12, 13, 14, 15, 16, 17, 18
FUNERAL, DROUGHT, WAR, EARTHQUAKE = 19, 20, 21, 22

CIVILIZATION: tuple[int, ...] = (ART, AGRICULTURE, RELIGION, ASTRONOMY, WRITING)
MONUMENTS: tuple[int, ...] = (FORTRESS, OBELISK, PALACE, PYRAMID, SPHINX, STATUE, STEP_PYRAMID, TEMPLE)
DISASTERS: tuple[int, ...] = (FUNERAL, DROUGHT, WAR, EARTHQUAKE)
FIRST_DISASTER = FUNERAL  # every kind >= this is a disaster (§7)

# Tile counts per kind (§1.1): 180 in all, 30 of them Ra.
COUNTS: tuple[int, ...] = (
    30, 8, 5, 25, 25, 12,
    5, 5, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5,
    2, 2, 4, 2,
)  # fmt: skip
TOTAL_TILES = 180
assert sum(COUNTS) == TOTAL_TILES and len(COUNTS) == NUM_KINDS

# §1.1, §8.2.4: scarab tiles are kept between epochs; every other tile a player holds is discarded (Ra tiles and
# disasters are never held).
SCARAB: frozenset[int] = frozenset((PHARAOH, NILE, *MONUMENTS))
DISCARDED_AT_EPOCH_END: tuple[int, ...] = tuple(k for k in range(RA + 1, FIRST_DISASTER) if k not in SCARAB)

# §7: each disaster tile destroys DISASTER_LOSS held tiles of its targets (fewer if fewer are held). Funeral and
# Drought take their targets in the order listed (Drought: floods first, then Nile); for War and Earthquake the
# player who gained the disaster chooses among the targets (E6).
DISASTER_LOSS = 2
DISASTER_TARGETS: dict[int, tuple[int, ...]] = {
    FUNERAL: (PHARAOH,),
    DROUGHT: (FLOOD, NILE),
    WAR: CIVILIZATION,
    EARTHQUAKE: MONUMENTS,
}
CHOSEN_DISASTERS: tuple[int, ...] = (WAR, EARTHQUAKE)  # settled in this order: War before Earthquake

# --- §1.2, §2 board and setup -------------------------------------------------------------------------------
AUCTION_TRACK_SIZE = 8
RA_TRACK_SPACES = 10
EPOCHS = 3
STARTING_SCORE = 10
CENTRAL_START_DISK = 1
MAX_DISK = 16

# §2: disk groups (one per player, dealt at random) and Ra tiles per epoch (= Ra track length used).
DISK_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((9, 6, 5, 2), (8, 7, 4, 3)),
    3: ((13, 8, 5, 2), (12, 9, 6, 3), (11, 10, 7, 4)),
    4: ((13, 6, 2), (12, 7, 3), (11, 8, 4), (10, 9, 5)),
    5: ((16, 7, 2), (15, 8, 3), (14, 9, 4), (13, 10, 5), (12, 11, 6)),
}
RA_TRACK_LENGTH: dict[int, int] = {2: 6, 3: 8, 4: 9, 5: 10}
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# --- §9 scoring ------------------------------------------------------------------------------------------------
GOD_POINTS = 2  # each unspent god (§9.1)
GOLD_POINTS = 3  # each gold
PHARAOH_MOST = 5  # most pharaohs (ties all get it; all equal -> nobody)
PHARAOH_FEWEST = -2  # fewest pharaohs
RIVER_POINTS = 1  # per Nile and per flood, only with at least one flood
CIV_POINTS: tuple[int, ...] = (-5, 0, 0, 5, 10, 15)  # by number of distinct civilization types held
MONUMENT_VARIETY: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 10, 15)  # by number of distinct monument types (§9.2)
MONUMENT_SAME: tuple[int, ...] = (0, 0, 0, 5, 10, 15)  # by number of identical tiles of one type
SUN_DISK_MOST = 5  # highest disk total (§9.2)
SUN_DISK_FEWEST = -5  # lowest disk total
# A1: the epoch-3 score floor. "once" (R1, the default): one clamp, after the final bonuses are added; "twice": clamp
# after the regular epoch-3 scoring, then again after adding the final bonuses.
FINAL_FLOOR_RULES: tuple[str, ...] = ("once", "twice")

# Scoring category names as in epoch_scores rows, in display order (§9.1 every epoch, then §9.2 after epoch 3).
EPOCH_CATEGORIES: tuple[str, ...] = ("gods", "gold", "pharaohs", "river", "civilization")
FINAL_CATEGORIES: tuple[str, ...] = ("monuments", "sun_disks")

# Kind groups for display (render_text and docs).
KIND_GROUPS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("god", (GOD,)),
    ("gold", (GOLD,)),
    ("pharaoh", (PHARAOH,)),
    ("river", (NILE, FLOOD)),
    ("civilization", CIVILIZATION),
    ("monument", MONUMENTS),
    ("disaster", DISASTERS),
)
