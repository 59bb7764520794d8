"""The story of one move in RA and Write: what a player did and everything that followed by itself.

`narrate` compares two views of the same viewer, just before and just after the move, so it tells nothing a view
hides. One line per event: the move (the cards revealed, the card taken and where it was written, a bonus entry),
each bonus it earned and whether that bonus is lost, a card lost for want of a space, the Ra cards set aside, each
Kingdom's scoring per player (docs/rules/ra-and-write.md §5), the turn passing on, and the end of the game (§6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.core.protocol import Move
from ra.core.text import Param, Text, about, items, t, tn
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
)
from ra.games.write.tables import CIV_TYPES, GOD_BONUS_NUMBER, KINGDOMS, MONUMENT_TYPES
from ra.games.write.words import (
    BONUS_IN,
    CIV_TITLES,
    END_BONUS_TITLES,
    IN_KINGDOM,
    MONUMENT_TITLES,
    OF_KINGDOM,
    THE_KINGDOM,
    a_card,
    card_phrase,
    card_title,
    god_space_title,
    listed,
    names_of,
    ordinal,
    seat,
    signed,
)

View = Mapping[str, Any]


def narrate(before: View, after: View, move: Move) -> list[Text]:
    """The lines telling `move` and what followed by itself, from two views of one viewer (before and after it)."""
    kind = ACT_KIND[move.action]
    if kind == K_REVEAL:
        return _reveal(before, after, move)
    lines = [_entry(before, after, move)]
    lines += _bonus_earned(before, after, move.player)
    lines += _turn_flow(before, after)
    return lines


def _told(view: View, index: int, third_person: Text, second_person: Text) -> Text:
    """A sentence whose subject is a seat: `{player}` for everybody, the second person for the seat itself."""
    return about(index, third_person.with_params(player=seat(view, index)), second_person)


# --- entries -----------------------------------------------------------------------------------------------------
def _entry(before: View, after: View, move: Move) -> Text:
    """The move itself: the card taken and where it went (or that it is lost), a bonus entry, or a refusal."""
    a, p = move.action, move.player
    kind = ACT_KIND[a]
    sheet = before["sheets"][p]
    if kind == K_DECLINE:
        section = BONUS_IN[before["players"][p]["pending_bonus"] or "any"]
        return _told(before, p, t("{player} declined the bonus entry {section}.", section=section),
                     t("You declined the bonus entry {section}.", section=section))
    slot = ACT_SLOT[a]
    if slot < 0:  # a bonus entry
        place = _bonus_place(a, sheet)
        return _told(before, p, t("{player} made the bonus entry: {place}.", place=place),
                     t("You made the bonus entry: {place}.", place=place))
    card = str(before["face_up"][slot]["card"])
    took: dict[str, Param] = {"card": card_phrase(card), "slot": slot + 1}
    lost = [x for x in after["lost"][len(before["lost"]) :] if x["player"] == p and x["entry"] == "card"]
    if lost:
        return _told(
            before,
            p,
            t("{player} took {card} (card {slot}), which has no legal space on the sheet: it is lost.", **took),
            t("You took {card} (card {slot}), which has no legal space on your sheet: it is lost.", **took),
        )
    number = before["face_up"][slot]["number"]
    if kind == K_CARD_GOD:
        space = god_space_title(ACT_SPACE[a] + 1)
        return _told(before, p, t("{player} took {card} (card {slot}) and wrote it in {space}.", space=space, **took),
                     t("You took {card} (card {slot}) and wrote it in {space}.", space=space, **took))
    if kind == K_CARD_NILE:
        nile: dict[str, Param] = {"number": number, "space": ACT_SPACE[a] + 1, **took}
        return _told(before, p,
                     t("{player} took {card} (card {slot}) and wrote {number} in Nile space {space}.", **nile),
                     t("You took {card} (card {slot}) and wrote {number} in Nile space {space}.", **nile))
    type_ = before["face_up"][slot]["type"]
    if kind == K_CARD_CIV:
        civ: dict[str, Param] = {"type": CIV_TITLES[type_], "kingdom": OF_KINGDOM[KINGDOMS[ACT_SPACE[a]]], **took}
        return _told(before, p,
                     t("{player} took {card} (card {slot}) and marked {type} in the {kingdom} line.", **civ),
                     t("You took {card} (card {slot}) and marked {type} in the {kingdom} line.", **civ))
    if type_ is None:  # the Pharaoh
        space = sheet["pharaohs"]["marked"] + 1
        return _told(before, p,
                     t("{player} took {card} (card {slot}) and marked Pharaohs space {space}.", space=space, **took),
                     t("You took {card} (card {slot}) and marked Pharaohs space {space}.", space=space, **took))
    column: dict[str, Param] = {
        "row": sheet["monuments"]["columns"][MONUMENT_TYPES.index(type_)] + 1,
        "monument": MONUMENT_TITLES[type_],
        **took,
    }
    return _told(before, p,
                 t("{player} took {card} (card {slot}) and marked space {row} of the {monument} column.", **column),
                 t("You took {card} (card {slot}) and marked space {row} of the {monument} column.", **column))


def _bonus_place(action: int, sheet: View) -> Text:
    """Where a bonus entry went, in words."""
    kind, space, arg = ACT_KIND[action], ACT_SPACE[action], ACT_ARG[action]
    if kind == K_BONUS_GOD:
        return t("{number} in {space}", number=GOD_BONUS_NUMBER, space=god_space_title(space + 1))
    if kind == K_BONUS_PHARAOH:
        return t("Pharaohs space {space}", space=sheet["pharaohs"]["marked"] + 1)
    if kind == K_BONUS_NILE:
        return t("{number} in Nile space {space}", number=arg, space=space + 1)
    if kind == K_BONUS_CIV:
        return t("{type} in the {kingdom} line", type=CIV_TITLES[CIV_TYPES[arg]], kingdom=OF_KINGDOM[KINGDOMS[space]])
    assert kind == K_BONUS_MONUMENT
    return t("space {row} of the {monument} column", row=sheet["monuments"]["columns"][arg] + 1,
             monument=MONUMENT_TITLES[MONUMENT_TYPES[arg]])


def _bonus_earned(before: View, after: View, index: int) -> list[Text]:
    """The bonus symbol the entry crossed out (at most one, §2) and what became of its bonus entry."""
    old, new = before["sheets"][index], after["sheets"][index]
    lines: list[Text] = []
    for g0, g1 in zip(old["gods"], new["gods"], strict=True):
        if g1["bonus_used"] and not g0["bonus_used"]:
            kingdom = OF_KINGDOM[g1["kingdom"]]
            if g0["total"] is None:
                lines.append(t("The {kingdom}'s Gods are complete, total {total}: a bonus entry in Pharaohs.",
                               kingdom=kingdom, total=g1["total"]))
            else:
                lines.append(t("The {kingdom}'s Gods are complete, its total box keeps the scored {total}: a bonus "
                               "entry in Pharaohs.", kingdom=kingdom, total=g0["total"]))
    symbols = after["layout"]["pharaoh_nile_symbols"]
    for i, (u0, u1) in enumerate(zip(old["pharaohs"]["symbols_used"], new["pharaohs"]["symbols_used"], strict=True)):
        if u1 and not u0:
            lines.append(t("Pharaohs space {space} carries a Nile symbol: a bonus entry in Nile.", space=symbols[i]))
    parts = after["layout"]["nile_parts"]
    for i, (u0, u1) in enumerate(zip(old["nile"]["parts_used"], new["nile"]["parts_used"], strict=True)):
        if u1 and not u0:
            lines.append(t("Nile spaces {first}–{last} are full: a bonus entry in Civilization.",
                           first=parts[i][0], last=parts[i][-1]))
    for c0, c1 in zip(old["civilization"], new["civilization"], strict=True):
        if c1["bonus_used"] and not c0["bonus_used"]:
            lines.append(t("The {kingdom} line has 3 Civilization marks: a bonus entry in Monuments.",
                           kingdom=OF_KINGDOM[c1["kingdom"]]))
    if new["monuments"]["all_tops_used"] and not old["monuments"]["all_tops_used"]:
        lines.append(t("Every Monument column has its top space marked: a bonus entry in any section."))
    if not lines:
        return []
    lost = [x for x in after["lost"][len(before["lost"]) :] if x["player"] == index and x["entry"] == "bonus"]
    if lost:
        lines.append(_told(after, index, t("{player} has no legal space for it: the bonus entry is lost."),
                           t("You have no legal space for it: the bonus entry is lost.")))
    elif after["players"][index]["pending_bonus"]:
        lines.append(_told(after, index, t("{player} makes it now, or declines it."),
                           t("You make it now, or decline it.")))
    return lines


def _turn_flow(before: View, after: View) -> list[Text]:
    """The others' turn to choose once the active player is done; the next active player once everyone is."""
    if before["phase"] == "active_choice" and after["phase"] == "others_choice":
        left = items([_face_up_card(f) for f in after["face_up"] if f["reserved_by"] is None])
        current = after["current_players"]
        if len(current) > 1:
            return [t("{players} now choose between {cards}.", players=names_of(after, current), cards=left)]
        return [_told(after, current[0], t("{player} now chooses between {cards}.", cards=left),
                      t("You now choose between {cards}.", cards=left))]
    if before["phase"] == "others_choice" and after["phase"] == "reveal":
        return [_told(after, after["active_player"],
                      t("Everyone has chosen: the cards leave play. {player} is the active player and reveals next."),
                      t("Everyone has chosen: the cards leave play. You are the active player and reveal next."))]
    return []


def _face_up_card(card: View) -> Text:
    """'Nile 9 (card 2)'."""
    return t("{card} (card {slot})", card=card_title(card["card"]), slot=card["slot"])


# --- reveals, Kingdoms and the end -----------------------------------------------------------------------------------
def _reveal(before: View, after: View, move: Move) -> list[Text]:
    """The cards revealed, each Ra card set aside, each Kingdom it ended, the face-up cards or the end of the game."""
    p = move.player
    shown = items([a_card(c) for c in move.draws], empty=t("the cards"))
    lines = [_told(before, p, t("{player} revealed {cards}.", cards=shown), t("You revealed {cards}.", cards=shown))]
    per_kingdom = int(after["layout"]["ra_per_kingdom"])
    ra = int(before["ra"]["total"])
    scored = len(before["kingdom_scores"])
    scores = list(before["scores"])
    ended = False
    for card in move.draws:
        if card != "ra":
            continue
        ra += 1
        in_kingdom = (ra - 1) % per_kingdom + 1
        kingdom = OF_KINGDOM[str(after["layout"]["kingdoms"][(ra - 1) // per_kingdom])]
        lines.append(t("The Ra card is set aside: the {ordinal} of the {kingdom} ({count} of {all} in all).",
                       ordinal=ordinal(in_kingdom), kingdom=kingdom, count=ra, all=after["layout"]["ra_cards"]))
        if in_kingdom == per_kingdom and scored < len(after["kingdom_scores"]):
            lines += _kingdom(after, after["kingdom_scores"][scored], scores)
            scored += 1
            ended = True
    if after["result"]:
        lines += _game_end(after)
    elif after["face_up"]:
        if ended:
            lines.append(t("The reveal goes on in the {kingdom}.", kingdom=IN_KINGDOM[after["kingdom"]]))
        cards = items([_face_up_card(f) for f in after["face_up"]])
        lines.append(_told(before, p, t("Face up: {cards}. {player} chooses first.", cards=cards),
                           t("Face up: {cards}. You choose first.", cards=cards)))
    return lines


def _kingdom(view: View, scoring: View, scores: list[Any]) -> list[Text]:
    """A scored Kingdom, section by section per player (§5); `scores` is carried forward."""
    lines = [t("The {kingdom} ends and is scored:", kingdom=THE_KINGDOM[scoring["kingdom"]])]
    for index, row in enumerate(scoring["players"]):
        sections = _section_scores(row)
        start = scores[index]
        if start is None:  # a score the viewer may not see (never in RA and Write: every sheet is public)
            # TRANSLATORS: an indented line under "The … Kingdom ends and is scored:"; keep the two leading spaces.
            lines.append(t("  {player}: {gods}, {pharaohs}, {nile}, {civilization}, {monuments}; scores are hidden "
                           "until the end.", player=seat(view, index), **sections))
            continue
        scores[index] = start + row["total"]
        # TRANSLATORS: an indented line under "The … Kingdom ends and is scored:"; keep the two leading spaces.
        lines.append(t("  {player}: {gods}, {pharaohs}, {nile}, {civilization}, {monuments} = {total}, score "
                       "{start} → {score}.", player=seat(view, index), total=signed(row["total"]), start=start,
                       score=scores[index], **sections))
    return lines


def _section_scores(row: View) -> dict[str, Param]:
    """Each section's points and what counted: 'Gods +5 (sum 31)', 'Civilization 0 (1 mark)'."""
    def points(section: str) -> str:
        return signed(row[section]["points"])

    def count(section: str) -> int:
        return int(row[section]["count"])

    return {
        "gods": t("Gods {points} (sum {sum})", points=points("gods"), sum=count("gods")),
        "pharaohs": tn("Pharaohs {points} ({n} marked)", "Pharaohs {points} ({n} marked)", count("pharaohs"),
                       points=points("pharaohs")),
        "nile": tn("Nile {points} ({n} filled)", "Nile {points} ({n} filled)", count("nile"), points=points("nile")),
        "civilization": tn("Civilization {points} ({n} mark)", "Civilization {points} ({n} marks)",
                           count("civilization"), points=points("civilization")),
        "monuments": tn("Monuments {points} ({n} column)", "Monuments {points} ({n} columns)", count("monuments"),
                        points=points("monuments")),
    }


def _game_end(view: View) -> list[Text]:
    """The ninth Ra: the face-up cards discarded, the end bonuses (§6), the final scores and the winner(s)."""
    lines = [t("The ninth Ra card ends the game: the face-up cards are discarded unused. End bonuses:")]
    for index, row in enumerate(view["end_bonuses"] or []):
        bonuses = [t("{bonus} +{points}", bonus=END_BONUS_TITLES[k], points=v) for k, v in row.items()
                   if k != "total" and v]
        # TRANSLATORS: an indented line under "… End bonuses:"; keep the two leading spaces.
        lines.append(t("  {player}: {bonuses}; final score {score}.", player=seat(view, index),
                       bonuses=listed(bonuses) if bonuses else t("none"), score=view["scores"][index]))
    result = view["result"]
    best = max(result["scores"])
    winners = result["winners"]
    if len(winners) > 1:
        lines.append(t("{players} share the win with {score}: even their God numbers are the same.",
                       players=names_of(view, winners), score=best))
    elif result["tie_break"]:
        lines.append(_told(view, winners[0], t("{player} wins with {score}, the tie broken by the higher God numbers.",
                                               score=best),
                           t("You win with {score}, the tie broken by the higher God numbers.", score=best)))
    else:
        lines.append(_told(view, winners[0], t("{player} wins with {score}.", score=best),
                           t("You win with {score}.", score=best)))
    return lines
