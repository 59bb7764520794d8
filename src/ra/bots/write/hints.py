"""What an RA and Write move is for, in a player's words, for a hint (`purpose`, read by `ra.bots.hints`).

The section a move writes in says what it is for (how that section scores, docs/rules/ra-and-write.md §5); the
bonus entry it earns and the points the bots' valuation expects it to add to the mover's final score (its own
sheet estimate, `valuation.sheet_values`, before and after the entry) say how much. The reader is the mover: "you".
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ra.bots.base import seat_of
from ra.bots.write.valuation import PEND, W, sheet_values
from ra.core.text import Text, t, tn, tp
from ra.games.write import from_view, sheet, words

SECTION_PURPOSE: dict[str, Text] = {  # what an entry in a section is for (§5)
    "gods": t("It raises your Gods: the highest sum of a Kingdom's three Gods spaces scores +5 when it is scored."),
    "pharaohs": t("It adds a Pharaoh: the most marked Pharaoh spaces score +5 at every Kingdom's scoring."),
    "nile": t("It fills a Nile space: each one scores 1 point at every Kingdom's scoring."),
    "civilization": t(
        "It marks your Civilization: 3 or more marks in a Kingdom's own line score 5 to 15 points when it is scored."
    ),
    "monuments": t("It marks a Monument: each column with a mark scores 1 point at every Kingdom's scoring."),
}


def purpose(view: Mapping[str, Any], action: int) -> Text | None:
    """What `action` is for, told to the view's viewer (None for a spectator's view or an unknown action)."""
    entry = next((a for a in view.get("legal_actions", []) if a.get("id") == action), None)
    if entry is None or view.get("viewer") is None:
        return None
    kind, section = entry.get("kind"), entry.get("section")
    if kind == "decline":
        return t("The bot finds no space where the bonus entry would help you.")
    if kind == "reveal":
        return t("It is your turn to turn the cards over.")
    if entry.get("lost"):
        if view.get("phase") == "active_choice":
            return t("No card fits your sheet well: this one is lost to you, but nobody else may take it either.")
        return t("No card fits your sheet well: this one is lost, and losing it costs you least.")
    what = SECTION_PURPOSE.get(str(section))
    if what is None:
        return None
    me = seat_of(view)
    state = from_view(view, random.Random(0))  # the estimate reads the sheets only, never the deck's order
    before = sheet_values(state)[me]
    state.push(action, me)
    gained = round(sheet_values(state)[me] - before)
    bonus = sheet.BONUS_NAMES[state.sheets[me * W + PEND]]
    more: Text | None = None
    if bonus and gained > 0:
        more = tn(
            "It earns you a bonus entry {where} too: about {n} point more for you by the end.",
            "It earns you a bonus entry {where} too: about {n} points more for you by the end.",
            gained,
            where=words.BONUS_IN[bonus],
        )
    elif bonus:
        more = t("It earns you a bonus entry {where} too.", where=words.BONUS_IN[bonus])
    elif gained > 0:
        more = tn(
            "The bot reckons it adds about {n} point to your final score.",
            "The bot reckons it adds about {n} points to your final score.",
            gained,
        )
    if more is None:
        return what
    return tp("two sentences", "{first} {second}", first=what, second=more)
