"""What each thing on a Ra table is, what it scores and what it is worth to a view's viewer now, and what the lot on
the auction track is worth to each seat.

`explain(view)` is a pure function of a view, so a server may call it for any seat without touching hidden state;
it is not part of the view, which bots read in tight loops. Values come from the engine's own scoring run on the
holdings the view shows (standing.py). Element keys (docs/VIEWS.md): `tile:<kind>` for every tile kind,
`sun_disk:<n>` for every disk in play, `central_disk`, `ra_track`, `auction_track`, `bag`, and each scoring category
as `epoch_scores` rows name it (`gods`, `gold`, `pharaohs`, `river`, `civilization`, `monuments`, `sun_disks`).
`lot_value` is the field of Ra's own table helper, `LOT_HELPER` (a server's table shows it only while it is on).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ra.core.protocol import Explanation, HelperOption, OptionSpec
from ra.core.text import t, tp
from ra.games.ra.explainboard import board_texts
from ra.games.ra.explainscoring import category_texts
from ra.games.ra.explaintiles import tile_texts
from ra.games.ra.standing import Table
from ra.games.ra.view import RaView


class RaExplanation(Explanation):
    """The elements, and `lot_value`: per seat, what taking the auction track now would change in its points this
    epoch (None without a lot or once the game is over)."""

    lot_value: list[int] | None


LOT_HELPER = HelperOption(
    "lot_helper",
    "bool",
    True,
    tp("table option", "Lot-value helper"),
    t("Shows what the lot on the auction track would change in each player's points this epoch (Ra)."),
    shows=("lot_value",),
)
TABLE_OPTIONS: tuple[OptionSpec, ...] = (LOT_HELPER,)  # the helpers Ra's tables offer on top of the server's


def explain(data: Mapping[str, Any]) -> RaExplanation:
    """Every board element of a view explained for its viewer (a spectator gets the text without "you")."""
    table = Table(cast(RaView, data))
    elements = tile_texts(table)
    elements.update(board_texts(table))
    elements.update(category_texts(table))
    return {"elements": elements, "lot_value": table.lot_value()}
