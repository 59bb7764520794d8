"""RA and Write as data: the deck (docs/rules/ra-and-write.md §1), the sheet layout (§2, §7), scoring tables (§5, §6).

Unpublished facts (§7) live here only, so that the printed values can be dropped in without code changes.
Card names (used in views, records and `order`): ``god:N`` and ``nile:N`` (N = 1..20), ``pharaoh``,
``civ:<type>`` (agriculture art astronomy religion writing), ``monument:<type>`` (fortress obelisk palace pyramid
sphinx statue step_pyramid temple), ``ra``.
"""

from __future__ import annotations

GAME = "write"  # the game's id: in the games registry, records, views and stored states

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # the rules are for two to five players, one scoresheet each

# --- §1 the deck -------------------------------------------------------------------------------------------------
NUMBER_MAX = 20  # God and Nile card numbers lie in 1..NUMBER_MAX
GOD_NUMBERS: tuple[int, ...] = tuple(range(1, 21))  # §1: one God card per number 1-20 (published)
NILE_NUMBERS: tuple[int, ...] = tuple(range(1, 21))  # §1/§7: not published; default 1-20, one each
PHARAOH_CARDS = 17
CIV_TYPES: tuple[str, ...] = ("agriculture", "art", "astronomy", "religion", "writing")
CIV_CARDS_PER_TYPE = 4
MONUMENT_TYPES: tuple[str, ...] = (
    "fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step_pyramid", "temple",
)
MONUMENT_CARDS_PER_TYPE = 3
RA_CARDS = 9
RA_PER_KINGDOM = 3  # §4: the third Ra of a Kingdom ends it
FACE_UP = 3  # §3: three non-Ra cards are revealed each turn

# --- §2 the scoresheet ---------------------------------------------------------------------------------------------
KINGDOMS: tuple[str, ...] = ("old", "middle", "new")
KINGDOM_TITLES: tuple[str, ...] = ("Old Kingdom", "Middle Kingdom", "New Kingdom")
GOD_SPACES_PER_KINGDOM = 3  # 9 Gods spaces = 3 Kingdoms x 3, plus a total box per Kingdom
GOD_BONUS_NUMBER = 20  # a bonus entry in Gods always writes 20
PHARAOH_SPACES = 12
PHARAOH_NILE_SYMBOLS: tuple[int, ...] = (3, 6, 9, 12)  # §7: 1-based spaces carrying the Nile symbol (default)
NILE_SPACES = 12
NILE_PARTS: tuple[tuple[int, ...], ...] = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12))  # 1-based spaces
NILE_BONUS_NUMBERS: tuple[int, int] = (1, 20)  # a Nile bonus entry writes any number in this range
CIV_LINE_BONUS_AT = 3  # a Civilization line reaching 3 marks grants a Monuments bonus entry
MONUMENT_ROWS = 3

SECTIONS: tuple[str, ...] = ("gods", "pharaohs", "nile", "civilization", "monuments")

# --- §5 scoring a Kingdom ------------------------------------------------------------------------------------------
MAJORITY_POINTS = 5  # Gods and Pharaohs: highest (or equal) +5; with 3+ players lowest (or equal) -5
MAJORITY_PENALTY_MIN_PLAYERS = 3
CIV_TABLE: tuple[int, ...] = (-5, 0, 0, 5, 10, 15)  # marks in the current Kingdom's line -> points
NILE_POINTS_PER_SPACE = 1
MONUMENT_POINTS_PER_COLUMN = 1

# --- §6 end bonuses ------------------------------------------------------------------------------------------------
END_BONUS_POINTS = 10
END_BONUSES: tuple[str, ...] = (
    "all_gods",  # all 9 Gods spaces filled
    "all_pharaohs",  # all 12 Pharaoh spaces filled
    "all_nile",  # all 12 Nile spaces filled
    "all_monument_columns",  # every Monument column holds at least one mark
    "full_monument_columns",  # 10 for each Monument column with all 3 spaces filled
)

# --- card codes (small ints) ---------------------------------------------------------------------------------------
GOD, NILE, PHARAOH, CIV, MONUMENT, RA = range(6)
KIND_NAMES: tuple[str, ...] = ("god", "nile", "pharaoh", "civ", "monument", "ra")

CARD_NAMES: list[str] = []
CARD_KIND: list[int] = []
CARD_VALUE: list[int] = []  # the number (God, Nile) or the type index (Civilization, Monument)


def _add(name: str, kind: int, value: int) -> None:
    CARD_NAMES.append(name)
    CARD_KIND.append(kind)
    CARD_VALUE.append(value)


for _n in range(1, NUMBER_MAX + 1):
    _add(f"god:{_n}", GOD, _n)
for _n in range(1, NUMBER_MAX + 1):
    _add(f"nile:{_n}", NILE, _n)
_add("pharaoh", PHARAOH, 0)
for _i, _t in enumerate(CIV_TYPES):
    _add(f"civ:{_t}", CIV, _i)
for _i, _t in enumerate(MONUMENT_TYPES):
    _add(f"monument:{_t}", MONUMENT, _i)
_add("ra", RA, 0)

CARD_CODES: dict[str, int] = {name: code for code, name in enumerate(CARD_NAMES)}
GOD_CODE0 = CARD_CODES["god:1"]
NILE_CODE0 = CARD_CODES["nile:1"]
PHARAOH_CODE = CARD_CODES["pharaoh"]
CIV_CODE0 = CARD_CODES[f"civ:{CIV_TYPES[0]}"]
MONUMENT_CODE0 = CARD_CODES[f"monument:{MONUMENT_TYPES[0]}"]
RA_CODE = CARD_CODES["ra"]


def _deck() -> tuple[int, ...]:
    cards = [GOD_CODE0 + n - 1 for n in GOD_NUMBERS] + [NILE_CODE0 + n - 1 for n in NILE_NUMBERS]
    cards += [PHARAOH_CODE] * PHARAOH_CARDS
    cards += [CIV_CODE0 + i for i in range(len(CIV_TYPES)) for _ in range(CIV_CARDS_PER_TYPE)]
    cards += [MONUMENT_CODE0 + i for i in range(len(MONUMENT_TYPES)) for _ in range(MONUMENT_CARDS_PER_TYPE)]
    cards += [RA_CODE] * RA_CARDS
    return tuple(cards)


DECK: tuple[int, ...] = _deck()  # the canonical order (also how a prefix `order` is completed)
DECK_COUNTS: dict[str, int] = {}
for _c in DECK:
    DECK_COUNTS[CARD_NAMES[_c]] = DECK_COUNTS.get(CARD_NAMES[_c], 0) + 1

# --- derived sheet lookups -----------------------------------------------------------------------------------------
GOD_SPACES = GOD_SPACES_PER_KINGDOM * len(KINGDOMS)
CIV_SPACES = len(KINGDOMS) * len(CIV_TYPES)
# 0-based Pharaoh space -> index of its Nile symbol, or -1
SYMBOL_AT: tuple[int, ...] = tuple(
    PHARAOH_NILE_SYMBOLS.index(i + 1) if i + 1 in PHARAOH_NILE_SYMBOLS else -1 for i in range(PHARAOH_SPACES)
)
# 0-based Nile space -> index of its part
PART_OF: tuple[int, ...] = tuple(
    next(j for j, part in enumerate(NILE_PARTS) if i + 1 in part) for i in range(NILE_SPACES)
)
PART_SPACES: tuple[tuple[int, ...], ...] = tuple(tuple(x - 1 for x in part) for part in NILE_PARTS)
