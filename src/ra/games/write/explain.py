"""What each thing on an RA and Write table is, what it scores and what it is worth to a view's viewer now.

`explain(view)` is a pure function of a view, so a server may call it for any seat without touching hidden state;
it is not part of the view, which bots read in tight loops. Values come from the engine's own scoring run on the
sheets the view shows (standing.py). Element keys (docs/VIEWS_WRITE.md): the sections `gods`, `pharaohs`, `nile`,
`civilization`, `monuments`; `card:<slot>` for each face-up card; `ra_cards`; `deck`; each end bonus by its key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ra.core.protocol import Explanation, OptionSpec
from ra.games.write.explaincards import card_text, deck_text, ra_text
from ra.games.write.explainsections import end_bonus_texts, section_texts
from ra.games.write.standing import Table
from ra.games.write.view import WriteView

TABLE_OPTIONS: tuple[OptionSpec, ...] = ()  # no helpers of its own: RA and Write's tables have the server's only


def explain(data: Mapping[str, Any]) -> Explanation:
    """Every board element of a view explained for its viewer (a spectator gets the text without "you")."""
    view = cast(WriteView, data)
    table = Table(view)
    elements = section_texts(table)
    for card in view["face_up"]:
        elements[f"card:{card['slot']}"] = card_text(table, card)
    elements["ra_cards"] = ra_text(table)
    elements["deck"] = deck_text(table)
    elements.update(end_bonus_texts(table))
    return {"elements": elements}
