"""Legal actions of RA and Write (docs/rules/ra-and-write.md §2 entries, §3 a turn): the hot path of search.

Which spaces a card may fill depends only on which boxes of its section are empty (Gods, Civilization) or, for a
Nile number, on which Nile numbers are smaller, equal or larger. Those patterns are read from the sheet with a few
C-level list and bytes operations and looked up in tables of ready action tuples, rather than rebuilt per call.
"""

from __future__ import annotations

from itertools import product

from ra.games.write.actions import CARD_CIV0, CARD_GOD0, CARD_NILE0, TAKE0, bonus_actions
from ra.games.write.actions import REVEAL as REVEAL_ACTION  # the phase is REVEAL
from ra.games.write.mechanics import WriteRules
from ra.games.write.phases import REVEAL
from ra.games.write.sheet import (
    CHOSEN,
    CIV_START,
    NILE_END,
    NILE_START,
    NUM_CIV_LINES,
    NUM_CIV_TYPES,
    PENDING_BONUS,
    SHEET_WIDTH,
)
from ra.games.write.tables import (
    CARD_KIND,
    CARD_VALUE,
    CIV,
    CIV_SPACES,
    FACE_UP,
    GOD,
    GOD_SPACES,
    GOD_SPACES_PER_KINGDOM,
    MONUMENT,
    MONUMENT_CODE0,
    NILE,
    NILE_CODE0,
    NILE_SPACES,
    NUMBER_MAX,
    PHARAOH,
    PHARAOH_CODE,
    RA_CODE,
    RA_PER_KINGDOM,
)

LAST_KINGDOM = NUM_CIV_LINES - 1
LAST_RA = LAST_KINGDOM * RA_PER_KINGDOM  # from this many Ra cards on, the last Kingdom runs

# A sheet value as a byte: 0 (empty) stays 0, any number becomes 1 ("filled").
FILLED = bytes([0] + [1] * 255)
# NILE_RELATION[n]: a Nile value as a byte relative to number n: 0 empty, 1 smaller, 2 equal, 3 larger.
NILE_SMALLER, NILE_EQUAL, NILE_LARGER = 1, 2, 3
NILE_RELATION: tuple[bytes, ...] = tuple(
    bytes([0] + [NILE_SMALLER if v < n else NILE_EQUAL if v == n else NILE_LARGER for v in range(1, 256)])
    for n in range(NUMBER_MAX + 1)
)


def _god_table(slot: int) -> dict[bytes, tuple[int, ...]]:
    """Filled-pattern of the nine Gods spaces -> the card actions of `slot` into each empty space."""
    base = CARD_GOD0 + slot * GOD_SPACES
    return {
        bytes(pattern): tuple(base + x for x in range(GOD_SPACES) if not pattern[x])
        for pattern in product((0, 1), repeat=GOD_SPACES)
    }


def _civ_table(slot: int) -> dict[bytes, tuple[int, ...]]:
    """Marks of one Civilization type down the Kingdom lines -> the card actions of `slot` into each free line."""
    base = CARD_CIV0 + slot * NUM_CIV_LINES
    return {
        bytes(pattern): tuple(base + line for line in range(NUM_CIV_LINES) if not pattern[line])
        for pattern in product((0, 1), repeat=NUM_CIV_LINES)
    }


GOD_CARD: tuple[dict[bytes, tuple[int, ...]], ...] = tuple(_god_table(i) for i in range(FACE_UP))
CIV_CARD: tuple[dict[bytes, tuple[int, ...]], ...] = tuple(_civ_table(i) for i in range(FACE_UP))
# Nile relation pattern -> per face-up slot, the card actions into each space the number may go in. Filled as
# patterns turn up; valid rows (filled relations never decrease) allow at most 120,832 patterns, and the table stops
# growing at NILE_MEMO_MAX entries (later patterns are worked out each time) to bound its memory. The entries share
# their tuples through _NILE_OPEN: the spaces a number may go in, as a mask of 12 bytes (0 open, 1 not), one of at
# most 4,096, so a new pattern costs a few bytes operations and the table holds one tuple per mask.
_NILE_CARD: dict[bytes, tuple[tuple[int, ...], ...]] = {}
_NILE_OPEN: dict[bytes, tuple[tuple[int, ...], ...]] = {}
NILE_MEMO_MAX = 1 << 16
_SHUT = bytes([1]) * NILE_SPACES  # every space closed: the parts of the row outside the window


def nile_card_actions(pattern: bytes) -> tuple[tuple[int, ...], ...]:
    """§2 Nile: per slot, the card actions into the empty spaces after every smaller number, before every larger."""
    acts = _NILE_CARD.get(pattern)
    if acts is None:
        stop = pattern.find(NILE_LARGER)
        if stop < 0:
            stop = NILE_SPACES
        start = pattern.rfind(NILE_SMALLER, 0, stop) + 1
        mask = _SHUT[:start] + pattern[start:stop].translate(FILLED) + _SHUT[stop:]
        acts = _NILE_OPEN.get(mask)
        if acts is None:
            fits = [j for j in range(NILE_SPACES) if not mask[j]]
            acts = tuple(tuple(CARD_NILE0 + i * NILE_SPACES + j for j in fits) for i in range(FACE_UP))
            _NILE_OPEN[mask] = acts
        if len(_NILE_CARD) < NILE_MEMO_MAX:
            _NILE_CARD[pattern] = acts
    return acts


# legal_actions tells a card's kind by its code's range; per code, the Nile relation table of a Nile card and the
# offset of a Civilization card's type in the first line (tuples indexed by code: faster than CARD_KIND, CARD_VALUE).
def _kind_by_range(c: int) -> int:
    """A card's kind as legal_actions reads it from the code."""
    if c < NILE_CODE0:
        return GOD
    if c < PHARAOH_CODE:
        return NILE
    if c == PHARAOH_CODE:
        return PHARAOH
    return CIV if c < MONUMENT_CODE0 else MONUMENT


if any(CARD_KIND[c] != _kind_by_range(c) for c in range(RA_CODE)):
    raise ImportError("legal_actions assumes card codes run God, Nile, Pharaoh, Civilization, Monument, Ra")
NILE_BY_CODE: tuple[bytes, ...] = tuple(
    NILE_RELATION[CARD_VALUE[c]] if k == NILE else b"" for c, k in enumerate(CARD_KIND)
)
CIV_BY_CODE: tuple[int, ...] = tuple(CIV_START + CARD_VALUE[c] if k == CIV else -1 for c, k in enumerate(CARD_KIND))


# SLOTS[n]: the face-up slots when n cards lie face up (always FACE_UP while cards are chosen).
SLOTS: tuple[tuple[int, ...], ...] = tuple(tuple(range(n)) for n in range(FACE_UP + 1))


def legal_actions(self: WriteRules, player: int | None = None) -> list[int]:
    """Legal action ids for `player` (default: the first current player); empty if it may not act."""
    cur = self.cur
    if not cur:
        return []
    if player is None:
        player = cur[0]
    elif player not in cur:
        return []
    if self.phase == REVEAL:
        return [REVEAL_ACTION]
    s = self.sheets
    b = player * SHEET_WIDTH
    if self.limited:
        return _limited_actions(self, player, b)
    pend = s[b + PENDING_BONUS]
    if pend:
        return bonus_actions(s, b, pend, -1)
    reserved = s[self.active * SHEET_WIDTH + CHOSEN] if player != self.active else -1
    raw = s.tobytes()  # the sheets as bytes: slices and patterns at C speed (Gods, Nile and marks are never negative)
    out: list[int] = []
    face = self.face
    for i in SLOTS[len(face)]:
        if i == reserved:
            continue
        c = face[i]
        # The card's kind by its code's range (codes run God, Nile, Pharaoh, Civilization, Monument, Ra; checked
        # above): two comparisons instead of a table look-up and up to three.
        if c < NILE_CODE0:  # a God
            spaces = GOD_CARD[i][raw[b : b + GOD_SPACES].translate(FILLED)]
            if spaces:
                out += spaces
                continue
        elif c < PHARAOH_CODE:  # a Nile number
            row = raw[b + NILE_START : b + NILE_END].translate(NILE_BY_CODE[c])
            spaces = (_NILE_CARD.get(row) or nile_card_actions(row))[i]
            if spaces:
                out += spaces
                continue
        elif PHARAOH_CODE < c < MONUMENT_CODE0:  # a Civilization type
            t = b + CIV_BY_CODE[c]
            lines = CIV_CARD[i][raw[t : t + CIV_SPACES : NUM_CIV_TYPES]]
            if lines:
                out += lines
                continue
        out.append(TAKE0 + i)  # §2: a Pharaoh or Monument, or any card with no legal space (then lost)
    return out


def _limited_actions(self: WriteRules, player: int, b: int) -> list[int]:
    """The kingdom-limited variant: Gods and Civilization entries only in the current Kingdom."""
    s = self.sheets
    limit = self.ra // RA_PER_KINGDOM if self.ra < LAST_RA else LAST_KINGDOM
    pend = s[b + PENDING_BONUS]
    if pend:
        return bonus_actions(s, b, pend, limit)
    reserved = s[self.active * SHEET_WIDTH + CHOSEN] if player != self.active else -1
    out: list[int] = []
    for i, c in enumerate(self.face):
        if i == reserved:
            continue
        kind = CARD_KIND[c]
        if kind == GOD:
            lo = limit * GOD_SPACES_PER_KINGDOM
            gods = [CARD_GOD0 + i * GOD_SPACES + x for x in range(lo, lo + GOD_SPACES_PER_KINGDOM) if not s[b + x]]
            if gods:
                out += gods
                continue
        elif kind == NILE:
            row = s[b + NILE_START : b + NILE_END].tobytes().translate(NILE_RELATION[CARD_VALUE[c]])
            spaces = nile_card_actions(row)[i]
            if spaces:
                out += spaces
                continue
        elif kind == CIV and not s[b + CIV_START + CARD_VALUE[c] + limit * NUM_CIV_TYPES]:
            out.append(CARD_CIV0 + i * NUM_CIV_LINES + limit)
            continue
        out.append(TAKE0 + i)
    return out

