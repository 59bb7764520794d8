"""Why an action is not allowed, in the game's words (used by `State.apply` only, never on the fast path)."""

from __future__ import annotations

from ra.games.write.actions import (
    ACT_ARG,
    ACT_KIND,
    ACT_SLOT,
    ACT_SPACE,
    K_BONUS_CIV,
    K_BONUS_GOD,
    K_BONUS_MONUMENT,
    K_BONUS_NILE,
    K_BONUS_PHARAOH,
    K_CARD_CIV,
    K_CARD_GOD,
    K_CARD_NILE,
    K_DECLINE,
    K_REVEAL,
    K_TAKE,
)
from ra.games.write.mechanics import WriteRules
from ra.games.write.phases import ACTIVE_CHOICE, REVEAL
from ra.games.write.sheet import (
    B_ANY,
    B_CIV,
    B_MONUMENT,
    B_NILE,
    B_PHARAOH,
    BONUS_TITLES,
    CIV_START,
    GODS_START,
    NILE_START,
    NUM_CIV_TYPES,
    PENDING_BONUS,
    SHEET_WIDTH,
    Sheet,
    nile_conflict,
)
from ra.games.write.tables import (
    CARD_KIND,
    CARD_NAMES,
    CARD_VALUE,
    CIV,
    CIV_TYPES,
    GOD,
    GOD_SPACES_PER_KINGDOM,
    KINGDOM_TITLES,
    MONUMENT_TYPES,
    NILE,
)

SECTION_OF_KIND = {K_CARD_GOD: "Gods", K_CARD_NILE: "Nile", K_CARD_CIV: "Civilization"}
CARD_KIND_OF_ACTION = {K_CARD_GOD: GOD, K_CARD_NILE: NILE, K_CARD_CIV: CIV}
BONUS_OF_ACTION = {
    K_BONUS_PHARAOH: B_PHARAOH, K_BONUS_NILE: B_NILE, K_BONUS_CIV: B_CIV, K_BONUS_MONUMENT: B_MONUMENT,
}


def seat(st: WriteRules, p: int) -> str:
    """A player's name and seat for messages."""
    return f"{st.options.player_names()[p]} (seat {p})"


def not_your_turn(st: WriteRules, player: int) -> str:
    """Why `player` may not act now."""
    if st.phase == REVEAL:
        return f"it is {seat(st, st.active)}'s turn to reveal the cards"
    if st.phase == ACTIVE_CHOICE:
        return f"the active player {seat(st, st.active)} chooses a card first"
    return f"{seat(st, player)} has already entered a card this turn"


def why_illegal(st: WriteRules, action: int, player: int) -> str:
    """The rule that forbids `action` for `player` now (the player may act now)."""
    kind = ACT_KIND[action]
    s = st.sheets
    b = player * SHEET_WIDTH
    if kind == K_REVEAL:
        return "the cards are already revealed this turn"
    if st.phase == REVEAL:
        return "the active player must first reveal the cards"
    pend = s[b + PENDING_BONUS]
    if kind in (K_TAKE, K_CARD_GOD, K_CARD_NILE, K_CARD_CIV):
        if pend:
            return f"first make or decline the bonus entry in {BONUS_TITLES[pend]}"
        return _card(st, kind, action, player)
    if not pend:
        return "there is no bonus entry to make" if kind != K_DECLINE else "there is no bonus entry to decline"
    if kind == K_BONUS_GOD:
        if pend != B_ANY:
            return f"the bonus entry is in the {BONUS_TITLES[pend]} section, not Gods"
        return _god_space(st, b, ACT_SPACE[action])
    want = BONUS_OF_ACTION[kind]
    if pend not in (want, B_ANY):
        return f"the bonus entry is in the {BONUS_TITLES[pend]} section, not {BONUS_TITLES[want]}"
    if kind == K_BONUS_PHARAOH:
        return "the Pharaohs row is full"
    if kind == K_BONUS_NILE:
        return _nile_space(s, b, ACT_SPACE[action], ACT_ARG[action])
    if kind == K_BONUS_CIV:
        return _civ_space(st, b, ACT_SPACE[action], ACT_ARG[action])
    return f"the {_title(MONUMENT_TYPES[ACT_ARG[action]])} column of the Monuments is full"


def _title(word: str) -> str:
    return word.replace("_", " ").title()


def _card(st: WriteRules, kind: int, action: int, player: int) -> str:
    slot = ACT_SLOT[action]
    if slot >= len(st.face):
        return f"there is no face-up card {slot + 1}"
    if player != st.active and slot == st.reserved():
        return "that card is reserved by the active player"
    c = st.face[slot]
    name = CARD_NAMES[c]
    b = player * SHEET_WIDTH
    if kind == K_TAKE:
        section = {GOD: "Gods", NILE: "Nile", CIV: "Civilization"}.get(CARD_KIND[c], "")
        return (
            f"card {slot + 1} ({name}) has a legal space: enter it in a space of the {section} section "
            "(only a card with no legal space is lost)"
        )
    if CARD_KIND[c] != CARD_KIND_OF_ACTION[kind]:
        return f"card {slot + 1} is {name}, which is not entered in the {SECTION_OF_KIND[kind]} section"
    if kind == K_CARD_GOD:
        return _god_space(st, b, ACT_SPACE[action])
    if kind == K_CARD_NILE:
        return _nile_space(st.sheets, b, ACT_SPACE[action], CARD_VALUE[c])
    return _civ_space(st, b, ACT_SPACE[action], CARD_VALUE[c])


def _closed(st: WriteRules, k: int, section: str) -> str | None:
    limit = st.limit()
    if limit >= 0 and k != limit:
        return f"{section} of the {KINGDOM_TITLES[k]} are closed in the kingdom-limited variant"
    return None


def _god_space(st: WriteRules, b: int, space: int) -> str:
    if st.sheets[b + GODS_START + space]:
        return f"Gods space {space + 1} is already filled"
    return _closed(st, space // GOD_SPACES_PER_KINGDOM, "Gods spaces") or "that Gods space is not available"


def _nile_space(s: Sheet, b: int, space: int, number: int) -> str:
    if s[b + NILE_START + space]:
        return f"Nile space {space + 1} is already filled"
    return nile_conflict(s, b, space, number) or "that Nile entry is not available"


def _civ_space(st: WriteRules, b: int, line: int, kind: int) -> str:
    if st.sheets[b + CIV_START + line * NUM_CIV_TYPES + kind]:
        return f"the {_title(CIV_TYPES[kind])} space of the {KINGDOM_TITLES[line]} line is already filled"
    return _closed(st, line, "Civilization lines") or "that Civilization space is not available"

