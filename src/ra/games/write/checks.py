"""Why an action is not allowed, in the game's words (used by `State.apply` only, never on the fast path)."""

from __future__ import annotations

from ra.core.text import Seat, Text, about, t
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
    BONUS_NAMES,
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
    KINGDOMS,
    MONUMENT_TYPES,
    NILE,
)
from ra.games.write.words import BONUS_IN, CIV_TITLES, MONUMENT_TITLES, OF_KINGDOM, SECTION_TITLES, card_title

SECTION_OF_KIND = {K_CARD_GOD: "gods", K_CARD_NILE: "nile", K_CARD_CIV: "civilization"}
SECTION_OF_CARD = {GOD: "gods", NILE: "nile", CIV: "civilization"}
CARD_KIND_OF_ACTION = {K_CARD_GOD: GOD, K_CARD_NILE: NILE, K_CARD_CIV: CIV}
BONUS_OF_ACTION = {
    K_BONUS_PHARAOH: B_PHARAOH, K_BONUS_NILE: B_NILE, K_BONUS_CIV: B_CIV, K_BONUS_MONUMENT: B_MONUMENT,
}


def seat(st: WriteRules, p: int) -> Seat:
    """A player for messages, with their name."""
    return Seat(p, st.options.player_names()[p])


def not_your_turn(st: WriteRules, player: int) -> Text:
    """Why `player` may not act now."""
    if st.phase == REVEAL:
        return t("it is {player} (seat {seat})'s turn to reveal the cards", player=seat(st, st.active), seat=st.active)
    if st.phase == ACTIVE_CHOICE:
        return t("the active player {player} (seat {seat}) chooses a card first", player=seat(st, st.active),
                 seat=st.active)
    return about(player, t("{player} (seat {seat}) has already entered a card this turn", player=seat(st, player),
                           seat=player),
                 t("you have already entered a card this turn"))


def why_illegal(st: WriteRules, action: int, player: int) -> Text:
    """The rule that forbids `action` for `player` now (the player may act now)."""
    kind = ACT_KIND[action]
    s = st.sheets
    b = player * SHEET_WIDTH
    if kind == K_REVEAL:
        return t("the cards are already revealed this turn")
    if st.phase == REVEAL:
        return t("the active player must first reveal the cards")
    pend = s[b + PENDING_BONUS]
    if kind in (K_TAKE, K_CARD_GOD, K_CARD_NILE, K_CARD_CIV):
        if pend:
            return t("first make or decline the bonus entry {section}", section=BONUS_IN[BONUS_NAMES[pend]])
        return _card(st, kind, action, player)
    if not pend:
        return t("there is no bonus entry to make") if kind != K_DECLINE else t("there is no bonus entry to decline")
    if kind == K_BONUS_GOD:
        if pend != B_ANY:
            return t("the bonus entry is in the {section} section, not Gods",
                     section=SECTION_TITLES[BONUS_NAMES[pend]])
        return _god_space(st, b, ACT_SPACE[action])
    want = BONUS_OF_ACTION[kind]
    if pend not in (want, B_ANY):
        return t("the bonus entry is in the {section} section, not {wanted}", section=SECTION_TITLES[BONUS_NAMES[pend]],
                 wanted=SECTION_TITLES[BONUS_NAMES[want]])
    if kind == K_BONUS_PHARAOH:
        return t("the Pharaohs row is full")
    if kind == K_BONUS_NILE:
        return _nile_space(s, b, ACT_SPACE[action], ACT_ARG[action])
    if kind == K_BONUS_CIV:
        return _civ_space(st, b, ACT_SPACE[action], ACT_ARG[action])
    monument = MONUMENT_TITLES[MONUMENT_TYPES[ACT_ARG[action]]]
    return t("the {monument} column of the Monuments is full", monument=monument)


def _card(st: WriteRules, kind: int, action: int, player: int) -> Text:
    slot = ACT_SLOT[action]
    if slot >= len(st.face):
        return t("there is no face-up card {slot}", slot=slot + 1)
    if player != st.active and slot == st.reserved():
        return t("that card is reserved by the active player")
    c = st.face[slot]
    name = card_title(CARD_NAMES[c])
    b = player * SHEET_WIDTH
    if kind == K_TAKE:
        return t("card {slot} ({card}) has a legal space: enter it in a space of the {section} section (only a card "
                 "with no legal space is lost)", slot=slot + 1, card=name,
                 section=SECTION_TITLES[SECTION_OF_CARD[CARD_KIND[c]]])
    if CARD_KIND[c] != CARD_KIND_OF_ACTION[kind]:
        return t("card {slot} is {card}, which is not entered in the {section} section", slot=slot + 1, card=name,
                 section=SECTION_TITLES[SECTION_OF_KIND[kind]])
    if kind == K_CARD_GOD:
        return _god_space(st, b, ACT_SPACE[action])
    if kind == K_CARD_NILE:
        return _nile_space(st.sheets, b, ACT_SPACE[action], CARD_VALUE[c])
    return _civ_space(st, b, ACT_SPACE[action], CARD_VALUE[c])


def _closed(st: WriteRules, k: int, gods: bool) -> Text | None:
    limit = st.limit()
    if limit >= 0 and k != limit:
        kingdom = OF_KINGDOM[KINGDOMS[k]]
        if gods:
            return t("Gods spaces of the {kingdom} are closed in the kingdom-limited variant", kingdom=kingdom)
        return t("Civilization lines of the {kingdom} are closed in the kingdom-limited variant", kingdom=kingdom)
    return None


def _god_space(st: WriteRules, b: int, space: int) -> Text:
    if st.sheets[b + GODS_START + space]:
        return t("Gods space {space} is already filled", space=space + 1)
    return _closed(st, space // GOD_SPACES_PER_KINGDOM, gods=True) or t("that Gods space is not available")


def _nile_space(s: Sheet, b: int, space: int, number: int) -> Text:
    if s[b + NILE_START + space]:
        return t("Nile space {space} is already filled", space=space + 1)
    return nile_conflict(s, b, space, number) or t("that Nile entry is not available")


def _civ_space(st: WriteRules, b: int, line: int, kind: int) -> Text:
    if st.sheets[b + CIV_START + line * NUM_CIV_TYPES + kind]:
        return t("the {type} space of the {kingdom} line is already filled", type=CIV_TITLES[CIV_TYPES[kind]],
                 kingdom=OF_KINGDOM[KINGDOMS[line]])
    return _closed(st, line, gods=False) or t("that Civilization space is not available")
