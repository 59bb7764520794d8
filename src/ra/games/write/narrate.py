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
from ra.games.write.tables import CIV_TYPES, GOD_BONUS_NUMBER, MONUMENT_TYPES
from ra.games.write.words import (
    END_BONUS_TITLES,
    SECTION_TITLES,
    a_card,
    agrees,
    card_phrase,
    card_title,
    civ_line_title,
    god_space_title,
    joined,
    kingdom_title,
    names_of,
    ordinal,
    signed,
    title,
)

View = Mapping[str, Any]
SECTION_ORDER = ("gods", "pharaohs", "nile", "civilization", "monuments")
COUNTED = {  # what a section's count means in a Kingdom's scoring (§5): singular and plural
    "gods": ("sum {}", "sum {}"),
    "pharaohs": ("{} marked", "{} marked"),
    "nile": ("{} filled", "{} filled"),
    "civilization": ("{} mark", "{} marks"),
    "monuments": ("{} column", "{} columns"),
}


def narrate(before: View, after: View, move: Move) -> list[str]:
    """The lines telling `move` and what followed by itself, from two views of one viewer (before and after it)."""
    kind = ACT_KIND[move.action]
    if kind == K_REVEAL:
        return _reveal(before, after, move)
    lines = [_entry(before, after, move)]
    lines += _bonus_earned(before, after, move.player)
    lines += _turn_flow(before, after)
    return lines


def _name(view: View, seat: int) -> str:
    return str(view["names"][seat])


# --- entries -----------------------------------------------------------------------------------------------------
def _entry(before: View, after: View, move: Move) -> str:
    """The move itself: the card taken and where it went (or that it is lost), a bonus entry, or a refusal."""
    a, p = move.action, move.player
    kind, name = ACT_KIND[a], _name(before, p)
    sheet = before["sheets"][p]
    if kind == K_DECLINE:
        pending = before["players"][p]["pending_bonus"] or "any"
        return f"{name} declined the bonus entry in {SECTION_TITLES[pending]}."
    slot = ACT_SLOT[a]
    if slot < 0:  # a bonus entry
        return f"{name} made the bonus entry: {_bonus_place(a, sheet)}."
    card = str(before["face_up"][slot]["card"])
    took = f"{name} took {card_phrase(card)} (card {slot + 1})"
    lost = [x for x in after["lost"][len(before["lost"]) :] if x["player"] == p and x["entry"] == "card"]
    if lost:
        return f"{took}, which has no legal space on the sheet: it is lost."
    number = before["face_up"][slot]["number"]
    if kind == K_CARD_GOD:
        return f"{took} and wrote it in {god_space_title(ACT_SPACE[a] + 1)}."
    if kind == K_CARD_NILE:
        return f"{took} and wrote {number} in Nile space {ACT_SPACE[a] + 1}."
    type_ = before["face_up"][slot]["type"]
    if kind == K_CARD_CIV:
        return f"{took} and marked {title(type_)} in {civ_line_title(ACT_SPACE[a] + 1)}."
    if type_ is None:  # the Pharaoh
        return f"{took} and marked Pharaohs space {sheet['pharaohs']['marked'] + 1}."
    row = sheet["monuments"]["columns"][MONUMENT_TYPES.index(type_)] + 1
    return f"{took} and marked space {row} of the {title(type_)} column."


def _bonus_place(action: int, sheet: View) -> str:
    """Where a bonus entry went, in words."""
    kind, space, arg = ACT_KIND[action], ACT_SPACE[action], ACT_ARG[action]
    if kind == K_BONUS_GOD:
        return f"{GOD_BONUS_NUMBER} in {god_space_title(space + 1)}"
    if kind == K_BONUS_PHARAOH:
        return f"Pharaohs space {sheet['pharaohs']['marked'] + 1}"
    if kind == K_BONUS_NILE:
        return f"{arg} in Nile space {space + 1}"
    if kind == K_BONUS_CIV:
        return f"{CIV_TYPES[arg].title()} in {civ_line_title(space + 1)}"
    assert kind == K_BONUS_MONUMENT
    return f"space {sheet['monuments']['columns'][arg] + 1} of the {title(MONUMENT_TYPES[arg])} column"


def _bonus_earned(before: View, after: View, seat: int) -> list[str]:
    """The bonus symbol the entry crossed out (at most one, §2) and what became of its bonus entry."""
    old, new = before["sheets"][seat], after["sheets"][seat]
    lines: list[str] = []
    for g0, g1 in zip(old["gods"], new["gods"], strict=True):
        if g1["bonus_used"] and not g0["bonus_used"]:
            total = f"total {g1['total']}" if g0["total"] is None else f"its total box keeps the scored {g0['total']}"
            lines.append(f"The {kingdom_title(g1['kingdom'])}'s Gods are complete, {total}: a bonus entry in Pharaohs.")
    symbols = after["layout"]["pharaoh_nile_symbols"]
    for i, (u0, u1) in enumerate(zip(old["pharaohs"]["symbols_used"], new["pharaohs"]["symbols_used"], strict=True)):
        if u1 and not u0:
            lines.append(f"Pharaohs space {symbols[i]} carries a Nile symbol: a bonus entry in Nile.")
    parts = after["layout"]["nile_parts"]
    for i, (u0, u1) in enumerate(zip(old["nile"]["parts_used"], new["nile"]["parts_used"], strict=True)):
        if u1 and not u0:
            lines.append(f"Nile spaces {parts[i][0]}–{parts[i][-1]} are full: a bonus entry in Civilization.")
    for c0, c1 in zip(old["civilization"], new["civilization"], strict=True):
        if c1["bonus_used"] and not c0["bonus_used"]:
            line = kingdom_title(c1["kingdom"])
            lines.append(f"The {line} line has 3 Civilization marks: a bonus entry in Monuments.")
    if new["monuments"]["all_tops_used"] and not old["monuments"]["all_tops_used"]:
        lines.append("Every Monument column has its top space marked: a bonus entry in any section.")
    if not lines:
        return []
    name = _name(after, seat)
    lost = [x for x in after["lost"][len(before["lost"]) :] if x["player"] == seat and x["entry"] == "bonus"]
    if lost:
        lines.append(f"{agrees(name, 'has', 'have')} no legal space for it: the bonus entry is lost.")
    elif after["players"][seat]["pending_bonus"]:
        lines.append(f"{agrees(name, 'makes', 'make')} it now, or declines it.")
    return lines


def _turn_flow(before: View, after: View) -> list[str]:
    """The others' turn to choose once the active player is done; the next active player once everyone is."""
    if before["phase"] == "active_choice" and after["phase"] == "others_choice":
        left = [f"{card_title(f['card'])} (card {f['slot']})" for f in after["face_up"] if f["reserved_by"] is None]
        choose = "choose" if len(after["current_players"]) > 1 else "chooses"
        return [f"{names_of(after, after['current_players'])} now {choose} between {joined(left)}."]
    if before["phase"] == "others_choice" and after["phase"] == "reveal":
        active = _name(after, after["active_player"])
        return [f"Everyone has chosen: the cards leave play. {active} is the active player and reveals next."]
    return []


# --- reveals, Kingdoms and the end -----------------------------------------------------------------------------------
def _reveal(before: View, after: View, move: Move) -> list[str]:
    """The cards revealed, each Ra card set aside, each Kingdom it ended, the face-up cards or the end of the game."""
    name = _name(before, move.player)
    shown = joined([a_card(c) for c in move.draws]) if move.draws else "the cards"
    lines = [f"{name} revealed {shown}."]
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
        kingdom = kingdom_title(str(after["layout"]["kingdoms"][(ra - 1) // per_kingdom]))
        lines.append(f"The Ra card is set aside: the {ordinal(in_kingdom)} of the {kingdom} ({ra} of "
                     f"{after['layout']['ra_cards']} in all).")
        if in_kingdom == per_kingdom and scored < len(after["kingdom_scores"]):
            lines += _kingdom(after, after["kingdom_scores"][scored], scores)
            scored += 1
            ended = True
    if after["result"]:
        lines += _game_end(after)
    elif after["face_up"]:
        if ended:
            lines.append(f"The reveal goes on in the {kingdom_title(after['kingdom'])}.")
        cards = joined([f"{card_title(f['card'])} (card {f['slot']})" for f in after["face_up"]])
        lines.append(f"Face up: {cards}. {agrees(name, 'chooses', 'choose')} first.")
    return lines


def _kingdom(view: View, scoring: View, scores: list[Any]) -> list[str]:
    """A scored Kingdom, section by section per player (§5); `scores` is carried forward."""
    lines = [f"The {kingdom_title(scoring['kingdom'])} ends and is scored:"]
    for seat, row in enumerate(scoring["players"]):
        parts = ", ".join(_section_score(s, row[s]["points"], row[s]["count"]) for s in SECTION_ORDER)
        start = scores[seat]
        if start is None:  # a score the viewer may not see (never in RA and Write: every sheet is public)
            lines.append(f"  {_name(view, seat)}: {parts}; scores are hidden until the end.")
            continue
        scores[seat] = start + row["total"]
        lines.append(f"  {_name(view, seat)}: {parts} = {signed(row['total'])}, score {start} → {scores[seat]}.")
    return lines


def _section_score(section: str, points: int, count: int) -> str:
    """'Gods +5 (sum 31)', 'Civilization 0 (1 mark)'."""
    return f"{SECTION_TITLES[section]} {signed(points)} ({COUNTED[section][count != 1].format(count)})"


def _game_end(view: View) -> list[str]:
    """The ninth Ra: the face-up cards discarded, the end bonuses (§6), the final scores and the winner(s)."""
    lines = ["The ninth Ra card ends the game: the face-up cards are discarded unused. End bonuses:"]
    for seat, row in enumerate(view["end_bonuses"] or []):
        parts = [f"{END_BONUS_TITLES[k]} +{v}" for k, v in row.items() if k != "total" and v]
        lines.append(f"  {_name(view, seat)}: {', '.join(parts) or 'none'}; final score {view['scores'][seat]}.")
    result = view["result"]
    best = max(result["scores"])
    winners = names_of(view, result["winners"])
    if len(result["winners"]) > 1:
        lines.append(f"{winners} share the win with {best}: even their God numbers are the same.")
    elif result["tie_break"]:
        lines.append(f"{agrees(winners, 'wins', 'win')} with {best}, the tie broken by the higher God numbers.")
    else:
        lines.append(f"{agrees(winners, 'wins', 'win')} with {best}.")
    return lines
